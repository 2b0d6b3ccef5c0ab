// The one seeded random generator of the code base (SplitMix64): synthetic
// tracks for the matcher's tests and benchmark, and the tests that draw or
// mutate data, all need a sequence that is the same from a seed on every
// machine, which Swift's default generator is not. Tiny and fast; one
// implementation so every user gets the same numbers from the same seed.
import Foundation

package struct SplitMix64: RandomNumberGenerator, Sendable {
    package var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform deviate in [0, 1) from the top 53 bits of the next number.
    package mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// A standard normal deviate (Box–Muller).
    package mutating func gaussian() -> Double {
        let u = max(Double.leastNonzeroMagnitude, Double.random(in: 0..<1, using: &self))
        let v = Double.random(in: 0..<1, using: &self)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
}
