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

    /// The terms of a text as the index stores them, in order of
    /// appearance, repeats included.
    public static func terms(_ text: String) -> [String] {
        var terms: [String] = []
        forEachTerm(text) { terms.append(String(decoding: $0, as: UTF8.self)) }
        return terms
    }

    /// Calls `body` with the UTF-8 bytes of each term of `text` as the index
    /// stores them (valid only during the call). Bytes, not strings: a large
    /// site has millions of terms and only a small share of distinct ones,
    /// so strings are made only for those (`PageTermTable`).
    public static func forEachTerm(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var word: [UInt8] = []
        word.reserveCapacity(64)
        if forEachASCIIWord(text, word: &word, body) { return }
        SearchNormalizer.withCharacters(text) { characters in cutRuns(&characters, word: &word, body) }
    }

    /// The runs of `forEachRun`, cut as the characters come: a word's bytes
    /// gather in `word`, and a Japanese run needs only its last character
    /// and its length so far. A loop over a reader, not a closure per
    /// character, so its state stays in registers.
    private static func cutRuns(_ characters: inout FoldedCharacters, word: inout [UInt8],
                                _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var last = (scalar: Unicode.Scalar(UInt8(0)), kind: SearchCharacterClass.separator)
        var runLength = 0
        while let (scalar, kind) = characters.next() {
            if kind.isJapanese {
                if !word.isEmpty { endRun(word: &word, runLength: &runLength, last: last, body) }
                if runLength > 0 { emitCharacters(last.scalar, scalar, body) }
                last = (scalar, kind)
                runLength += 1
            } else if kind == .word {
                if runLength > 0 { endRun(word: &word, runLength: &runLength, last: last, body) }
                appendUTF8(scalar, to: &word)
            } else {
                endRun(word: &word, runLength: &runLength, last: last, body)
            }
        }
        endRun(word: &word, runLength: &runLength, last: last, body)
    }

    /// Ends a run: a word goes out whole, a lone Japanese character that is
    /// not hiragana goes out alone (longer runs went out pair by pair).
    @inline(__always)
    private static func endRun(word: inout [UInt8], runLength: inout Int,
                               last: (scalar: Unicode.Scalar, kind: SearchCharacterClass),
                               _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if !word.isEmpty {
            emitWord(&word, body)
            word.removeAll(keepingCapacity: true)
        }
        if runLength == 1, last.kind != .hiragana { emitCharacters(last.scalar, nil, body) }
        runLength = 0
    }

    /// A word's bytes to `body` unless it is a stop word, stemmed.
    private static func emitWord(_ word: inout [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard !StopWords.contains(word) else { return }
        EnglishStemmer.stem(&word)
        word.withUnsafeBufferPointer(body)
    }

    /// One or two Japanese characters as UTF-8 bytes on the stack.
    private static func emitCharacters(_ first: Unicode.Scalar, _ second: Unicode.Scalar?,
                                       _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 8) { buffer in
            var count = encodeUTF8(first, into: buffer, at: 0)
            if let second { count += encodeUTF8(second, into: buffer, at: count) }
            body(UnsafeBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    private static func appendUTF8(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4) { buffer in
            let count = encodeUTF8(scalar, into: buffer, at: 0)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    /// Writes a scalar's UTF-8 bytes at `offset`; returns how many.
    @inline(__always)
    private static func encodeUTF8(_ scalar: Unicode.Scalar, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
        let value = scalar.value
        switch value {
        case 0..<0x80:
            buffer[offset] = UInt8(value)
            return 1
        case 0x80..<0x800:
            buffer[offset] = UInt8(0xC0 | value >> 6)
            buffer[offset + 1] = UInt8(0x80 | value & 0x3F)
            return 2
        case 0x800..<0x10000:
            buffer[offset] = UInt8(0xE0 | value >> 12)
            buffer[offset + 1] = UInt8(0x80 | (value >> 6) & 0x3F)
            buffer[offset + 2] = UInt8(0x80 | value & 0x3F)
            return 3
        default:
            buffer[offset] = UInt8(0xF0 | value >> 18)
            buffer[offset + 1] = UInt8(0x80 | (value >> 12) & 0x3F)
            buffer[offset + 2] = UInt8(0x80 | (value >> 6) & 0x3F)
            buffer[offset + 3] = UInt8(0x80 | value & 0x3F)
            return 4
        }
    }

    /// `forEachTerm` for text that is all ASCII (most English rows), on its
    /// bytes: the same words as the general path, which lowers the capitals
    /// and cuts at every byte that is not a letter or a digit, without
    /// making a list of characters first. Returns false, having done
    /// nothing, for other text.
    private static func forEachASCIIWord(_ text: String, word: inout [UInt8],
                                         _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
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
                word.removeAll(keepingCapacity: true)
                while end < bytes.count, isWordByte(bytes[end]) {
                    let byte = bytes[end]
                    word.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
                    end += 1
                }
                emitWord(&word, body)
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
