import Foundation
import KumikiSupport

/// Replays the patches of `git log -p -U0` forward, line by line, to learn
/// which commit last changed each line of each file: what `git blame` says
/// of every file, from one pass over the history.
///
/// Hunks without context (`-U0`) say exactly which lines went and came.
/// Renames (`-M`) carry a file's lines to its new path. A line holding
/// both languages keeps, per half, the commit of the last change of that
/// half: the removed line and the added line at the same place in a hunk
/// are compared half by half.
struct HistoryReplay {
    private(set) var commits: [HistoryCommit] = []
    private(set) var files: [String: FileLines] = [:]

    init() {}

    /// A replay read back from the build store (`HistoryStore`).
    init(commits: [HistoryCommit], files: [String: FileLines]) {
        self.commits = commits
        self.files = files
    }

    /// The patch being read: its paths, and the hunk waiting to be applied.
    private struct Patch {
        var oldPath: String?
        var newPath: String?
        var fallbackPath: String?
        var isNew = false
        var isDeleted = false
        var opened = false
    }
    /// A hunk being read: its numbers, and where each added line's text
    /// (after the `+`) lies in the log's bytes.
    private struct Hunk {
        var oldCount: Int
        var newStart: Int
        var newCount: Int
        var added: [Range<Int>] = []
    }

    /// Reads `git log --reverse -p -U0 --format=%x01%H %ct` output: each
    /// commit's header line starts with the byte 0x01.
    mutating func replay(log: Data) {
        read(log, commit: nil)
    }

    /// Applies a diff of the working tree against `HEAD`: its lines are
    /// uncommitted.
    mutating func replay(workingTreeDiff: Data) {
        read(workingTreeDiff, commit: LineStamp.uncommitted)
    }

    private mutating func read(_ data: Data, commit initial: Int32?) {
        data.withUnsafeBytes { read($0, commit: initial) }
    }

    /// Reads the log in place, line by line between newline bytes: a hunk's
    /// added lines are kept as ranges of the log's bytes, and only the few
    /// lines that are not inside a hunk (commits, patch headers, hunk
    /// headers) are made into text. A log holds every line of every page,
    /// so decoding it whole and splitting it into lines cost as much as
    /// git printing it.
    private mutating func read(_ log: UnsafeRawBufferPointer, commit initial: Int32?) {
        var current = initial ?? -1
        var patch: Patch?
        var hunk: Hunk?
        // Every line, the empty one after the final line break included.
        log.forEachLineRange { range in
            let (start, end) = (range.lowerBound, range.upperBound)
            let first: UInt8? = start < end ? log[start] : nil
            // `\ No newline at end of file` may stand between a hunk's lines.
            if first == UInt8(ascii: "\\") { return }
            // Appended in place, and the hunk read without binding it: a
            // copy of the hunk alive here shares its lines, and the append
            // then copied them all, on every line (a new file is one hunk),
            // so a page of 200,000 lines took minutes.
            if let first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-"), hunk != nil,
               first == UInt8(ascii: "-") || hunk!.added.count < hunk!.newCount {
                if first == UInt8(ascii: "+") { hunk!.added.append(start + 1..<end) }
                return
            }
            if let open = hunk, let path = patch?.newPath ?? patch?.fallbackPath {
                apply(open, to: path, commit: current, log: log)
                hunk = nil
            }
            // Nothing else starts with `+` or `-` apart from a patch's
            // `---`/`+++` header, and a line of none of the kinds below
            // (`index`, a blank line) says nothing.
            guard let first, first == 1 || first == UInt8(ascii: "d") || first == UInt8(ascii: "@")
                    || (patch != nil && !(patch?.opened ?? true)) else { return }
            let line = Substring(String(decoding: UnsafeRawBufferPointer(rebasing: log[start..<end]), as: UTF8.self))
            if line.hasPrefix("\u{1}") {
                finish(&patch, commit: current)
                let fields = line.dropFirst().split(separator: " ")
                commits.append(HistoryCommit(id: fields.first.map(String.init) ?? "", time: fields.count > 1 ? Int(fields[1]) ?? 0 : 0))
                current = Int32(commits.count - 1)
            } else if line.hasPrefix("diff --git ") {
                finish(&patch, commit: current)
                patch = Patch(fallbackPath: Self.fallbackPath(line.dropFirst("diff --git ".count)))
            } else if patch != nil, !(patch?.opened ?? true) {
                readHeader(line, into: &patch!)
                if line.hasPrefix("@@ ") {
                    open(&patch!, commit: current)
                    hunk = Self.hunk(line)
                }
            } else if line.hasPrefix("@@ ") {
                hunk = Self.hunk(line)
            }
        }
        if let open = hunk, let path = patch?.newPath ?? patch?.fallbackPath { apply(open, to: path, commit: current, log: log) }
        finish(&patch, commit: current)
    }

    private func readHeader(_ line: Substring, into patch: inout Patch) {
        if line.hasPrefix("new file mode") { patch.isNew = true }
        else if line.hasPrefix("deleted file mode") { patch.isDeleted = true }
        else if line.hasPrefix("rename from ") { patch.oldPath = Self.unquoted(line.dropFirst("rename from ".count)) }
        else if line.hasPrefix("rename to ") { patch.newPath = Self.unquoted(line.dropFirst("rename to ".count)) }
        else if line == "--- /dev/null" { patch.isNew = true }
        else if line == "+++ /dev/null" { patch.isDeleted = true }
        else if line.hasPrefix("--- ") { patch.oldPath = Self.stripPrefix(Self.unquoted(line.dropFirst(4))) }
        else if line.hasPrefix("+++ ") { patch.newPath = Self.stripPrefix(Self.unquoted(line.dropFirst(4))) }
    }

