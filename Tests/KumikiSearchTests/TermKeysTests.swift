import Testing
import KumikiTestSupport
@testable import KumikiSearch

/// A page's terms are numbered, sorted and written back by their keys
/// (`TermBytes.key`): a term of up to eight bytes is its key, a longer one
/// keeps its bytes. These pin the cases where keys alone could mislead.
@Suite struct TermKeysTests {
    /// Numbers `terms` in `numbering`; returns each one's number.
    private static func number(_ terms: [String], in numbering: inout TermNumbering) -> [Int] {
        var numbers: [Int] = []
        for term in terms {
            var term = term
            let slot = term.withUTF8 { numbering.slot($0).slot }
            numbers.append(numbering.term(atSlot: slot))
        }
        return numbers
    }

    @Test func aPairsKeyIsItsBytesWithoutWritingThemOut() {
        for pair in ["作業", "あい", "aé", "𠀋の", "ab", "x𠀋", "𠀋𠀋"] {
            let scalars = Array(pair.unicodeScalars)
            let key = TermBytes.key(TermBytes.packedUTF8(scalars[0].value), TermBytes.packedUTF8(scalars[1].value))
            var bytes = pair
            #expect(key.key == bytes.withUTF8 { TermBytes.key($0) }, "\(pair)")
            #expect(key.count == pair.utf8.count)
        }
    }

    @Test func aKeyReadInOneLoadIsTheKeyReadByteByByte() {
        // Terms of every length up to and past eight bytes, followed by
        // other bytes the one load reads and must leave out.
        let bytes = Array("abcdefghijk作業xyz".utf8) + [UInt8](repeating: 0xFF, count: 8)
        bytes.withUnsafeBufferPointer { buffer in
            for start in 0..<(buffer.count - 8) {
                for count in 0...min(12, buffer.count - 8 - start) {
                    let term = buffer.baseAddress! + start
                    #expect(TermBytes.key(term, count: count, readable: buffer.count - start)
                        == TermBytes.key(term, count: count), "\(start) \(count)")
                }
            }
        }
    }

    @Test func termsThatShareTheirFirstEightBytesAreTwoTermsAndKeepTheirOrder() {
        let terms = ["abcdefghij", "abcdefgh", "abcdefghi", "abcdefgh", "abcdefghij", "abcdefgha", "ab"]
        var numbering = TermNumbering(expected: 4)
        let numbers = Self.number(terms, in: &numbering)
        #expect(numbering.count == 5)
        #expect(numbers == [0, 1, 2, 1, 0, 3, 4])
        #expect(numbering.numbersInByteOrder().map { numbering.text(of: $0) }
            == ["ab", "abcdefgh", "abcdefgha", "abcdefghi", "abcdefghij"])
    }

    @Test func aTableThatGrowsKeepsEveryTermsNumber() {
        let terms = (0..<5_000).map { "w\($0)" } + (0..<5_000).map { "w\($0)" }
        var numbering = TermNumbering(expected: 4)
        let numbers = Self.number(terms, in: &numbering)
        #expect(numbering.count == 5_000)
        #expect(numbers == Array(0..<5_000) + Array(0..<5_000))
        let sorted = terms.prefix(5_000).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        #expect(numbering.numbersInByteOrder().map { numbering.text(of: $0) } == sorted)
    }

    @Test(arguments: [0, 1, 2, 255, 256, 1_000, 70_000])
    func theRadixOrderIsTheOrderOfTheKeysWithTiesByIndex(count: Int) {
        var generator = SeededGenerator(seed: UInt64(count) &+ 0x5EED)
        // Few distinct values in some bytes, many in others, and repeats.
        let keys: [UInt64] = (0..<count).map { index in
            index % 7 == 0 ? 42 : UInt64.random(in: 0...UInt64.max, using: &generator) & 0xFFFF_00FF_0000_FFFF
        }
        let order = keys.withUnsafeBufferPointer { RadixSort.order(of: $0) }
        let expected = keys.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
        #expect(order.map(Int.init) == expected)
    }

    @Test func keysAllAlikeInEveryByteStayInIndexOrder() {
        let keys = [UInt64](repeating: 0xE3_81_82_E3_81_84_00_00, count: 300)
        #expect(keys.withUnsafeBufferPointer { RadixSort.order(of: $0) } == (0..<300).map(Int32.init))
    }

    @Test func everyCharacterTakenOnItsThreeBytesHasThePackedFormOfItsFoldedValue() {
        let values = (UInt32(0x3000)...0x30FF).map { $0 } + (0x4E00...0x9FFF).map { $0 }
        for value in values {
            let text = String(Unicode.Scalar(value)!)
            var characters: [FoldedCharacters.Character] = []
            var bytes = text
            bytes.withUTF8 { utf8 in
                var reader = FoldedCharacters(utf8)
                while let character = reader.nextCharacter() { characters.append(character) }
            }
            for character in characters {
                let packed = TermBytes.packedUTF8(character.value)
                #expect(character.packed.bits == packed.bits && character.packed.count == packed.count, "\(value)")
            }
        }
    }
}
