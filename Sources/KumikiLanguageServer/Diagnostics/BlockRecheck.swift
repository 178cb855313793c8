import Foundation
import KumikiSite
import KumikiSupport

/// Diagnostics after edits inside layout blocks, without checking the site:
/// the page's diagnostics from the last full check, with those of each
/// edited block replaced by the block's own, solved alone through the build
/// session (`BuildSession.rechecked`, where blocks are kept by their text).
///
/// A layout block's body reads nothing of its page but its own lines, and
/// nothing outside the page reads it, so an edit that stays inside block
/// bodies changes only those blocks' diagnostics. The fast path takes only
/// such edits: the same number of lines, the same fences, and no changed
/// `title:` line (a block's title is its anchor's words and search's);
/// anything else is left to the full check. The full check still follows
/// once the edits pause, for what only the whole page decides (its budget
/// of solved views).
enum BlockRecheck {
    /// A document's text and its diagnostics as the last full check saw
    /// them: the baseline the edits since are measured against.
    struct Baseline: Sendable {
        var text: String
        var diagnostics: [Diagnostic]
    }

    /// The diagnostics of `text` (the page at `displayPath`, relative to
    /// its site's root), or `nil` when the edits since `baseline` leave
    /// block bodies or the session has not built the site yet.
    static func diagnostics(for text: String, displayPath: String, baseline: Baseline,
                            session: BuildSession) -> [Diagnostic]? {
        if text == baseline.text { return baseline.diagnostics }
        let old = lines(of: baseline.text), new = lines(of: text)
        guard old.count == new.count else { return nil }
        let changed = (0..<new.count).filter { old[$0] != new[$0] }.map { $0 + 1 }
        let before = FencedBlock.blocks(named: "layout", inPage: Data(baseline.text.utf8), displayPath: displayPath)
        let after = FencedBlock.blocks(named: "layout", inPage: Data(text.utf8), displayPath: displayPath)
        // The same fences at the same places, with the same info strings.
        guard before.blocks.count == after.blocks.count,
              before.diagnostics.count == after.diagnostics.count,
              zip(before.blocks, after.blocks).allSatisfy({ $0.start == $1.start && $0.info == $1.info
                  && bodyLines(of: $0) == bodyLines(of: $1) }) else { return nil }
        var edited: [FencedBlock] = []
        for line in changed {
            guard let block = after.blocks.first(where: { bodyLines(of: $0).contains(line) }),
                  !isTitle(old[line - 1]), !isTitle(new[line - 1]) else { return nil }
            if !edited.contains(where: { $0.index == block.index }) { edited.append(block) }
        }
        var diagnostics = baseline.diagnostics
        for block in edited {
            guard let own = session.rechecked(block) else { return nil }
            let span = block.start.line...(bodyLines(of: block).upperBound + 1)
            diagnostics.removeAll { $0.location.map { $0.file == displayPath && span.contains($0.line) } ?? false }
            diagnostics.append(contentsOf: own)
        }
        return DiagnosticList(diagnostics).sorted
    }

    /// The 1-based lines of a block's text (the closing fence is the next).
    private static func bodyLines(of block: FencedBlock) -> ClosedRange<Int> {
        let count = block.text.split(separator: "\n", omittingEmptySubsequences: false).count
            - (block.text.hasSuffix("\n") || block.text.isEmpty ? 1 : 0)
        return block.firstLine.line...(block.firstLine.line + max(count, 1) - 1)
    }

    private static func isTitle(_ line: Substring) -> Bool {
        line.drop { $0 == " " || $0 == "\t" }.hasPrefix("title")
    }

    /// `text` split at line feeds (a CR stays on its line).
    private static func lines(of text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
    }
}
