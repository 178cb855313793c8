import Foundation
import KumikiSite
import Testing
import KumikiTestSupport

/// A block with words but no partner in the other language is still shown,
/// in its own column beside a "not yet translated" note, and the author is
/// warned where the block starts. Warnings never fail a build.
///
/// Pages here are written with `page(_:_:)`: the body starts on line 5.
@Suite struct UntranslatedBlockTests {
    private func build(_ body: String) throws -> (site: TemporarySite, result: BuildResult) {
        let site = try TemporarySite(["a.md": page(["title: A"], body)])
        return (site, site.build())
    }

    @Test func anEnglishParagraphWithoutAPartnerIsReportedWhereItStarts() throws {
        let (site, result) = try build("Hello.\n\nこんにちは。\n\n## Usage\n\n## 使い方\n\nOnly in English here.\n")
        #expect(result.succeeded)
        #expect(result.printed == [
            "\(site.displayPath("a.md")):13:1: warning: this English paragraph has no Japanese partner; it is shown untranslated",
        ])
        let html = result.text("a/index.html")
        #expect(html.contains("<div class=\"bi-row bi-untranslated bi-only-en\" id=\"usage_1\">\n<div class=\"bi-col\" lang=\"en\">\n<p>Only in English here.</p>\n</div>\n<div class=\"bi-col bi-missing\" lang=\"ja\">"))
    }

    @Test func aJapaneseParagraphWithoutAPartnerIsReportedWhereItStarts() throws {
        let (site, result) = try build("日本語だけの段落です。\n")
        #expect(result.succeeded)
        #expect(result.printed == [
            "\(site.displayPath("a.md")):5:1: warning: this Japanese paragraph has no English partner; it is shown untranslated",
        ])
        let html = result.text("a/index.html")
        #expect(html.contains("<div class=\"bi-row bi-untranslated bi-only-ja\" id=\"_1\">\n<div class=\"bi-col bi-missing\" lang=\"en\">"))
        #expect(html.contains("<div class=\"bi-col\" lang=\"ja\">\n<p>日本語だけの段落です。</p>\n</div>"))
    }

    @Test func theWarningColumnCountsCharactersOfAnIndentedBlock() throws {
        let (site, result) = try build("   Indented words.\n")
        #expect(result.printed == [
            "\(site.displayPath("a.md")):5:4: warning: this English paragraph has no Japanese partner; it is shown untranslated",
        ])
    }

    @Test(arguments: [
        ("## Usage\n", "this English heading has no Japanese partner"),
        ("## 使い方\n", "this Japanese heading has no English partner"),
        ("- One item.\n- Another item.\n", "this English list has no Japanese partner"),
        ("1. 一つ目です。\n2. 二つ目です。\n", "this Japanese list has no English partner"),
        ("> Quoted words.\n", "this English quote has no Japanese partner"),
        ("> 引用された言葉です。\n", "this Japanese quote has no English partner"),
    ])
    func theWarningNamesTheKindOfBlock(body: String, message: String) throws {
        let (site, result) = try build(body)
        #expect(result.succeeded)
        #expect(result.printed == ["\(site.displayPath("a.md")):5:1: warning: \(message); it is shown untranslated"])
    }

    @Test func blocksOfDifferentKindsAreNotPartnersAndEachIsReported() throws {
        let (site, result) = try build("An English paragraph.\n\n## 見出し\n")
        #expect(result.printed == [
            "\(site.displayPath("a.md")):5:1: warning: this English paragraph has no Japanese partner; it is shown untranslated",
            "\(site.displayPath("a.md")):7:1: warning: this Japanese heading has no English partner; it is shown untranslated",
        ])
    }

    @Test func extraBlocksOfALongerRunAreReportedOneByOne() throws {
        let (site, result) = try build("First.\n\nSecond.\n\nThird.\n\n一つ目。\n")
        #expect(result.printed == [
            "\(site.displayPath("a.md")):7:1: warning: this English paragraph has no Japanese partner; it is shown untranslated",
            "\(site.displayPath("a.md")):9:1: warning: this English paragraph has no Japanese partner; it is shown untranslated",
        ])
    }

    /// Pairs of every kind, a heading written in both languages on one
    /// line, a pair with Japanese first, and a list whose items switch
    /// language, separated by language-neutral blocks.
    @Test func aFullyPairedPageHasNoWarnings() throws {
        let body = """
            Hello.

            こんにちは。

            ## Usage (使い方)

            ```swift
            let x = 1
            ```

            日本語が先です。

            Japanese comes first here.

            ---

            - One.
            - Two.

            - 一つ。
            - 二つ。

            > Quoted words.

            > 引用された言葉です。

            """
        let (_, result) = try build(body)
        #expect(result.succeeded)
        #expect(result.printed == [])
        #expect(result.coverage == Coverage(rows: 5, untranslated: 0))
        #expect(!result.text("a/index.html").contains("bi-untranslated"))
    }

    @Test func languageNeutralBlocksAloneHaveNoWarnings() throws {
        let (_, result) = try build("```swift\nlet x = 1\n```\n\n---\n")
        #expect(result.printed == [])
    }

    @Test func everyPageIsCheckedOnItsOwn() throws {
        let site = try TemporarySite([
            "a.md": page(["title: A"], "English on this page.\n"),
            "b.md": page(["title: B"], "このページは日本語です。\n"),
        ])
        let result = site.build()
        #expect(result.succeeded)
        #expect(result.printed == [
            "\(site.displayPath("a.md")):5:1: warning: this English paragraph has no Japanese partner; it is shown untranslated",
            "\(site.displayPath("b.md")):5:1: warning: this Japanese paragraph has no English partner; it is shown untranslated",
        ])
    }
}

