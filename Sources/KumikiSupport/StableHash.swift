import Foundation

/// FNV-1a, 64 bits: a hash that is the same on every run and machine (Swift's
/// `Hasher` is seeded per process), for keys that outlive a process: the
/// build store's keys and checksums, the ids of drawn device frames.
public struct StableHash: Sendable {
    /// The hash so far.
    public private(set) var value: UInt64 = 0xcbf29ce484222325

    public init() {}

    public mutating func combine(_ bytes: some Sequence<UInt8>) {
        // In place when the bytes are contiguous (a native string's UTF-8):
        // a string's iterator costs more per byte than the hash itself.
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            var value = self.value
            for byte in buffer {
                value ^= UInt64(byte)
                value = value &* 0x100000001b3
            }
            self.value = value
        }
        guard done == nil else { return }
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x100000001b3
        }
    }

    public mutating func combine(_ text: String) { combine(text.utf8) }

    /// Bytes read straight from memory: `Data`'s iterator costs more per
    /// byte than the hash itself.
    public mutating func combine(_ data: Data) {
        data.withUnsafeBytes { combine($0) }
    }

    /// Adds a file's bytes eight at a time: for keys of whole files, which
    /// every build computes for every page (a byte at a time, hashing a
    /// thousand pages cost a tenth of a rebuild). Not the same value as
    /// `combine(_:)` over the same bytes.
    public mutating func combine(bulk data: Data) {
        data.withUnsafeBytes { combine(bulk: $0) }
    }

    /// `combine(bulk:)` of bytes in memory.
    public mutating func combine(bulk buffer: UnsafeRawBufferPointer) {
        var value = self.value ^ UInt64(buffer.count)
        var offset = 0
        while offset + 8 <= buffer.count {
            value = (value ^ buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51AFD7ED558CCD
            value ^= value >> 32
            offset += 8
        }
        while offset < buffer.count {
            value = (value ^ UInt64(buffer[offset])) &* 0x100000001b3
            offset += 1
        }
        self.value = value
    }

    /// Adds one field of a key: its length first, so that `("ab", "c")` and
    /// `("a", "bc")` hash apart.
    public mutating func combine(field text: String) {
        combine(decimal: text.utf8.count)
        combine(CollectionOfOne(UInt8(ascii: ":")))
        combine(text.utf8)
    }

    /// The decimal digits of `number` (not negative), as `"\(number)"`
    /// would give them, without making the string: fields are hashed by
    /// the thousand for every page key.
    private mutating func combine(decimal number: Int) {
        var divisor = 1
        while divisor <= number / 10 { divisor *= 10 }
        var rest = number
        repeat {
            combine(CollectionOfOne(UInt8(ascii: "0") + UInt8(rest / divisor)))
            rest %= divisor
            divisor /= 10
        } while divisor > 0
    }

    /// The hash as 16 hexadecimal digits.
    public var hex: String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
