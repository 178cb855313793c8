import Foundation

/// A continuous-integration workflow that publishes a Kumiki site, as
/// `kumiki ci` and `kumiki init --ci` write it.
///
/// One file does everything a site's repository needs:
///
/// - builds Kumiki itself from its repository at a pinned revision, in the
///   official `swift` container image, and caches the binary under a key
///   made of that repository, revision and image, so later runs skip it;
/// - runs `kumiki check --strict`;
/// - on the default branch, builds the site for the host's address and
///   deploys it (GitHub Pages, GitLab Pages);
/// - on a pull or merge request, runs `kumiki diff` against the target: the
///   Markdown summary goes where the host shows it (GitHub's job summary),
///   and the HTML report is kept as an artifact (on GitLab exposed on the
///   merge request).
///
/// The repository is cloned with its whole history, which Kumiki reads for
/// dates and translation freshness.
public struct CIWorkflow: Sendable, Equatable {
    /// The hosts Kumiki writes workflows for.
    public enum Host: String, CaseIterable, Sendable {
        case github
        case gitlab

        /// Where the host reads its workflow, from the repository's root.
        public var workflowPath: String {
            switch self {
            case .github: ".github/workflows/kumiki.yml"
            case .gitlab: ".gitlab-ci.yml"
            }
        }
    }

    /// Why a workflow cannot be written.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        /// An option's value cannot be written into the workflow as it is.
        case unusableValue(option: String, value: String, reason: String)
        /// The workflow file is already there; Kumiki never replaces it.
        case exists(path: String)
        /// Writing failed; nothing is left half-written.
        case cannotWrite(path: String, reason: String)

        public var description: String {
            switch self {
            case .unusableValue(let option, let value, let reason):
                "\(option) '\(Self.shown(value))' cannot go into a workflow: \(reason)"
            case .exists(let path):
                "'\(path)' already exists; kumiki ci never replaces a workflow (remove it or merge the new one by hand)"
            case .cannotWrite(let path, let reason):
                "cannot write '\(path)': \(reason)"
            }
        }

