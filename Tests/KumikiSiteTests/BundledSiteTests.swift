import Foundation
import KumikiSite
import Testing
import KumikiTestSupport

/// The repository's own `Content/` built with its own `Templates/`: the site
/// `make site` publishes.
@Suite struct BundledSiteTests {
    private let result = SiteBuilder(options: BuildOptions(
        contentDirectory: Repository.content, templatesDirectory: Repository.templates,
        configDirectory: Repository.root)).build()

    private var htmlPages: [String] { result.site.paths.filter { $0.hasSuffix(".html") } }

    @Test func buildsWithoutErrors() {
        #expect(result.succeeded, "\(result.printed)")
        #expect(result.errors.isEmpty)
        #expect(result.pageCount >= 1)
    }

    @Test func writesTheHomePageEveryPageThe404PageAndTheAssets() {
        for path in ["index.html", "adaptivity/index.html", "404.html", "assets/kumiki.css", "assets/kumiki.js"] {
            #expect(result.site[path] != nil, "missing \(path)")
        }
    }

    @Test func writesNoSitemapWithoutABaseURL() {
        #expect(result.site["sitemap.xml"] == nil)
    }

    @Test func everyRowHasAnEnglishChildThenAJapaneseChild() {
        let tree = HTMLTree(parsing: result.text("adaptivity/index.html"))
        let rows = tree.elements(class: "bi-row")
        #expect(rows.count > 3)
        for row in rows {
            #expect(row.children.map(\.lang) == ["en", "ja"], "\(row.attributes)")
        }
        #expect(tree.elements(class: "bi-row").contains { $0.classes == ["bi-row", "bi-heading"] })
    }

    @Test func everyPageIsBalancedMarkup() {
        for path in htmlPages {
            #expect(HTMLTree(parsing: result.text(path)).problems == [], "\(path)")
        }
    }

    @Test func everyInternalLinkIsRelativeAndLeadsToAFileOfTheSite() {
        for path in htmlPages where path != "404.html" {
            let html = result.text(path)
            #expect(!html.contains("href=\"/"), "\(path) has a root-relative href")
            #expect(!html.contains("src=\"/"), "\(path) has a root-relative src")
            for link in HTMLTree(parsing: html).links where !link.contains(":") {
                let target = sitePath(of: link, from: path)
                #expect(target.map { result.site[$0] != nil } == true, "\(path) links to \(link), which is not in the site")
            }
        }
    }

    @Test func thePageCarriesItsTitleInBothLanguages() {
        let html = result.text("adaptivity/index.html")
        #expect(html.contains("<span lang=\"en\">Adaptivity and layout</span> <span lang=\"ja\">適応性とレイアウト</span>"))
        #expect(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1, viewport-fit=cover\">"))
    }

    @Test func theHomePageLinksToEveryPage() {
        let links = HTMLTree(parsing: result.text("index.html")).links
        #expect(links.contains("adaptivity/index.html"))
    }
}
