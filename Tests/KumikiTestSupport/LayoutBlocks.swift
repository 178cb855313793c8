/// "Hello" repeated `count` times with spaces. In the layout engine's text
/// measure "Hello" is 2.278 em and a space 0.278: n words take
/// 2.556 n − 0.278 em, so eight fit in the 343 pt (20.176 em) between the
/// margins at 17 pt: 20.17 em = 342.89 pt.
public func hellos(_ count: Int) -> String { Array(repeating: "Hello", count: count).joined(separator: " ") }

/// A block with a label of `count` hellos between the margins, limited to
/// `lines` lines (`nil` leaves UILabel's one line), and a button below it.
public func wrappingNoteBlock(_ count: Int, lines: Int?) -> String {
    """
    label note "\(hellos(count))"
    button go "Continue" "続ける"
    \(lines.map { "note.lines = \($0)" } ?? "")
    note.leading = margins.leading
    note.trailing <= margins.trailing
    note.top = safe.top
    go.leading = margins.leading
    go.top = note.bottom + 8
    go.height >= 44
    """
}
