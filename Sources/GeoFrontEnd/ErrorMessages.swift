// The one place where library errors become command-line messages: an input
// error that broke a configurable limit gets the flag that raises it. The
// library names the option (`InputError.limit`); only this layer knows flags.
import GeoBase

package enum ErrorMessages {
    /// What to tell the user about each limit the library reports.
    static let limitHints: [String: String] = [
        "maxTagBytes": "raise the limit with --max-tag-bytes",
        "maxTagsPerElement": "raise the limit with --max-tags",
        "maxRefsPerElement": "raise the limit with --max-refs",
        "nodeStore": "--node-store file keeps it on disk",
    ]

    /// `file:line:column: message`, with the flag hint when a limit was broken.
    package static func describe(_ e: InputError) -> String {
        guard let limit = e.limit, let hint = limitHints[limit] else { return e.description }
        return "\(e.description) (\(hint))"
    }
}
