/// Bytes written for `ByteReader` to read back: fixed-width little-endian
/// integers, variable-length integers and length-prefixed text, appended
/// to one growing array.
///
/// The binary files of the build store are written with it: what a warm
/// build reads back on every run is cheaper to read as bytes than as text
/// (see `BinaryRecord`).
public struct ByteWriter {
    public var bytes: [UInt8] = []

    public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// Bytes as they are, without a length.
    @inlinable
    public mutating func append(_ raw: some Sequence<UInt8>) {
        bytes.append(contentsOf: raw)
    }

    /// `value` in `T`'s width, least significant byte first.
    @inlinable
    public mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// `value` in seven-bit groups, least significant first, the high bit
    /// of each byte saying another follows (LEB128): a count, a line or a
    /// column takes one byte or two instead of eight.
    @inlinable
    public mutating func appendVarint(_ value: UInt64) {
        Self.forEachVarintByte(of: value) { bytes.append($0) }
    }

    /// The bytes of `value` as a variable-length integer, in order: the one
    /// encoding both `appendVarint` and `appendVarints` write.
    @inlinable
    static func forEachVarintByte(of value: UInt64, _ body: (UInt8) -> Void) {
        var rest = value
        while rest >= 0x80 {
            body(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        body(UInt8(truncatingIfNeeded: rest))
    }

    /// `count` variable-length integers, the one at `index` being
    /// `value(index)`, as `appendVarint` writes each, gathered in one
    /// buffer and appended at once: a capacity check per byte was most of
    /// writing thousands of small numbers.
    @inlinable
    public mutating func appendVarints(count: Int, _ value: (_ index: Int) -> UInt32) {
        // Five bytes hold 32 bits, seven at a time.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, 5 * count)) { buffer in
            var end = 0
            for index in 0..<count {
                Self.forEachVarintByte(of: UInt64(value(index))) { byte in
                    buffer[end] = byte
                    end += 1
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<end]))
        }
    }

    /// A signed `value` as a variable-length integer, its sign in the
    /// lowest bit (zigzag: 0, -1, 1, -2 … become 0, 1, 2, 3 …), so that a
    /// small negative number is short too.
    @inlinable
    public mutating func appendVarint(signed value: Int) {
        let value = Int64(value)
        appendVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    /// `text`'s UTF-8 bytes, after their count as a variable-length integer.
    @inlinable
    public mutating func appendText(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            appendVarint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }
}
