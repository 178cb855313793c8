import Testing
import KumikiSupport
@testable import KumikiLayout
import KumikiLayoutLanguage

/// How the engine spreads a block's systems over the cores: whichever
/// thread takes a job, and however late a helper comes, each job runs once
/// and the results come back in order.
@Suite struct CallerFirstMapTests {
    @Test func everyIndexIsTransformedOnceAndTheResultsKeepTheirOrder() {
        let calls = LockedValue<[Int]>([])
        let squares = callerFirstMap(40) { index in
            calls.withValue { $0.append(index) }
            return index * index
        }
        #expect(squares == (0..<40).map { $0 * $0 })
        #expect(calls.current.sorted() == Array(0..<40))
    }

    @Test func noJobsAndOneJobNeedNoHelper() {
        #expect(callerFirstMap(0) { $0 }.isEmpty)
        #expect(callerFirstMap(1) { $0 + 7 } == [7])
    }

    @Test func aBlockWithVariantsSolvesTheSameOnOneCoreAndOnSeveral() throws {
        let text = """
            label heading "Settings" "設定"
            image hero "Picture" "画像"
            button save "Save" "保存"
            heading.top = safe.top + 16
            heading.leading = margins.leading
            hero.top = heading.bottom + 12
            hero.centerX = safe.centerX
            hero.width = 0.6 * safe.width @750
            hero.aspect = 16:9
            save.top = hero.bottom + 12
            save.centerX = safe.centerX
            when width is regular {
              hero.width = 0.4 * safe.width @750
            }
            when landscape and phone {
              hide hero
              save.top = heading.bottom + 12
            }
            """
        let parsed = try #require(program(text), "\(diagnostics(text))")
        var serial = engine
        serial.solvesConcurrently = false
        let onOneCore = serial.solve(parsed)
        for _ in 0..<5 {
            let onSeveral = engine.solve(parsed)
            #expect(onSeveral.environments == onOneCore.environments)
            #expect(onSeveral.problems == onOneCore.problems)
        }
        #expect(Set(onOneCore.environments.map(\.activeVariants)).count == 4)
    }
}
