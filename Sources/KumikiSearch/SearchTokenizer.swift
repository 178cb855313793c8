/// Cuts normalised text into the terms the index is keyed by.
///
/// Japanese is written without spaces, so a dictionary-free rule finds its
/// words inside running text: every run of Japanese letters is cut into
/// overlapping character pairs (bigrams), `作業を破棄する` into 作業 業を を破
/// 破棄 棄す する. A query cut the same way finds 「破棄」 in any sentence
/// that holds it, and 「作業の破棄」 still finds 「作業を破棄する」 through 作業
/// and 破棄, its pairs that stay inside one script. A kanji alone is a term
/// of the index too, though not cut here: the index writes its rows as
/// those of every pair that holds it (`SearchIndexWriter`), so a word of one
/// kanji (画面の端) is found where it stands between kana. English words are
/// stemmed (`EnglishStemmer`); common function words are left out.
public enum SearchTokenizer {
    /// One term of a query and how much it counts.
    public struct QueryTerm: Sendable, Hashable {
        public var text: String
        /// 1 for a word or a pair inside one script; less for a pair that
        /// crosses into hiragana (mostly a particle or an inflection).
        public var weight: Double
        /// An English word, which may be looked up with a one-letter typo.
        public var isWord: Bool
    }

    /// The words and character pairs of a text as the index stores them, in
    /// order of appearance, repeats included (without the word pairs, which
    /// `indexedTerms` adds).
    public static func terms(_ text: String) -> [String] {
        var terms: [String] = []
        forEachTerm(text) { terms.append(String(decoding: $0, as: UTF8.self)) }
        return terms
    }

    /// The terms the index stores for `text`: `terms(_:)` and the
    /// `WordPairTerm`s of its words side by side (after each English word
    /// that follows another, after each word joined to the one before by
    /// one kana).
    public static func indexedTerms(_ text: String) -> [String] {
        var sink = CollectingSink()
        cut(text, into: &sink)
        return sink.terms
    }

    /// `indexedTerms`'s sink.
    private struct CollectingSink: TermSink {
        static var wantsWordPairs: Bool { true }
        var terms: [String] = []

        mutating func addTerm(key: UInt64, count: Int) {
            terms.append(TermBytes.bytes(ofKey: key, count: count) { String(decoding: $0, as: UTF8.self) })
        }
        mutating func addTerm(_ bytes: UnsafeBufferPointer<UInt8>, key: UInt64) { terms.append(String(decoding: bytes, as: UTF8.self)) }
    }

    /// Calls `body` with the UTF-8 bytes of each term of `text` as the index
    /// stores them (valid only during the call).
    public static func forEachTerm(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withoutActuallyEscaping(body) { body in
            var sink = ClosureSink(body: body)
            cut(text, into: &sink)
        }
    }

    /// Cuts `text` into the terms the index stores, in order of appearance,
    /// repeats included, and gives them to `sink`. Bytes and integer keys,
    /// not strings: a large site has millions of terms and only a small
    /// share of distinct ones, so strings are made only for those
    /// (`WorkerTermTable`). Generic, so the sink's work is inlined into the
    /// loops below instead of being a call through a closure per term.
    ///
    /// `stopWords` is the table of `StopWords`, fetched by a caller that
    /// cuts many texts: fetching it per text made both cores count
    /// references to the one table.
    ///
    /// A sink that `ignoresRepeats` (a page's table notes a term once per
    /// row) lets text be cut as it is folded by hand, in one reading; the
    /// rare text with a character that cannot be is then cut again, so
    /// some of its terms come twice. Other sinks get each occurrence once:
    /// the text is checked first, then cut.
    static func cut<Sink: TermSink & ~Copyable>(_ text: String, into sink: inout Sink, ignoresRepeats: Bool = false,
                                                stopWords: StopWords.Table = StopWords.table) {
        var text = text
        let wasASCII = text.withUTF8 { bytes in
            guard isASCII(bytes) else { return false }
            withWordScratch(capacity: bytes.count) { scratch in
                cutASCII(bytes, scratch: scratch, stopWords: stopWords, into: &sink)
            }
            return true
        }
        guard !wasASCII else { return }
        guard ignoresRepeats else {
            SearchNormalizer.withCharacters(text) { cutRuns(&$0, stopWords: stopWords, into: &sink) }
            return
        }
        // Most text is folded by hand as it is read; at the first character
        // that cannot be, the text is folded by Unicode's rules and cut
        // again from the start. Terms cut twice are the same terms of the
        // same row, which a sink notes once.
        let needsUnicode = text.withUTF8 { bytes in
            var characters = FoldedCharacters(bytes, stopsAtUnfoldable: true)
            cutRuns(&characters, stopWords: stopWords, into: &sink)
            return characters.metUnfoldable
        }
        guard needsUnicode else { return }
        var folded = SearchNormalizer.foldedByUnicode(text)
        folded.withUTF8 { bytes in
            var characters = FoldedCharacters(bytes)
            cutRuns(&characters, stopWords: stopWords, into: &sink)
        }
    }

