import KumikiSupport

/// Drawings that the inline diagrams of one HTML page share, each written
/// once and drawn wherever it is needed with `<use href="#id">`.
///
/// A page shows every layout block in the same environments, and a
/// diagram's device frame (screen, guides, bars, sensor housing, home
/// indicator, continuous corners and bezel) depends only on the
/// environment, so most of a gallery's bytes were the same frames again
/// and again. ``LayoutDiagram/svg(scale:sharing:)`` draws the frame by
/// reference and adds the drawing here; the page writes ``html`` once.
///
/// An id is a hash of the drawing itself, not a counter, so a block's
/// diagrams name their frames the same way whichever page, and whichever
/// other blocks, they are rendered with (blocks are rendered in parallel
/// and cached one by one). Two different drawings with the same 64-bit id
/// would need billions of distinct frames on one page.
///
/// The drawings are `<g>` elements in a `<defs>`, not `<symbol>`s: a
/// symbol opens a viewport at the origin that clips what lies above or
/// left of it, and the bezel does. Styles reach the copies `<use>` makes
/// through their own classes (the rules for frame parts use no descendant
/// selector, which would not cross into the copy) and through the custom
/// properties the copies inherit from the `<use>`, so dark mode applies.
public struct DiagramDefinitions: Sendable, Hashable {
    /// Ids in the order the drawings were first added.
    public private(set) var ids: [String] = []
    private var drawings: [String: String] = [:]

    public init() {}

    public var isEmpty: Bool { ids.isEmpty }

    /// The markup of the drawing with this id.
    public func drawing(_ id: String) -> String? { drawings[id] }

    /// Adds a drawing, once, and returns its id.
    @discardableResult
    public mutating func add(_ drawing: String) -> String {
        let id = Self.id(of: drawing)
        if drawings[id] == nil {
            drawings[id] = drawing
            ids.append(id)
        }
        return id
    }

    /// Adds a drawing whose id is known (``id(of:)`` of the drawing), once.
    @discardableResult
    public mutating func add(_ drawing: String, id: String) -> String {
        if drawings[id] == nil {
            drawings[id] = drawing
            ids.append(id)
        }
        return id
    }

    /// Adds every drawing of `other` this one lacks, in `other`'s order.
    public mutating func merge(_ other: DiagramDefinitions) {
        for id in other.ids where drawings[id] == nil {
            drawings[id] = other.drawings[id]
            ids.append(id)
        }
    }

    /// The hidden `<svg>` that holds the drawings, for the page's body; an
    /// empty string when there are none. It takes no room even without a
    /// style sheet (zero size, absolutely placed by `kumiki.css`) and is
    /// hidden from assistive technology: each diagram describes itself.
    public var html: String {
        guard !ids.isEmpty else { return "" }
        var out = SVGMarkup()
        out.open("svg", [("class", "k-defs"), ("width", "0"), ("height", "0"), ("aria-hidden", "true")])
        out.open("defs")
        for id in ids {
            out.open("g", [("id", id)])
            out.raw(drawings[id] ?? "")
            out.close("g")
        }
        out.close("defs")
        out.close("svg")
        return out.text + "\n"
    }

    /// `kf` and the drawing's FNV-1a hash in base 36: the same on every run
    /// and machine (Swift's `Hasher` is seeded per process).
    public static func id(of drawing: String) -> String {
        var hash = StableHash()
        hash.combine(drawing)
        return "kf" + String(hash.value, radix: 36)
    }
}
