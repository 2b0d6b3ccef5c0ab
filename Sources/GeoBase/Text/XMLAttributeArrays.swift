// Expat hands a start tag's attributes over as a NULL-terminated array of C
// strings (name, value, name, value, …). The OSM and GPX readers both look
// attributes up in it without making Strings.
#if canImport(Glibc)
import Glibc
#endif

@inlinable @inline(__always)
package func forEachAttribute(_ atts: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
                      _ body: (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Void) {
    guard var a = atts else { return }
    while let k = a[0], let v = a[1] {
        body(k, v)
        a += 2
    }
}

@inlinable @inline(__always)
package func attribute(_ atts: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ name: StaticString) -> UnsafePointer<CChar>? {
    guard var a = atts else { return nil }
    let n = name.utf8Start
    while let k = a[0] {
        if strcmp(k, UnsafeRawPointer(n).assumingMemoryBound(to: CChar.self)) == 0 { return a[1] }
        a += 2
    }
    return nil
}

