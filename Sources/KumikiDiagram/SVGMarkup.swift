/// A small writer for SVG markup: elements with attributes in the order
/// given, text escaped, nothing else. Keeping the order in the caller's
/// hands is what makes the bytes deterministic.
struct SVGMarkup {
    private(set) var text = ""

    /// `<name a="1" b="2"/>`.
    mutating func empty(_ name: String, _ attributes: [(String, String)]) {
        text += "<"
        text += name
        appendAttributes(attributes)
        text += "/>"
    }

    /// `<name …>escaped content</name>`.
    mutating func element(_ name: String, _ attributes: [(String, String)] = [], content: String) {
        open(name, attributes)
        Self.appendEscaped(content, to: &text)
        close(name)
    }

    mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
        text += "<"
        text += name
        appendAttributes(attributes)
        text += ">"
    }

    /// Writes the attributes straight into the text: no intermediate
    /// strings, since diagrams are most of a page's bytes.
    private mutating func appendAttributes(_ attributes: [(String, String)]) {
        for (name, value) in attributes {
            text += " "
            text += name
            text += "=\""
            Self.appendEscaped(value, to: &text)
            text += "\""
        }
    }

    mutating func close(_ name: String) {
        text += "</\(name)>"
    }

    mutating func raw(_ markup: String) {
        text += markup
    }

    /// Text and attribute values with `&`, `<`, `>` and `"` escaped, so the
    /// result is well-formed both as XML and inside HTML.
    static func escaped(_ text: String) -> String {
        var result = ""
        appendEscaped(text, to: &result)
        return result
    }

    /// Appends `text` escaped. Most values (numbers, class names, paths)
    /// need nothing escaped, so the text is scanned as bytes first and
    /// appended whole when it is clean; otherwise it is copied in runs
    /// between the characters to replace.
    static func appendEscaped(_ text: String, to result: inout String) {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }) else {
            result += text
            return
        }
        var runStart = utf8.startIndex
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let replacement: String? = switch utf8[index] {
            case 0x26: "&amp;"
            case 0x3C: "&lt;"
            case 0x3E: "&gt;"
            case 0x22: "&quot;"
            default: nil
            }
            if let replacement {
                result += text[runStart..<index]
                result += replacement
                runStart = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        result += text[runStart..<utf8.endIndex]
    }
}
