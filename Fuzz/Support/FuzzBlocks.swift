import KumikiSite
import KumikiSupport

/// Fixed fenced blocks a fuzz target renders with handlers it built from
/// its input.
public enum FuzzBlocks {
    /// A block for the handler named `name`: the catalog as a table with
    /// every column, or three views a guideline might lay out.
    public static func sample(for name: String) -> FencedBlock {
        let text = name == "devices" ? "columns: all\nfamily: all\n" : """
            label title "Title" "タイトル"
            button go "Go" "進む"
            view card
            title.top = safe.top + 16
            title.leading = safe.leading + 16
            card.top = title.bottom + 8
            card.leading = safe.leading + 16
            card.trailing = safe.trailing - 16
            card.height = 40% safe.height
            go.top = card.bottom + 8
            go.centerX = safe.centerX

            """
        return FencedBlock(
            info: name, text: text, start: SourceLocation(file: "fuzz.md", line: 1),
            firstLine: SourceLocation(file: "fuzz.md", line: 2), index: 1)
    }
}
