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
}