    /// Whether every byte is ASCII, read eight at a time.
    @inline(__always)
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= bytes.count {
            if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        while index < bytes.count {
            if base[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }

    /// The words of text that is all ASCII (most English rows), on its
    /// bytes: the same words as `cutRuns` finds, which lowers the capitals
    /// and cuts at every byte that is not a letter or a digit, without
    /// decoding characters. Each word is lowered into `scratch`.
    @inline(__always)
    private static func cutASCII<Sink: TermSink & ~Copyable>(_ bytes: UnsafeBufferPointer<UInt8>, scratch: UnsafeMutablePointer<UInt8>,
                                                 stopWords: StopWords.Table, into sink: inout Sink) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        var index = 0
        var pair: UInt32?
        while index < count {
            var length = 0
            while index < count, let byte = loweredWordByte(base[index]) {
                scratch[length] = byte
                length &+= 1
                index &+= 1
            }
            if length > 0 {
                // The word's key read from the text, lowered in one step (a
                // digit has the bit of lower case already), where eight
                // bytes may be read: read back from the scratch just
                // written, it waited on the bytes' stores.
                let start = index &- length
                let key = start &+ 8 <= count
                    ? TermBytes.key(UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self).bigEndian | 0x2020_2020_2020_2020,
                                    count: length)
                    : TermBytes.key(scratch, count: length, readable: 8)
                addWord(scratch, count: length, key: key, after: &pair, stopWords: stopWords, into: &sink)
            } else {
                index &+= 1
            }
        }
    }

    /// Cuts the runs of `forEachRun` as the characters come: a word's bytes
    /// gather in `scratch`, and a Japanese run needs only its last character
    /// and its length so far; each pair's key is made from the two
    /// characters' packed bytes.
    ///
    /// No term goes out before the character after it was read: a reader
    /// that stops at a character it cannot fold by hand (a combining mark,
    /// say) leaves out the one before, which that character may change
    /// (か and a voicing mark make が), and every term that holds it.
    private static func cutRuns<Sink: TermSink & ~Copyable>(_ characters: inout FoldedCharacters, stopWords: StopWords.Table,
                                                into sink: inout Sink) {
        // A word is never longer than the text it is read from.
        withWordScratch(capacity: characters.byteCount) { scratch in
            cutRuns(&characters, scratch: scratch, stopWords: stopWords, into: &sink)
        }
    }

