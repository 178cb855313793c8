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
                Solves every layout block of PAGE (or only block N, counted from 1) on the site's \
                devices (the bundled catalog with kumiki.yml's exclusions and additions) in the \
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
            let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            // The site's devices: the bundled catalog with kumiki.yml's
            // exclusions and additions, as the build solves on them.
            let (config, catalog, configProblems) = SiteConfig.loadWithCatalog(from: DiskSource(current))
            // The site's design tokens, read through a build session as
            // every command reads a site.
            let siteTokens = BuildSession(cacheDirectory: nil, policy: .off).tokens(config.tokens, configuration: DiskSource(current))
            let data: Data
            let file = URL(fileURLWithPath: page, relativeTo: current)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), isFolder.boolValue {
                printError("kumiki: error: '\(page)' is a folder; render takes one page (PAGE.md)")
                throw ExitCode(1)
            }
            let folder = DiskSource(file.deletingLastPathComponent())
            // Refused by its size before it is read, as a build refuses it.
            if let size = folder.size(of: file.lastPathComponent), size > MarkdownLimits.maximumPageBytes {
                printError(Diagnostic.error(MarkdownLimits.pageSizeMessage(bytes: Int(size)), at: SourceLocation(file: page, line: 1)).description)
                throw ExitCode(1)
            }
            do {
                data = try folder.read(file.lastPathComponent)
            } catch {
                printError("kumiki: error: cannot read '\(page)': \(error.localizedDescription)")
                throw ExitCode(1)
            }
            // The page's blocks as the build finds them (top-level fences
            // only, unclosed ones left alone), decoded and bounded as the
            // build decodes and bounds pages.
            let (blocks, pageProblems) = FencedBlock.blocks(named: "layout", inPage: data, displayPath: page)
            var diagnostics = DiagnosticList(configProblems + siteTokens.diagnostics + pageProblems)
            if let block, !(1...max(1, blocks.count)).contains(block) || blocks.isEmpty {
                printError("kumiki: error: '\(page)' has \(blocks.count) layout block\(blocks.count == 1 ? "" : "s"); there is no block \(block)")
                throw ExitCode(1)
            }
            let handler = LayoutBlockHandler(catalog: catalog, tokens: siteTokens.layoutTokens)
            let engine = handler.engine
            var solved: [SolvedBlock] = []
            var budget = PageBlockBudget()
            for fenced in blocks where block == nil || block == fenced.index {
                let parsed = LayoutBlockHandler.parse(fenced, tokens: handler.tokens.base)
                let (program, parseDiagnostics) = (parsed.program, parsed.diagnostics)
                diagnostics.append(contentsOf: parseDiagnostics)
                guard let program else { continue }
                // The page's bound on views and guides times environments,
                // as a build holds the page to it.
                let cost = handler.cost(of: program, environmentCount: environments.isEmpty ? nil : environments.count)
                if let problem = budget.admit(cost) {
                    diagnostics.append(.error(problem, at: fenced.start))
                    continue
                }
                var selected: [Environment]?
                if !environments.isEmpty {
                    let (blockEnvironments, environmentProblems) = engine.environments(for: program)
                    diagnostics.append(contentsOf: environmentProblems.map(\.diagnostic))
                    selected = try environments.map { id in
                        if let match = blockEnvironments.first(where: { $0.id == id }) ?? Self.anyEnvironment(id, catalog) {
                            return match
                        }
                        printError("kumiki: error: unknown environment '\(id)'; ids read DEVICE/ORIENTATION[/SPLIT][/TEXTSIZE], as listed by 'kumiki devices --environments'")
                        throw ExitCode(1)
                    }
                }
                let (solution, modeDiagnostics) = handler.solve(fenced, program: program, parsed: parsed, environments: selected)
                diagnostics.append(contentsOf: modeDiagnostics)
                diagnostics.append(contentsOf: solution.diagnostics)
                solved.append(SolvedBlock(index: fenced.index, line: fenced.start.line, solution: solution))
            }
            DiagnosticPrinter.print(diagnostics)
            if blocks.isEmpty {
                printError("kumiki: note: '\(page)' has no layout blocks (fences at the top level of the page whose info string starts with 'layout')")
            }
            if let site = Self.siteAbove(file.deletingLastPathComponent(), current: current) {
                printError("kumiki: note: no \(SiteConfig.fileName) in the current folder, so the site's devices and tokens are not read; "
                    + "run render in '\(site)', where the site's \(SiteConfig.fileName) is")
            }
            switch format {
            case .json: print(SolutionReport.json(solved), terminator: "")
            case .text: print(SolutionReport.text(solved), terminator: "")
            case .svg: try DiagramFiles.write(solved, to: output)
            }
            if diagnostics.hasErrors { throw ExitCode(1) }
        }

        /// The folder above the page holding the site's `kumiki.yml`, as
        /// written from the current folder, when the current folder has none:
        /// render was run from inside the site (in `Content/`, say).
        static func siteAbove(_ pageFolder: URL, current: URL) -> String? {
            let manager = FileManager.default
            guard !manager.fileExists(atPath: current.appendingPathComponent(SiteConfig.fileName).path) else { return nil }
            var folder = pageFolder.standardizedFileURL
            for _ in 0..<8 {
                let configuration = folder.appendingPathComponent(SiteConfig.fileName).path
                if manager.fileExists(atPath: configuration) {
                    // Named from a file of the current folder, `../kumiki.yml`; its folder is `..`.
                    let reference = RelativePath.reference(to: configuration, from: current.standardizedFileURL.path + "/.")
                    return reference.split(separator: "/").dropLast().joined(separator: "/")
                }
                let parent = folder.deletingLastPathComponent()
                guard parent.path != folder.path else { return nil }
                folder = parent
            }
            return nil
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
