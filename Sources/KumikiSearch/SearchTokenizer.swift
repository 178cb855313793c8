/// Cuts normalised text into the terms the index is keyed by.
///
/// Japanese is written without spaces, so a dictionary-free rule finds its
/// words inside running text: every run of Japanese letters is cut into
/// overlapping character pairs (bigrams), `作業を破棄する` into 作業 業を を破
/// 破棄 棄す する. A query cut the same way finds 「破棄」 in any sentence
/// that holds it, and 「作業の破棄」 still finds 「作業を破棄する」 through 作業
/// and 破棄, its pairs that stay inside one script. English words are
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

    /// A term as the index builds it: a word, or one or two Japanese
    /// characters packed in an integer, so a page's many character pairs
    /// make no strings until its distinct terms are written.
    public enum Term: Hashable, Sendable {
        case word(String)
        case characters(UInt64)

        init(_ first: Unicode.Scalar, _ second: Unicode.Scalar? = nil) {
            self = .characters(UInt64(first.value) << 32 | UInt64(second?.value ?? 0))
        }

        public var text: String {
            switch self {
            case .word(let word):
                return word
            case .characters(let packed):
                // Written as UTF-8 bytes into a buffer on the stack: a site
                // makes hundreds of thousands of these.
                let first = Unicode.Scalar(UInt32(packed >> 32)) ?? " "
                let second = Unicode.Scalar(UInt32(packed & 0xFFFF_FFFF)).flatMap { $0.value == 0 ? nil : $0 }
                return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 8) { buffer in
                    var count = 0
                    func append(_ scalar: Unicode.Scalar) {
                        for unit in UTF8.encode(scalar)! {
                            buffer[count] = unit
                            count += 1
                        }
                    }
                    append(first)
                    if let second { append(second) }
                    return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<count]), as: UTF8.self)
                }
            }
        }
    }

    /// The terms of a text as the index stores them, in order of
    /// appearance, repeats included.
    public static func terms(_ text: String) -> [String] {
        var terms: [String] = []
        forEachTerm(text) { terms.append($0.text) }
        return terms
    }

    /// Calls `body` with each term of `text` as the index stores them.
    public static func forEachTerm(_ text: String, _ body: (Term) -> Void) {
        if forEachASCIIWord(text, body) { return }
        forEachRun(text) { run, isJapanese in
            if !isJapanese {
                let word = wordText(run)
                if !StopWords.english.contains(word) { body(.word(EnglishStemmer.stem(word))) }
            } else if run.count == 1 {
                if run[0].kind != .hiragana { body(Term(run[0].scalar)) }
            } else {
                for index in 0..<(run.count - 1) { body(Term(run[index].scalar, run[index + 1].scalar)) }
            }
        }
    }

    /// `forEachTerm` for text that is all ASCII (most English rows), on its
    /// bytes: the same words as the general path, which lowers the capitals
    /// and cuts at every byte that is not a letter or a digit, without
    /// making a list of characters first. Returns false, having done
    /// nothing, for other text.
    private static func forEachASCIIWord(_ text: String, _ body: (Term) -> Void) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
            var start = 0
            while start < bytes.count {
                guard isWordByte(bytes[start]) else {
                    start += 1
                    continue
                }
                var end = start
                while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
                let word = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: end - start) { buffer in
                    for index in start..<end {
                        let byte = bytes[index]
                        buffer[index - start] = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
                    }
                    return String(decoding: buffer, as: UTF8.self)
                }
                if !StopWords.english.contains(word) { body(.word(EnglishStemmer.stem(word))) }
                start = end
            }
            return true
        }
    }

    @inline(__always)
    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
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
