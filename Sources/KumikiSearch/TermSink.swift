/// What takes the terms the tokenizer cuts a text into (a page's
/// `WorkerTermTable`): a term of up to eight bytes by its key alone, which is
/// the whole term (`TermBytes.key`), so a Japanese pair is never written out
/// as bytes; a longer one by its bytes, valid only during the call.
///
/// A sink that `wantsWordPairs` also gets a `WordPairTerm` for each two
/// words side by side (two English words; two Japanese words joined by one
/// kana): the index does; a form of the glossary is held by its words alone.
protocol TermSink: ~Copyable {
    static var wantsWordPairs: Bool { get }
    mutating func addTerm(key: UInt64, count: Int)
    mutating func addTerm(_ bytes: UnsafeBufferPointer<UInt8>, key: UInt64)
    /// Takes a `WordPairTerm` by its hash.
    mutating func addPair(hash: UInt32)
    /// What the sink kept of the English word of at most eight bytes with
    /// this key (`ShortWordMemo`), if it keeps such words and this one.
    mutating func rememberedWord(_ key: UInt64) -> ShortWordMemo.Entry?
    /// Keeps what the tokenizer made of a word of at most eight bytes, for
    /// the next time it comes.
    mutating func rememberWord(_ entry: ShortWordMemo.Entry)
}

extension TermSink where Self: ~Copyable {
    /// A sink keeps no words unless it says otherwise: a query, a glossary
    /// form or a test's text is cut once.
    @inline(__always)
    mutating func rememberedWord(_ key: UInt64) -> ShortWordMemo.Entry? { nil }
    @inline(__always)
    mutating func rememberWord(_ entry: ShortWordMemo.Entry) {}

    /// A pair as its term's key, unless the sink keeps pairs otherwise.
    @inline(__always)
    mutating func addPair(hash: UInt32) {
        addTerm(key: WordPairTerm.key(ofHash: hash), count: WordPairTerm.byteCount)
    }
}
