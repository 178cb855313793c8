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
        var handler = FencedBlockHandler(name: "layout", cost: { renderer.cost(of: $0) }) { renderer.render($0) }
        handler.renderUntil = { renderer.render($0, until: $1) }
        handler.searchText = LayoutFigure.searchText(of:)
        handler.storeKey = "layout " + engine.catalog.storeDigest
        return handler
    }

    /// The views and guides of `block` times the environments it is solved
    /// in; 0 for a block that does not parse (it is not solved).
    public func cost(of block: FencedBlock) -> Int {
        guard let program = Self.parse(block).program else { return 0 }
        return (program.views.count + program.guides.count) * engine.environments(for: program).environments.count
    }

    /// The block as the layout language's front end reads it (its header,
    /// its program, the problems found), read as the build reads it:
    /// `kumiki render` reads blocks here too.
    public static func parse(_ block: FencedBlock) -> ParsedLayoutBlock {
        LayoutLanguage.parse(LayoutFigure.source(of: block))
    }

    /// The block's figure and diagnostics. `shouldStop` is asked between
    /// environments; once it says yes the solve ends early and the output
    /// is incomplete, for the caller to discard.
    public func render(_ block: FencedBlock, until shouldStop: (@Sendable () -> Bool)? = nil) -> FencedBlockOutput {
        let parsed = Self.parse(block)
        let parseDiagnostics = parsed.diagnostics
        guard let program = parsed.program else {
            return FencedBlockOutput(
                html: LayoutFigure.html(for: block, header: parsed.header, body: LayoutFigure.source(block)), diagnostics: parseDiagnostics)
        }
        let solution = engine.solve(program, until: shouldStop)
        var definitions = DiagramDefinitions()
        let body = LayoutFigure.gallery(for: solution, block: block, definitions: &definitions, frames: frames)
            + LayoutFigure.findings(for: solution, block: block) + LayoutFigure.source(block)
        return FencedBlockOutput(
            html: LayoutFigure.html(for: block, header: parsed.header, body: body),
            definitions: definitions,
            diagnostics: parseDiagnostics + solution.diagnostics)
    }
}
