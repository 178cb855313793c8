import KumikiSupport

/// The front end of the layout language: a block's text in, its program
/// and diagnostics out.
///
/// Each line goes through the stages in turn: the `Lexer` splits it into
/// tokens, the `StatementParser` reads them into a `Statement`, and
/// `BlockLowering` adds what it says to the block (sugar, stacks and the
/// visual format language expanded). Once every line is read,
/// `NameResolution` checks the names the lines used and the lints
/// (`ProportionWithLimitLint`) look at the whole block.
///
/// Every problem is reported at its line and column in the Markdown file
/// (`source.firstLine` plus the line index; the column in characters). One
/// bad line does not hide the others: it gets one error and the next line
/// is read.
public enum LayoutLanguage {
    ///
    /// - Parameter tokens: The design tokens a reference (`{spacing.m}`)
    ///   may name, with the values of the environments the program is
    ///   solved in; a site without tokens gives none.
    public static func parse(_ source: LayoutBlockSource, tokens: LayoutTokenTable = .empty) -> ParsedLayoutBlock {
        var frontEnd = FrontEnd(source: source, tokens: tokens)
        return frontEnd.run()
    }
}

extension LayoutLanguage {
    /// The dotted paths of the design tokens a block's text names
    /// (`{spacing.m}`), in order, each once: what the block reads of the
    /// site's tokens, found without reading the block. A line the lexer
    /// cannot read names nothing, as the front end then reads no token
    /// of it.
    public static func tokenPaths(in text: String) -> [String] {
        guard text.utf8.contains(UInt8(ascii: "{")) else { return [] }
        var paths: [String] = []
        // Split on the bytes, as "\r\n" is one character; a line keeps no
        // line end, as the front end reads it.
        for line in text.utf8.split(separator: UInt8(ascii: "\n")) where line.contains(UInt8(ascii: "{")) {
            let bytes = line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...]
            guard case .success(let tokens) = Lexer.tokens(of: String(decoding: bytes, as: UTF8.self)) else { continue }
            for token in tokens {
                if case .tokenReference(let path) = token.kind, !paths.contains(path) { paths.append(path) }
            }
        }
        return paths
    }
}

/// A layout block read by the front end.
public struct ParsedLayoutBlock: Sendable {
    /// The program, when the block has no error (warnings allowed).
    public var program: LayoutProgram?
    /// The block's kind, title and settings, also when it has errors.
    public var header: LayoutBlockHeader
    /// The statements that read, in source order.
    public var statements: [LocatedStatement]
    /// Every problem found, in the order the lines were read.
    public var diagnostics: [Diagnostic]
    /// Every design token the block names, in source order, known or not.
    public var tokenReferences: [LayoutTokenReference] = []
}

/// What a block says about itself rather than about its layout: its kind
/// (from the fence's info string), its title and its settings. The site,
/// the command line and the playground read these from here.
public struct LayoutBlockHeader: Hashable, Sendable {
    public var kind: LayoutBlockKind
    /// `title: English | 日本語`; nil when the block has none.
    public var title: LocalizedText?
    /// The environment lines (`devices:`, `orientations:`, …), as written.
    public var environmentLines: [EnvironmentLine]
    /// The `show:` line.
    public var shownEnvironment: EnvironmentLine?
}
