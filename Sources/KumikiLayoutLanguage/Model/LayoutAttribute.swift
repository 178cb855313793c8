/// An anchor of a view or guide, in Auto Layout's vocabulary.
///
/// `leading` and `trailing` are the edges where text starts and ends. Kumiki
/// lays out left-to-right today, so they coincide with `left` and `right`,
/// but they are kept distinct (and may not be related to `left`/`right`,
/// as NSLayoutAnchor forbids) so that a right-to-left direction can be added
/// without changing any block.
public enum LayoutAttribute: String, CaseIterable, Hashable, Sendable, Codable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY

    /// What an anchor measures; only anchors of the same class can be related.
    public enum Axis: String, Hashable, Sendable {
        /// `left right leading trailing centerX`: positions along x.
        case horizontal
        /// `top bottom centerY`: positions along y.
        case vertical
        /// `width height`: sizes, which may be related across axes.
        case dimension
    }

    public var axis: Axis {
        switch self {
        case .left, .right, .leading, .trailing, .centerX: .horizontal
        case .top, .bottom, .centerY: .vertical
        case .width, .height: .dimension
        }
    }

    /// True for `leading`/`trailing`, which follow the text direction.
    var isDirectional: Bool { self == .leading || self == .trailing }
    /// True for `left`/`right`, which do not.
    var isAbsoluteHorizontalEdge: Bool { self == .left || self == .right }

    /// The sign that turns a positive inset into an offset on this edge:
    /// +1 on the near edges (left, leading, top), −1 on the far ones; `nil`
    /// for anchors that are not edges.
    var insetSign: Double? {
        switch self {
        case .left, .leading, .top: 1
        case .right, .trailing, .bottom: -1
        default: nil
        }
    }
}

/// Sugar anchors that stand for several anchors at once.
public enum CompoundAnchor: String, CaseIterable, Hashable, Sendable {
    /// leading, trailing, top, bottom
    case edges
    /// leading, trailing
    case horizontalEdges
    /// top, bottom
    case verticalEdges
    /// width, height
    case size
    /// centerX, centerY
    case center
    /// width ÷ height
    case aspect

    var attributes: [LayoutAttribute] {
        switch self {
        case .edges: [.leading, .trailing, .top, .bottom]
        case .horizontalEdges: [.leading, .trailing]
        case .verticalEdges: [.top, .bottom]
        case .size: [.width, .height]
        case .center: [.centerX, .centerY]
        case .aspect: [.width]
        }
    }
}

/// Every anchor word the language knows, for did-you-mean suggestions and
/// an editor's completion.
package let anchorVocabulary: [String] =
    LayoutAttribute.allCases.map(\.rawValue) + CompoundAnchor.allCases.map(\.rawValue)
