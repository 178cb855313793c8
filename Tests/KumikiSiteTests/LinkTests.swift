import Foundation
import KumikiSite
import Testing
import KumikiTestSupport

/// Authors link pages as the Markdown files lie next to each other; the
/// built site gets relative links to the built pages, and images next to
/// the pages are copied with them.
@Suite struct LinkTests {
    private static let target = page(["title: B"], """
        ## Details

        ## 詳細

        """)

    @Test func aLinkToAnotherPageAndHeadingBecomesARelativeLinkToItsBuiltPage() throws {
        let site = try TemporarySite([
            "a.md": page(["title: A"], "See [the details](b.md#details).\n"),
            "b.md": Self.target,
        ])
        let result = site.build()
        #expect(result.succeeded, "\(result.printed)")
        #expect(result.text("a/index.html").contains("<a href=\"../b/index.html#details\">the details</a>"))
    }

    @Test func aLinkToAPageWithACustomSlugUsesTheSlug() throws {
        let site = try TemporarySite([
            "a.md": page(["title: A"], "See [b](b.md).\n"),
            "b.md": page(["title: B", "slug: bee"]),
        ])
        let result = site.build()
        #expect(result.text("a/index.html").contains("<a href=\"../bee/index.html\">b</a>"))
        #expect(result.site["bee/index.html"] != nil)
        #expect(result.site["b/index.html"] == nil)
    }

    @Test func theHomePageLinksToPagesFromTheSiteRoot() throws {
        let site = try TemporarySite([
            "index.md": page(["title: Home"], "Read [b](b.md#details).\n"),
            "b.md": Self.target,
        ])
        let result = site.build()
        #expect(result.text("index.html").contains("<a href=\"b/index.html#details\">b</a>"))
    }

    @Test func aPageLinksBackToTheHomePage() throws {
        let site = try TemporarySite([
            "index.md": page(["title: Home"]),
            "a.md": page(["title: A"], "Back [home](index.md).\n"),
        ])
        #expect(site.build().text("a/index.html").contains("<a href=\"../index.html\">home</a>"))
    }

    @Test func linksBetweenPagesInSubfoldersAreResolvedFromTheLinkingPage() throws {
        let site = try TemporarySite([
            "guides/modality.md": page(["title: Modality"], "See [b](../b.md#details).\n"),
            "b.md": Self.target,
        ])
        let result = site.build()
        #expect(result.succeeded, "\(result.printed)")
        #expect(result.text("guides-modality/index.html").contains("<a href=\"../b/index.html#details\">b</a>"))
    }

    @Test func aLinkWithinThePageKeepsItsFragment() throws {
        let site = try TemporarySite(["b.md": Self.target + "Back to [details](#details).\n"])
        let result = site.build()
        #expect(result.succeeded, "\(result.printed)")
        #expect(result.text("b/index.html").contains("<a href=\"#details\">details</a>"))
    }

    @Test func externalLinksAreLeftAsTheyAre() throws {
        let site = try TemporarySite(["a.md": page(["title: A"], "[Swift](https://swift.org/) and [mail](mailto:a@example.org).\n")])
        let html = site.build().text("a/index.html")
        #expect(html.contains("<a href=\"https://swift.org/\">Swift</a>"))
        #expect(html.contains("<a href=\"mailto:a@example.org\">mail</a>"))
    }

    @Test func imagesNextToAPageAreCopiedAndLinkedRelatively() throws {
        let site = try TemporarySite(["a.md": page(["title: A"], "![A diagram](diagram.png)\n")])
        let bytes = Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF])
        try site.write("diagram.png", bytes)
        let result = site.build()
        #expect(result.succeeded, "\(result.printed)")
        #expect(result.site["diagram.png"] == bytes)
        #expect(result.text("a/index.html").contains("<img src=\"../diagram.png\" alt=\"A diagram\" loading=\"lazy\">"))
    }

    @Test func imagesInSubfoldersKeepTheirFolder() throws {
        let site = try TemporarySite(["guides/modality.md": page(["title: Modality"], "![Sheet](images/sheet.png)\n")])
        try site.write("guides/images/sheet.png", Data([1, 2, 3]))
        let result = site.build()
        #expect(result.succeeded, "\(result.printed)")
        #expect(result.site["guides/images/sheet.png"] == Data([1, 2, 3]))
        #expect(result.text("guides-modality/index.html").contains("<img src=\"../guides/images/sheet.png\""))
    }

    @Test func everyInternalLinkOfAFixtureSiteLeadsToAFileOfTheSite() throws {
        let site = try TemporarySite([
            "index.md": page(["title: Home"], "Go to [a](a.md).\n"),
            "a.md": page(["title: A", "section: One"], "See [b](guides/b.md#details) and ![x](x.png).\n"),
            "guides/b.md": Self.target,
        ])
        try site.write("x.png", Data([0]))
        let result = site.build()
        #expect(result.succeeded, "\(result.printed)")
        for path in result.site.paths where path.hasSuffix(".html") && path != "404.html" {
            let html = result.text(path)
            #expect(!html.contains("href=\"/") && !html.contains("src=\"/"), "\(path)")
            for link in HTMLTree(parsing: html).links where !link.contains(":") {
                #expect(sitePath(of: link, from: path).map { result.site[$0] != nil } == true, "\(path) → \(link)")
            }
        }
    }
}
