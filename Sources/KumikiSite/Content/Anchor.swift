/// Anchors (element ids) for headings, stable across builds.
enum Anchor {
    /// `Layout guides & margins` → `layout-guides-margins`. Letters and digits
    /// are kept (Japanese too), everything else becomes a single hyphen.
    static func slug(_ text: String) -> String {
        var out = ""
        var pendingHyphen = false
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingHyphen && !out.isEmpty { out.append("-") }
                pendingHyphen = false
                out.append(character)
            } else {
                pendingHyphen = true
            }
        }
        return out.isEmpty ? "section" : out
    }

    /// Unique anchors within one page: the second `overview` becomes
    /// `overview-2`.
    struct Registry {
        private var used: Set<String> = []

        mutating func claim(_ text: String) -> String {
            let base = slug(text)
            var candidate = base
            var counter = 2
            while used.contains(candidate) {
                candidate = "\(base)-\(counter)"
                counter += 1
            }
            used.insert(candidate)
            return candidate
        }
    }
}
