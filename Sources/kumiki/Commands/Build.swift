import ArgumentParser
import Foundation
import KumikiSupport
import KumikiSite

extension Kumiki {
    struct Build: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build the site into a folder of plain files.",
            discussion: """
                Reads kumiki.yml from the current folder, the pages from --content and the \
                templates from --templates. The site is built aside and swapped into --output \
                only when the build succeeded: a failed build leaves the previous site untouched.
                """)

        @OptionGroup var site: SiteOptions

        @Option(help: "The folder to write the site to.")
        var output = "Site"

        @Flag(help: "Treat warnings as errors.")
        var strict = false

        @Flag(help: "Write no search index and show no search field.")
        var noSearch = false

        @Flag(help: "Say how many pages and blocks came from the build store and how many were computed, and why each computed page was.")
        var explain = false

        func run() throws {
            let started = Date()
            let showProgress = standardErrorIsTerminal
            var options = site.buildOptions
            options.outputDirectory = URL(fileURLWithPath: output).standardizedFileURL
            options.indexesSearch = !noSearch
            if site.usesBuiltInTheme { printError("kumiki: note: no Templates folder here; using the built-in theme (kumiki init makes a copy you can change)") }
            let builder = SiteBuilder(options: options, handlers: nil) { done, total, path in
                if showProgress {
                    FileHandle.standardError.write(Data("\u{1B}[2K\r[\(done)/\(total)] \(path)".utf8))
                }
            }
            // Pages are written into a hidden staging folder as they are
            // rendered; it replaces the output only if the build succeeds.
            // With the build store, a folder the last build left untouched
            // is updated in place instead: only changed files are staged.
            let staged: any SiteOutput
            do {
                let manifests = options.cacheDirectory.map { DiskStore(folder: $0).outputManifests }
                staged = try OutputFolder.prepare(URL(fileURLWithPath: output), manifests: manifests)
            } catch {
                printError("kumiki: error: \(error.description)")
                throw ExitCode.failure
            }
            let result = builder.build(into: staged)
            if showProgress { FileHandle.standardError.write(Data("\u{1B}[2K\r".utf8)) }
            DiagnosticPrinter.print(result.diagnostics)
            let errors = result.diagnostics.errorCount
            let warnings = result.diagnostics.warningCount
            if errors > 0 || (strict && warnings > 0) {
                staged.abandon()
                let reason = errors > 0 ? "\(errors) error\(errors == 1 ? "" : "s")" : "\(warnings) warning\(warnings == 1 ? "" : "s") (--strict)"
                printError("kumiki: build failed with \(reason); \(output) was left as it was")
                throw ExitCode.failure
            }
            do {
                try staged.commit()
            } catch {
                printError("kumiki: error: \(error.description)")
                throw ExitCode.failure
            }
            let seconds = Date().timeIntervalSince(started)
            let coverage = result.coverage
            print("Built \(result.pageCount) page\(result.pageCount == 1 ? "" : "s"), \(coverage.rows) bilingual rows, "
                + "\(coverage.percent)% translated, \(result.fencedBlockCount) layout block\(result.fencedBlockCount == 1 ? "" : "s"), "
                + "\(warnings) warning\(warnings == 1 ? "" : "s") in \(DecimalText.format(seconds, fractionDigits: 2, padded: true)) s → \(output)/")
            if explain { result.explanation.lines.forEach { print($0) } }
        }
    }
}
