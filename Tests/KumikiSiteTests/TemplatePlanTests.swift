import Foundation
import Testing
@testable import KumikiSite

/// The built-in theme renders through Kumiki's plan, never falling back to
/// swift-mustache for its own values (`TemplatePlanCommandTests` compares
/// the two renderers' output on whole sites).
@Suite struct TemplatePlanTests {
    @Test func everyBuiltInTemplateHasAPlan() {
        let (library, diagnostics) = TemplateLibrary.load(from: EmbeddedTheme.source)
        #expect(diagnostics.isEmpty)
        let context: [String: Any] = [
            "root": "../", "site": ["title": "Guidelines", "title_ja": "ガイドライン"], "search": true,
            "page": ["title": "A <b> & \"c\"", "title_ja": "題", "summary": "S"],
            "nav": TemplateValue.list([.object(["section": .html("One &amp; two"), "open": .bool(true),
                                                "pages": .list([.object(["title": .text("P"), "current": .bool(true)])])])]),
            "toc": [["anchor": "a", "en": "A", "ja": "あ", "level": 2]], "has_toc": true, "content": "<p>x</p>",
            "coverage": ["percent": "100", "rows": 3, "translated": 3, "untranslated": 0],
        ]
        for name in library.names.sorted() {
            #expect(library.renderThroughPlan(context, template: name) != nil, "\(name) fell back to swift-mustache")
        }
        let page = library.renderThroughPlan(context, template: "page") ?? ""
        #expect(page.contains("A &lt;b&gt; &amp; &quot;c&quot;"))
        #expect(page.contains("One &amp; two"), "escaped text is written as it is")
    }

    @Test func aListWrittenAsAVariableIsLeftToSwiftMustache() throws {
        let source = MemorySource(texts: ["t.mustache": "{{items}}"], displayPath: "Theme")
        let (library, _) = TemplateLibrary.load(from: source)
        #expect(library.renderThroughPlan(["items": ["a", "b"]], template: "t") == nil)
        #expect(library.render(["items": ["a", "b"]], template: "t") == "[&quot;a&quot;, &quot;b&quot;]")
    }
}
