/// A value the build store keeps in binary: written field by field to a
/// `ByteWriter` and read back in the same order from a `ByteReader`.
///
/// Written by hand for each type rather than through `Codable`: a warm
/// build reads a record of every page it does not parse, and the coding
/// containers' dynamic dispatch, boxes and generic metadata cost several
/// times the reading itself (measured on the page index of a thousand
/// pages; see CHANGELOG.md). A type's record lists every stored property
/// of the type; the round-trip tests of the records set every property,
/// so one left out fails there.
public protocol BinaryRecord {
    func write(to writer: inout ByteWriter)
    init(reading reader: inout ByteReader) throws(DamagedBytes)
}

extension ByteWriter {
    @inlinable
    public mutating func append(record value: some BinaryRecord) {
        value.write(to: &self)
    }
}

extension ByteReader {
    @inlinable
    public mutating func read<Value: BinaryRecord>(_: Value.Type = Value.self) throws(DamagedBytes) -> Value {
        try Value(reading: &self)
    }
}

extension Int: BinaryRecord {
    @inlinable
    public func write(to writer: inout ByteWriter) { writer.appendVarint(signed: self) }

    @inlinable
    public init(reading reader: inout ByteReader) throws(DamagedBytes) { self = try reader.signedVarint() }
}

extension Bool: BinaryRecord {
    @inlinable
    public func write(to writer: inout ByteWriter) { writer.append(CollectionOfOne(self ? 1 : 0)) }

    @inlinable
    public init(reading reader: inout ByteReader) throws(DamagedBytes) {
        switch try reader.littleEndian(UInt8.self) {
        case 0: self = false
        case 1: self = true
        default: throw DamagedBytes()
        }
    }
}

extension String: BinaryRecord {
    @inlinable
    public func write(to writer: inout ByteWriter) { writer.appendText(self) }

    @inlinable
    public init(reading reader: inout ByteReader) throws(DamagedBytes) { self = try reader.text() }
}

/// A byte saying whether the value follows.
extension Optional: BinaryRecord where Wrapped: BinaryRecord {
    @inlinable
    public func write(to writer: inout ByteWriter) {
        (self != nil).write(to: &writer)
        self?.write(to: &writer)
    }

    @inlinable
    public init(reading reader: inout ByteReader) throws(DamagedBytes) {
        self = try Bool(reading: &reader) ? try Wrapped(reading: &reader) : nil
    }
}

/// The count, then the elements.
extension Array: BinaryRecord where Element: BinaryRecord {
    @inlinable
    public func write(to writer: inout ByteWriter) {
        writer.appendVarint(UInt64(count))
        for element in self { element.write(to: &writer) }
    }

    @inlinable
    public init(reading reader: inout ByteReader) throws(DamagedBytes) {
        let count = try reader.count()
        self = []
        reserveCapacity(count)
        for _ in 0..<count { append(try Element(reading: &reader)) }
    }
}
