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
    }

    public var description: String {
        let shown = argument.escapingControlCharacters
        switch reason {
        case .malformed: return "'\(shown)' is not a revision (a commit id, branch, tag or expression such as HEAD~1)"
        case .unknown: return "unknown revision '\(shown)': git knows no commit by that name"
        case .outsideGit: return "cannot compare revisions: the site is not in a git repository"
        case .noSite(let detail): return "no site to compare in either revision: \(detail)"
        case .gitMissing: return "cannot compare revisions: git is not installed, or not on PATH"
        case .contentOutsideSite:
            return "the content folder '\(shown)' is outside the site's folder, and kumiki diff reads each revision's content "
                + "from its place inside that folder; move the content into it, or run kumiki diff from a folder that holds both"
        }
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
    /// commit (`^{commit}`), not a tree or a blob.
    public func resolve(_ argument: String) -> Result<String, RevisionError> {
        guard Self.isWellFormed(argument) else { return .failure(RevisionError(argument: argument, reason: .malformed)) }
        guard let id = git.text(["rev-parse", "--verify", "--quiet", "--end-of-options", argument + "^{commit}"]),
              id.count == 40 || id.count == 64, id.allSatisfy(\.isHexDigit) else {
            return .failure(RevisionError(argument: argument, reason: .unknown))
        }
        return .success(id)
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
