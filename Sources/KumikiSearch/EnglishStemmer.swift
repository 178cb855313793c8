/// Light English stemming: plurals and the common verb endings, so that
/// `discarding`, `discarded` and `discards` meet `discard`, and `popovers`
/// meets `popover`. Deliberately light: a wrong merge costs more than a
/// missed one, since proximity and headings still rank the rest. Works on
/// the word's bytes (lower-case ASCII letters only; anything else is kept
/// as it is): a large site stems a few hundred thousand words.
public enum EnglishStemmer {
    public static func stem(_ word: String) -> String {
        var bytes = Array(word.utf8)
        let count = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { stem($0, count: buffer.count) } ?? 0
        }
        return String(decoding: bytes[..<count], as: UTF8.self)
    }

    /// Stems the `count` bytes at `word` in place (the indexer's buffer, so
    /// that no string or array is made per word) and returns the stem's
    /// length. A stem is never longer than its word.
    static func stem(_ word: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        guard isStemmable(word, count: count) else { return count }
        var stem = Stem(bytes: word, count: count)
        if stem.hasSuffix("ies"), stem.count > 4 {
            stem.count -= 3
            stem.append(UInt8(ascii: "y"))
        } else if stem.hasSuffix("sses") || stem.hasSuffix("ches") || stem.hasSuffix("shes") || stem.hasSuffix("xes") {
            stem.count -= 2
        } else if stem.hasSuffix("s"), !stem.hasSuffix("ss"), !stem.hasSuffix("us"), !stem.hasSuffix("is") {
            stem.count -= 1
        }
        for suffix: StaticString in ["ing", "ed"] where stem.hasSuffix(suffix) && stem.count >= suffix.utf8CodeUnitCount + 3 {
            stem.count -= suffix.utf8CodeUnitCount
            // running → run, stopped → stop; but keep "ll", "ss" (called, passed).
            let last = stem.last
            if stem.count > 2, stem.bytes[stem.count - 2] == last, !"lszaeiou".utf8.contains(last) {
                stem.count -= 1
            } else if stem.hasSuffix("at") || stem.hasSuffix("iz") || stem.hasSuffix("bl") {
                stem.append(UInt8(ascii: "e"))  // created → create
            }
            break
        }
        if stem.hasSuffix("e"), stem.count > 4, !stem.hasSuffix("ee") {
            stem.count -= 1  // "create" and "creat" meet: drop a final e
        }
        return stem.count
    }

    /// Every rule ends in s, d, g or e, and applies only to lower-case
    /// ASCII words of four letters or more: most words leave at once.
    @inline(__always)
    private static func isStemmable(_ word: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard count > 3 else { return false }
        let last = word[count - 1]
        guard last == 0x73 || last == 0x64 || last == 0x67 || last == 0x65 else { return false }
        for index in 0..<count where word[index] < 0x61 || word[index] > 0x7A { return false }
        return true
    }
}

/// A word being stemmed: its bytes and its length so far.
private struct Stem {
    let bytes: UnsafeMutablePointer<UInt8>
    var count: Int

    var last: UInt8 { bytes[count - 1] }

    func hasSuffix(_ suffix: StaticString) -> Bool {
        let length = suffix.utf8CodeUnitCount
        guard count >= length else { return false }
        let start = suffix.utf8Start
        for index in 0..<length where bytes[count - length + index] != start[index] { return false }
        return true
    }

    /// Only after the word was shortened, so the byte is the word's own.
    mutating func append(_ byte: UInt8) {
        bytes[count] = byte
        count += 1
    }
}
