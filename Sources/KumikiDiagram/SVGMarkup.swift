import KumikiSupport

/// A small writer for SVG markup: elements with attributes in the order
/// given, text and attribute values escaped (`htmlEscaped`, which suits XML
/// as well), nothing else. Keeping the order in the caller's hands is what
/// makes the bytes deterministic.
///
/// Two ways to write an element: with its attributes as a list (`empty`,
/// `open`, `element`), or attribute by attribute (`start`, `attribute`,
/// `endEmpty`, `endOpen`), which the diagrams' views and marks use: a
/// gallery writes a hundred thousand of them in a build, and building a
/// list of pairs for each, then escaping numbers and class names that never
/// need it, was most of their cost.
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
            attribute(name, value)
        }
    }

    mutating func close(_ name: String) {
        text += "</"
        text += name
        text += ">"
    }

    mutating func raw(_ markup: String) {
        text += markup
    }

    // MARK: Attribute by attribute

    /// `<name`, to be followed by attributes and `endEmpty` or `endOpen`.
    mutating func start(_ name: String) {
        text += "<"
        text += name
    }

    /// ` name="value"`, the value escaped.
    mutating func attribute(_ name: String, _ value: String) {
        text += " "
        text += name
        text += "=\""
        text.appendHTMLEscaped(value)
        text += "\""
    }

    /// ` name="value"` for a value Kumiki composed of numbers, letters and
    /// spaces (a path, a language code), which never needs escaping.
    mutating func verbatimAttribute(_ name: String, _ value: String) {
        text += " "
        text += name
        text += "=\""
        text += value
        text += "\""
    }

    /// ` name="number"` in the SVG number format, which never needs escaping.
    mutating func attribute(_ name: String, number value: Double) {
        text += " "
        text += name
        text += "=\""
        text += value.svg
        text += "\""
    }

    /// ` class="first second"`: class names Kumiki writes itself (letters,
    /// digits and hyphens), so nothing to escape; `second` is left out when
    /// nil.
    mutating func classes(_ first: String, _ second: String? = nil) {
        text += " class=\""
        text += first
        if let second {
            text += " "
            text += second
        }
        text += "\""
    }

    /// A number in the SVG number format, unquoted: with `raw`, an element
    /// whose attribute names are written as one literal with their quotes
    /// (`" y=\""`), a third of the appends of writing them one by one.
    mutating func number(_ value: Double) {
        text += value.svg
    }

    /// `/>`.
    mutating func endEmpty() {
        text += "/>"
    }

    /// `>`.
    mutating func endOpen() {
        text += ">"
    }

    /// Escaped text content.
    mutating func content(_ content: String) {
        text.appendHTMLEscaped(content)
    }
}
