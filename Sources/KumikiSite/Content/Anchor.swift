import Foundation

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
        // Composed (NFC), as links to it are written: a browser compares
        // an id with a link's fragment code point by code point.
        return out.isEmpty ? "section" : out.precomposedStringWithCanonicalMapping
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

        /// Claims `base`, already a slug, or the first of `base-2`,
        /// `base-3`… not claimed yet, each at most `longest` UTF-8 bytes:
        /// the end of `base` gives way to the number when both do not fit.
        mutating func claim(slug base: String, atMost longest: Int) -> String {
            var counter = 1
            while true {
                let number = counter == 1 ? "" : "-\(counter)"
                let candidate = Anchor.start(of: base, leaving: number.utf8.count, in: longest) + number
                if used.insert(candidate).inserted { return candidate }
                counter += 1
            }
        }
    }

    /// The longest start of `text`, whole characters, that leaves `room`
    /// bytes free in `longest` UTF-8 bytes.
    static func start(of text: String, leaving room: Int, in longest: Int) -> String {
        guard text.utf8.count + room > longest else { return text }
        var start = ""
        for character in text {
            if start.utf8.count + character.utf8.count + room > longest { break }
            start.append(character)
        }
        return start
    }
}
