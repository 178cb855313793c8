import Testing
import KumikiSupport

/// The one escaper of every page, figure and diagram.
@Suite struct MarkupEscapingTests {
    @Test func escapesTheFiveCharactersThatMeanSomethingInMarkup() {
        #expect(#"<a href="x">Tom & Jerry's</a>"#.htmlEscaped
            == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
    }

    @Test func leavesCleanTextAsItIs() {
        #expect("margins.leading + 16".htmlEscaped == "margins.leading + 16")
        #expect("".htmlEscaped == "")
    }

    @Test func keepsCharactersBeyondASCIIAroundWhatItEscapes() {
        #expect("「戻る」<ボタン>".htmlEscaped == "「戻る」&lt;ボタン&gt;")
        #expect("e\u{301}'👍🏽\"".htmlEscaped == "e\u{301}&#39;👍🏽&quot;")
    }

    @Test func appendingEscapesExactlyAsTheProperty() {
        let samples = ["", "plain", "a'b", #"x="1" & y<2>"#, "日本語'"]
        for sample in samples {
            var text = "<svg>"
            text.appendHTMLEscaped(sample)
            #expect(text == "<svg>" + sample.htmlEscaped, "\(sample)")
        }
    }
}