    /// Moves, creates or removes the patch's file before its first hunk.
    private mutating func open(_ patch: inout Patch, commit: Int32) {
        guard !patch.opened else { return }
        patch.opened = true
        let old = patch.oldPath ?? patch.fallbackPath, new = patch.newPath ?? patch.fallbackPath
        if patch.isDeleted {
            if let old { files[old] = nil }
            return
        }
        guard let new else { return }
        var lines = FileLines()
        if !patch.isNew, let old { lines = files.removeValue(forKey: old) ?? FileLines() }
        lines.lastCommit = commit
        files[new] = lines
    }

    private mutating func finish(_ patch: inout Patch?, commit: Int32) {
        if var open = patch { self.open(&open, commit: commit) }
        patch = nil
    }

    private static func hunk(_ line: Substring) -> Hunk? {
        // @@ -OLD[,COUNT] +NEW[,COUNT] @@
        let parts = line.split(separator: " ")
        guard parts.count >= 3 else { return nil }
        func range(_ part: Substring) -> (Int, Int)? {
            let numbers = part.dropFirst().split(separator: ",", omittingEmptySubsequences: false)
            guard let start = Int(numbers[0]) else { return nil }
            return (start, numbers.count > 1 ? Int(numbers[1]) ?? 1 : 1)
        }
        guard let old = range(parts[1]), let new = range(parts[2]) else { return nil }
        return Hunk(oldCount: old.1, newStart: new.0, newCount: new.1)
    }

    /// Replaces the hunk's lines. In the new file's numbering, which holds
    /// for every line before the hunk once the earlier hunks are applied,
    /// the hunk starts at `newStart - 1` (after line `newStart` when it only
    /// removes lines).
    ///
    /// Every added line takes the commit's stamp, all at once; only a line
    /// holding both languages has halves, and keeps the stamp of a half
    /// that the line it replaces held the same.
    private mutating func apply(_ hunk: Hunk, to path: String, commit: Int32, log: UnsafeRawBufferPointer) {
        // Taken out of the table while it changes, so its arrays are not
        // copied (the table would hold a second reference).
        var lines = files.removeValue(forKey: path) ?? FileLines()
        let index = min(hunk.newCount > 0 ? hunk.newStart - 1 : hunk.newStart, lines.stamps.count)
        let removedCount = max(0, min(hunk.oldCount, lines.stamps.count - index))
        var pairs: [(offset: Int, halves: FileLines.Halves, stamp: LineStamp)] = []
        for (offset, range) in hunk.added.enumerated() {
            guard let split = Self.halves(of: UnsafeRawBufferPointer(rebasing: log[range])) else { continue }
            var stamp = LineStamp(commit)
            if offset < removedCount, let before = lines.halves[index + offset] {
                let old = lines.stamps[index + offset]
                if before.english == split.english { stamp.english = old.english }
                if before.japanese == split.japanese { stamp.japanese = old.japanese }
            }
            pairs.append((offset, split, stamp))
        }
        let replaced = index..<index + removedCount
        lines.stamps.replaceSubrange(replaced, with: repeatElement(LineStamp(commit), count: hunk.added.count))
        lines.halves.replaceSubrange(replaced, with: repeatElement(nil, count: hunk.added.count))
        for pair in pairs {
            lines.stamps[index + pair.offset] = pair.stamp
            lines.halves[index + pair.offset] = pair.halves
        }
        lines.lastCommit = commit
        files[path] = lines
    }

    /// The halves of an added line's bytes, made into text only when the
    /// line may hold a pair: a bar, a quote or a heading's `#`, and a byte
    /// of a letter outside ASCII (each half of a pair needs a Japanese
    /// letter on one side). Most lines hold none of these.
    private static func halves(of line: UnsafeRawBufferPointer) -> FileLines.Halves? {
        guard let first = line.first, let base = line.baseAddress else { return nil }
        guard first == UInt8(ascii: "#")
                || memchr(base, Int32(UInt8(ascii: "|")), line.count) != nil
                || memchr(base, Int32(UInt8(ascii: "\"")), line.count) != nil,
              line.contains(where: { $0 >= 0x80 }),
              let split = BilingualLine(Substring(String(decoding: line, as: UTF8.self))) else { return nil }
        return FileLines.Halves(english: split.english, japanese: split.japanese)
    }

    /// `a/PATH b/PATH` when both are the same: a patch without `---`/`+++`
    /// lines (a mode change) names its file only here.
    private static func fallbackPath(_ paths: Substring) -> String? {
        let count = paths.count
        guard count % 2 == 1 else { return nil }
        let half = (count - 1) / 2
        let first = paths.prefix(half), second = paths.suffix(half)
        guard first.hasPrefix("a/"), second.hasPrefix("b/"), first.dropFirst(2) == second.dropFirst(2) else { return nil }
        return String(first.dropFirst(2))
    }

    private static func stripPrefix(_ path: String) -> String {
        path.hasPrefix("a/") || path.hasPrefix("b/") ? String(path.dropFirst(2)) : path
    }

    /// A path as git prints it: quoted C-style when it holds a control
    /// character, a quote or a backslash.
    static func unquoted(_ text: Substring) -> String {
        var text = text
        if let tab = text.firstIndex(of: "\t") { text = text[..<tab] }
        guard text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 else { return String(text) }
        var bytes: [UInt8] = []
        var iterator = Array(text.dropFirst().dropLast().utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "\\"), let escaped = iterator.next() else { bytes.append(byte); continue }
            switch escaped {
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = Int(escaped - UInt8(ascii: "0"))
                for _ in 0..<2 { if let digit = iterator.next() { value = value * 8 + Int(digit) - 48 } }
                bytes.append(UInt8(truncatingIfNeeded: value))
            default: bytes.append(escaped)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
