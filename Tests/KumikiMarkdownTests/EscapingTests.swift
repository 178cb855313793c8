import Testing
@testable import KumikiMarkdown

@Suite struct EscapingTests {
    private func html(_ markdown: String, raw: Bool = false) -> String {
        HTMLRenderer(allowsRawHTML: raw).render(MarkdownDocument.parse(path: "t.md", text: markdown).root)
    }

    @Test func scriptInTextNeverBecomesMarkup() {
        let out = html("Hello <script>alert(1)</script> world\n")
        #expect(!out.contains("<script>"))
        #expect(out.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    @Test func rawHTMLBlocksAreEscapedUnlessAllowed() {
        #expect(!html("<div onclick=\"x()\">hi</div>\n").contains("<div"))
        #expect(html("<div>hi</div>\n", raw: true) == "<div>hi</div>\n")
    }

    @Test func javascriptLinksAreDropped() {
        #expect(html("[x](javascript:alert(1))\n") == "<p><a href=\"#\">x</a></p>\n")
        #expect(html("[x](JaVaScRiPt:alert(1))\n") == "<p><a href=\"#\">x</a></p>\n")
    }

    @Test func attributeValuesAreEscaped() {
        #expect(html("![a \"b\"](x.png \"t'\")\n") == "<p><img src=\"x.png\" alt=\"a &quot;b&quot;\" title=\"t&#39;\" loading=\"lazy\"></p>\n")
    }

    @Test func codeIsEscaped() {
        #expect(html("```\n<b>&\n```\n") == "<pre><code>&lt;b&gt;&amp;\n</code></pre>\n")
    }
}
