/// The parts a page's entries group their terms by (`PageSearchEntries`),
/// by a hash of each term's first bytes: the order the build store keeps a
/// page's terms in, which lets the store check a page's terms without
/// sorting them.
enum TermParts {
    /// How many parts there are, 2 to the power `partBits`.
    static let partBits: UInt64 = 4
    static let partCount = 1 << partBits

    /// The part a term with this key (`TermBytes.key`) falls in: the top
    /// bits of its product with a constant other than the one a table's
    /// slots are taken with (`TermBytes.slot`).
    @inline(__always)
    static func part(ofKey key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0xBF58_476D_1CE4_E5B9) >> (64 - partBits))
    }

    /// The part of the term whose bytes are `bytes[range]`.
    @inline(__always)
    static func part(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        part(ofKey: TermBytes.key(UnsafeBufferPointer(rebasing: bytes[range])))
    }
}
