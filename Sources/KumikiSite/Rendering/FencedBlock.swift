import KumikiSupport
import KumikiDiagram

/// A fenced code block of a page, handed to the handler its info string names.
public struct FencedBlock: Sendable, Hashable {
    /// The whole info string (`layout do`).
    public var info: String
    /// The block's text, without the fences.
    public var text: String
    /// The opening fence.
    public var start: SourceLocation
    /// The first line of the text (the line after the opening fence).
    public var firstLine: SourceLocation
    /// The 1-based position of the block among the page's blocks of the same
    /// handler, as `kumiki render --block N` counts them.
    public var index: Int
    /// The row anchor of the block's segment on its page (`RowAnchor`), set
    /// when a page is rendered; `nil` for a block outside a page.
    public var anchor: String?
    /// From the block's page to the site's root (`../`, or empty on the
    /// home page), set when a page is rendered, for the links a block
    /// makes to other pages; `nil` for a block outside a page.
    public var rootPrefix: String?
    /// The texts of the page's earlier blocks of the same handler, in page
    /// order, for the handlers whose output depends on them
    /// (`FencedBlockFinder.namesReadingEarlierBlocks`: a `tokens` block
    /// keeps its row anchors apart from theirs); empty otherwise.
    public var earlierTexts: [String] = []

    /// Makes a block outside a page, as the preview server's playground does.
    public init(info: String, text: String, start: SourceLocation, firstLine: SourceLocation, index: Int) {
        self.info = info
        self.text = text
        self.start = start
        self.firstLine = firstLine
        self.index = index
    }

    /// The id of the element the block becomes: its row anchor on a page,
    /// `PREFIX-INDEX` (`layout-2`, as `kumiki render --block 2` counts)
    /// outside one.
    public func elementID(prefix: String) -> String {
        anchor ?? "\(prefix)-\(index)"
    }

    /// The first word of the info string, which picks the handler.
    public var name: String { Self.name(ofInfo: info) }

    /// The first word of an info string: the handler a fence goes to.
    static func name(ofInfo info: String) -> String { String(info.split(separator: " ").first ?? "") }
    /// The rest of the info string (`do` in `layout do`).
    public var arguments: [String] { info.split(separator: " ").dropFirst().map(String.init) }
}

/// What a handler makes of a block: HTML spanning both columns of the page,
/// the drawings its diagrams refer to, and the problems it found.
public struct FencedBlockOutput: Sendable {
    public var html: String
    /// Drawings the HTML uses by reference (`<use href="#…">`): the page
    /// writes each once, whichever blocks share it.
    public var definitions: DiagramDefinitions
    public var diagnostics: [Diagnostic]

    public init(html: String, definitions: DiagramDefinitions = DiagramDefinitions(), diagnostics: [Diagnostic] = []) {
        self.html = html
        self.definitions = definitions
        self.diagnostics = diagnostics
    }

    /// The HTML followed by the drawings it refers to: the block complete
    /// on its own, for a place that shows one block (the playground).
    public var standaloneHTML: String { html + definitions.html }
}

/// The one extension point for fenced blocks: a block whose info string
/// starts with `name` is read by `prepare` instead of shown as code.
///
/// Layout blocks plug in here; a device table or material swatches plug in
/// the same way. A handler reads a block once (`prepare`), and everything
/// a build asks of the block (its cost, its words for search, its figure)
/// is asked of that one value, so no caller can take one part of a
/// handler and forget another.
public struct FencedBlockHandler: Sendable {
    public var name: String
    /// Reads a block once.
    public var prepare: @Sendable (FencedBlock) -> PreparedBlock
    /// A digest of everything `prepare` and rendering read besides the
    /// block (the device catalog a layout block is solved on): with it,
    /// what the handler made of a block is kept in the build store under
    /// this and the block, and reused by every command until either
    /// changes. `nil` for handlers whose output is not kept.
    public var storeKey: String?
    /// A digest of what one block reads besides its text and `storeKey`
    /// (the values of the design tokens a layout block names), added to
    /// its key, so that a change elsewhere leaves the block's key alone.
    public var blockReads: (@Sendable (FencedBlock) -> String)?

    public init(name: String, storeKey: String? = nil, blockReads: (@Sendable (FencedBlock) -> String)? = nil,
                prepare: @escaping @Sendable (FencedBlock) -> PreparedBlock) {
        self.name = name
        self.storeKey = storeKey
        self.blockReads = blockReads
        self.prepare = prepare
    }

    /// A handler whose blocks cost their page's budget `cost` (nothing by
    /// default), give search no words, and render in one step.
    public init(name: String, storeKey: String? = nil, cost: (@Sendable (FencedBlock) -> Int)? = nil,
                render: @escaping @Sendable (FencedBlock) -> FencedBlockOutput) {
        self.init(name: name, storeKey: storeKey) { block in
            PreparedBlock(cost: cost?(block) ?? 0) { _ in render(block) }
        }
    }
}

/// A fenced block as its handler read it: what it asks of its page's
/// budget, the words search reads, and how to render it.
public struct PreparedBlock: Sendable {
    /// The work the block will ask for, counted against its page's budget
    /// before it is rendered (`LayoutLimits.maximumViewEnvironmentsPerPage`):
    /// a layout block's views and guides times its environments; 0 for
    /// blocks whose work does not depend on what they say.
    public var cost: Int
    /// The words the block shows, in each language, for the search index
    /// (a layout block's title and view labels, a devices table's caption
    /// and device names); `nil` for blocks search does not read.
    public var searchText: Bilingual<String>?
    private let renderStep: @Sendable ((@Sendable () -> Bool)?) -> FencedBlockOutput

    /// - Parameter render: renders the block; when given a function, a
    ///   block that can stop part-way (a layout block solves environment by
    ///   environment) asks it between steps and ends early, with an
    ///   incomplete output, once it says yes; others render to the end.
    public init(cost: Int = 0, searchText: Bilingual<String>? = nil,
                render: @escaping @Sendable ((@Sendable () -> Bool)?) -> FencedBlockOutput) {
        self.cost = cost
        self.searchText = searchText
        self.renderStep = render
    }

    /// The block's output.
    public func render() -> FencedBlockOutput { renderStep(nil) }

    /// The block's output, ended early once `shouldStop` says yes (for a
    /// block that can stop part-way): the preview's playground stops a
    /// block past its time budget this way.
    public func render(until shouldStop: @escaping @Sendable () -> Bool) -> FencedBlockOutput { renderStep(shouldStop) }
}
