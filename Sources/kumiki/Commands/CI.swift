import ArgumentParser
import Foundation
import KumikiSite

extension CIWorkflow.Host: ExpressibleByArgument {}

/// The options every command that writes a CI workflow shares (`kumiki ci`,
/// `kumiki init --ci`).
struct CIWorkflowOptions: ParsableArguments {
    @Option(name: .customLong("kumiki-repository"),
            help: ArgumentHelp("The git repository the workflow builds Kumiki from.",
                               valueName: "url"))
    var kumikiRepository: String = CIWorkflow.defaultKumikiRepository

    @Option(name: .customLong("kumiki-revision"),
            help: ArgumentHelp("The revision of Kumiki to build: a tag, a branch or a commit. By default the one this kumiki was built from (its release tag vX.Y.Z, or its commit).",
                               valueName: "revision"))
    var kumikiRevision: String?

    @Option(help: ArgumentHelp("The branch to publish from. By default the remote's default branch, else the branch checked out, else main.",
                               valueName: "name"))
    var branch: String?

    @Option(name: .customLong("swift-image"),
            help: ArgumentHelp("The container image Kumiki is built and run in.", valueName: "image"))
    var swiftImage: String = CIWorkflow.defaultSwiftImage

    /// The revision to pin when none is given: this kumiki's own.
    static func ownRevision(version: String) -> String? {
        if let plus = version.firstIndex(of: "+") {
            // A development build: 0.0.0-dev+COMMIT, maybe `.dirty`.
            let commit = version[version.index(after: plus)...].split(separator: ".").first.map(String.init) ?? ""
            return commit.isEmpty ? nil : commit
        }
        if version.hasSuffix("-dev") || version.isEmpty { return nil }
        return "v" + version
    }

    /// The revision to pin, or an error that says how to give one.
    private func revision() throws -> String {
        guard let revision = kumikiRevision ?? Self.ownRevision(version: kumikiVersion) else {
            printError("kumiki: error: this kumiki was built outside a git work tree, so it cannot name the revision to build in CI; give one with --kumiki-revision")
            throw ExitCode(2)
        }
        return revision
    }

    /// The workflow these options describe for a site at `siteFolder`
    /// publishing `branch`; a value that cannot go into it is a usage error.
    private func workflow(_ host: CIWorkflow.Host, siteFolder: String, branch: String) throws -> CIWorkflow {
        do {
            return try CIWorkflow(host: host, siteFolder: siteFolder, branch: self.branch ?? branch,
                                  kumikiRepository: kumikiRepository, kumikiRevision: try revision(), swiftImage: swiftImage)
        } catch let problem as CIWorkflow.Problem {
            printError("kumiki: error: \(problem.description)")
            throw ExitCode(2)
        }
    }

    /// Checks the options before anything is written.
    func validate(_ host: CIWorkflow.Host) throws {
        _ = try workflow(host, siteFolder: "", branch: "main")
    }

    /// Writes the workflow for the site in `site` and prints what was done.
    func write(_ host: CIWorkflow.Host, site: URL) throws {
        let repository = CIWorkflow.SiteRepository(site: site)
        let workflow = try workflow(host, siteFolder: repository.siteFolder, branch: repository.defaultBranch)
        let revision = workflow.kumikiRevision
        let path: String
        do {
            path = try workflow.write(into: repository.root)
        } catch {
            printError("kumiki: error: \(error.description)")
            throw ExitCode.failure
        }
        let shown = repository.root.path == FileManager.default.currentDirectoryPath
            ? path : repository.root.appendingPathComponent(path).path
        print("Wrote \(shown): Kumiki \(revision), publishing \(workflow.branch) to \(host == .github ? "GitHub Pages" : "GitLab Pages")")
        if kumikiRevision == nil, kumikiVersion.hasSuffix("dirty") {
            print("This kumiki was built with uncommitted changes; the workflow builds \(revision) as it was committed.")
        }
        if !repository.isRepository {
            print("This folder is not in a git repository yet; the workflow is at its root, as if it were the repository.")
        }
        if host == .github {
            print("Turn on Pages with GitHub Actions as its source (Settings → Pages) before the first push.")
        }
    }
}

extension Kumiki {
    /// `kumiki ci github|gitlab`: a workflow that checks, publishes and
    /// reviews the site in the current folder.
    struct CI: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ci",
            abstract: "Write a CI workflow that checks, publishes and reviews this site.",
            discussion: """
                github writes .github/workflows/kumiki.yml, gitlab writes .gitlab-ci.yml, at the root of the \
                git repository that holds the site (the current folder). The workflow builds Kumiki at a \
                pinned revision in the official swift container image (cached), runs kumiki check --strict, \
                publishes the default branch to GitHub Pages or GitLab Pages, and on a pull or merge request \
                runs kumiki diff against its target. An existing workflow file is never replaced.
                """)

        @Argument(help: "The host: github or gitlab.")
        var host: CIWorkflow.Host

        @OptionGroup var workflow: CIWorkflowOptions

        func run() throws {
            let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            let manager = FileManager.default
            guard manager.fileExists(atPath: current.appendingPathComponent("kumiki.yml").path)
                || manager.fileExists(atPath: current.appendingPathComponent("Content").path) else {
                printError("kumiki: error: no site here (neither kumiki.yml nor Content/); run kumiki ci in the site's folder")
                throw ExitCode(2)
            }
            try workflow.write(host, site: current)
        }
    }
}
