import Foundation
import KumikiLayout
import KumikiLayoutLanguage
import KumikiSite
import KumikiSupport
import KumikiTestSupport
import Testing

/// The bound a page's layout blocks share: at most 40,000 views and guides
/// times environments over all of them, so that blocks each within their
/// own bounds cannot add up to minutes of solving.
@Suite struct PageBlockBudgetTests {
    @Test func blocksUpToTheMostViewEnvironmentsOfAPageAreAdmitted() {
        var budget = PageBlockBudget()
        #expect(budget.admit(20_000) == nil)
        #expect(budget.admit(20_000) == nil)
        #expect(budget.viewEnvironments == LayoutLimits.maximumViewEnvironmentsPerPage)
    }

    @Test func theBlockOneViewEnvironmentPastThePageIsRefused() {
        var budget = PageBlockBudget()
        _ = budget.admit(20_000)
        _ = budget.admit(19_999)
        #expect(budget.admit(2) == """
            this block's views and guides times its environments are 2, which brings the page to 40001; a page solves \
            at most 40000: split the page, or choose fewer devices, orientations, splits or text sizes
            """)
        #expect(budget.viewEnvironments == 39_999)
        #expect(budget.admit(1) == nil, "a smaller block after it still fits")
    }

    @Test func aBlockPastTheBoundOfOneBlockCostsThePageNothing() {
        var budget = PageBlockBudget()
        #expect(budget.admit(20_001) == nil)
        #expect(budget.viewEnvironments == 0)
    }

    @Test func aLayoutBlockCostsItsViewsAndGuidesTimesItsEnvironments() {
        let handler = LayoutBlockHandler(catalog: .bundled())
        let block = FencedBlock(
            info: "layout", text: "devices: iphone-se-1\norientations: all\nview a\nlabel b \"B\" \"ビー\"\nguide g\n",
            start: SourceLocation(file: "a.md", line: 1), firstLine: SourceLocation(file: "a.md", line: 2), index: 1)
        let environments = handler.engine.environments(for: LayoutLanguage.parse(LayoutBlockSource(
            text: block.text, firstLine: block.firstLine, kind: .layout)).program!).environments.count
        #expect(environments > 1)
        #expect(handler.cost(of: block) == 3 * environments)
        #expect(handler.handler.prepare(block).cost == 3 * environments)
    }

    @Test func aBlockThatDoesNotParseCostsNothing() {
        let block = FencedBlock(
            info: "layout", text: "view a\na.width = = 3\n", start: SourceLocation(file: "a.md", line: 1),
            firstLine: SourceLocation(file: "a.md", line: 2), index: 1)
        #expect(LayoutBlockHandler(catalog: .bundled()).cost(of: block) == 0)
    }

    /// A handler that costs `work` per block and draws nothing, so a build
    /// can reach the page's bound without solving anything.
    private func costly(_ work: Int) -> FencedBlockHandler {
        FencedBlockHandler(name: "layout", cost: { _ in work }) { block in
            FencedBlockOutput(html: "<p>block \(block.index)</p>\n")
        }
    }

    @Test func aBuildRefusesTheBlockPastThePageAtItsFenceAndShowsItAsCode() throws {
        let block = "```layout\nview v\n```\n\n"
        let site = try TemporarySite(["a.md": page(["title: A"], String(repeating: block, count: 3))])
        let options = BuildOptions(contentDirectory: site.content, templatesDirectory: Repository.templates, configDirectory: site.root)
        let result = SiteBuilder(options: options, handlers: [costly(15_000)]).build()
        // Three lines of front matter and a blank, then four lines per block.
        #expect(result.printed == [
            "\(site.displayPath("a.md")):13:1: error: this block's views and guides times its environments are 15000, which brings "
                + "the page to 45000; a page solves at most 40000: split the page, or choose fewer devices, orientations, splits or text sizes",
        ])
        let budgetOK = SiteBuilder(options: options, handlers: [costly(13_333)]).build()
        #expect(budgetOK.errors.isEmpty, "\(budgetOK.printed)")
        #expect(budgetOK.text("a/index.html").contains("<p>block 3</p>"))
    }
}
