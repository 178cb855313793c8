import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage

/// Decides, before a playground block is solved, whether solving it stays
/// within bounds.
///
/// A solve past its time budget stops between environments, but one
/// environment cannot be interrupted, so what a solve may cost is bounded
/// by its input first: the text (lines, line length), which is cheap to
/// measure and bounds parsing; then, parsed, the views times the
/// environments the block asks for, which is what solving grows with.
struct PlaygroundBudget: Sendable {
    let limits: ServerLimits

    /// Why the block is too large, or `nil` when it may be solved.
    /// - Parameters:
    ///   - text: The block's lines, environment line included.
    ///   - kind: The block's kind (`layout`, `do`, `dont`).
    ///   - catalog: The site's devices, which the environment lines select from.
    ///   - tokens: The site's tokens, which the block is read with as the
    ///     handler reads it.
    func problem(text: String, kind: LayoutBlockKind, catalog: DeviceCatalog, tokens: LayoutTokenTable = .empty) -> String? {
        var lineCount = 0
        // Any line break ends a line ("\r\n" is one Character, so a split at
        // "\n" alone kept a CRLF block on one line); a line's length is
        // counted in code points, which bound the work, so combining marks
        // do not slip past it.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lineCount += 1
            if lineCount > limits.maximumBlockLines {
                return "The block has more than \(limits.maximumBlockLines) lines, the playground's limit."
            }
            if line.unicodeScalars.count > limits.maximumLineLength {
                // Numbered as the diagnostics number it: the fence is line 1.
                return "Line \(lineCount + 1) of the block's Markdown (the fence is line 1) is longer than "
                    + "\(limits.maximumLineLength) characters, the playground's limit."
            }
        }
        let source = LayoutBlockSource(text: text, firstLine: SourceLocation(file: "playground", line: 2), kind: kind)
        // A block that does not parse is cheap: the handler reports its errors.
        guard let program = LayoutLanguage.parse(source, tokens: tokens).program else { return nil }
        let environments = LayoutEngine(catalog: catalog).environments(for: program).environments.count
        let cost = program.views.count * environments
        guard cost <= limits.maximumViewEnvironments else {
            return """
                The block has \(program.views.count) views in \(environments) environments (\(cost) layouts); \
                the playground solves at most \(limits.maximumViewEnvironments). Choose fewer devices, \
                orientations or text sizes with an environment line, such as 'devices: phones'.
                """
        }
        return nil
    }
}
