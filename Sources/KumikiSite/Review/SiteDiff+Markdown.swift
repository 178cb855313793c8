import Foundation
import KumikiSupport

extension SiteDiff {
    /// The most characters the Markdown summary may have: a pull-request
    /// comment holds 65,536, and the summary leaves room around it.
    public static let markdownLimit = 60_000

    /// A summary for a pull-request comment or a CI job summary: the
    /// counts, then a table of the changed pages, cut (with a line saying
    /// how many pages were left out) so that it stays under
    /// `markdownLimit` characters whatever the change. Each page links to
    /// its section of the HTML report at `reportURL`.
    public func markdown(reportURL: String = "index.html") -> String {
        var out = "## Kumiki: what this change does to the guidelines\n\n"
        out += "`\(Self.short(base))` → `\(Self.short(head))`: **\(pages.count)** page\(pages.count == 1 ? "" : "s") (\(counts))"
        let findings = pages.reduce((0, 0)) { total, page in
            page.blocks.reduce(total) { ($0.0 + $1.addedFindings.count, $0.1 + $1.removedFindings.count) }
        }
        out += ", \(findings.0) finding\(findings.0 == 1 ? "" : "s") added, \(findings.1) removed.\n"
        if configurationChanged { out += "\n`kumiki.yml` changed.\n" }
        if !changedTokens.isEmpty {
            out += "\nTokens changed: " + Self.cut(changedTokens.map(Self.codeSpan).joined(separator: ", "), to: 2_000) + "\n"
        }
        guard !pages.isEmpty else { return out }
        out += "\n| Page | Status | Rows (en / ja changed) | Outdated | Untranslated | Layout blocks | Findings |\n"
        out += "|---|---|---|---|---|---|---|\n"
        // Room for the line that says what was left out.
        let budget = Self.markdownLimit - 200
        var shown = 0
        for (number, page) in pages.enumerated() {
            let line = Self.tableLine(page, link: Self.linkTarget(reportURL) + "#" + Self.pageAnchor(number))
            guard out.count + line.count <= budget else { break }
            out += line
            shown += 1
        }
        if shown < pages.count {
            let left = pages.count - shown
            out += "\n… and \(left) more page\(left == 1 ? "" : "s") not shown (the summary is kept under \(Self.markdownLimit) characters); run `kumiki diff` for the whole list.\n"
        }
        return out
    }

    private static func tableLine(_ page: PageDiff, link: String) -> String {
        let english = page.rows.count(where: { $0.english != .same }), japanese = page.rows.count(where: { $0.japanese != .same })
        let outdated = page.rows.count(where: \.outdated), untranslated = page.rows.count(where: \.untranslated)
        let added = page.blocks.reduce(0) { $0 + $1.addedFindings.count }
        let removed = page.blocks.reduce(0) { $0 + $1.removedFindings.count }
        var name = Self.codeSpan(page.path)
        if let from = page.from { name += " (from \(Self.codeSpan(from)))" }
        let errors = page.blocks.reduce(0) { $0 + $1.errors.count }
        return "| \(cut(name, to: 600)) [report](\(link)) | \(page.status.rawValue) | \(english) / \(japanese) | \(outdated) | \(untranslated) | "
            + "\(page.blocks.count) | +\(added) −\(removed)\(errors > 0 ? ", \(errors) error\(errors == 1 ? "" : "s")" : "") |\n"
    }

    /// A URL that cannot end a Markdown link early or break a table cell.
    private static func linkTarget(_ url: String) -> String {
        var allowed = CharacterSet.urlFragmentAllowed.union(.urlPathAllowed).union(.urlHostAllowed)
        allowed.remove(charactersIn: "()|<> ")
        return url.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// Text as a code span that cannot break a table cell: fenced by one
    /// backtick more than its longest run of them (and a space inside when
    /// it starts or ends with one), so a path is shown as it is.
    private static func codeSpan(_ text: String) -> String {
        let escaped = text.escapingControlCharacters.replacingOccurrences(of: "|", with: "\\|")
        var longest = 0, run = 0
        for character in escaped {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padding = escaped.hasPrefix("`") || escaped.hasSuffix("`") ? " " : ""
        return fence + padding + escaped + padding + fence
    }

    private static func cut(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}
