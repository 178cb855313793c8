/// English words too common to find anything by: left out of the index
/// and of queries, so questions full of them still rank by their nouns.
enum StopWords {
    static let english: Set<String> = [
        "a", "an", "the", "and", "or", "but", "of", "to", "in", "on", "at", "by", "for", "with", "from", "as",
        "is", "are", "was", "were", "be", "been", "it", "its", "this", "that", "these", "those", "there",
        "how", "what", "when", "where", "which", "who", "why", "should", "can", "could", "would", "will",
        "do", "does", "did", "i", "you", "your", "we", "my", "me", "if", "so", "than", "then", "into",
        "about", "much", "many", "any", "some", "not", "no",
    ]

    /// The keys (`TermBytes.key`) of `english`, open-addressed, and the
    /// length of its longest word: every word is at most eight bytes, so its
    /// key is the whole word. The indexer asks of every word of a site
    /// whether it is one of these; it hashes an integer it already has
    /// instead of making a string, and fetches the table once per text.
    struct Table {
        let longest: Int
        private let keys: [UInt64]
        private static let size = 256

        init(_ words: Set<String>) {
            longest = words.map(\.utf8.count).max() ?? 0
            precondition(longest <= 8, "a stop word's key must be the whole word")
            var keys = [UInt64](repeating: 0, count: Self.size)
            for word in words {
                let key = TermBytes.key(word)
                var slot = Self.slot(of: key)
                while keys[slot] != 0 { slot = (slot + 1) & (Self.size - 1) }
                keys[slot] = key
            }
            self.keys = keys
        }

        /// Whether the word of at most `longest` bytes whose key is `key` is
        /// one of the words.
        @inline(__always)
        func contains(key: UInt64) -> Bool {
            var slot = Self.slot(of: key)
            while true {
                let held = keys[slot]
                if held == key { return true }
                if held == 0 { return false }
                slot = (slot + 1) & (Self.size - 1)
            }
        }

        /// 256 slots: the eight highest bits of the hash.
        @inline(__always)
        private static func slot(of key: UInt64) -> Int { TermBytes.slot(of: key, shift: 56) }
    }

    static let table = Table(english)
}
