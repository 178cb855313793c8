import ArgumentParser
import Foundation
import KumikiSite
import KumikiSupport

extension Kumiki {
    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Say what a change does to the site: pages, rows in each language, layouts on each device.",
            discussion: """
                Compares the site at BASE with the site at HEAD (git revisions; HEAD defaults to the \
                working tree, uncommitted edits included). Both sides are read from git objects, \
                never checked out, and built by this Kumiki through one build session: a page whose \
                key is the same on both sides is not read again. Reports pages added, removed, \
                renamed and changed; per changed page its rows (English and Japanese: added, \
                removed, changed) and whether they are left outdated or untranslated; per layout \
                block the environments whose frames changed by more than 0.01 pt, grouped, and the \
                findings that appeared or went away. Exit status: 1 when --fail-on finds what it \
                names, 2 for a usage error or an unknown revision, 0 otherwise.
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json, markdown, html
        }

        @OptionGroup var site: SiteOptions

        @Argument(help: "The revision the change starts from (a commit, branch, tag, HEAD~1…).")
        var base: String

        @Argument(help: "The revision the change ends at (default: the working tree).")
        var head: String?

        @Option(help: "text (for people), json (for tools), markdown (a pull-request summary) or html (a report, with --output).")
        var format: Format = .text

        @Option(help: ArgumentHelp("The folder the HTML report is written to (replaced whole).", valueName: "dir"))
        var output: String?

        @Option(name: .customLong("report-url"), help: ArgumentHelp(
            "Where the Markdown summary's links find the HTML report (default: index.html).", valueName: "url"))
        var reportURL = "index.html"

        @Flag(help: "Also print to standard error how many pages had the same key on both sides (not read) and how many layout blocks were solved or taken from the store.")
        var explain = false

        @Option(name: .customLong("fail-on"), help: "Exit 1 when the change introduces any of: new-findings, outdated, untranslated (repeatable).")
        var failOn: [DiffGate] = []

        func validate() throws {
            if format == .html, output == nil { throw ValidationError("--format html needs --output DIR.") }
            if format != .html, output != nil { throw ValidationError("--output is for --format html.") }
        }

        func run() throws {
            var options = site.buildOptions
            if let output {
                // The report replaces its folder whole: never the site's own.
                options.outputDirectory = URL(fileURLWithPath: output).standardizedFileURL
                let tokenFiles = SiteConfig.load(from: options.configuration).0.tokens.filesRead(from: options.configuration)
                if let problem = options.outputProblem(reading: tokenFiles, writing: .report) {
                    printError("kumiki: error: \(problem)")
                    throw ExitCode(2)
                }
            }
            let session = BuildSession(cacheDirectory: options.cacheDirectory, policy: options.cacheDirectory == nil ? .off : .readWrite())
            let diff: SiteDiff
            do {
                diff = try SiteComparison(working: options, session: session).compare(base: base, head: head)
            } catch {
                printError("kumiki: error: \(error.description)")
                throw ExitCode(2)
            }
            // A side read with errors is compared as read; say which.
            for (revision, diagnostic) in diff.readErrors {
                printError(revision == Revision.workingTree.name ? diagnostic.description
                           : "\(diagnostic.description) (in \(revision.prefix(12)))")
            }
            if explain { for line in diff.explanation.lines { printError(line) } }
            switch format {
            case .text: print(diff.text(), terminator: "")
            case .json: print(diff.json(), terminator: "")
            case .markdown: print(diff.markdown(reportURL: reportURL), terminator: "")
            case .html:
                do {
                    try AtomicSiteWriter.write(diff.html(), to: URL(fileURLWithPath: output ?? ""))
                } catch {
                    printError("kumiki: error: \(error.description)")
                    throw ExitCode(2)
                }
            }
            if failOn.contains(where: diff.introduces) { throw ExitCode(1) }
        }
    }
}

extension DiffGate: ExpressibleByArgument {}
