import KumikiSupport

extension SiteDiff {
    /// A summary line: how many pages changed in which way.
    var counts: String {
        let count = { (status: PageDiff.Status) in pages.count(where: { $0.status == status }) }
        return "\(count(.changed)) changed, \(count(.added)) added, \(count(.removed)) removed, \(count(.renamed)) renamed"
    }

    /// What changed, for a person at a terminal.
    public func text() -> String {
        var lines = ["kumiki diff \(Self.short(base))..\(Self.short(head)): \(pages.count) page\(pages.count == 1 ? "" : "s") (\(counts))"]
        if configurationChanged { lines.append("kumiki.yml changed") }
        if !changedTokens.isEmpty { lines.append("tokens changed: " + changedTokens.joined(separator: ", ")) }
        for page in pages {
            lines.append("")
            var head = "\(page.path) (\(page.status.rawValue)"
            if let from = page.from { head += " from \(from)" }
            lines.append(head + ")")
            for row in page.rows {
                var notes: [String] = []
                if row.outdated { notes.append("possibly outdated") }
                if row.untranslated { notes.append("untranslated") }
                let words = row.excerpt.english.isEmpty ? row.excerpt.japanese : row.excerpt.english
                lines.append("  #\(row.anchor)  en \(row.english.rawValue), ja \(row.japanese.rawValue)"
                             + (notes.isEmpty ? "" : " [\(notes.joined(separator: ", "))]") + (words.isEmpty ? "" : "  \(words)"))
            }
            for block in page.blocks {
                lines.append("  layout block at line \(block.line)\(block.title.map { " (\($0.english))" } ?? ""): \(block.status.rawValue)")
                for group in block.groups {
                    lines.append("    \(group.label.english): " + Self.describe(group))
                }
                for line in block.findingSummary { lines.append("    " + line) }
            }
        }
        return lines.map(\.escapingControlCharacters).joined(separator: "\n") + "\n"
    }

    /// What happened in a group's environments: its views' moves, or that
    /// the environments are new or gone.
    static func describe(_ group: BlockDiff.Group) -> String {
        switch group.status {
        case .added: return "solved only after the change (environments added)"
        case .removed: return "solved only before the change (environments removed)"
        case .changed: return group.views.isEmpty ? "views added or removed" : group.views.map(describe).joined(separator: "; ")
        }
    }

    /// `hero moved 0.00, +12.00, resized +24.00 × 0.00`.
    static func describe(_ view: BlockDiff.ViewChange) -> String {
        var parts: [String] = []
        if rounded(view.dx) != 0 || rounded(view.dy) != 0 { parts.append("moved \(signed(view.dx)), \(signed(view.dy))") }
        if rounded(view.dw) != 0 || rounded(view.dh) != 0 { parts.append("resized \(signed(view.dw)) × \(signed(view.dh))") }
        return "\(view.name) " + parts.joined(separator: ", ")
    }

    static func signed(_ value: Double) -> String {
        let value = rounded(value)
        return (value > 0 ? "+" : "") + DecimalText.format(value, fractionDigits: 2, padded: true)
    }

    static func short(_ revision: String) -> String {
        revision.count == 40 || revision.count == 64 ? String(revision.prefix(12)) : revision
    }
}
