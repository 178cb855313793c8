import Foundation
import Testing
import KumikiSupport

/// The build store's keys outlive the process that made them, so a stable
/// hash must give the same value for the same bytes however they are given.
@Suite struct StableHashTests {
    /// FNV-1a of `bytes`, one at a time, as the definition has it.
    private func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xcbf29ce484222325) { ($0 ^ UInt64($1)) &* 0x100000001b3 }
    }

    @Test(arguments: ["", "a", "guides/buttons.md", String(repeating: "x", count: 10), String(repeating: "長", count: 40),
                      String(repeating: "y", count: 12_345)])
    func aFieldIsItsByteCountAColonAndItsBytes(_ text: String) {
        var field = StableHash()
        field.combine(field: text)
        #expect(field.value == fnv1a(Array("\(text.utf8.count):\(text)".utf8)))
    }

    @Test func bytesGiveTheSameHashContiguousOrNot() {
        let text = "余白 and spacing"
        var contiguous = StableHash(), lazy = StableHash()
        contiguous.combine(Array(text.utf8))
        lazy.combine(text.utf8.lazy.map { $0 })
        #expect(contiguous.value == lazy.value)
        #expect(contiguous.value == fnv1a(Array(text.utf8)))
    }
}
