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
                order, or the resolver it names under 'tokens: resolver:' with the contexts --input \
                chooses (each other modifier at its default), checks them and prints every token with \
                its type and resolved value, the alias it names, its description, its deprecation and \
                where it is written. Problems are printed as file:line:column diagnostics; the exit \
                status is 1 when there are errors.
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case table, json
        }

        @Option(help: "table (one token a line) or json (see the README for its shape).")
        var format: Format = .table

        @Option(name: .customLong("input"),
                help: ArgumentHelp("A context for one of the resolver's modifiers (repeatable); the others take their defaults.",
                                   valueName: "name=context"))
        var inputs: [String] = []

        /// `theme=dark` as its modifier and context; `nil` unless both are
        /// there, around one `=`.
        static func input(_ argument: String) -> (modifier: String, context: String)? {
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            let modifier = parts[0].trimmingCharacters(in: .whitespaces), context = parts[1].trimmingCharacters(in: .whitespaces)
            guard !modifier.isEmpty, !context.isEmpty, !context.contains("=") else { return nil }
            return (modifier, context)
        }

        func validate() throws {
            var seen: Set<String> = []
            for argument in inputs {
                guard let input = Self.input(argument) else {
                    throw ValidationError("--input '\(argument)' is not NAME=CONTEXT; write, say, --input theme=dark")
                }
                guard seen.insert(input.modifier.lowercased()).inserted else {
                    throw ValidationError("--input chooses a context for '\(input.modifier)' twice; give each modifier once")
                }
            }
        }

        func run() throws {
            let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            let folder = DiskSource(current)
            let (config, configProblems) = SiteConfig.load(from: folder)
            // Through a build session, as every command reads a site; one
            // that reads the build store (pages it knows are not parsed
            // again for `usedBy`) and writes nothing.
            let session = BuildSession(cacheDirectory: current.appendingPathComponent(".kumiki-cache", isDirectory: true),
                                       policy: .readOnly)
            let given = inputs.compactMap(Self.input)
            if !given.isEmpty && config.tokens.resolver == nil {
                DiagnosticPrinter.print(DiagnosticList(configProblems))
                printError("kumiki: error: --input chooses contexts of a resolver's modifiers, and \(SiteConfig.fileName) "
                    + "names no resolver; name one under 'tokens: resolver:'")
                throw ExitCode(1)
            }
            let tokens = session.tokens(config.tokens, configuration: folder, inputs: given)
            let diagnostics = DiagnosticList(configProblems + tokens.diagnostics)
            DiagnosticPrinter.print(diagnostics)
            // A context asked for and not found: the tokens printed would
            // not be the ones asked for, so none are.
            if !tokens.inputProblems.isEmpty {
                for problem in tokens.inputProblems {
                    let argument = Self.argument(for: problem, in: given)
                    printError("kumiki: error: " + (argument.map { "--input \($0): " } ?? "") + problem.message)
                }
                throw ExitCode(1)
            }
            if config.tokens.isEmpty && !diagnostics.hasErrors {
                printError("kumiki: note: \(SiteConfig.fileName) names no token files; list them under 'tokens: files:'")
            }
            switch format {
            case .table: print(Self.table(tokens.set.tokens, inputs: tokens.inputs, given: given), terminator: "")
            case .json:
                // The layout blocks of the pages (Content/, beside kumiki.yml)
                // that name each token: the map a build makes when it loads
                // the site.
                let usage = TokenUsage.read(content: DiskSource(current.appendingPathComponent("Content")), session: session)
                print(Self.json(tokens.set.tokens, inputs: tokens.inputs, usage: usage).written())
            }
            if diagnostics.hasErrors { throw ExitCode(1) }
        }

        /// The argument a problem is about, as the user wrote it.
        private static func argument(for problem: ResolverInputProblem, in given: [(modifier: String, context: String)]) -> String? {
            let modifier: String
            switch problem {
            case .noModifiers: return nil
            case .unknownModifier(let name, _, _): modifier = name
            case .unknownContext(let name, _, _, _): modifier = name
            }
            return given.first { $0.modifier.lowercased() == modifier.lowercased() }.map { "\($0.modifier)=\($0.context)" }
        }

        /// `{"inputs": {…}, "tokens": [...]}`: every modifier of the
        /// resolver with the context used (none while tokens come from
        /// files).
        static func json(_ tokens: [Token], inputs: ResolverInputs = ResolverInputs(), usage: TokenUsage = TokenUsage()) -> JSONValue {
            .object([
                "inputs": .object(Dictionary(inputs.choices.map { ($0.modifier, JSONValue.string($0.context)) },
                                             uniquingKeysWith: { first, _ in first })),
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
                        "usedBy": .array((usage.uses[token.name] ?? []).map { use in
                            .object(["path": .string(use.path), "line": .integer(use.line)])
                        }),
                    ])
                }),
            ])
        }

        /// One token a line: name, type, value, and what it aliases; first,
        /// when the tokens come from a resolver, a line of the context used
        /// for each modifier.
        static func table(_ tokens: [Token], inputs: ResolverInputs = ResolverInputs(),
                          given: [(modifier: String, context: String)] = []) -> String {
            var header = ""
            if !inputs.choices.isEmpty {
                let chosen = Set(given.map { $0.modifier.lowercased() })
                header = "inputs: " + inputs.choices.map { choice in
                    "\(choice.modifier)=\(choice.context)" + (chosen.contains(choice.modifier.lowercased()) ? "" : " (default)")
                }.joined(separator: ", ") + "\n"
            }
            let rows = tokens.map { token -> [String] in
                var value = token.value.shortText
                if let reference = token.references.first { value += "  ← \(reference.asWritten)" }
                if token.deprecation.isDeprecated {
                    value += "  (deprecated" + (token.deprecation.reason.map { ": \($0)" } ?? "") + ")"
                }
                return [token.name, token.type.rawValue, value]
            }
            guard !rows.isEmpty else { return header }
            let widths = (0..<2).map { column in rows.map { $0[column].count }.max() ?? 0 }
            return header + rows.map { row in
                row[0].padding(toLength: widths[0] + 2, withPad: " ", startingAt: 0)
                    + row[1].padding(toLength: widths[1] + 2, withPad: " ", startingAt: 0) + row[2]
            }.joined(separator: "\n") + "\n"
        }
    }
}
