/// What the tokenizer made of each English word of up to eight bytes, by
/// the word's key (`TermBytes.key`, the whole word): whether it is a stop
/// word, its stem, and the word-pair hash state after the stem
/// (`WordPairTerm.state(after:count:)`). A page says the same words again
/// and again ("button", "the"), and a word found here skips the stop-word
/// check, the stemmer and the hashing of its stem, most of the work of a
/// word.
///
/// Direct-mapped, 512 slots: each word has one slot, and a word whose slot
/// another holds is worked out again and takes it. No probing: at worst a
/// word is worked out as if it were new.
struct ShortWordMemo: ~Copyable {
    struct Entry {
        /// The word's key; 0 for an empty slot (no word's key is 0).
        var word: UInt64 = 0
        /// The stem's key; the stem is never longer than its word.
        var stem: UInt64 = 0
        /// The stem's byte count; 0 for a stop word.
        var stemCount: Int32 = 0
        var pairState: UInt32 = 0
    }

    private var entries = GrowableBuffer(repeating: Entry(), count: 1 << slotBits)
    private static let slotBits: UInt64 = 9

    /// The entry of the word with this key, if it is remembered.
    @inline(__always)
    func entry(forWord key: UInt64) -> Entry? {
        let entry = entries[TermBytes.slot(of: key, shift: 64 &- Self.slotBits)]
        return entry.word == key ? entry : nil
    }

    @inline(__always)
    mutating func remember(_ entry: Entry) {
        entries[TermBytes.slot(of: entry.word, shift: 64 &- Self.slotBits)] = entry
    }
}
