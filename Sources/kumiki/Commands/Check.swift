import ArgumentParser
import Foundation
import KumikiSupport
import KumikiSite

extension Kumiki {
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check the site without writing it.",
            discussion: """
                Runs everything the build checks (front matter, links and anchors, images, \
                translation coverage, layout blocks) and writes nothing. Exit status: 0 when \
                clean, 1 on errors, 2 on warnings with --strict.
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json
        }

        @OptionGroup var site: SiteOptions

        @Flag(help: "Exit with status 2 when there are warnings.")
        var strict = false

        @Option(help: "text (compiler format, on standard error) or json (on standard output).")
        var format: Format = .text

        func run() throws {
            let result = site.checkedBuild()
            let diagnostics = result.diagnostics
            switch format {
            case .text:
                DiagnosticPrinter.print(diagnostics)
                // History was expected but is not there (outside git, a
                // shallow clone): said once, never an error or a warning.
                if let note = result.historyNote { printError("kumiki: note: \(note)") }
                let errors = diagnostics.errorCount, warnings = diagnostics.warningCount
                print("\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"); "
                    + "\(result.coverage.percent)% translated")
            case .json:
                print(Self.json(diagnostics))
            }
            if diagnostics.hasErrors { throw ExitCode(1) }
            if strict && diagnostics.warningCount > 0 { throw ExitCode(2) }
        }

        /// `[{"path", "line", "column", "end_line", "end_column", "severity",
        /// "code", "message", "suggestions"}]`, notes as items of their own
        /// right after the diagnostic they explain, with its code; the shape is described
        /// in the README ("kumiki check --format json").
        static func json(_ diagnostics: DiagnosticList) -> String {
            // A note is about its diagnostic's rule and carries its code.
            let items = diagnostics.sorted.flatMap { diagnostic in
                [diagnostic] + diagnostic.notes.map { note in diagnostic.code.map { note.coded($0) } ?? note }
            }.map { item in
                let end = item.end ?? item.location
                return JSONValue.object([
                    "path": .string(item.location?.file ?? ""),
                    "line": .integer(item.location?.line ?? 0),
                    "column": .integer(item.location?.column ?? 0),
                    "end_line": .integer(end?.line ?? 0),
                    "end_column": .integer(end?.column ?? 0),
                    "severity": .string(item.severity.rawValue),
                    "code": item.code.map { .string($0.rawValue) } ?? .null,
                    "message": .string(item.message),
                    "suggestions": .array(item.suggestions.map { edit in
                        .object([
                            "line": .integer(edit.start.line), "column": .integer(edit.start.column),
                            "end_line": .integer(edit.end.line), "end_column": .integer(edit.end.column),
                            "text": .string(edit.text),
                        ])
                    }),
                ])
            }
            return JSONValue.array(items).written(expandedLevels: 1)
        }
    }
}
