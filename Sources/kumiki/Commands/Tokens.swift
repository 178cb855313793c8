import ArgumentParser
import Foundation
import KumikiSupport
import KumikiSite
import KumikiTokens

extension Kumiki {
    struct Tokens: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the site's design tokens, resolved.",
            discussion: """
                Reads the DTCG 2025.10 token files kumiki.yml names under 'tokens: files:', merged in \
                order, checks them and prints every token with its type and resolved value, the alias \
                it names, its description, its deprecation and where it is written. Problems are \
                printed as file:line:column diagnostics; the exit status is 1 when there are errors.
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case table, json
        }

        @Option(help: "table (one token a line) or json (see the README for its shape).")
        var format: Format = .table

        func run() throws {
            let folder = DiskSource(URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            let (config, configProblems) = SiteConfig.load(from: folder)
            // Through a build session, as every command reads a site; one
            // that keeps nothing, since this command writes nothing.
            let session = BuildSession(cacheDirectory: nil, policy: .off)
            let tokens = session.tokens(config.tokens, configuration: folder)
            let diagnostics = DiagnosticList(configProblems + tokens.diagnostics)
            DiagnosticPrinter.print(diagnostics)
            if config.tokens.files.isEmpty && !diagnostics.hasErrors {
                printError("kumiki: note: \(SiteConfig.fileName) names no token files; list them under 'tokens: files:'")
            }
            switch format {
            case .table: print(Self.table(tokens.set.tokens), terminator: "")
            case .json: print(Self.json(tokens.set.tokens).written())
            }
            if diagnostics.hasErrors { throw ExitCode(1) }
        }

        /// `{"inputs": {}, "tokens": [...]}`: the inputs are the resolver's
        /// modifiers, none while tokens come from files.
        static func json(_ tokens: [Token]) -> JSONValue {
            .object([
                "inputs": .object([:]),
                "tokens": .array(tokens.map { token in
                    .object([
                        "name": .string(token.name),
                        "type": .string(token.type.rawValue),
                        "value": token.value.jsonValue,
                        "alias": token.alias.map(JSONValue.string) ?? .null,
                        "description": token.description.map(JSONValue.string) ?? .null,
                        "description_ja": token.japaneseDescription.map(JSONValue.string) ?? .null,
                        "deprecated": token.deprecation.jsonValue,
                        "file": .string(token.location.file),
                        "line": .integer(token.location.line),
                    ])
                }),
            ])
        }

        /// One token a line: name, type, value, and what it aliases.
        static func table(_ tokens: [Token]) -> String {
            let rows = tokens.map { token -> [String] in
                var value = token.value.shortText
                if let alias = token.alias { value += "  ← {\(alias)}" }
                if token.deprecation.isDeprecated {
                    value += "  (deprecated" + (token.deprecation.reason.map { ": \($0)" } ?? "") + ")"
                }
                return [token.name, token.type.rawValue, value]
            }
            guard !rows.isEmpty else { return "" }
            let widths = (0..<2).map { column in rows.map { $0[column].count }.max() ?? 0 }
            return rows.map { row in
                row[0].padding(toLength: widths[0] + 2, withPad: " ", startingAt: 0)
                    + row[1].padding(toLength: widths[1] + 2, withPad: " ", startingAt: 0) + row[2]
            }.joined(separator: "\n") + "\n"
        }
    }
}
