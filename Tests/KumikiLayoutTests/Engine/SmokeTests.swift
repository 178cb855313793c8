import Testing
import KumikiDiagnostics
@testable import KumikiLayout

@Suite struct SmokeTests {
    @Test func heroExample() throws {
        let text = """
        title: Button 8 pt below a centred image | 画像の 8pt 下に中央揃えのボタン
        image hero "Image" "画像"
        button go "Continue" "続ける"

        hero.top = safe.top + 24
        hero.centerX = safe.centerX
        hero.width = 0.6 * safe.width @750
        hero.width <= 400
        hero.aspect = 4:3
        go.centerX = hero.centerX
        go.top = hero.bottom + 8

        when width is regular {
          hero.width = 0.4 * safe.width @750
        }
        """
        let parsed = parseLayoutBlock(LayoutBlockSource(text: text, firstLine: SourceLocation(file: "t.md", line: 1)))
        for d in parsed.1 { print(d) }
        let p = try #require(parsed.0)
        let solution = engine.solve(p)
        for d in solution.diagnostics { print(d) }
        for e in solution.environments.prefix(6) {
            print(e.environment.id, e.frames["hero"]!, e.frames["go"]!, e.broken.map(\.text), e.ambiguous, e.findings.map(\.kind))
        }
        print(solution.environments.count)
    }
}
