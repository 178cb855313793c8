import Foundation
import KumikiLayoutLanguage
import KumikiSite
import KumikiSupport

/// A page's layout block as an editor needs it: where it lies, its title,
/// and the names it declares with their kinds and places.
///
/// The blocks are those the build finds (`FencedBlock.blocks`), read by the
/// layout language's front end, which keeps the lines it could read when
/// others have errors, as a block being typed has.
struct LayoutBlockOutline {
    /// A view, stack or guide the block declares.
    struct Declaration {
        var name: String
        /// `button`, `stack`, `guide`.
        var kind: String
        /// Its 1-based line and character column in the page.
        var line: Int
        var column: Int
    }

    /// The opening fence's 1-based line.
    var fenceLine: Int
    /// The 1-based lines of the block's text, fences excluded.
    var lines: ClosedRange<Int>?
    var title: Bilingual<String>?
    var kind: LayoutBlockKind
    var declarations: [Declaration]
    /// The block's environment lines (`devices: …`), as written.
    var environmentLines: [EnvironmentLine]
    /// The block's program read with the site's tokens; `nil` when the
    /// block has an error (a token the site does not have is one).
    var program: LayoutProgram?

    /// The last line the block takes: its closing fence (or the last line
    /// of its text when the page ends before the fence).
    var endLine: Int { (lines?.upperBound ?? fenceLine) + 1 }

    func declaration(named name: String) -> Declaration? {
        declarations.first { $0.name == name }
    }

    /// The page's layout blocks, in page order.
    ///
    /// - Parameter tokens: the site's tokens as blocks read them (the
    ///   modifiers' defaults). A reference to a token the table does not
    ///   have (a site being set up, a name being typed) stands for a length
    ///   in the outline, so the line that names it still declares its name
    ///   (a stack with `spacing {spacing.m}`); such a block has no program.
    static func blocks(in text: String, displayPath: String, tokens: LayoutTokenTable = .empty) -> [LayoutBlockOutline] {
        FencedBlock.blocks(named: "layout", inPage: Data(text.utf8), displayPath: displayPath).blocks.map { block in
            let kind = LayoutBlockKind(infoString: block.info) ?? .layout
            let source = LayoutBlockSource(text: block.text, firstLine: block.firstLine, kind: kind)
            let unknown = LayoutLanguage.tokenPaths(in: block.text).filter { tokens[$0] == nil }
            var entries = tokens.entries
            for path in unknown { entries[path] = LayoutTokenEntry(value: .dimension(0), written: "{\(path)}") }
            let parsed = LayoutLanguage.parse(source, tokens: LayoutTokenTable(entries: entries))
            let count = block.text.split(separator: "\n", omittingEmptySubsequences: false).count
                - (block.text.hasSuffix("\n") || block.text.isEmpty ? 1 : 0)
            let declarations = parsed.statements.compactMap { located -> Declaration? in
                let place = { (name: Name, kind: String) in
                    Declaration(name: name.text, kind: kind, line: block.firstLine.line + located.line,
                                column: block.firstLine.column + name.column)
                }
                switch located.statement {
                case .declaration(let declaration): return place(declaration.name, declaration.kind.rawValue)
                case .guide(let name): return place(name, "guide")
                case .stack(let stack): return place(stack.name, "stack")
                default: return nil
                }
            }
            return LayoutBlockOutline(
                fenceLine: block.start.line,
                lines: count > 0 ? block.firstLine.line...(block.firstLine.line + count - 1) : nil,
                title: parsed.header.title, kind: kind, declarations: declarations,
                environmentLines: parsed.header.environmentLines,
                program: unknown.isEmpty ? parsed.program : nil)
        }
    }
}

extension SiteWorkspace {
    /// The site's tokens as its layout blocks read them, as its latest
    /// check read them; none before the first.
    var layoutTokenTable: LayoutTokenTable {
        session.lastTokens?.layoutTokens.base ?? .empty
    }
}
