import Foundation
import KumikiSupport

/// A revision of the repository a site lives in, as `kumiki diff` names
/// one side of a change: a commit, or the working tree as it is on disk
/// (uncommitted edits included).
public enum Revision: Sendable, Hashable {
    case commit(String)
    case workingTree

    /// The commit's full id, or `working-tree`.
    public var name: String {
        switch self {
        case .commit(let id): id
        case .workingTree: "working-tree"
        }
    }
}

/// Why a revision argument names no commit.
public struct RevisionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The argument as the user gave it.
    public var argument: String
    public var reason: Reason

    public enum Reason: Sendable, Hashable {
        /// Empty, too long, or holding characters no revision has; or
        /// starting with `-`, which git would read as an option.
        case malformed
        /// Git knows no commit by that name.
        case unknown
        /// The site's folder is not in a git repository.
        case outsideGit
        /// Neither side holds a site: the command runs outside one. The
        /// detail is what reading the site said.
        case noSite(detail: String)
        /// Git cannot be run: it is not installed, or not on `PATH`.
        case gitMissing
        /// The content folder (the argument) is outside the site's folder.
        case contentOutsideSite
        /// A range (`A..B`) and a second revision besides.
        case rangeAndHead
        /// The content folder (the argument) is a git submodule.
        case contentIsSubmodule
    }

    public var description: String {
        let shown = argument.escapingControlCharacters
        switch reason {
        case .malformed: return "'\(shown)' is not a revision (a commit id, branch, tag or expression such as HEAD~1)"
        case .unknown: return "unknown revision '\(shown)': git knows no commit by that name"
        case .outsideGit: return "cannot compare revisions: the site is not in a git repository"
        case .noSite(let detail): return "no site to compare in either revision: \(detail)"
        case .gitMissing: return "cannot compare revisions: git is not installed, or not on PATH"
        case .contentIsSubmodule:
            return "the content folder '\(shown)' is a git submodule: its pages are another repository's, and kumiki diff "
                + "reads each revision from this repository's commits, so it cannot compare them; make the content an ordinary "
                + "folder of this repository to review its changes"
        case .rangeAndHead:
            return "'\(shown)' is a range, which names both sides already; give the range alone, or two revisions (kumiki diff A B)"
        case .contentOutsideSite:
            return "the content folder '\(shown)' is outside the site's folder, and kumiki diff reads each revision's content "
                + "from its place inside that folder; move the content into it, or run kumiki diff from a folder that holds both"
        }
    }
}

/// Two revisions written as one argument, `A..B` or `A...B`, as `git diff`
/// takes them. A branch or tag name never holds `..` (git refuses one that
/// does), so an argument that holds it is a range.
struct RevisionRange: Equatable {
    var argument: String
    var base: String
    var head: String
    /// `A...B`: from the commit A and B have last in common.
    var fromCommonAncestor: Bool

    init?(_ argument: String) {
        let separator = argument.contains("...") ? "..." : ".."
        guard let range = argument.range(of: separator) else { return nil }
        self.argument = argument
        let (base, head) = (String(argument[..<range.lowerBound]), String(argument[range.upperBound...]))
        self.base = base.isEmpty ? "HEAD" : base
        self.head = head.isEmpty ? "HEAD" : head
        fromCommonAncestor = separator == "..."
    }
}

/// The git repository a site's folder is in, asked through `GitCommand`.
public struct SiteRepository: Sendable {
    /// The repository's top folder.
    public var root: URL
    /// The site's folder (the folder of `kumiki.yml`) from the top folder,
    /// `""` or ending in `/` (`docs/`).
    public var sitePrefix: String

    /// The repository of `folder`, or `nil` when it is not in one.
    public static func containing(_ folder: URL) -> SiteRepository? {
        let git = GitCommand(folder: folder)
        guard let answer = git.text(["rev-parse", "--show-toplevel", "--show-prefix"]) else { return nil }
        let lines = answer.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let top = lines.first, !top.isEmpty else { return nil }
        return SiteRepository(root: URL(fileURLWithPath: top, isDirectory: true), sitePrefix: lines.count > 1 ? lines[1] : "")
    }

    var git: GitCommand { GitCommand(folder: root) }

    /// The commit `argument` names. The argument is the user's: it is
    /// never handed to git where it could read as an option (it may not
    /// start with `-`, and follows `--end-of-options`), and it must name a
    /// commit, not a tree or a blob. The name is read first and the object
    /// peeled to its commit after: `^{commit}` added to the argument would
    /// become part of a `:/message` search.
    public func resolve(_ argument: String) -> Result<String, RevisionError> {
        guard Self.isWellFormed(argument) else { return .failure(RevisionError(argument: argument, reason: .malformed)) }
        guard let object = git.text(["rev-parse", "--verify", "--quiet", "--end-of-options", argument]), Self.isObjectID(object),
              let id = git.text(["rev-parse", "--verify", "--quiet", object + "^{commit}"]), Self.isObjectID(id) else {
            return .failure(RevisionError(argument: argument, reason: .unknown))
        }
        return .success(id)
    }

    /// The two commits a range names, as `git diff` reads one: `A..B` is A
    /// and B, `A...B` the commit A and B have last in common and B; a side
    /// left out is `HEAD`.
    func resolve(range: RevisionRange) throws(RevisionError) -> (base: String, head: String) {
        let head = try commit(named: range.head)
        let base = try commit(named: range.base)
        guard range.fromCommonAncestor else { return (base, head) }
        guard let common = git.text(["merge-base", base, head]), Self.isObjectID(common) else {
            throw RevisionError(argument: range.argument, reason: .unknown)
        }
        return (common, head)
    }

    /// A full object id, as git prints one.
    private static func isObjectID(_ text: String) -> Bool {
        (text.count == 40 || text.count == 64) && text.allSatisfy(\.isHexDigit)
    }

    /// The commit `argument` names (`resolve`), or the error saying why none.
    func commit(named argument: String) throws(RevisionError) -> String {
        switch resolve(argument) {
        case .success(let id): return id
        case .failure(let error): throw error
        }
    }

    /// What a revision argument may hold before git is asked: at most 1,000
    /// characters, none a control character, the first not `-`.
    static func isWellFormed(_ argument: String) -> Bool {
        !argument.isEmpty && argument.utf8.count <= 1_000 && !argument.hasPrefix("-")
            && !argument.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }
}
