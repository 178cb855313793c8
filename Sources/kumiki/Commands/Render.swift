import ArgumentParser
import Foundation
import KumikiSupport
import KumikiDiagram
import KumikiLayout
import KumikiLayoutLanguage
import KumikiMarkdown
import KumikiSite

extension Kumiki {
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Solve the layout blocks of a page and print their frames, broken constraints and findings.",
            discussion: """
                Solves every layout block of PAGE (or only block N, counted from 1) in the \
                environments its environment lines select (or only the environments given with \
                --env, by id such as iphone-x/portrait or ipad-pro-12-9/landscape-right/half). \
                Problems in the blocks are printed to standard error in the compiler format; the \
                exit status is 1 when there is an error.
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case json, text, svg
        }

        @Argument(help: "The Markdown page.")
        var page: String

        @Option(help: "Only the block with this number, counting the page's layout blocks from 1.")
        var block: Int?

        @Option(name: .customLong("env"), help: "Only this environment id (repeatable).")
        var environments: [String] = []

        @Option(help: "json (for tools), text (for people) or svg (one diagram file per block and environment).")
        var format: Format = .text

        @Option(help: "With --format svg: the folder the diagrams are written to (default: the current folder).")
        var output: String = "."

        func run() throws {
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: page))
            } catch {
                printError("kumiki: error: cannot read '\(page)': \(error.localizedDescription)")
                throw ExitCode(1)
            }
            // Bounded and decoded as `build` bounds and decodes pages: line
            // endings made "\n", invalid UTF-8 reported at its line and
            // column, the rest still solved.
            guard data.count <= MarkdownLimits.maximumPageBytes else {
                DiagnosticPrinter.print(DiagnosticList([.error(
                    MarkdownLimits.pageSizeMessage(bytes: data.count), at: SourceLocation(file: page, line: 1))]))
                throw ExitCode(1)
            }
            let input = InputText(decoding: data, path: page)
            var diagnostics = DiagnosticList()
            if let problem = input.problem { diagnostics.append(problem) }
            let blocks = LayoutFenceScanner.blocks(in: input.text, file: page)
            if let block, !(1...max(1, blocks.count)).contains(block) || blocks.isEmpty {
                printError("kumiki: error: '\(page)' has \(blocks.count) layout block\(blocks.count == 1 ? "" : "s"); there is no block \(block)")
                throw ExitCode(1)
            }
            let catalog = DeviceCatalog.bundled()
            let engine = LayoutEngine(catalog: catalog)
            var solved: [SolvedBlock] = []
            var budget = PageBlockBudget()
            for (offset, fenced) in blocks.enumerated() where block == nil || block == offset + 1 {
                let parsed = LayoutLanguage.parse(fenced.source)
                let (program, parseDiagnostics) = (parsed.program, parsed.diagnostics)
                diagnostics.append(contentsOf: parseDiagnostics)
                guard let program else { continue }
                // The bounds a build holds the page to: blocks per page, and
                // views and guides times environments over the page.
                if let problem = budget.admit(name: "layout", index: offset + 1, work: {
                    let count = environments.isEmpty ? engine.environments(for: program).environments.count : environments.count
                    return (program.views.count + program.guides.count) * count
                }) {
                    diagnostics.append(.error(problem, at: SourceLocation(file: page, line: fenced.fenceLine)))
                    continue
                }
                var selected: [Environment]?
                if !environments.isEmpty {
                    let (blockEnvironments, environmentDiagnostics) = engine.environments(for: program)
                    diagnostics.append(contentsOf: environmentDiagnostics)
                    selected = try environments.map { id in
                        if let match = blockEnvironments.first(where: { $0.id == id }) ?? Self.anyEnvironment(id, catalog) {
                            return match
                        }
                        printError("kumiki: error: unknown environment '\(id)'; ids read DEVICE/ORIENTATION[/SPLIT][/TEXTSIZE], as listed by 'kumiki devices --environments'")
                        throw ExitCode(1)
                    }
                }
                let solution = engine.solve(program, environments: selected)
                diagnostics.append(contentsOf: solution.diagnostics)
                solved.append(SolvedBlock(index: offset + 1, line: fenced.fenceLine, solution: solution))
            }
            DiagnosticPrinter.print(diagnostics)
            switch format {
            case .json: print(SolutionReport.json(solved), terminator: "")
            case .text: print(SolutionReport.text(solved), terminator: "")
            case .svg: try DiagramFiles.write(solved, to: output)
            }
            if diagnostics.hasErrors { throw ExitCode(1) }
        }

        /// Any environment of the catalog with this id: every orientation,
        /// split and text size.
        static func anyEnvironment(_ id: String, _ catalog: DeviceCatalog) -> Environment? {
            let everything = EnvironmentSettings(splits: Split.allCases, textSizes: TextSize.allCases)
            let all = (try? everything.environments(in: catalog)) ?? []
            return all.first { $0.id == id }
        }
    }
}

/// Finds the layout blocks of a Markdown page with a small line scanner:
/// fenced code blocks (three or more backticks or tildes, indented at most
/// three spaces) whose info string starts with `layout`, closed by a fence
/// of the same character at least as long, or by the end of the page.
/// Fences nested in lists or block quotes are not recognised.
enum LayoutFenceScanner {
    struct Block {
        var source: LayoutBlockSource
        /// The line of the opening fence.
        var fenceLine: Int
    }

    /// - Parameter text: The page with `"\n"` line endings (`InputText`).
    static func blocks(in text: String, file: String) -> [Block] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var result: [Block] = []
        var index = 0
        while index < lines.count {
            guard let open = fence(lines[index]) else {
                index += 1
                continue
            }
            // Backtick fences may not have backticks in their info string.
            if open.character == "`" && open.info.contains("`") {
                index += 1
                continue
            }
            var content: [String] = []
            var end = index + 1
            while end < lines.count {
                if let close = fence(lines[end]), close.character == open.character, close.length >= open.length,
                   close.info.isEmpty {
                    break
                }
                content.append(removeIndentation(lines[end], upTo: open.indent))
                end += 1
            }
            if let kind = LayoutBlockKind(infoString: open.info) {
                let source = LayoutBlockSource(
                    text: content.joined(separator: "\n"),
                    firstLine: SourceLocation(file: file, line: index + 2, column: 1 + open.indent),
                    kind: kind)
                result.append(Block(source: source, fenceLine: index + 1))
            }
            index = end + 1
        }
        return result
    }

    /// The fence a line opens or closes, if any.
    static func fence(_ line: String) -> (character: Character, length: Int, indent: Int, info: String)? {
        let indent = line.prefix { $0 == " " }.count
        guard indent <= 3 else { return nil }
        let rest = line.dropFirst(indent)
        guard let character = rest.first, character == "`" || character == "~" else { return nil }
        let length = rest.prefix { $0 == character }.count
        guard length >= 3 else { return nil }
        let info = rest.dropFirst(length).trimmingCharacters(in: .whitespaces)
        return (character, length, indent, info)
    }

    /// CommonMark: content lines lose as many leading spaces as the opening
    /// fence was indented, when they have them.
    static func removeIndentation(_ line: String, upTo count: Int) -> String {
        var removed = 0
        var rest = Substring(line)
        while removed < count, rest.first == " " {
            rest = rest.dropFirst()
            removed += 1
        }
        return String(rest)
    }
}
