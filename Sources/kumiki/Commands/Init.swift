import ArgumentParser
import Foundation
import KumikiSite

extension Kumiki {
    /// `kumiki init DIR`: a new site with a configuration, the default theme
    /// and an example page.
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a new site: kumiki.yml, the default theme and an example page.",
            discussion: """
                Writes kumiki.yml (commented), Templates/ (a copy of the default theme, yours to \
                change), Content/ (a home page and an example page with bilingual rows and a \
                layout do / don't pair) and .gitignore. The folder must be new or empty; hidden \
                entries such as .git are allowed.
                """)

        @Argument(help: "The folder to create the site in.")
        var directory: String

        @Option(help: ArgumentHelp("Also write a CI workflow for this host (github or gitlab), as kumiki ci does.",
                                   valueName: "host"))
        var ci: CIWorkflow.Host?

        @OptionGroup var workflow: CIWorkflowOptions

        func run() throws {
            let url = URL(fileURLWithPath: directory).standardizedFileURL
            // The workflow's options are checked before the site is made,
            // so a mistyped one does not leave a site without its workflow.
            if let ci { try workflow.validate(ci) }
            do {
                try SiteScaffold.create(at: url, displayPath: directory)
            } catch {
                printError("kumiki: error: \(error.description)")
                throw ExitCode.failure
            }
            let shown = directory.hasSuffix("/") ? directory : directory + "/"
            print("""
                Created a Kumiki site in \(shown)
                  kumiki.yml                  site title, sections, base URL (commented)
                  Content/index.md            the home page
                  Content/primary-actions.md  an example page: bilingual rows, a layout do / don't pair
                  Templates/                  the theme: HTML templates, CSS and JavaScript, yours to change

                Next:
                  cd \(Self.shellQuoted(directory)) && kumiki serve    preview it; every save rebuilds
                  kumiki build                  write the site to Site/
                """)
            if let ci { try workflow.write(ci, site: url) }
        }

        /// The path as a shell word: quoted only when it needs to be.
        static func shellQuoted(_ path: String) -> String {
            let plain = path.allSatisfy { $0.isLetter || $0.isNumber || "-_./~".contains($0) }
            return plain && !path.isEmpty ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
    }
}
