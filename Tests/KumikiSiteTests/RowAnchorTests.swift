import Testing
@testable import KumikiSite
import KumikiTestSupport

@Suite struct RowAnchorTests {
    static let pageText = """
        Welcome.

        ようこそ。

        ## Spacing

        ## 余白

        Leave room.

        余白を取る。

        ```swift
        let x = 1
        ```

        ## Colour

        ## 色

        Pick one.

        一つ選ぶ。

        """

    @Test func everySegmentHasAnAnchorNamedAfterTheHeadingAboveIt() {
        let headings = [
            Page.Heading(anchor: "spacing", level: 2, text: .init("Spacing", "余白"), segmentIndex: 1),
            Page.Heading(anchor: "colour", level: 2, text: .init("Colour", "色"), segmentIndex: 4),
        ]
        #expect(RowAnchor.anchors(segmentCount: 6, headings: headings)
            == ["_1", "spacing", "spacing_1", "spacing_2", "colour", "colour_1"])
    }

    @Test func rowsInOneSectionKeepTheirAnchorsWhenAnotherSectionChanges() throws {
        let before = try TemporarySite(["a.md": page(["title: A"], Self.pageText)]).build()
        let edited = Self.pageText.replacingOccurrences(of: "Leave room.\n\n余白を取る。\n\n", with: "Leave room.\n\n余白を取る。\n\nMore.\n\nもっと。\n\n")
        let after = try TemporarySite(["a.md": page(["title: A"], edited)]).build()
        for html in [before.text("a/index.html"), after.text("a/index.html")] {
            #expect(html.contains("<div class=\"bi-row\" id=\"colour_1\">\n<div class=\"bi-col\" lang=\"en\">\n<p>Pick one.</p>"))
            #expect(html.contains("<div class=\"bi-row bi-heading\" id=\"spacing\">"))
            #expect(html.contains("<div class=\"bi-row\" id=\"_1\">\n<div class=\"bi-col\" lang=\"en\">\n<p>Welcome.</p>"))
        }
        #expect(before.text("a/index.html").contains("<div class=\"bi-span\" id=\"spacing_2\">"))
        #expect(after.text("a/index.html").contains("<div class=\"bi-span\" id=\"spacing_3\">"))
    }
}
