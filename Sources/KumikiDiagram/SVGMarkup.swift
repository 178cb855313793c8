import KumikiSupport

/// A small writer for SVG markup: elements with attributes in the order
/// given, text and attribute values escaped (`htmlEscaped`, which suits XML
/// as well), nothing else. Keeping the order in the caller's hands is what
/// makes the bytes deterministic.
struct SVGMarkup {
    private(set) var text: String

    /// - Parameter capacity: the bytes to reserve; a diagram is one to two
    ///   kilobytes, and growing the text step by step copied it each time.
    init(capacity: Int = 0) {
        text = ""
        text.reserveCapacity(capacity)
    }

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
        text.appendHTMLEscaped(content)
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
            text.appendHTMLEscaped(value)
            text += "\""
        }
    }

    mutating func close(_ name: String) {
        text += "</\(name)>"
    }

    mutating func raw(_ markup: String) {
        text += markup
    }
}
