/// Reads what `ByteWriter` wrote, every read checked against the end of
/// the bytes: a truncated or damaged input is `DamagedBytes`, never a read
/// past its end nor a count that cannot be.
///
/// The bytes are borrowed (`Data.withUnsafeBytes`), so a reader lives
/// inside the closure that lent them.
public struct ByteReader {
    @usableFromInline let buffer: UnsafeRawBufferPointer
    /// The offset of the next byte to read.
    public var position: Int { offset }
    @usableFromInline var offset: Int

    public init(_ buffer: UnsafeRawBufferPointer) {
        self.buffer = buffer
        self.offset = 0
    }

    /// The number of bytes not read yet.
    @inlinable
    public var remaining: Int { buffer.count - offset }

    @inlinable
    public var isAtEnd: Bool { offset == buffer.count }

    /// Reads past `expected` when the bytes go on with it (a magic number);
    /// damaged otherwise.
    @inlinable
    public mutating func skip(_ expected: some Collection<UInt8>) throws(DamagedBytes) {
        guard remaining >= expected.count,
              buffer[offset..<(offset + expected.count)].elementsEqual(expected) else { throw DamagedBytes() }
        offset += expected.count
    }

    /// The next `count` bytes as they are.
    @inlinable
    public mutating func bytes(count: Int) throws(DamagedBytes) -> UnsafeRawBufferPointer {
        guard count >= 0, count <= remaining else { throw DamagedBytes() }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + count)])
    }

    /// A `T` written by `ByteWriter.appendLittleEndian`.
    @inlinable
    public mutating func littleEndian<T: FixedWidthInteger>(_: T.Type = T.self) throws(DamagedBytes) -> T {
        guard remaining >= MemoryLayout<T>.size else { throw DamagedBytes() }
        defer { offset += MemoryLayout<T>.size }
        return T(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    /// A number written by `ByteWriter.appendVarint(_:)`; damaged when it
    /// runs past the end or past 64 bits.
    @inlinable
    public mutating func varint() throws(DamagedBytes) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < buffer.count {
            let byte = buffer[offset]
            offset += 1
            guard shift < 64, shift < 63 || byte <= 1 else { throw DamagedBytes() }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        throw DamagedBytes()
    }

    /// A number written by `ByteWriter.appendVarint(signed:)`.
    @inlinable
    public mutating func signedVarint() throws(DamagedBytes) -> Int {
        let raw = try varint()
        let value = Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
        guard let result = Int(exactly: value) else { throw DamagedBytes() }
        return result
    }

    /// A count of things that follow, each of at least `minimumSize` bytes:
    /// at most what the bytes left could hold, so a damaged count never
    /// makes a reader reserve or loop past the input.
    @inlinable
    public mutating func count(minimumSize: Int = 1) throws(DamagedBytes) -> Int {
        let value = try varint()
        guard value <= UInt64(remaining / max(minimumSize, 1)) else { throw DamagedBytes() }
        return Int(value)
    }

    /// Text written by `ByteWriter.appendText`; damaged when it is not UTF-8.
    @inlinable
    public mutating func text() throws(DamagedBytes) -> String {
        let length = try count()
        return try text(byteCount: length)
    }

    /// The next `byteCount` bytes as UTF-8 text; damaged when they are not.
    @inlinable
    public mutating func text(byteCount: Int) throws(DamagedBytes) -> String {
        let raw = try bytes(count: byteCount)
        guard let text = String(validating: raw.assumingMemoryBound(to: UInt8.self), as: UTF8.self) else { throw DamagedBytes() }
        return text
    }
}

/// Bytes that are not what their reader expects: truncated, damaged, or
/// written by something else.
public struct DamagedBytes: Error, Equatable {
    public init() {}
}
