import Foundation
@testable import KumikiSite
import Testing
import KumikiTestSupport

/// Loading parses every page for the site's index; only the first pages,
/// up to a budget of Markdown bytes, keep their trees until they are
/// rendered, so a build's memory does not grow with the trees of the whole
/// site. The others are parsed again, to the same tree.
@Suite struct ParsedTreeBudgetTests {
    @Test func pagesKeepTheirTreesUntilTheBudgetIsSpent() {
        #expect(PageLoader.keptTrees(sizes: [10, 10, 10, 10], budget: 25) == [true, true, false, false])
        #expect(PageLoader.keptTrees(sizes: [30, 1], budget: 25) == [false, false])
        #expect(PageLoader.keptTrees(sizes: [], budget: 25) == [])
        #expect(PageLoader.keptTrees(sizes: [5, 5], budget: 10) == [true, true])
    }

    @Test func aPageParsedAgainHasTheSameTreeAndRows() throws {
        let site = try TemporarySite([
            "a.md": page(["title: A"], bilingualParagraph("Alpha **strong**.", "アルファ**強調**。") + "## Usage\n\n## 使い方\n"),
            "b.md": page(["title: B"], bilingualParagraph("Beta.", "ベータ。")),
        ])
        func load(budget: Int64) -> [Page] {
            var loader = PageLoader(source: DiskSource(site.content, displayPath: "Content"), includeDrafts: false)
            loader.parsedMarkdownBudget = budget
            return loader.load().pages
        }
        let kept = load(budget: .max), reparsed = load(budget: 0)
        #expect(kept.count == 2)
        for (first, second) in zip(kept, reparsed) {
            #expect(first.headings == second.headings)
            #expect(String(describing: first.segments) == String(describing: second.segments))
        }
        #expect(site.build().succeeded)
    }
}
