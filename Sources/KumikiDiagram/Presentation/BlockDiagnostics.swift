import KumikiLayout
import KumikiLayoutLanguage
import KumikiSupport

extension BlockSolution {
    /// The block's problems in words, in the compiler format's terms: what
    /// the build, `kumiki check`, `kumiki render` and the playground report.
    public var diagnostics: [Diagnostic] {
        problems.map { $0.diagnostic(in: kind) }
    }
}

extension BlockProblem {
    /// The problem as a diagnostic; required conflicts are warnings in a
    /// `layout dont` block, which shows them on purpose.
    public func diagnostic(in kind: LayoutBlockKind) -> Diagnostic {
        uncodedDiagnostic(in: kind).coded(.code(.block, naming: self))
    }

    private func uncodedDiagnostic(in kind: LayoutBlockKind) -> Diagnostic {
        switch self {
        case .setting(let problem):
            return problem.diagnostic
        case .tooManyViewEnvironments(let items, let environments, let location):
            return .error(LayoutLimitViolation.tooManyViewEnvironments(items: items, environments: environments).message, at: location)
        case .requiredConflict(let constraint, let conflicts, let withEnvironment, let environments, let total):
            var notes = conflicts.map { Diagnostic.note("it conflicts with '\($0.text)'", at: $0.location) }
            if withEnvironment {
                notes.append(.note("it conflicts with the environment's screen, safe area, margins or text size", at: constraint.location))
            }
            let message = "unable to simultaneously satisfy constraints \(Self.where_(environments, total)); broke '\(constraint.text)'"
            return kind == .dont
                ? .warning(message, at: constraint.location, notes: notes) : .error(message, at: constraint.location, notes: notes)
        case .solvedOutOfRange(let view, let attribute, let value, let environments, let total, let location):
            let violation = LayoutLimitViolation.solvedOutOfRange(
                view: view, attribute: attribute, value: value, environments: Self.where_(environments, total))
            return .error(violation.message, at: location)
        case .ambiguous(let view, let attributes, let environments, let total, let location):
            return .warning(
                "the \(attributes.joined(separator: ", ")) of '\(view)' \(attributes.count == 1 ? "is" : "are") not determined by its constraints \(Self.where_(environments, total)); Kumiki's tie-break placed it at the safe area's top-leading corner",
                at: location)
        case .doBlockWithFindings(let kinds, let environments, let total, let location):
            return .warning(
                "a 'layout do' block should pass every guideline check, but it has findings (\(kinds.joined(separator: ", "))) \(Self.where_(environments, total))",
                at: location)
        case .dontBlockWithoutFindings(let location):
            return .warning(
                "a 'layout dont' block should show a problem, but it passes every guideline check in every environment", at: location)
        }
    }

    /// "in all 20 environments" or "in 3 of 20 environments (a, b, c)".
    static func where_(_ ids: [String], _ total: Int) -> String {
        if ids.count == total && total > 1 { return "in all \(total) environments" }
        let shown = ids.prefix(4).joined(separator: ", ") + (ids.count > 4 ? ", …" : "")
        return "in \(ids.count) of \(total) environment\(total == 1 ? "" : "s") (\(shown))"
    }
}
