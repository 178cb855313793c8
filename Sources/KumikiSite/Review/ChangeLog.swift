import Foundation
import KumikiSupport

/// One entry of the change log page: what one commit (or tag) did to the
/// site, as `kumiki diff` says it, against its first parent (or the tag
/// before it). Kept in the build store under the two commits' ids, which
/// name their content and history, so a build after the first computes
/// only entries it has not seen.
struct ChangeLogEntry: Codable, Sendable {
    struct PageEntry: Codable, Sendable {
        var path: String
        var title: Bilingual<String>
        var status: String
        var rows: [RowEntry]
        var blocks: [BlockEntry]
    }

    struct RowEntry: Codable, Sendable {
        var anchor: String
        var excerpt: Bilingual<String>
        var english: String
        var japanese: String
    }

    struct BlockEntry: Codable, Sendable {
        var line: Int
        /// The block's title, each language's (the other's when it has only one).
        var title: Bilingual<String>?
        var status: String
        /// The changed environments' groups, named ("every iPhone in
        /// landscape", 横向きのすべての iPhone).
        var groups: [Bilingual<String>]
        var findings: [String]
    }

    var commit: String
    /// The commit's time, in seconds since 1970.
    var time: Int
    var subject: String
    /// The tag's name, for a change log of tags.
    var tag: String?
    var pages: [PageEntry]
    /// Whether `kumiki.yml` changed, and the tokens whose value changed:
    /// what a commit that touched no page still changed.
    var configurationChanged: Bool
    var tokens: [String]

    init(commit: String, time: Int, subject: String, tag: String?, diff: SiteDiff) {
        self.commit = commit
        self.time = time
        self.subject = subject
        self.tag = tag
        configurationChanged = diff.configurationChanged
        tokens = diff.changedTokens
        pages = diff.pages.map { page in
            PageEntry(
                path: page.path, title: page.title, status: page.status.rawValue,
                rows: page.rows.map { RowEntry(anchor: $0.anchor, excerpt: $0.excerpt, english: $0.english.rawValue,
                                               japanese: $0.japanese.rawValue) },
                blocks: page.blocks.map { BlockEntry(line: $0.line, title: $0.title, status: $0.status.rawValue,
                                                     groups: $0.groups.map(\.label), findings: $0.findingSummary) })
        }
    }
}

/// The change log (`changelog` in `kumiki.yml`): the repository's commits
/// (or tags) that touched the site, newest first, each compared with the
/// one before it by `SiteComparison`, as `kumiki diff` compares them.
struct ChangeLog {
    var options: BuildOptions
    var session: BuildSession

    /// The entries, at most `limit`; none outside git.
    func entries(_ setting: ChangeLogSetting, limit: Int) -> [ChangeLogEntry] {
        guard setting != .off, let folder = options.configuration.directory,
              let repository = SiteRepository.containing(folder) else { return [] }
        let steps = setting == .tags ? tagSteps(repository, limit: limit) : commitSteps(repository, limit: limit)
        let comparison = SiteComparison(working: options, session: session)
        // Loading a commit replaces the page summaries the session keeps
        // (and the store's index of them) with that commit's: the working
        // tree's are put back, so the next build does not parse its pages
        // again.
        let kept = session.rememberedSummaries
        var compared = false
        defer {
            if compared, let kept {
                session.remember(Array(kept.values))
                if session.policy.writesDuringBuild, let disk = session.store.writableDisk {
                    disk.storePageSummaries(Array(kept.values))
                }
            }
        }
        return steps.compactMap { step in
            let key = Self.key(base: step.base, head: step.head)
            var problems: [Diagnostic] = []
            if let stored = session.store.page(key, problems: &problems),
               let entry = try? JSONDecoder().decode(ChangeLogEntry.self, from: stored.html) {
                return entry
            }
            compared = true
            guard let diff = try? comparison.compare(base: step.base, head: step.head) else { return nil }
            let entry = ChangeLogEntry(commit: step.head, time: step.time, subject: step.subject, tag: step.tag, diff: diff)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            if let data = try? encoder.encode(entry) {
                session.store.store(StoredPage(html: data, diagnostics: [], fencedBlockCount: 0), key: key)
            }
            return entry
        }
    }

    /// The store key of the entry comparing two commits.
    static func key(base: String, head: String) -> String {
        var hash = StableHash()
        // Named anew whenever an entry's shape changes (2: the blocks'
        // titles and groups' names in both languages), so an older stored
        // entry is not read.
        hash.combine(field: "change log entry 2")
        hash.combine(field: base)
        hash.combine(field: head)
        return hash.hex
    }

    private struct Step {
        var base: String, head: String, time: Int, subject: String, tag: String?
    }

    /// The first-parent commits that touched the site's folder, newest
    /// first; the first commit of all has nothing to be compared with.
    private func commitSteps(_ repository: SiteRepository, limit: Int) -> [Step] {
        let path = repository.sitePrefix.isEmpty ? "." : ":(literal)" + repository.sitePrefix
        guard let log = repository.git.text(["log", "--first-parent", "-n", "\(limit)", "--format=%H%x1f%P%x1f%ct%x1f%s",
                                             "HEAD", "--", path]) else { return [] }
        return log.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 4, let parent = fields[1].split(separator: " ").first, let time = Int(fields[2]) else { return nil }
            return Step(base: String(parent), head: fields[0], time: time, subject: fields[3...].joined(separator: "\u{1F}"), tag: nil)
        }
    }

    /// The tags that HEAD holds, newest first, each against the one before.
    private func tagSteps(_ repository: SiteRepository, limit: Int) -> [Step] {
        guard let list = repository.git.text(["for-each-ref", "--merged", "HEAD", "--sort=-creatordate",
                                              "--format=%(refname:short)", "refs/tags"]) else { return [] }
        let tags: [(name: String, id: String, time: Int, subject: String)] = list.split(separator: "\n").compactMap { name in
            guard case .success(let id) = repository.resolve(String(name)),
                  let facts = repository.git.text(["log", "-1", "--format=%ct%x1f%s", id]) else { return nil }
            let fields = facts.split(separator: "\u{1F}", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return (String(name), id, Int(fields[0].trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0,
                    fields.count > 1 ? fields[1].trimmingCharacters(in: .newlines) : "")
        }
        return zip(tags, tags.dropFirst()).prefix(limit).map { newer, older in
            Step(base: older.id, head: newer.id, time: newer.time, subject: newer.subject, tag: newer.name)
        }
    }
}
