import KumikiSupport

/// The flavour of a layout block, from its info string.
public enum LayoutBlockKind: String, Hashable, Sendable, Codable {
    /// ` ```layout `: an example.
    case layout
    /// ` ```layout do `: a recommended layout; it must produce no finding.
    case `do`
    /// ` ```layout dont `: a layout to avoid; it must produce at least one finding.
    case dont

    /// The kind for an info string (`layout`, `layout do`, `layout dont`,
    /// also `layout don't`); nil when the info string is not a layout block.
    public init?(infoString: String) {
        let words = infoString.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let first = words.first, first == "layout" else { return nil }
        switch words.dropFirst().first?.lowercased() {
        case nil: self = .layout
        case "do": self = .do
        case "dont", "don't", "don’t": self = .dont
        default: self = .layout
        }
    }
}

/// The text of one layout block and where it sits in its Markdown file.
public struct LayoutBlockSource: Hashable, Sendable {
    /// The block's content, without the fences.
    public var text: String
    /// The location of the first content line (the line after the opening
    /// fence). Its column is that of the content's first character, so
    /// an indented block reports columns as the editor shows them.
    public var firstLine: SourceLocation
    public var kind: LayoutBlockKind

    public init(text: String, firstLine: SourceLocation, kind: LayoutBlockKind = .layout) {
        self.text = text
        self.firstLine = firstLine
        self.kind = kind
    }
}

/// A title in both languages: `title: English | 日本語`.
public typealias LocalizedText = Bilingual<String>

/// A declared view: `button go "Continue" "続ける"`.
public struct ViewDeclaration: Hashable, Sendable {
    public var name: String
    public var kind: ViewKind
    /// The English label (a button's title, a label's text, a field's
    /// placeholder); empty when none was given.
    public var label: String
    /// The Japanese label; empty when none was given.
    public var labelJapanese: String
    public var location: SourceLocation
}

/// A layout guide the block declares (`guide column`): an invisible
/// rectangle, placed by constraints like a view, with no findings.
public struct GuideDeclaration: Hashable, Sendable {
    public var name: String
    public var location: SourceLocation
}

/// An environment line such as `devices: phones`, kept as written; the
/// engine hands it to `EnvironmentSettings`. The `show:` line, which names
/// the environment a block's gallery opens on, is kept the same way.
public struct EnvironmentLine: Hashable, Sendable {
    /// `devices`, `orientations`, `splits`, `textSizes`, `bars` or `show`.
    public var key: String
    /// The text after the colon, trimmed.
    public var value: String
    public var location: SourceLocation
    /// Where the value starts, for errors inside it.
    public var valueLocation: SourceLocation
}

/// A trait variant: lines that apply only where every condition holds.
///
/// A variant's constraint *replaces* the base constraints with the same
/// `ConstraintKey` (left side and relation as written) instead of adding a
/// competitor; `hide VIEW` removes a view and every constraint that
/// mentions it.
public struct TraitVariant: Hashable, Sendable {
    public var conditions: [TraitCondition]
    public var constraints: [LayoutConstraint]
    public var stacks: [StackDeclaration]
    public var hidden: [String]
    public var location: SourceLocation
    /// `lines` set in the variant; each replaces the base one of its view.
    public var lineLimits: [LineLimit] = []
}

/// A parsed and checked layout block, ready for `LayoutEngine`.
public struct LayoutProgram: Hashable, Sendable {
    public var kind: LayoutBlockKind
    /// Where the block's first content line is.
    public var firstLine: SourceLocation
    public var title: LocalizedText?
    /// The views, in declaration order.
    public var views: [ViewDeclaration]
    /// The block's own layout guides (`guide NAME`).
    public var guides: [GuideDeclaration]
    /// The base constraints, sugar and the visual format language already
    /// expanded; stacks are kept apart (their expansion depends on which
    /// views a variant hides).
    public var constraints: [LayoutConstraint]
    public var stacks: [StackDeclaration]
    public var variants: [TraitVariant]
    public var environmentLines: [EnvironmentLine]
    /// The base `lines` settings of labels (content hugging and compression
    /// resistance are constraints, in `constraints`).
    public var lineLimits: [LineLimit] = []
    /// The `show: DEVICE/ORIENTATION…` line: the environment whose group
    /// the block's gallery opens on (the engine checks that the block has
    /// it); nil when the block leaves the choice to Kumiki.
    public var shownEnvironment: EnvironmentLine? = nil
    /// The views' `fill`, `textColor` and `font` lines, in source order:
    /// design tokens, resolved per environment where the block is solved.
    public var styleLines: [ViewStyleLine] = []

    /// The view with this name.
    public func view(named name: String) -> ViewDeclaration? { views.first { $0.name == name } }

    /// The constraints in force when the variants at `activeVariants`
    /// (indices into `variants`) apply: base lines and stacks, each replaced
    /// by the variant lines with the same key (a later variant replacing an
    /// earlier one), then every constraint mentioning a hidden view dropped.
    public func constraints(activeVariants: [Int]) -> [LayoutConstraint] {
        let hidden = hiddenViews(activeVariants: activeVariants)
        var result = constraints + stacks.flatMap { $0.constraints(hiding: hidden) }
        for index in activeVariants where variants.indices.contains(index) {
            let variant = variants[index]
            let added = variant.constraints + variant.stacks.flatMap { $0.constraints(hiding: hidden) }
            let replaced = Set(added.map(\.key))
            result.removeAll { replaced.contains($0.key) }
            result += added
        }
        guard !hidden.isEmpty else { return result }
        return result.filter { constraint in
            !hidden.contains(constraint.first.item) && !(constraint.second.map { hidden.contains($0.item) } ?? false)
        }
    }

    /// The views hidden by the variants at `activeVariants`.
    public func hiddenViews(activeVariants: [Int]) -> Set<String> {
        var hidden: Set<String> = []
        for index in activeVariants where variants.indices.contains(index) {
            hidden.formUnion(variants[index].hidden)
        }
        return hidden
    }

    /// The number of lines each label may use where the variants at
    /// `activeVariants` apply (a variant's setting replacing the base one);
    /// labels without a setting are left out: they keep to one line.
    public func lineLimits(activeVariants: [Int]) -> [String: Int] {
        var result: [String: Int] = [:]
        for limit in lineLimits { result[limit.view] = limit.lines }
        for index in activeVariants where variants.indices.contains(index) {
            for limit in variants[index].lineLimits { result[limit.view] = limit.lines }
        }
        return result
    }

    /// Stacks in force (base and active variants), in source order.
    public func stacks(activeVariants: [Int]) -> [StackDeclaration] {
        stacks + activeVariants.filter { variants.indices.contains($0) }.flatMap { variants[$0].stacks }
    }
}
