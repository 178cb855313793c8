import Foundation
import Testing
import KumikiSupport
@testable import KumikiLayout
import KumikiDiagram
@testable import KumikiLayoutLanguage

/// Every documented bound of the layout language (`LayoutLimits`): a block at
/// the bound is read without an error, one unit past it gets the exact
/// located error.
@Suite struct LayoutLimitTests {
    private func errors(_ text: String) -> [String] {
        diagnostics(text).filter { $0.contains(": error: ") }
    }

    // MARK: Numbers

    @Test func aNumberAtTheLargestIsRead() {
        #expect(errors("view v\nv.width = 100000\nv.height = 100000% v.width") == [])
    }

    @Test func aNumberPastTheLargestIsAnErrorAtTheNumber() {
        #expect(errors("view v\nv.width = 100001") == [
            "2:11: error: the number 100001 is too large; numbers in a layout block are at most 100000",
        ])
    }

    /// The number that used to end every command with "Illegal instruction".
    @Test func aNumberPastWhatAnIntegerHoldsIsAnErrorNotACrash() {
        #expect(errors("view v\nv.width = 100000000000000000000") == [
            "2:11: error: the number 10000000000000000000… is too large; numbers in a layout block are at most 100000",
        ])
        let digits = String(repeating: "9", count: 400)  // Double reads this as infinity
        #expect(errors("view v\nv.width = \(digits)").count == 1)
    }

    @Test func aNumberAtTheSmallestIsRead() {
        #expect(errors("view v\nv.width = 0.0001\nv.height = 0") == [])
    }

    @Test func aNumberBelowTheSmallestIsAnError() {
        #expect(errors("view v\nv.width = 0.00009") == [
            "2:11: error: the number 0.00009 is too small; numbers other than 0 are at least 0.0001",
        ])
    }

    @Test func aFractionOutOfRangeIsAnErrorAtItsNumerator() {
        #expect(errors("view v\nv.width = 100000/0.5") == [
            "2:11: error: '100000/0.5' is too large; values in a layout block are at most 100000",
        ])
        #expect(errors("view v\nv.width = 2/100000 * safe.width") == [
            "2:11: error: '2/100000' is too small; values other than 0 are at least 0.0001",
        ])
        #expect(errors("view v\nv.aspect = 100000:0.5") == [
            "2:12: error: '100000:0.5' is too large; values in a layout block are at most 100000",
        ])
    }

    @Test func prioritiesRunFrom1To1000() {
        #expect(errors("view v\nv.width = 10 @1000\nv.height = 10 @1") == [])
        #expect(errors("view v\nv.width = 10 @1001") == [
            "2:15: error: a priority is a whole number from 1 to 1000, found '1001'",
        ])
        #expect(errors("view v\nv.width = 10 @0") == [
            "2:15: error: a priority is a whole number from 1 to 1000, found '0'",
        ])
    }

    // MARK: Names and lines

    @Test func aNameAtTheLongestIsRead() {
        let name = String(repeating: "a", count: 64)
        #expect(errors("view \(name)\n\(name).width = 10") == [])
    }

    @Test func aNamePastTheLongestIsAnErrorAtTheName() {
        let name = String(repeating: "a", count: 65)
        #expect(errors("view \(name)") == [
            "1:6: error: the name 'aaaaaaaaaaaaaaaa…' has 65 characters; names have at most 64",
        ])
    }

    /// The misspelt 20,000-character identifier that cost 6 s and 3 GB in
    /// the "did you mean" search: now refused by its line's length, and a
    /// shorter one by its own, in no time.
    @Test func aVeryLongMisspeltNameCostsNothing() {
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(errors("view v\nv.\(String(repeating: "widht", count: 4_000)) = 10") == [
                "2:501: error: this line has 20007 characters; a line of a layout block has at most 500",
            ])
            #expect(errors("view v\nv.\(String(repeating: "widht", count: 90)) = 10") == [
                "2:3: error: the name 'widhtwidhtwidhtw…' has 450 characters; names have at most 64",
            ])
        }
        #expect(elapsed < .seconds(2))
    }

    @Test func aLineAtTheLongestIsRead() {
        let line = "v.width = 10"
        let padded = line + String(repeating: " ", count: 500 - line.count - 2) + "#x"
        #expect(padded.count == 500)
        #expect(errors("view v\n\(padded)") == [])
    }

    @Test func aLinePastTheLongestIsAnErrorAtItsFirstExtraCharacter() {
        let line = "v.width = 10"
        let padded = line + String(repeating: " ", count: 501 - line.count - 2) + "#x"
        #expect(errors("view v\n\(padded)") == [
            "2:501: error: this line has 501 characters; a line of a layout block has at most 500",
        ])
    }

    // MARK: Block size

    private func declarations(_ count: Int) -> [String] {
        (1...count).map { "view v\($0)" }
    }

    @Test func aBlockAtTheMostViewsIsRead() {
        #expect(errors(declarations(199).joined(separator: "\n") + "\nguide g") == [])
    }

    @Test func theViewPastTheMostIsAnErrorAndEndsTheBlock() {
        let text = (declarations(200) + ["guide g", "v1.width = 10 extra"]).joined(separator: "\n")
        #expect(errors(text) == [
            "201:1: error: a block declares at most 200 views and guides; split it into smaller blocks (the rest of the block is not read)",
        ])
    }

    private func constraints(_ count: Int) -> [String] {
        (1...count).map { "v.width >= \($0)" }
    }

    @Test func aBlockAtTheMostConstraintsIsRead() {
        #expect(errors((["view v"] + constraints(1000)).joined(separator: "\n")) == [])
    }

    @Test func theConstraintPastTheMostIsAnErrorAndEndsTheBlock() {
        #expect(errors((["view v"] + constraints(1001) + ["v.width = 1 junk"]).joined(separator: "\n")) == [
            "1002:1: error: a block states at most 1000 constraints; split it into smaller blocks (the rest of the block is not read)",
        ])
    }

    @Test func stackedViewsAndExpandedAnchorsCountAsConstraints() {
        // `edges` is four constraints; the stack of two counts two.
        let text = (["view v", "view w", "stack s V [v, w]", "v.edges = safe.edges"] + constraints(994)).joined(separator: "\n")
        #expect(errors(text) == [])
        let over = (["view v", "view w", "stack s V [v, w]", "v.edges = safe.edges"] + constraints(995)).joined(separator: "\n")
        #expect(errors(over) == [
            "999:1: error: a block states at most 1000 constraints; split it into smaller blocks (the rest of the block is not read)",
        ])
    }

    // MARK: Work

    private func environmentsBlock(views: Int) -> String {
        (["devices: all", "orientations: all", "splits: all", "textSizes: all"] + (1...views).map { "view v\($0)" }
            + (1...views).map { "v\($0).edges = safe.edges" }).joined(separator: "\n")
    }

    @Test func aBlockAtTheMostViewEnvironmentsIsSolved() throws {
        let block = try #require(program(environmentsBlock(views: 1)))
        let count = engine.environments(for: block).environments.count
        #expect(count > 1_000)
        let most = LayoutLimits.maximumViewEnvironments / count
        let atLimit = try #require(program(environmentsBlock(views: most)))
        #expect(engine.solve(atLimit).diagnostics.filter { $0.severity == .error }.isEmpty)
    }

    @Test func aBlockPastTheMostViewEnvironmentsIsAnErrorAtItsLastEnvironmentLine() throws {
        let block = try #require(program(environmentsBlock(views: 1)))
        let count = engine.environments(for: block).environments.count
        let over = LayoutLimits.maximumViewEnvironments / count + 1
        let tooLarge = try #require(program(environmentsBlock(views: over), line: 10))
        let solution = engine.solve(tooLarge)
        #expect(solution.environments.isEmpty)
        #expect(solution.diagnostics.map(\.description) == [
            "test.md:13:1: error: \(over) views and guides in \(count) environments are \(over * count) to solve; a block has at most 20000: "
                + "choose fewer devices, orientations, splits or text sizes, or split the block",
        ])
    }

    @Test func aChainOfMultipliersPastWhatADiagramShowsIsAnErrorAtTheView() throws {
        let text = """
            devices: iphone-se-1
            orientations: portrait
            view a
            view b
            view c
            a.width = 1000
            b.width = 1000 * a.width
            c.width = 1000 * b.width
            a.top = safe.top
            b.top = a.bottom
            c.top = b.bottom
            a.leading = safe.leading
            b.leading = safe.leading
            c.leading = safe.leading
            a.height = 10
            b.height = 10
            c.height = 10
            """
        let solution = engine.solve(try #require(program(text, line: 10)))
        #expect(solution.diagnostics.filter { $0.severity == .error }.map(\.description) == [
            "test.md:14:1: error: 'c' is solved to a width of 1000000000 pt in 1 of 1 environment (iphone-se-1/portrait), "
                + "past the 1000000 pt a diagram can show; check the multipliers and constants that lead to it",
        ])
    }

    @Test func overlapsStopAtTheMostPerEnvironment() throws {
        func overlaps(_ count: Int) throws -> [Int] {
            let text = (["devices: iphone-se-1", "orientations: portrait"] + (1...count).map { "label v\($0) \"V\"" }
                + (1...count).map { "v\($0).edges = safe.edges" }).joined(separator: "\n")
            let solution = engine.solve(try #require(program(text)))
            return solution.environments.map { $0.findings.filter { $0.kind == .overlap }.count }
        }
        // 10 views on one spot overlap in 45 pairs, 11 in 55.
        #expect(try overlaps(10) == [45])
        #expect(try overlaps(11) == [50])
    }

    @Test func aStackAtTheMostViewsIsRead() {
        let names = (1...20).map { "v\($0)" }
        #expect(errors((names.map { "label \($0)" } + ["stack s V [\(names.joined(separator: ", "))]"]).joined(separator: "\n")) == [])
    }

    @Test func theViewPastTheMostInAStackIsAnErrorAtThatView() {
        let names = (1...21).map { "v\($0)" }
        let stack = "stack s V [\(names.joined(separator: ", "))]"
        let column = stack.range(of: "v21").map { stack.distance(from: stack.startIndex, to: $0.lowerBound) + 1 } ?? 0
        #expect(errors((names.map { "label \($0)" } + [stack]).joined(separator: "\n")) == [
            "22:\(column): error: a stack holds at most 20 views",
        ])
    }
}