    /// Room for a word of up to `capacity` bytes, where a word is gathered
    /// before it goes out: at least eight bytes, the first eight set, so a
    /// word's key is read from it in one load (`TermBytes.key(_:count:readable:)`).
    @inline(__always)
    private static func withWordScratch<Result>(capacity: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(8, capacity)) { scratch in
            scratch.baseAddress!.initialize(repeating: 0, count: 8)
            return body(scratch.baseAddress!)
        }
    }

    private static func cutRuns<Sink: TermSink & ~Copyable>(_ reader: inout FoldedCharacters, scratch: UnsafeMutablePointer<UInt8>,
                                                stopWords: StopWords.Table, into sink: inout Sink) {
        // A local copy, which the compiler keeps in registers: the
        // caller's, reached through its address, was stored to and read
        // from memory at every character.
        var characters = reader
        defer { reader = characters }
        var wordLength = 0
        var pair: UInt32?
        var last = (bits: UInt64(0), count: 0)
        var lastKind = SearchCharacterClass.separator
        var beforeLast = (bits: UInt64(0), count: 0)
        var beforeLastKind = SearchCharacterClass.separator
        var runLength = 0
        /// A lone Japanese character that is not hiragana is a term of its
        /// own; longer runs went out pair by pair.
        func endRun(_ sink: inout Sink) {
            if runLength == 1, lastKind != .hiragana {
                let term = TermBytes.key(last, nil)
                sink.addTerm(key: term.key, count: term.count)
            }
            runLength = 0
        }
        // The last pair, sent once the character after it is read.
        var pending = (key: UInt64(0), count: 0)
        // Two words joined by one kana (`WordPairTerm`), sent like the pair:
        // its hash, above a bit that says there is one.
        var pendingJunction: UInt64 = 0
        while let character = characters.nextCharacter() {
            if pendingJunction != 0 {
                sink.addPair(hash: UInt32(truncatingIfNeeded: pendingJunction))
                pendingJunction = 0
            }
            if pending.count > 0 {
                sink.addTerm(key: pending.key, count: pending.count)
                pending.count = 0
            }
            let kind = character.kind
            if kind.isJapanese {
                if wordLength > 0 {
                    addWord(scratch, count: wordLength, after: &pair, stopWords: stopWords, into: &sink)
                    wordLength = 0
                }
                pair = nil
                let packed = character.packed
                if runLength > 0 { pending = TermBytes.key(last, packed) }
                if Sink.wantsWordPairs, runLength >= 2, lastKind == .hiragana, beforeLastKind != .hiragana || kind != .hiragana {
                    pendingJunction = 1 << 32 | UInt64(WordPairTerm.hash(junction: beforeLast, last, packed))
                }
                (beforeLast, beforeLastKind) = (last, lastKind)
                (last, lastKind) = (packed, kind)
                runLength &+= 1
                // The rest of the run while it is kanji and hiragana, most
                // of it, in a loop of its own: the same steps for a
                // character known to be Japanese and of three bytes. Kept
                // apart from the steps above, not shared through a local
                // function: sharing them cost 1% of indexing's instructions
                // and, marked to be inlined, a fifth.
                while true {
                    let next = characters.nextKanjiOrHiragana()
                    guard next.packed != 0 else { break }
                    if pendingJunction != 0 {
                        sink.addPair(hash: UInt32(truncatingIfNeeded: pendingJunction))
                        pendingJunction = 0
                    }
                    if pending.count > 0 { sink.addTerm(key: pending.key, count: pending.count) }
                    let packed = (bits: UInt64(next.packed), count: 3)
                    pending = TermBytes.key(last, packed)
                    if Sink.wantsWordPairs, runLength >= 2, lastKind == .hiragana, beforeLastKind != .hiragana || !next.isHiragana {
                        pendingJunction = 1 << 32 | UInt64(WordPairTerm.hash(junction: beforeLast, last, packed))
                    }
                    (beforeLast, beforeLastKind) = (last, lastKind)
                    (last, lastKind) = (packed, next.isHiragana ? .hiragana : .kanji)
                    runLength &+= 1
                }
            } else if kind == .word {
                if runLength > 0 { endRun(&sink) }
                let packed = character.packed
                for index in 0..<packed.count {
                    let shift = UInt64(truncatingIfNeeded: packed.count &- 1 &- index) &* 8
                    scratch[wordLength &+ index] = UInt8(truncatingIfNeeded: packed.bits &>> shift)
                }
                wordLength &+= packed.count
            } else {
                if wordLength > 0 {
                    addWord(scratch, count: wordLength, after: &pair, stopWords: stopWords, into: &sink)
                    wordLength = 0
                }
                if runLength > 0 { endRun(&sink) }
            }
        }
        guard !characters.metUnfoldable else { return }
        if pending.count > 0 { sink.addTerm(key: pending.key, count: pending.count) }
        if pendingJunction != 0 { sink.addPair(hash: UInt32(truncatingIfNeeded: pendingJunction)) }
        if wordLength > 0 { addWord(scratch, count: wordLength, after: &pair, stopWords: stopWords, into: &sink) }
        if runLength > 0 { endRun(&sink) }
    }

    /// A word to `sink` unless it is a stop word, stemmed in place, and
    /// its pair with the word before (`pair`: the `WordPairTerm` state of
    /// that word, nil when there is none), which it then replaces. `word`
    /// is the start of the scratch of `withWordScratch`. A word of at most
    /// eight bytes that the sink remembers (`ShortWordMemo`) is taken as
    /// it was made before.
    @inline(__always)
    private static func addWord<Sink: TermSink & ~Copyable>(_ word: UnsafeMutablePointer<UInt8>, count: Int, after pair: inout UInt32?,
                                                stopWords: StopWords.Table, into sink: inout Sink) {
        addWord(word, count: count, key: TermBytes.key(word, count: count, readable: 8), after: &pair, stopWords: stopWords,
                into: &sink)
    }

    /// `addWord` of a word whose key its caller has made.
    @inline(__always)
    private static func addWord<Sink: TermSink & ~Copyable>(_ word: UnsafeMutablePointer<UInt8>, count: Int, key wordKey: UInt64,
                                                after pair: inout UInt32?, stopWords: StopWords.Table, into sink: inout Sink) {
        let isShort = count <= 8
        if isShort, let known = sink.rememberedWord(wordKey) {
            guard known.stemCount > 0 else { return }
            sink.addTerm(key: known.stem, count: Int(known.stemCount))
            guard Sink.wantsWordPairs else { return }
            if let state = pair {
                sink.addPair(hash: WordPairTerm.hash(continuing: state, withKey: known.stem, count: Int(known.stemCount)))
            }
            pair = known.pairState
            return
        }
        if count <= stopWords.longest, stopWords.contains(key: wordKey) {
            sink.rememberWord(ShortWordMemo.Entry(word: wordKey))
            return
        }
        let stemmed = EnglishStemmer.stem(word, count: count)
        // A stem that differs from its word is shorter.
        let key = stemmed == count ? wordKey : TermBytes.key(word, count: stemmed, readable: 8)
        if stemmed <= 8 {
            sink.addTerm(key: key, count: stemmed)
        } else {
            sink.addTerm(UnsafeBufferPointer(start: word, count: stemmed), key: key)
        }
        var after: UInt32 = 0
        if Sink.wantsWordPairs {
            if let state = pair {
                sink.addPair(hash: WordPairTerm.hash(continuing: state, with: word, count: stemmed))
            }
            after = WordPairTerm.state(after: word, count: stemmed)
            pair = after
        }
        if isShort {
            sink.rememberWord(ShortWordMemo.Entry(word: wordKey, stem: key, stemCount: Int32(truncatingIfNeeded: stemmed),
                                                  pairState: after))
        }
    }

    /// A Latin letter, lowered, or a digit; nil for any other byte. Two
    /// comparisons: a capital and its lower case differ in one bit.
    @inline(__always)
    private static func loweredWordByte(_ byte: UInt8) -> UInt8? {
        let lowered = byte | 0x20
        if lowered &- 0x61 < 26 { return lowered }
        return byte &- 0x30 < 10 ? byte : nil
    }

    /// `forEachTerm`'s sink: each term's bytes to a closure.
    private struct ClosureSink: TermSink {
        static var wantsWordPairs: Bool { false }
        let body: (UnsafeBufferPointer<UInt8>) -> Void

        mutating func addTerm(key: UInt64, count: Int) { TermBytes.bytes(ofKey: key, count: count, body) }
        mutating func addTerm(_ bytes: UnsafeBufferPointer<UInt8>, key: UInt64) { body(bytes) }
    }

    /// The distinct terms of a query, with their weights.
    public static func queryTerms(_ query: String) -> [QueryTerm] {
        var terms: [QueryTerm] = []
        var seen: Set<String> = []
        func add(_ term: QueryTerm) {
            if seen.insert(term.text).inserted { terms.append(term) }
        }
        forEachRun(query) { run, isJapanese in
            if !isJapanese {
                let word = wordText(run)
                if !StopWords.english.contains(word) {
                    add(QueryTerm(text: EnglishStemmer.stem(word), weight: 1, isWord: true))
                }
                return
            }
            let allHiragana = run.allSatisfy { $0.kind == .hiragana }
            if run.count == 1 {
                if run[0].kind != .hiragana { add(QueryTerm(text: String(run[0].scalar), weight: 1, isWord: false)) }
                return
            }
            for index in 0..<(run.count - 1) {
                let (first, second) = (run[index], run[index + 1])
                let inOneScript = first.kind == second.kind && (first.kind != .hiragana || allHiragana)
                add(QueryTerm(text: String(first.scalar) + String(second.scalar), weight: inOneScript ? 1 : 0.25,
                              isWord: false))
            }
            // A kanji with no kanji beside it is a word of one kanji.
            for (index, character) in run.enumerated() where character.kind == .kanji {
                let before = index > 0 && run[index - 1].kind == .kanji
                let after = index + 1 < run.count && run[index + 1].kind == .kanji
                if !before && !after { add(QueryTerm(text: String(character.scalar), weight: 1, isWord: false)) }
            }
        }
        return terms
    }

    /// A run of word characters as a string, built without an array when
    /// it is ASCII (most words are, and short ones are stored inline).
    private static func wordText(_ run: [(scalar: Unicode.Scalar, kind: SearchCharacterClass)]) -> String {
        if run.count <= 32, run.allSatisfy({ $0.scalar.isASCII }) {
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: run.count) { bytes in
                for (index, character) in run.enumerated() { bytes[index] = UInt8(character.scalar.value) }
                return String(decoding: bytes, as: UTF8.self)
            }
        }
        var text = ""
        for character in run { text.unicodeScalars.append(character.scalar) }
        return text
    }

    /// Calls `body` with each run of word characters (Latin letters and
    /// digits) and each run of Japanese letters.
    private static func forEachRun(_ text: String,
                                   _ body: ([(scalar: Unicode.Scalar, kind: SearchCharacterClass)], Bool) -> Void) {
        var run: [(scalar: Unicode.Scalar, kind: SearchCharacterClass)] = []
        var runIsJapanese = false
        for character in SearchNormalizer.characters(text) {
            let kind = character.kind
            if kind == .separator || (!run.isEmpty && kind.isJapanese != runIsJapanese) {
                if !run.isEmpty { body(run, runIsJapanese) }
                run.removeAll(keepingCapacity: true)
            }
            if kind != .separator {
                runIsJapanese = kind.isJapanese
                run.append(character)
            }
        }
        if !run.isEmpty { body(run, runIsJapanese) }
    }
}
