import Foundation
import Testing
import KumikiSupport

/// Codes name rules stably: a family and a rule in lower case with hyphens,
/// taken from a typed problem's case, and kept through the build cache.
@Suite struct DiagnosticCodeTests {
    enum Problem {
        case unknownViewKind(String, suggestion: String?)
        case titleInVariant
    }

    enum Kind: String {
        case touchTarget = "touch-target"
    }

    @Test func aTypedProblemIsNamedByItsCase() {
        #expect(DiagnosticCode.code(.layout, naming: Problem.unknownViewKind("buton", suggestion: "button")).rawValue
            == "layout.unknown-view-kind")
        #expect(DiagnosticCode.code(.layout, naming: Problem.titleInVariant).rawValue == "layout.title-in-variant")
    }

    @Test func aKindWithARawValueIsNamedByIt() {
        #expect(DiagnosticCode.code(.finding, naming: Kind.touchTarget).rawValue == "finding.touch-target")
    }

    @Test func aMisspeltWordIsTheRangeAndItsSuggestionsTheEdits() {
        let start = SourceLocation(file: "Content/a.md", line: 3, column: 5)
        let diagnostic = Diagnostic.error("unknown anchor 'wdith'", at: start, code: DiagnosticCode(.layout, "unknown-anchor"))
            .spanning(5, replacements: ["width"])
        #expect(diagnostic.end == SourceLocation(file: "Content/a.md", line: 3, column: 10))
        #expect(diagnostic.suggestions == [SuggestedEdit(replacing: start, through: diagnostic.end!, with: "width")])
        // The compiler format is what it was.
        #expect(diagnostic.description == "Content/a.md:3:5: error: unknown anchor 'wdith'")
    }

    @Test func aStageNamesTheRuleOnlyOfDiagnosticsWithoutOne() {
        let named = Diagnostic.error("x", at: nil, code: .unknownAnchor)
        #expect(named.coded(.site).code == .unknownAnchor)
        #expect(Diagnostic.error("x", at: nil).coded(.site).code == .site)
    }

    @Test func aDiagnosticStoredBeforeCodesExistedStillReads() throws {
        let stored = #"{"severity":"warning","message":"w","notes":[]}"#
        let diagnostic = try JSONDecoder().decode(Diagnostic.self, from: Data(stored.utf8))
        #expect(diagnostic == Diagnostic.warning("w", at: nil))
        let roundTrip = Diagnostic.error("e", at: SourceLocation(file: "a.md", line: 1), code: .unknownAnchor).spanning(2, replacements: ["ab"])
        #expect(try JSONDecoder().decode(Diagnostic.self, from: JSONEncoder().encode(roundTrip)) == roundTrip)
    }
}
