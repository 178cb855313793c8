/// Light English stemming: plurals and the common verb endings, so that
/// `discarding`, `discarded` and `discards` meet `discard`, and `popovers`
/// meets `popover`. Deliberately light: a wrong merge costs more than a
/// missed one, since proximity and headings still rank the rest. Works on
/// the word's bytes (lower-case ASCII letters only; anything else is kept
/// as it is): a large site stems a few hundred thousand words.
public enum EnglishStemmer {
    public static func stem(_ word: String) -> String {
        guard isStemmable(word.utf8) else { return word }
        var bytes = Array(word.utf8)
        stem(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Stems a word's UTF-8 bytes in place (the indexer's buffer, so that
    /// no string is made per word). A stem is never longer than its word.
    static func stem(_ stem: inout [UInt8]) {
        guard isStemmable(stem) else { return }
        if stem.hasSuffix("ies"), stem.count > 4 {
            stem.removeLast(3)
            stem.append(UInt8(ascii: "y"))
        } else if stem.hasSuffix("sses") || stem.hasSuffix("ches") || stem.hasSuffix("shes") || stem.hasSuffix("xes") {
            stem.removeLast(2)
        } else if stem.hasSuffix("s"), !stem.hasSuffix("ss"), !stem.hasSuffix("us"), !stem.hasSuffix("is") {
            stem.removeLast()
        }
        for suffix: StaticString in ["ing", "ed"] where stem.hasSuffix(suffix) && stem.count >= suffix.utf8CodeUnitCount + 3 {
            stem.removeLast(suffix.utf8CodeUnitCount)
            // running → run, stopped → stop; but keep "ll", "ss" (called, passed).
            let last = stem[stem.count - 1]
            if stem.count > 2, stem[stem.count - 2] == last, !"lszaeiou".utf8.contains(last) {
                stem.removeLast()
            } else if stem.hasSuffix("at") || stem.hasSuffix("iz") || stem.hasSuffix("bl") {
                stem.append(UInt8(ascii: "e"))  // created → create
            }
            break
        }
        if stem.hasSuffix("e"), stem.count > 4, !stem.hasSuffix("ee") {
            stem.removeLast()  // "create" and "creat" meet: drop a final e
        }
    }

    /// Every rule ends in s, d, g or e, and applies only to lower-case
    /// ASCII words of four letters or more: most words leave at once.
    private static func isStemmable(_ word: some BidirectionalCollection<UInt8>) -> Bool {
        guard let last = word.last, last == 0x73 || last == 0x64 || last == 0x67 || last == 0x65, word.count > 3 else { return false }
        return word.allSatisfy { $0 >= 0x61 && $0 <= 0x7A }
    }
}

private extension Array where Element == UInt8 {
    func hasSuffix(_ suffix: StaticString) -> Bool {
        let count = suffix.utf8CodeUnitCount
        guard self.count >= count else { return false }
        return suffix.withUTF8Buffer { buffer in self[(self.count - count)...].elementsEqual(buffer) }
    }
}
