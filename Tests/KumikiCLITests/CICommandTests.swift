import Foundation
import Testing
import KumikiTestSupport

/// `kumiki ci github|gitlab` and `kumiki init --ci`: one workflow file at the
/// root of the repository that holds the site, pinned to a Kumiki revision,
/// never replacing a file that is there. (`make ci-workflow-test` runs the
/// same files through actionlint and GitLab's schema.)
@Suite struct CICommandTests {
    /// A git repository with a branch named `branch`, holding nothing yet.
    private func repository(branch: String = "main") throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "init", "-q", "-b", branch, folder.root.path]
        try git.run()
        git.waitUntilExit()
        return folder
    }

    @Test func aSiteInASubfolderGetsAGitHubWorkflowAtTheRepositorysRootThatWorksInThatFolder() throws {
        let repository = try repository(branch: "trunk")
        try repository.write("guidelines/kumiki.yml", "title: Guidelines\n")
        let outcome = try KumikiProcess.run(["ci", "github", "--kumiki-revision", "v1.4.0"], in: repository.url("guidelines"))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let workflow = try String(contentsOf: repository.url(".github/workflows/kumiki.yml"), encoding: .utf8)
        #expect(workflow.contains("        working-directory: guidelines\n"))
        #expect(workflow.contains("    branches: [trunk]\n"), "the branch checked out is the one published")
        #expect(workflow.contains("  KUMIKI_REVISION: v1.4.0\n"))
        #expect(workflow.contains("container: swift:6.3-noble"))
        #expect(workflow.contains("kumiki check --strict"))
        // The summary links to the report's artifact, and the review runs
        // whether the check passed or not.
        #expect(workflow.contains(
            "kumiki diff \"origin/$BASE_REF\" --format markdown --report-url \"$REPORT_URL\" >> \"$GITHUB_STEP_SUMMARY\""))
        #expect(workflow.contains("REPORT_URL: ${{ steps.review.outputs.artifact-url }}"))
        #expect(workflow.contains("if: ${{ !cancelled() && github.event_name == 'pull_request' && steps.path.outcome == 'success' }}"))
        #expect(workflow.contains("uses: actions/deploy-pages@v5"))
        #expect(outcome.standardOutput.contains("publishing trunk to GitHub Pages"))
    }

    @Test func aGitLabPipelinePublishesPagesAndExposesTheReviewOnTheMergeRequest() throws {
        let repository = try repository()
        try repository.write("kumiki.yml", "title: Guidelines\n")
        let outcome = try KumikiProcess.run(["ci", "gitlab", "--kumiki-revision", "v1.4.0", "--branch", "release"],
                                            in: repository.root)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let pipeline = try String(contentsOf: repository.url(".gitlab-ci.yml"), encoding: .utf8)
        #expect(pipeline.contains("    - if: $CI_COMMIT_BRANCH == \"release\"\n"))
        #expect(pipeline.contains("--output \"$CI_PROJECT_DIR/public\""))
        #expect(pipeline.contains("    expose_as: Kumiki review\n"))
        #expect(pipeline.contains("kumiki diff \"$CI_MERGE_REQUEST_DIFF_BASE_SHA\" --format html"))
        #expect(pipeline.contains("  needs: []\n"), "the review is not held back by a failed check")
        #expect(pipeline.contains("    - cd .\n"))
    }

    @Test func anExistingWorkflowIsNeverReplaced() throws {
        let repository = try repository()
        try repository.write("kumiki.yml", "title: Guidelines\n")
        try repository.write(".gitlab-ci.yml", "# the team's own pipeline\n")
        let outcome = try KumikiProcess.run(["ci", "gitlab", "--kumiki-revision", "v1.4.0"], in: repository.root)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines == [
            "kumiki: error: '.gitlab-ci.yml' already exists; kumiki ci never replaces a workflow (remove it or merge the new one by hand)",
        ])
        #expect(try String(contentsOf: repository.url(".gitlab-ci.yml"), encoding: .utf8) == "# the team's own pipeline\n")
    }

    @Test func aValueThatWouldChangeTheWorkflowsMeaningIsRefused() throws {
        let repository = try repository()
        try repository.write("kumiki.yml", "title: Guidelines\n")
        let outcome = try KumikiProcess.run(["ci", "github", "--kumiki-revision", "v1\"; rm -rf /"], in: repository.root)
        #expect(outcome.status == 2)
        #expect(outcome.errorLines == [
            "kumiki: error: --kumiki-revision 'v1\"; rm -rf /' cannot go into a workflow: it holds '\"', "
                + "and only letters, digits and '-' '_' '.' '/' '+' may be used",
        ])
        #expect(!FileManager.default.fileExists(atPath: repository.url(".github").path))
    }

    /// Git would read a value starting with '-' as an option
    /// (`-u` is `--upload-pack`), whichever option gives it.
    @Test(arguments: [("--kumiki-repository", "-uid"), ("--kumiki-revision", "-x"), ("--branch", "-x")])
    func aValueGitWouldReadAsAnOptionIsRefused(option: String, value: String) throws {
        let repository = try repository()
        try repository.write("kumiki.yml", "title: Guidelines\n")
        let outcome = try KumikiProcess.run(["ci", "github", "--kumiki-revision", "v1.4.0", "\(option)=\(value)"], in: repository.root)
        #expect(outcome.status == 2)
        #expect(outcome.errorLines == ["kumiki: error: \(option) '\(value)' cannot go into a workflow: it starts with '-'"])
        #expect(!FileManager.default.fileExists(atPath: repository.url(".github").path))
    }

    @Test func outsideASiteTheCommandSaysWhereToRunIt() throws {
        let repository = try repository()
        let outcome = try KumikiProcess.run(["ci", "github", "--kumiki-revision", "v1.4.0"], in: repository.root)
        #expect(outcome.status == 2)
        #expect(outcome.errorLines == ["kumiki: error: no site here (neither kumiki.yml nor Content/); run kumiki ci in the site's folder"])
    }

    @Test func initWithCIWritesTheSiteAndItsWorkflow() throws {
        let repository = try repository()
        let outcome = try KumikiProcess.run(["init", "docs", "--ci", "github", "--kumiki-revision", "v1.4.0"], in: repository.root)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(FileManager.default.fileExists(atPath: repository.url("docs/kumiki.yml").path))
        let workflow = try String(contentsOf: repository.url(".github/workflows/kumiki.yml"), encoding: .utf8)
        #expect(workflow.contains("        working-directory: docs\n"))
    }

    @Test func initChecksTheWorkflowsOptionsBeforeWritingTheSite() throws {
        let repository = try repository()
        let outcome = try KumikiProcess.run(["init", "docs", "--ci", "gitlab", "--swift-image", "swift 6"], in: repository.root)
        #expect(outcome.status == 2)
        #expect(!FileManager.default.fileExists(atPath: repository.url("docs").path), "nothing is written")
    }

    @Test func withoutARevisionTheWorkflowPinsTheKumikiThatWroteIt() throws {
        let repository = try repository()
        try repository.write("kumiki.yml", "title: Guidelines\n")
        let version = try KumikiProcess.run(["--version"], in: repository.root).standardOutput
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let outcome = try KumikiProcess.run(["ci", "github"], in: repository.root)
        if version == "0.0.0-dev" {
            #expect(outcome.status == 2)
            return
        }
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let workflow = try String(contentsOf: repository.url(".github/workflows/kumiki.yml"), encoding: .utf8)
        let expected = version.contains("+")
            ? String(version.split(separator: "+")[1].split(separator: ".")[0]) : "v" + version
        #expect(workflow.contains("  KUMIKI_REVISION: \(expected)\n"))
    }
}
