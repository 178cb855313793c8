/// A small writer for SVG markup: elements with attributes in the order
/// given, text escaped, nothing else. Keeping the order in the caller's
/// hands is what makes the bytes deterministic.
struct SVGMarkup {
    private(set) var text = ""

    /// `<name a="1" b="2"/>`.
    mutating func empty(_ name: String, _ attributes: [(String, String)]) {
        text += "<\(name)\(Self.attributes(attributes))/>"
    }

    /// `<name …>escaped content</name>`.
    mutating func element(_ name: String, _ attributes: [(String, String)] = [], content: String) {
        text += "<\(name)\(Self.attributes(attributes))>\(Self.escaped(content))</\(name)>"
    }

    mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
        text += "<\(name)\(Self.attributes(attributes))>"
    }

    mutating func close(_ name: String) {
        text += "</\(name)>"
    }

    mutating func raw(_ markup: String) {
        text += markup
    }

    static func attributes(_ attributes: [(String, String)]) -> String {
        attributes.map { " \($0.0)=\"\(escaped($0.1))\"" }.joined()
    }

    /// Text and attribute values with `&`, `<`, `>` and `"` escaped, so the
    /// result is well-formed both as XML and inside HTML.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
