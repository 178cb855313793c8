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
    /// The gallery's words on each environment, written once for every
    /// block this handler renders.
    let captions = EnvironmentMemo<String>()
    /// The design tokens a block may name.
    public var tokens: LayoutBlockTokens

    public init(catalog: DeviceCatalog, tokens: LayoutBlockTokens = .none) {
        engine = LayoutEngine(catalog: catalog)
        self.tokens = tokens
    }

    /// This handler as the site's extension point: a block is parsed once,
    /// for its cost, its words for search and its figure.
    public var handler: FencedBlockHandler {
        let renderer = self
        // A block is kept under the values of the tokens it names, not the
        // whole set: editing one token computes again only its blocks.
        return FencedBlockHandler(
            name: "layout", storeKey: "layout " + engine.catalog.storeDigest,
            blockReads: { block in renderer.tokenReads(of: block) }
        ) { block in
            renderer.prepare(block)
        }
    }

    /// A digest of the values, in every mode, of the tokens `block` names:
    /// what a block reads besides its text and the device catalog.
    public func tokenReads(of block: FencedBlock) -> String {
        tokens.digest(of: LayoutLanguage.tokenPaths(in: block.text))
    }

    /// `block` parsed, with its cost and its words for search; rendering
    /// solves the parsed program.
    public func prepare(_ block: FencedBlock) -> PreparedBlock {
        let parsed = Self.parse(block, tokens: tokens.base)
        return PreparedBlock(cost: cost(of: parsed.program), searchText: LayoutFigure.searchText(of: parsed)) {
            render(block, parsed: parsed, until: $0)
        }
    }

    /// The views and guides of `block` times the environments it is solved
    /// in; 0 for a block that does not parse (it is not solved).
    public func cost(of block: FencedBlock) -> Int {
        cost(of: Self.parse(block, tokens: tokens.base).program)
    }

    /// The views and guides of a program times the environments it is
    /// solved in (`environmentCount`, or the program's own); 0 without a
    /// program. `kumiki render` holds a page to the same bound.
    public func cost(of program: LayoutProgram?, environmentCount: Int? = nil) -> Int {
        guard let program else { return 0 }
        return (program.views.count + program.guides.count) * (environmentCount ?? engine.environments(for: program).environments.count)
    }

    /// The block as the layout language's front end reads it (its header,
    /// its program, the problems found), read as the build reads it:
    /// `kumiki render` reads blocks here too.
    public static func parse(_ block: FencedBlock, tokens: LayoutTokenTable = .empty) -> ParsedLayoutBlock {
        LayoutLanguage.parse(LayoutFigure.source(of: block), tokens: tokens)
    }

    /// The block's figure and diagnostics. `shouldStop` is asked between
    /// environments; once it says yes the solve ends early and the output
    /// is incomplete, for the caller to discard.
    public func render(_ block: FencedBlock, until shouldStop: (@Sendable () -> Bool)? = nil) -> FencedBlockOutput {
        render(block, parsed: Self.parse(block, tokens: tokens.base), until: shouldStop)
    }

    private func render(_ block: FencedBlock, parsed: ParsedLayoutBlock,
                        until shouldStop: (@Sendable () -> Bool)?) -> FencedBlockOutput {
        let parseDiagnostics = parsed.diagnostics
        guard let program = parsed.program else {
            return FencedBlockOutput(
                html: LayoutFigure.html(for: block, header: parsed.header, body: LayoutFigure.source(block, references: parsed.tokenReferences, tokens: tokens.base)),
                diagnostics: parseDiagnostics)
        }
        let (solution, modeDiagnostics) = solve(block, program: program, parsed: parsed, until: shouldStop)
        var definitions = DiagramDefinitions()
        let findings = BlockFindings(solution)
        let body = LayoutFigure.gallery(
            for: solution, block: block, definitions: &definitions, frames: frames, captions: captions, findings: findings)
            + LayoutFigure.findings(for: solution, block: block, findings: findings)
            + LayoutFigure.source(block, references: parsed.tokenReferences, tokens: tokens.base)
        return FencedBlockOutput(
            html: LayoutFigure.html(for: block, header: parsed.header, body: body),
            definitions: definitions,
            diagnostics: parseDiagnostics + modeDiagnostics + solution.diagnostics)
    }

    /// The block solved in its environments, each with the values of its
    /// own token table when the tokens follow the environments' traits
    /// (`tokens.modes`): the block is read again with each table its
    /// environments need, and an error only such a reading finds is
    /// returned beside the solution.
    public func solve(
        _ block: FencedBlock, program: LayoutProgram, parsed: ParsedLayoutBlock, environments: [Environment]? = nil,
        until shouldStop: (@Sendable () -> Bool)? = nil
    ) -> (BlockSolution, [Diagnostic]) {
        guard tokens.followsEnvironments, !parsed.tokenReferences.isEmpty else {
            return (engine.solve(program, environments: environments, styles: tokens.styles(of: program), until: shouldStop), [])
        }
        let selected = environments ?? engine.environments(for: program).environments
        var keys: [[String]] = []
        for environment in selected {
            let key = tokens.key(for: environment)
            if !keys.contains(key) { keys.append(key) }
        }
        var programs: [LayoutProgram] = [program]
        var numbers: [[String]: Int] = [:]
        var diagnostics: [Diagnostic] = []
        let known = Set(parsed.diagnostics.map(\.description))
        for key in keys {
            let reading = Self.parse(block, tokens: tokens.table(for: key))
            diagnostics += reading.diagnostics.filter { !known.contains($0.description) && !diagnostics.contains($0) }
            guard let variant = reading.program else { continue }
            numbers[key] = programs.count
            programs.append(variant)
        }
        let solution = engine.solve(
            programs, choosing: { numbers[tokens.key(for: $0)] ?? 0 }, environments: environments,
            styles: tokens.styles(of: program), until: shouldStop)
        return (solution, diagnostics)
    }
}
