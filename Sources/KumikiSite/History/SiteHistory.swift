import Foundation
import KumikiSupport

/// What the repository's history says of the content folder's pages: for
/// each Markdown file, when each of its lines last changed.
///
/// Read once per build with three git processes whatever the number of
/// pages: the repository's facts, one `git log -p` pass replayed forward
/// (`HistoryReplay`), and one diff of the working tree against `HEAD`
/// (uncommitted edits are newer than any commit). Dates come only from
/// commits; files git does not know are uncommitted as a whole.
public struct SiteHistory: Sendable {
    /// Why a site has no history.
    public enum Unavailability: Error, Sendable, Hashable {
        /// `history: off` in `kumiki.yml`: nothing is said.
        case turnedOff
        /// The content folder is not in a git repository (or git is missing).
        case outsideGit
        /// A shallow clone: its oldest commit claims every line.
        case shallowClone

        /// The one note `kumiki check` prints, or `nil` to stay silent.
        public var note: String? {
            switch self {
            case .turnedOff: nil
            case .outsideGit:
                "the content folder is not in a git repository, so pages have no last-updated dates and translations are not checked for freshness; set 'history: off' in kumiki.yml to say that is intended"
            case .shallowClone:
                "the repository is a shallow clone, so pages have no last-updated dates and translations are not checked for freshness; run 'git fetch --unshallow' (in GitHub Actions, 'fetch-depth: 0' on actions/checkout)"
            }
        }
    }

    var commits: [HistoryCommit]
    var files: [String: FileLines]

    /// The history of the Markdown files below `contentFolder`, by path
    /// relative to it. With a build store, the replayed `git log` is kept
    /// under `HEAD`'s id and the content folder's place in the repository,
    /// and read again only when `HEAD` moves.
    static func read(contentFolder: URL, cache: DiskStore? = nil) -> Result<SiteHistory, Unavailability> {
        let git = GitCommand(folder: contentFolder)
        guard let facts = git.text(["rev-parse", "--is-inside-work-tree", "--is-shallow-repository", "--show-prefix"]) else {
            return .failure(.outsideGit)
        }
        let answers = facts.split(separator: "\n")
        guard answers.first == "true" else { return .failure(.outsideGit) }
        if answers.count > 1, answers[1] == "true" { return .failure(.shallowClone) }
        var replay = HistoryReplay()
        let diffOptions = ["-U0", "-M", "--relative", "--no-color", "--no-ext-diff", "--no-textconv"]
        // A repository without commits yet: every line is uncommitted.
        if let head = git.text(["rev-parse", "--verify", "-q", "HEAD"]) {
            // `HEAD` and the content folder's place in the repository.
            let key = "\(head) \(answers.count > 2 ? answers[2] : "")"
            let store = cache.map { HistoryStore(cache: $0) }
            if let stored = store?.replay(key: key) {
                replay = stored
            } else {
                guard let log = git.run(["log", "--first-parent", "--diff-merges=first-parent", "--reverse", "-p",
                                         "--format=%x01%H %ct"] + diffOptions + ["--", "*.md"]) else {
                    return .failure(.outsideGit)
                }
                replay.replay(log: log)
                store?.store(replay, key: key)
            }
            guard let working = git.run(["diff", "HEAD"] + diffOptions + ["--", "*.md"]) else { return .failure(.outsideGit) }
            replay.replay(workingTreeDiff: working)
        }
        return .success(SiteHistory(commits: replay.commits, files: replay.files))
    }

    /// The history of the Markdown files of a commit's folder, by path
    /// relative to it, as a build of that commit reads it: the commit's
    /// first-parent history alone, with no working tree on top.
    /// With a build store, the replay is kept under the commit and the
    /// folder (two at a time, apart from the working tree's), so diffing
    /// the same two commits again reads no `git log`.
    static func read(revision source: RevisionSource, cache: DiskStore? = nil) -> Result<SiteHistory, Unavailability> {
        let git = source.tree.repository.git
        let prefix = source.tree.prefix + source.folder
        guard let shallow = git.text(["rev-parse", "--is-shallow-repository"]) else { return .failure(.outsideGit) }
        if shallow == "true" { return .failure(.shallowClone) }
        let key = "revision \(source.tree.commit) \(prefix)"
        let slots = cache.map(HistoryStore.revisionSlots) ?? []
        for slot in slots {
            guard let stored = slot.replay(key: key) else { continue }
            slot.markUsed()
            return .success(SiteHistory(commits: stored.commits, files: stored.files))
        }
        // The slot used least recently, an empty one first.
        let store = slots.min { ($0.lastUsed ?? .distantPast) < ($1.lastUsed ?? .distantPast) }
        var replay = HistoryReplay()
        let relative = prefix.isEmpty ? "--relative" : "--relative=" + prefix
        guard let log = git.run(["log", "--first-parent", "--diff-merges=first-parent", "--reverse", "-p",
                                 "--format=%x01%H %ct", "-U0", "-M", relative, "--no-color", "--no-ext-diff",
                                 "--no-textconv", "--end-of-options", source.tree.commit, "--", prefix + "*.md"]) else {
            return .failure(.outsideGit)
        }
        replay.replay(log: log)
        store?.store(replay, key: key)
        return .success(SiteHistory(commits: replay.commits, files: replay.files))
    }

    /// The stamps of a file's lines, one per line of `lineCount`; every line
    /// uncommitted when git does not know the file as it is.
    func stamps(of path: String, lineCount: Int) -> (stamps: [LineStamp], lastCommit: Int32) {
        guard let file = files[path], file.stamps.count == lineCount else {
            return (Array(repeating: LineStamp(LineStamp.uncommitted), count: lineCount), LineStamp.uncommitted)
        }
        return (file.stamps, file.lastCommit)
    }

    /// A commit index as a change a reader is told of.
    func change(_ index: Int32) -> HistoryChange {
        guard index != LineStamp.uncommitted, commits.indices.contains(Int(index)) else { return .uncommitted }
        let commit = commits[Int(index)]
        return .committed(id: commit.id, time: commit.time)
    }
}

/// When something last changed: in a commit (its id and time), or in the
/// working tree.
public enum HistoryChange: Sendable, Hashable, Codable {
    case committed(id: String, time: Int)
    case uncommitted

    /// The date in English (`25 November 2026`), Japanese (`2026年11月25日`)
    /// and ISO 8601 (`2026-11-25`), in UTC; `nil` for uncommitted edits.
    public var date: (english: String, japanese: String, iso: String)? {
        guard case .committed(_, let time) = self else { return nil }
        let (year, month, day) = Self.civilDate(daysSince1970: time >= 0 ? time / 86_400 : (time - 86_399) / 86_400)
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                      "October", "November", "December"]
        let iso = "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
        return ("\(day) \(months[month - 1]) \(year)", "\(year)年\(month)月\(day)日", iso)
    }

    /// The short commit id, or `nil` for uncommitted edits.
    public var shortID: String? {
        guard case .committed(let id, _) = self else { return nil }
        return String(id.prefix(7))
    }

    /// Whole days from `self` to `later`; `nil` when either is uncommitted.
    public func days(until later: HistoryChange) -> Int? {
        guard case .committed(_, let start) = self, case .committed(_, let end) = later else { return nil }
        return max(0, (end - start) / 86_400)
    }

    /// Year, month and day of a day count: the proleptic Gregorian calendar counted in 400-year eras.
    private static func civilDate(daysSince1970 days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
