import Testing
import KumikiSupport

/// What `ByteWriter` writes, `ByteReader` reads back; bytes that end too
/// soon or hold what no writer writes are `DamagedBytes`, never a read past
/// the end or a count the bytes cannot hold.
@Suite struct ByteReaderTests {
    private func reading<T>(_ bytes: [UInt8], _ body: (inout ByteReader) throws(DamagedBytes) -> T) -> T? {
        bytes.withUnsafeBytes { buffer in
            var reader = ByteReader(buffer)
            return try? body(&reader)
        }
    }

    @Test func numbersAndTextReadBackAsTheyWereWritten() {
        let numbers = [0, 1, -1, 63, -64, 64, 300, -300, Int.max, Int.min]
        var writer = ByteWriter()
        for number in numbers { writer.appendVarint(signed: number) }
        writer.appendVarint(UInt64.max)
        writer.appendLittleEndian(UInt32(0xDEADBEEF))
        writer.appendText("ボタン 🙂")
        let read = reading(writer.bytes) { (reader: inout ByteReader) throws(DamagedBytes) in
            (try numbers.map { _ throws(DamagedBytes) in try reader.signedVarint() }, try reader.varint(),
             try reader.littleEndian(UInt32.self), try reader.text(), reader.isAtEnd)
        }
        #expect(read?.0 == numbers)
        #expect(read?.1 == UInt64.max)
        #expect(read?.2 == 0xDEADBEEF)
        #expect(read?.3 == "ボタン 🙂")
        #expect(read?.4 == true)
        // Small numbers take one byte: most of a record is counts and lines.
        #expect(writer.bytes.prefix(3) == [0, 2, 1])
    }

    @Test func numbersWrittenTogetherAreTheNumbersWrittenOneByOne() {
        let numbers: [UInt32] = [0, 1, 127, 128, 16_383, 16_384, 2_097_152, UInt32.max, 5]
        var together = ByteWriter(), oneByOne = ByteWriter()
        together.appendVarints(count: numbers.count) { numbers[$0] }
        together.appendVarints(count: 0) { _ in 0 }
        for number in numbers { oneByOne.appendVarint(UInt64(number)) }
        #expect(together.bytes == oneByOne.bytes)
        #expect(reading(together.bytes) { (reader: inout ByteReader) throws(DamagedBytes) in
            try numbers.map { _ throws(DamagedBytes) in UInt32(try reader.varint()) }
        } == numbers)
    }

    @Test func bytesThatEndTooSoonOrHoldNoNumberAreDamaged() {
        #expect(reading([0x80]) { (reader: inout ByteReader) throws(DamagedBytes) in try reader.varint() } == nil)
        // Eleven bytes of seven bits: past 64 bits.
        #expect(reading(Array(repeating: 0xFF, count: 10) + [0x01]) { (reader: inout ByteReader) throws(DamagedBytes) in try reader.varint() } == nil)
        #expect(reading([1, 2, 3]) { (reader: inout ByteReader) throws(DamagedBytes) in try reader.littleEndian(UInt32.self) } == nil)
        // A text longer than the bytes left, and one that is not UTF-8.
        #expect(reading([5, 0x61, 0x62]) { (reader: inout ByteReader) throws(DamagedBytes) in try reader.text() } == nil)
        #expect(reading([2, 0xC3, 0x28]) { (reader: inout ByteReader) throws(DamagedBytes) in try reader.text() } == nil)
        // A count of more things than the bytes left could hold.
        #expect(reading([200, 1, 0, 0]) { (reader: inout ByteReader) throws(DamagedBytes) in try reader.count() } == nil)
        #expect(reading([3, 0, 0, 0]) { (reader: inout ByteReader) throws(DamagedBytes) in try reader.count() } == 3)
    }

    @Test func aRecordOfOptionalsArraysAndPairsReadsBack() {
        let value: [Bilingual<String?>] = [Bilingual("Button", "ボタン"), Bilingual(nil, "部品"), Bilingual(nil, nil)]
        var writer = ByteWriter()
        value.write(to: &writer)
        #expect(reading(writer.bytes) { (reader: inout ByteReader) throws(DamagedBytes) in try [Bilingual<String?>](reading: &reader) } == value)
        // A flag that is neither 0 nor 1 is damage, not "present".
        #expect(reading([1, 2]) { (reader: inout ByteReader) throws(DamagedBytes) in try [Bool](reading: &reader) } == nil)
    }
}
