import KumikiSupport
import KumikiDiagram
import KumikiLayout
import KumikiLayoutLanguage
import KumikiMarkdown

/// The real `layout` handler: parses a block, solves it in every
/// environment it asks for and renders its figure: the gallery of
/// diagrams, the findings, the source.
///
/// The block's diagnostics (parse errors, bad environment lines, required
/// conflicts, a `do` block with findings or a `dont` block without) are
/// returned with the HTML so the build reports them. A block that does not
/// parse still shows its source.
public struct LayoutBlockHandler: Sendable {
    public var engine: LayoutEngine
    /// The device frames, drawn once for every block this handler renders.
    public let frames = FrameDrawings()

    public init(catalog: DeviceCatalog) {
        engine = LayoutEngine(catalog: catalog)
    }

    /// This handler as the site's extension point.
    public var handler: FencedBlockHandler {
        let renderer = self
        return FencedBlockHandler(name: "layout") { renderer.render($0) }
    }

    /// The block as the layout language's front end reads it (its header,
    /// its program, the problems found), read as the build reads it:
    /// `kumiki render` reads blocks here too.
    public static func parse(_ block: FencedBlock) -> ParsedLayoutBlock {
        LayoutLanguage.parse(LayoutFigure.source(of: block))
    }

    public func render(_ block: FencedBlock) -> FencedBlockOutput {
        let parsed = Self.parse(block)
        let parseDiagnostics = parsed.diagnostics
        guard let program = parsed.program else {
            return FencedBlockOutput(
                html: LayoutFigure.html(for: block, header: parsed.header, body: LayoutFigure.source(block)), diagnostics: parseDiagnostics)
        }
        let solution = engine.solve(program)
        var definitions = DiagramDefinitions()
        let body = LayoutFigure.gallery(for: solution, block: block, definitions: &definitions, frames: frames)
            + LayoutFigure.findings(for: solution, block: block) + LayoutFigure.source(block)
        return FencedBlockOutput(
            html: LayoutFigure.html(for: block, header: parsed.header, body: body),
            definitions: definitions,
            diagnostics: parseDiagnostics + solution.diagnostics)
    }
}