        /// A value as a message shows it: control characters (a line
        /// break, a tab) escaped, everything else as typed.
        static func shown(_ value: String) -> String {
            value.unicodeScalars.map { $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0) }.joined()
        }
    }

    public var host: Host
    /// The site's folder relative to the repository's root, `/`-separated;
    /// empty when the site is the whole repository.
    public var siteFolder: String
    /// The branch whose commits are published.
    public var branch: String
    /// Where Kumiki's source is cloned from.
    public var kumikiRepository: String
    /// The revision of Kumiki to build: a tag, a branch or a commit.
    public var kumikiRevision: String
    /// The container image Kumiki is built and run in.
    public var swiftImage: String

    /// The repository Kumiki is cloned from unless `--kumiki-repository`
    /// names another (a fork, a mirror).
    public static let defaultKumikiRepository = "https://github.com/kumiki-docs/kumiki.git"
    /// The official Swift image of the Swift release Kumiki is built with.
    public static let defaultSwiftImage = "swift:6.3-noble"

    /// Checks every value, so a workflow never holds one that would change
    /// its meaning (a line break, a quote a shell would read).
    public init(host: Host, siteFolder: String, branch: String, kumikiRepository: String = defaultKumikiRepository,
                kumikiRevision: String, swiftImage: String = defaultSwiftImage) throws(Problem) {
        try Self.check(option: "--branch", branch, allowing: "-_./")
        try Self.check(option: "--kumiki-repository", kumikiRepository, allowing: "-_./:@~+%")
        try Self.check(option: "--kumiki-revision", kumikiRevision, allowing: "-_./+")
        try Self.check(option: "--swift-image", swiftImage, allowing: "-_./:@")
        if !siteFolder.isEmpty { try Self.check(option: "the site's folder", siteFolder, allowing: "-_./ ") }
        // Git would read a value starting with '-' as an option.
        for (option, value) in [("--branch", branch), ("--kumiki-repository", kumikiRepository), ("--kumiki-revision", kumikiRevision)]
        where value.hasPrefix("-") {
            throw .unusableValue(option: option, value: value, reason: "it starts with '-'")
        }
        self.host = host
        self.siteFolder = siteFolder
        self.branch = branch
        self.kumikiRepository = kumikiRepository
        self.kumikiRevision = kumikiRevision
        self.swiftImage = swiftImage
    }

    /// Letters, digits and a few punctuation characters only: each value
    /// goes into YAML and into shell commands, so anything else is refused
    /// rather than quoted twice over.
    private static func check(option: String, _ value: String, allowing punctuation: String) throws(Problem) {
        if value.isEmpty { throw .unusableValue(option: option, value: value, reason: "it is empty") }
        if let bad = value.unicodeScalars.first(where: {
            !($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || punctuation.unicodeScalars.contains($0)))
        }) {
            throw .unusableValue(option: option, value: value,
                                 reason: "it holds '\(Problem.shown(String(bad)))', and only letters, digits and \(punctuation.map { "'\($0)'" }.joined(separator: " ")) may be used")
        }
    }

    /// The workflow's text.
    public var text: String {
        switch host {
        case .github: gitHubText
        case .gitlab: gitLabText
        }
    }

    /// The site's folder as a path from the repository's root, `.` for the root.
    private var sitePath: String { siteFolder.isEmpty ? "." : siteFolder }

    /// The site's folder as one shell word.
    private var siteWord: String { siteFolder.contains(" ") ? "'\(siteFolder)'" : sitePath }

    private var gitHubText: String {
        """
        # Publishes the Kumiki site in \(sitePath == "." ? "this repository" : sitePath) (written by `kumiki ci github`).
        #
        # A push to \(branch) and every pull request: builds Kumiki \(kumikiRevision) in the
        # \(swiftImage) container (cached after the first run) and runs `kumiki check --strict`.
        # A push to \(branch): builds the site and deploys it to GitHub Pages (Settings → Pages →
        # Source: GitHub Actions).
        # A pull request, whether the check passed or not: `kumiki diff` against its target branch;
        # the HTML report is kept as the artifact `kumiki-review`, and the summary, shown on the
        # run's page, links to it.
        name: Kumiki site

        on:
          push:
            branches: [\(branch)]
          pull_request:
          workflow_dispatch:

        permissions:
          contents: read

        concurrency:
          group: kumiki-${{ github.ref }}
          cancel-in-progress: true

        env:
          KUMIKI_REPOSITORY: \(kumikiRepository)
          KUMIKI_REVISION: \(kumikiRevision)

        jobs:
          site:
            runs-on: ubuntu-latest
            container: \(swiftImage)
            permissions:
              contents: read
              pages: read
            defaults:
              run:
                working-directory: \(sitePath)
            steps:
              - name: Install libcmark
                working-directory: /
                run: apt-get update && apt-get install -y --no-install-recommends libcmark-dev git ca-certificates
              - uses: actions/checkout@v6
                with:
                  # Kumiki reads the history for dates and translation freshness.
                  fetch-depth: 0
              - name: Trust the checkout
                run: git config --global --add safe.directory "$GITHUB_WORKSPACE"
              - name: Restore Kumiki
                id: kumiki
                uses: actions/cache@v5
                with:
                  path: /opt/kumiki
                  key: kumiki-\(Self.cacheKeyPart(kumikiRepository))-${{ env.KUMIKI_REVISION }}-\(Self.cacheKeyPart(swiftImage))
              - name: Build Kumiki
                if: steps.kumiki.outputs.cache-hit != 'true'
                working-directory: /
                run: |
                  git clone --quiet -- "$KUMIKI_REPOSITORY" /tmp/kumiki
                  git -C /tmp/kumiki checkout --quiet --detach "$KUMIKI_REVISION"
                  swift build --package-path /tmp/kumiki -c release --product kumiki
                  mkdir -p /opt/kumiki
                  cp "$(swift build --package-path /tmp/kumiki -c release --show-bin-path)/kumiki" /opt/kumiki/
              - name: Put Kumiki on the path
                id: path
                run: echo /opt/kumiki >> "$GITHUB_PATH"
              - name: Check
                run: kumiki check --strict
              - name: Find the Pages address
                if: github.event_name != 'pull_request'
                id: pages
                uses: actions/configure-pages@v6
              - name: Build
                if: github.event_name != 'pull_request'
                env:
                  BASE_URL: ${{ steps.pages.outputs.base_url }}
                run: kumiki build --base-url "$BASE_URL/" --output "$GITHUB_WORKSPACE/.kumiki-site"
              - name: Keep the site for deployment
                if: github.event_name != 'pull_request'
                uses: actions/upload-pages-artifact@v4
                with:
                  path: .kumiki-site
              # The review runs when the check fails too: a change that adds
              # a problem is the one a reviewer most needs to see.
              - name: Review the change
                id: report
                if: ${{ !cancelled() && github.event_name == 'pull_request' && steps.path.outcome == 'success' }}
                env:
                  BASE_REF: ${{ github.base_ref }}
                run: kumiki diff "origin/$BASE_REF" --format html --output "$GITHUB_WORKSPACE/.kumiki-review"
              - name: Keep the review
                id: review
                if: ${{ !cancelled() && steps.report.outcome == 'success' }}
                uses: actions/upload-artifact@v6
                with:
                  name: kumiki-review
                  path: .kumiki-review
              - name: Summarise the review
                if: ${{ !cancelled() && steps.review.outcome == 'success' }}
                env:
                  BASE_REF: ${{ github.base_ref }}
                  REPORT_URL: ${{ steps.review.outputs.artifact-url }}
                run: kumiki diff "origin/$BASE_REF" --format markdown --report-url "$REPORT_URL" >> "$GITHUB_STEP_SUMMARY"

          deploy:
            if: github.event_name != 'pull_request' && github.ref == 'refs/heads/\(branch)'
            needs: site
            runs-on: ubuntu-latest
            permissions:
              pages: write
              id-token: write
            environment:
              name: github-pages
              url: ${{ steps.deployment.outputs.page_url }}
            steps:
              - name: Deploy to GitHub Pages
                id: deployment
                uses: actions/deploy-pages@v5

        """
    }

    private var gitLabText: String {
        """
        # Publishes the Kumiki site in \(sitePath == "." ? "this repository" : sitePath) (written by `kumiki ci gitlab`).
        #
        # Every pipeline: builds Kumiki \(kumikiRevision) in the \(swiftImage) image (cached after the
        # first run) and runs `kumiki check --strict`.
        # The default branch (\(branch)): builds the site and publishes it with GitLab Pages.
        # A merge request, whether the check passed or not: `kumiki diff` against the target branch;
        # the HTML report is exposed on the merge request as "Kumiki review", beside the Markdown
        # summary.
        variables:
          KUMIKI_REPOSITORY: \(kumikiRepository)
          KUMIKI_REVISION: \(kumikiRevision)
          # Kumiki reads the history for dates and translation freshness.
          GIT_DEPTH: "0"

        workflow:
          rules:
            - if: $CI_PIPELINE_SOURCE == "merge_request_event"
            - if: $CI_COMMIT_BRANCH && $CI_OPEN_MERGE_REQUESTS
              when: never
            - if: $CI_COMMIT_BRANCH

        default:
          image: \(swiftImage)
          cache:
            key: kumiki-\(Self.cacheKeyPart(kumikiRepository))-$KUMIKI_REVISION-\(Self.cacheKeyPart(swiftImage))
            paths:
              - .kumiki-tool/
          before_script:
            - apt-get update && apt-get install -y --no-install-recommends libcmark-dev git ca-certificates
            - |
              if [ ! -x .kumiki-tool/kumiki ]; then
                git clone --quiet -- "$KUMIKI_REPOSITORY" /tmp/kumiki
                git -C /tmp/kumiki checkout --quiet --detach "$KUMIKI_REVISION"
                swift build --package-path /tmp/kumiki -c release --product kumiki
                mkdir -p .kumiki-tool
                cp "$(swift build --package-path /tmp/kumiki -c release --show-bin-path)/kumiki" .kumiki-tool/
              fi
            - export PATH="$CI_PROJECT_DIR/.kumiki-tool:$PATH"
            - cd \(siteWord)

        stages:
          - check
          - publish

        check:
          stage: check
          script:
            - kumiki check --strict

        pages:
          stage: publish
          rules:
            - if: $CI_COMMIT_BRANCH == "\(branch)"
          script:
            - kumiki build --base-url "$CI_PAGES_URL/" --output "$CI_PROJECT_DIR/public"
          artifacts:
            paths:
              - public

        review:
          stage: publish
          # Not held back by a failed check: a change that adds a problem is
          # the one a reviewer most needs to see.
          needs: []
          rules:
            - if: $CI_PIPELINE_SOURCE == "merge_request_event"
          script:
            - kumiki diff "$CI_MERGE_REQUEST_DIFF_BASE_SHA" --format markdown --report-url kumiki-review/index.html > "$CI_PROJECT_DIR/kumiki-review.md"
            - kumiki diff "$CI_MERGE_REQUEST_DIFF_BASE_SHA" --format html --output "$CI_PROJECT_DIR/kumiki-review/"
          artifacts:
            expose_as: Kumiki review
            paths:
              - kumiki-review/
              - kumiki-review.md

        """
    }

    /// A value as a part of a cache key: `swift:6.3-noble` → `swift-6.3-noble`.
    /// The repository is part of the key too, so a fork's build at the same
    /// revision name is not taken for the original's.
    private static func cacheKeyPart(_ value: String) -> String {
        let cut = value.hasPrefix("https://") ? String(value.dropFirst("https://".count)) : value
        return String(cut.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "-" })
    }
}