/// An image needs words for readers who cannot see it: an empty description
/// is a warning at the image, telling how to write one.
@Suite struct ImageAlternativeTextTests {
    private func build(_ body: String) throws -> (site: TemporarySite, result: BuildResult) {
        let site = try TemporarySite(["a.md": page(["title: A"], body)])
        try site.write("p.png", Data([1, 2, 3]))
        return (site, site.build())
    }

    @Test func anImageWithoutAlternativeTextIsReportedAtTheImage() throws {
        let (site, result) = try build("See ![](p.png) here.\n\n写真を見てください。\n")
        #expect(result.succeeded)
        #expect(result.printed == [
            "\(site.displayPath("a.md")):5:5: warning: the image 'p.png' has no alternative text; describe it between the brackets: ![description](p.png)",
        ])
        #expect(result.site["p.png"] == Data([1, 2, 3]))
    }

    @Test func anImageAloneOnItsLineIsLanguageNeutralButStillNeedsADescription() throws {
        let (site, result) = try build("![](p.png)\n")
        #expect(result.succeeded)
        #expect(result.printed == [
            "\(site.displayPath("a.md")):5:1: warning: the image 'p.png' has no alternative text; describe it between the brackets: ![description](p.png)",
        ])
    }

    @Test func eachImageWithoutADescriptionIsReported() throws {
        let (site, result) = try build("![](p.png)\n\n![](p.png)\n")
        #expect(result.printed == [
            "\(site.displayPath("a.md")):5:1: warning: the image 'p.png' has no alternative text; describe it between the brackets: ![description](p.png)",
            "\(site.displayPath("a.md")):7:1: warning: the image 'p.png' has no alternative text; describe it between the brackets: ![description](p.png)",
        ])
    }

    @Test func imagesWithDescriptionsHaveNoWarning() throws {
        let (_, result) = try build("![A card](p.png)\n\n![カード](p.png)\n")
        #expect(result.succeeded)
        #expect(result.printed == [])
        #expect(result.text("a/index.html").contains("<img src=\"../p.png\" alt=\"A card\""))
    }
}
