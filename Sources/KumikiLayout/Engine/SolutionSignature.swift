/// Which constraints a solution holds tight or breaks, and on which side,
/// as bits packed 64 to a word: hashed for every environment, so kept small.
struct SolutionSignature: Hashable {
    private var words: [UInt64] = []
    private var count = 0

    init(capacity: Int) { words.reserveCapacity((capacity + 63) / 64) }

    mutating func append(_ bit: Bool) {
        if count % 64 == 0 { words.append(0) }
        if bit { words[words.count - 1] |= 1 << UInt64(count % 64) }
        count += 1
    }
}
