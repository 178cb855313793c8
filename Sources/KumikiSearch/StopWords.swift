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

    /// Whether a word, as UTF-8 bytes, is one of `english`. The indexer asks
    /// this of every word of a site without making a string of it: words of
    /// up to eight bytes are looked up packed in an integer.
    static func contains(_ word: [UInt8]) -> Bool {
        guard word.count <= longest else { return false }
        guard word.count <= 8 else { return english.contains(String(decoding: word, as: UTF8.self)) }
        let key = packed(word)
        var low = 0, high = packedEnglish.count
        while low < high {
            let middle = (low + high) / 2
            if packedEnglish[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < packedEnglish.count && packedEnglish[low] == key
    }

    private static let longest = english.map(\.utf8.count).max() ?? 0

    /// The words of `english` of up to eight bytes, packed and sorted. Words
    /// hold no zero byte, so words of different lengths never pack alike.
    private static let packedEnglish: [UInt64] = english.filter { $0.utf8.count <= 8 }.map { packed(Array($0.utf8)) }.sorted()

    private static func packed(_ word: [UInt8]) -> UInt64 {
        var value: UInt64 = 0
        for byte in word { value = value << 8 | UInt64(byte) }
        return value
    }
}
