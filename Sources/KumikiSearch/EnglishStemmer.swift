/// Light English stemming: plurals and the common verb endings, so that
/// `discarding`, `discarded` and `discards` meet `discard`, and `popovers`
/// meets `popover`. Deliberately light: a wrong merge costs more than a
/// missed one, since proximity and headings still rank the rest.
public enum EnglishStemmer {
    public static func stem(_ word: String) -> String {
        guard word.count > 3, word.allSatisfy({ $0.isASCII && $0.isLetter }) else { return word }
        var stem = word
        if stem.hasSuffix("ies"), stem.count > 4 {
            stem = String(stem.dropLast(3)) + "y"
        } else if stem.hasSuffix("sses") || stem.hasSuffix("ches") || stem.hasSuffix("shes") || stem.hasSuffix("xes") {
            stem = String(stem.dropLast(2))
        } else if stem.hasSuffix("s"), !stem.hasSuffix("ss"), !stem.hasSuffix("us"), !stem.hasSuffix("is") {
            stem = String(stem.dropLast())
        }
        for suffix in ["ing", "ed"] where stem.hasSuffix(suffix) && stem.count >= suffix.count + 3 {
            stem = String(stem.dropLast(suffix.count))
            // running → run, stopped → stop; but keep "ll", "ss" (called, passed).
            if let last = stem.last, stem.count > 2, stem.dropLast().last == last,
               !"lsz".contains(last), !"aeiou".contains(last) {
                stem = String(stem.dropLast())
            } else if stem.hasSuffix("at") || stem.hasSuffix("iz") || stem.hasSuffix("bl") {
                stem += "e"  // created → create
            }
            break
        }
        if stem.hasSuffix("e"), stem.count > 4, !stem.hasSuffix("ee") {
            stem = String(stem.dropLast())  // "create" and "creat" meet: drop a final e
        }
        return stem
    }
}
