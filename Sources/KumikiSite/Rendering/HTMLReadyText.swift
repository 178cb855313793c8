import KumikiSupport
import KumikiMarkdown
import Mustache

/// A template value escaped for HTML once per build rather than each time a
/// page shows it.
///
/// Mustache escapes every `{{value}}` as it writes it, character by
/// character; the sidebar writes the same titles and links on every page of
/// a section, and escaping them again on each was a tenth of a build.
/// swift-mustache writes a value that is itself a template by rendering it
/// in place, so a template holding only the escaped text reaches the page
/// exactly as Mustache would have escaped the text. A text Mustache could
/// read as a tag (`{{`) or that spans lines stays a plain string, which
/// Mustache escapes itself.
///
/// Only for values the templates write with `{{…}}`: a value that a
/// template tests with a transform (`empty(.)`) must stay a string.
struct HTMLReadyText: Sendable {
    private let template: MustacheTemplate?
    private let text: String

    init(_ text: String) {
        self.text = text
        template = text.contains("{{") || text.contains("\n") ? nil : try? MustacheTemplate(string: text.htmlEscaped)
    }

    /// The value to give Mustache.
    var value: Any { template ?? text }

    /// The value as the templates see it (`TemplateValue`): the escaped
    /// text written as it is, or the plain text Mustache escapes itself.
    var templateValue: TemplateValue { template.map { .html($0.description) } ?? .text(text) }
}
