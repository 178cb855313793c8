import Foundation
import Testing
@testable import KumikiSolver

/// The JSON interchange format behind `kumiki solve-system`.
@Suite struct ConstraintSystemFileTests {
    func parse(_ text: String) throws(ConstraintSystemFile.FormatError) -> ConstraintSystemFile {
        try ConstraintSystemFile(json: Data(text.utf8))
    }

    @Test func theIssueExampleSolvesStepByStep() throws {
        let system = try parse("""
            {"variables": ["W", "x0", "x1"],
             "constraints": [{"terms": [[1, "x1"], [-1, "x0"]], "constant": -10, "op": "==", "strength": "required"},
                             {"terms": [[1, "x1"], [-1, "W"]], "op": "==", "strength": "required"}],
             "edits": [{"variable": "W", "strength": "strong", "values": [400, 600.5]}]}
            """)
        #expect(system.constraints.count == 2)
        #expect(system.constraints[1].constant == 0)
        let outcome = system.solve()
        #expect(outcome == .solutions([["W": 400, "x0": 390, "x1": 400], ["W": 600.5, "x0": 590.5, "x1": 600.5]]))
        #expect(ConstraintSystemFile.json(for: outcome) == """
            {"solutions": [
            {"W": 400, "x0": 390, "x1": 400},
            {"W": 600.5, "x0": 590.5, "x1": 600.5}
            ]}

            """)
    }

    @Test func withoutEditsThereIsOneSolution() throws {
        let system = try parse(#"{"variables": ["b", "a"], "constraints": [{"terms": [[2, "a"]], "constant": -3, "op": ">=", "strength": 5}]}"#)
        #expect(system.constraints[0].strength == Strength(5))
        #expect(ConstraintSystemFile.json(for: system.solve()) == "{\"solutions\": [\n{\"a\": 1.5, \"b\": 0}\n]}\n")
    }

    @Test func unsatisfiableConstraintsAreReportedByIndex() throws {
        let system = try parse("""
            {"variables": ["a", "b"], "constraints": [
              {"terms": [[1, "a"]], "constant": -10, "op": "=="},
              {"terms": [[1, "b"]], "constant": -1, "op": "=="},
              {"terms": [[1, "a"]], "constant": -10, "op": "=="},
              {"terms": [[1, "a"]], "constant": -20, "op": "=="}]}
            """)
        let outcome = system.solve()
        #expect(outcome == .unsatisfiable(constraint: 3, conflicts: [0]))
        #expect(
            ConstraintSystemFile.json(for: outcome)
                == "{\"error\": {\"conflicts\": [0], \"constraint\": 3, \"kind\": \"unsatisfiable\"}}\n")
    }

    @Test(arguments: [
        ("[1, 2]", "the file: expected an object"),
        (#"{"variables": ["a"]}"#, "the file: missing key \"constraints\""),
        (#"{"variables": ["a"], "constraints": [{"terms": [[1, "b"]], "op": "=="}]}"#,
         "constraints[0].terms[0]: variable \"b\" is not in \"variables\""),
        (#"{"variables": ["a"], "constraints": [{"terms": [[1, "a"]], "op": "="}]}"#,
         "constraints[0].op: expected \"<=\", \"==\" or \">=\", found \"=\""),
        (#"{"variables": ["a"], "constraints": [{"terms": [["a", 1]], "op": "=="}]}"#,
         "constraints[0].terms[0][0]: expected a number"),
        (#"{"variables": ["a"], "constraints": [{"terms": [[1, "a"]], "op": "==", "strength": "huge"}]}"#,
         "constraints[0].strength: expected \"required\", \"strong\", \"medium\", \"weak\" or a number, found \"huge\""),
        (#"{"variables": ["a"], "constraints": [], "edits": [{"variable": "a", "strength": "required", "values": [1]}]}"#,
         "edits[0].strength: an edit variable cannot be required"),
        (#"{"variables": ["a", "b"], "constraints": [], "edits": [{"variable": "a", "values": [1]}, {"variable": "b", "values": [1, 2]}]}"#,
         "edits[1].values: has 2 values but edits[0] has 1; every edit needs one value per step"),
        (#"{"variables": ["a", "a"], "constraints": []}"#, "variables[1]: \"a\" is declared twice"),
        ("{", "not valid JSON"),
        // A misspelt key must not pass as absent: "stregth" left the
        // constraint required, and "edit" dropped the steps.
        (#"{"variables": ["a"], "constraints": [{"terms": [[1, "a"]], "op": "==", "stregth": "weak"}]}"#,
         "constraints[0]: unknown key \"stregth\"; the keys are \"terms\", \"constant\", \"op\", \"strength\""),
        (#"{"variables": ["a"], "constraints": [], "edit": [{"variable": "a", "values": [1, 2]}]}"#,
         "the file: unknown key \"edit\"; the keys are \"variables\", \"constraints\", \"edits\""),
        (#"{"variables": ["a"], "constraints": [], "edits": [{"variable": "a", "values": [1], "weight": 2}]}"#,
         "edits[0]: unknown key \"weight\"; the keys are \"variable\", \"strength\", \"values\""),
    ])
    func malformedFilesGetAClearMessage(text: String, message: String) {
        #expect(throws: ConstraintSystemFile.FormatError(message)) { try parse(text) }
    }

    @Test func numbersPrintAsShortJSON() {
        #expect(ConstraintSystemFile.formatNumber(400) == "400")
        #expect(ConstraintSystemFile.formatNumber(-0.0) == "0")
        #expect(ConstraintSystemFile.formatNumber(0.1) == "0.1")
        #expect(ConstraintSystemFile.formatNumber(-2.5) == "-2.5")
        #expect(ConstraintSystemFile.formatNumber(1e300) == "1e+300")
        #expect(ConstraintSystemFile.formatNumber(.infinity) == "null")
    }

    @Test func namesAreEscapedAndSorted() {
        let json = ConstraintSystemFile.json(for: .solutions([["b\"q": 1, "a\n": 2, "é": 3]]))
        #expect(json == "{\"solutions\": [\n{\"a\\n\": 2, \"b\\\"q\": 1, \"é\": 3}\n]}\n")
    }

    /// The same escaping as `String.jsonStringLiteral` in KumikiSupport,
    /// which the solver does not depend on.
    @Test func everyControlCharacterInANameIsEscaped() {
        #expect(ConstraintSystemFile.quote("\u{00}\u{08}\u{0C}\u{1F}\r\n\t\\") == #""\u0000\b\f\u001f\r\n\t\\""#)
        for value in 0..<0x20 {
            let quoted = ConstraintSystemFile.quote(String(Character(Unicode.Scalar(UInt8(value)))))
            #expect(quoted.unicodeScalars.allSatisfy { $0.value >= 0x20 })
        }
    }

    @Test func namesOutsideTheBasicPlaneAreWrittenAsThemselves() throws {
        #expect(ConstraintSystemFile.quote("𠮷👍🏽") == "\"𠮷👍🏽\"")
        let data = Data(ConstraintSystemFile.quote("a\r\nb\u{7F}𠮷").utf8)
        #expect(try JSONDecoder().decode(String.self, from: data) == "a\r\nb\u{7F}𠮷")
    }
}
