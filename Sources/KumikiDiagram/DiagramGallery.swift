import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage

/// How a block's diagrams are grouped on its page and the one scale they
/// share.
public enum DiagramGallery {
    /// The gallery's groups, in the order they are shown.
    public enum Group: String, CaseIterable, Sendable, Hashable {
        case phonesPortrait = "phone-portrait"
        case phonesLandscape = "phone-landscape"
        case pads = "pad"
        case splits = "split"
        case textSizes = "text-size"

        public var title: Bilingual<String> {
            switch self {
            case .phonesPortrait: Bilingual("iPhone, portrait", "iPhone・縦向き")
            case .phonesLandscape: Bilingual("iPhone, landscape", "iPhone・横向き")
            case .pads: Bilingual(both: "iPad")
            case .splits: Bilingual("Split View and Slide Over", "Split View と Slide Over")
            case .textSizes: Bilingual("Text sizes", "文字サイズ")
            }
        }
    }

    /// The group an environment belongs to: a text size other than the
    /// default first, then a split, then family and orientation.
    public static func group(of environment: Environment) -> Group {
        if environment.textSize != .default { return .textSizes }
        if environment.split != .full { return .splits }
        if environment.device.family == .pad { return .pads }
        return environment.orientation == .portrait ? .phonesPortrait : .phonesLandscape
    }

    /// The indices of `environments` grouped, groups in ``Group`` order and
    /// each keeping the environments' own order.
    public static func grouped(_ environments: [Environment]) -> [(group: Group, indices: [Int])] {
        var members: [Group: [Int]] = [:]
        for (index, environment) in environments.enumerated() {
            members[group(of: environment), default: []].append(index)
        }
        return Group.allCases.compactMap { group in members[group].map { (group, $0) } }
    }

    /// The group a block's gallery opens on: the one holding the
    /// environment its `show:` line names; for a `layout dont` block, the
    /// first group where a finding occurs, since the problem is the point
    /// of the example; otherwise the first group. Nil when the block has no
    /// environment.
    public static func openingGroup(of solution: BlockSolution) -> Group? {
        let environments = solution.environments.map(\.environment)
        let groups = grouped(environments)
        if let shown = solution.program.shownEnvironment?.value.lowercased(),
           let environment = environments.first(where: { $0.id.lowercased() == shown }) {
            return group(of: environment)
        }
        if solution.program.kind == .dont,
           let withFinding = groups.first(where: { $0.indices.contains { !solution.environments[$0].findings.isEmpty } }) {
            return withFinding.group
        }
        return groups.first?.group
    }

    /// The largest width, in CSS pixels, a diagram of the gallery may have.
    public static let widestDiagram = 560.0
    /// The scale a gallery never exceeds, in CSS pixels per point.
    public static let largestScale = 0.5

    /// The one scale (CSS pixels per point) for every diagram of a block, so
    /// sizes compare honestly: half size, or less when the widest diagram
    /// would be wider than ``widestDiagram``.
    public static func scale(for diagrams: [LayoutDiagram]) -> Double {
        let widest = diagrams.map(\.bounds.width).max() ?? 0
        guard widest > 0 else { return largestScale }
        // Two decimals, so the attribute values stay short and stable.
        return min(largestScale, (widestDiagram / widest * 100).rounded(.down) / 100)
    }

    /// The file name `kumiki render --format svg` gives a diagram:
    /// `block-1-iphone-x-portrait.svg`.
    public static func fileName(block: Int, environment: Environment) -> String {
        "block-\(block)-\(environment.id.split(separator: "/").joined(separator: "-")).svg"
    }
}
