import Foundation
import KumikiSupport

/// A folder the site is read from: the content, the templates, the folder
/// of `kumiki.yml`.
///
/// Every reader of a site (`build`, `check`, `serve`, `render`, `devices`
/// and the preview's playground) reads through this one interface, so the
/// same code reads a folder on disk (`DiskSource`), files held in memory
/// (`MemorySource`, for tests and tools) and the theme compiled into the
/// binary (`EmbeddedTheme.source`), which is read where it is rather than
/// written to a temporary folder first.
public protocol SiteSource: Sendable {
    /// How diagnostics name the folder: `Content`, `/srv/site/Templates`,
    /// `.` for the current folder.
    var displayPath: String { get }
    /// The folder on disk the files come from, if they come from one: what
    /// `serve` watches and what the output folder must not replace.
    var directory: URL? { get }
    /// Whether the folder is there at all.
    var exists: Bool { get }
    /// The bytes of the file at `path` (relative to the folder,
    /// `/`-separated), or `nil` when there is no such file or it cannot be
    /// read.
    func contents(of path: String) -> Data?
    /// What tells the file at `path` from an edited copy of it without
    /// reading it (size, modification time, inode), when the source can
    /// say; `nil` when it cannot, and the file is read each time.
    func stamp(of path: String) -> FileStamp?
    /// The size of the file at `path` in bytes, known without reading it;
    /// `nil` when there is no such file.
    func size(of path: String) -> Int64?
    /// Whether the file at `path`, or a folder on the way to it, is a
    /// symbolic link: what a reader that must stay inside the folder (the
    /// token files) refuses, as the content's listing never follows one.
    func isSymbolicLink(_ path: String) -> Bool
    /// Every file and symbolic link in the folder and its subfolders, in no
    /// particular order. Hidden entries (a name starting with `.`) are left
    /// out and hidden folders not entered; symbolic links are listed and
    /// never followed; the folder on disk at `excluded` (the site's own
    /// output) is skipped with everything in it.
    func entries(excluding excluded: URL?) -> [SiteSourceEntry]
}

/// A file or symbolic link of a `SiteSource`.
public struct SiteSourceEntry: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case file
        case symbolicLink
        /// A file or folder whose name is not UTF-8 (the file system keeps
        /// names as bytes). Its `path` shows those bytes escaped (`\xFF`)
        /// and opens nothing; a folder of that kind is not entered.
        case nameNotUTF8(folder: Bool)

        /// Whether the entry's path reads it: a file, or a symbolic link
        /// for those who follow them.
        public var isReadable: Bool {
            if case .nameNotUTF8 = self { return false }
            return true
        }
    }

    /// The path below the folder, `/`-separated.
    public var path: String
    public var kind: Kind

    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }
}

extension SiteSource {
    /// How diagnostics name a file of the folder: `kumiki.yml` in the
    /// current folder, `Site/kumiki.yml` in another.
    public func displayPath(of path: String) -> String {
        switch displayPath {
        case ".", "": path
        case let folder where folder.hasSuffix("/"): folder + path
        case let folder: folder + "/" + path
        }
    }

    /// The error for an entry whose name is not UTF-8
    /// (`SiteSourceEntry.Kind.nameNotUTF8`): a file's is located at its
    /// start, as other errors about a whole file are; a folder has no line
    /// to point at, so it is named in the message.
    func nameNotUTF8(at path: String, folder: Bool) -> Diagnostic {
        let display = displayPath(of: path)
        let shown = "(each byte that is not is shown as \\xNN)"
        if folder {
            return .error("the folder name '\(display)' is not valid UTF-8 \(shown); rename the folder: "
                          + "nothing in it is read", at: nil)
        }
        return .error("the file name is not valid UTF-8 \(shown); rename the file", at: SourceLocation(file: display, line: 1))
    }

    /// The text of a file, when it is there and is UTF-8.
    func text(of path: String) -> String? {
        contents(of: path).flatMap { String(data: $0, encoding: .utf8) }
    }
}
