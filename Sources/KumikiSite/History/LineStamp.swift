/// When a line of a page last changed, and, for a line that holds both
/// languages (`BilingualLine`), when each half did: each an index into the
/// history's commits in the order they were made, or `uncommitted`.
struct LineStamp: Hashable, Sendable, Codable {
    /// Edits in the working tree that no commit holds yet: newer than any commit.
    static let uncommitted = Int32.max

    var line: Int32
    var english: Int32
    var japanese: Int32

    init(_ commit: Int32) {
        line = commit
        english = commit
        japanese = commit
    }

    init(line: Int32, english: Int32, japanese: Int32) {
        self.line = line
        self.english = english
        self.japanese = japanese
    }
}

/// One commit that touched the content folder, as history shows it.
struct HistoryCommit: Hashable, Sendable, Codable {
    /// The full object name.
    var id: String
    /// The committer's time, in seconds since 1970.
    var time: Int
}

/// A page's lines as the history left them.
struct FileLines: Sendable {
    var stamps: [LineStamp] = []
    /// The halves of each line that holds both languages, to tell which
    /// half the next edit of the line changed.
    var halves: [Halves?] = []
    /// The last commit that touched the file (an edit, a rename).
    var lastCommit: Int32 = LineStamp.uncommitted

    struct Halves: Hashable, Sendable {
        var english: Substring
        var japanese: Substring
    }
}
