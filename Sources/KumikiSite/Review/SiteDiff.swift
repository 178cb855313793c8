import KumikiSupport

/// What changed between two revisions of a site, as `kumiki diff` reports
/// it: the configuration and tokens, and each page that changed, its rows
/// and its layout blocks. Unchanged pages, rows and blocks are left out.
public struct SiteDiff: Sendable {
    /// The base commit's id.
    public var base: String
    /// The head commit's id, or `working-tree`.
    public var head: String
    /// What was read and computed (`--explain`); never part of the report.
    public var explanation: DiffExplanation
    /// Whether `kumiki.yml` changed.
    public var configurationChanged: Bool
    /// The tokens whose value changed (or that were added or removed), by name.
    public var changedTokens: [String]
    /// The pages that changed, by path.
    public var pages: [PageDiff]
    /// The errors found reading each side (a `kumiki.yml` that does not
    /// parse, a token file with errors): that side was compared as read,
    /// and a reader of the report should know. Base first.
    public var readErrors: [(revision: String, diagnostic: Diagnostic)] = []
}

/// A page that was added, removed, renamed or changed.
public struct PageDiff: Sendable {
    public enum Status: String, Sendable {
        case added, removed, renamed, changed
    }

    /// The page's path from the repository's top (`Content/x.md`): the
    /// head's, or the base's for a removed page.
    public var path: String
    public var status: Status
    /// The base's path of a renamed page.
    public var from: String?
    /// The page's title on the head side (the base's when removed).
    public var title: Bilingual<String>
    public var rows: [RowDiff]
    public var blocks: [BlockDiff]
}

/// What happened to one language of a row.
public enum LanguageChange: String, Sendable {
    case added, removed, changed, same

    static func between(_ before: String?, _ after: String?) -> LanguageChange {
        switch (before, after) {
        case (nil, nil): .same
        case (nil, _?): .added
        case (_?, nil): .removed
        case let (before?, after?): before == after ? .same : .changed
        }
    }
}

/// A row the change touched.
public struct RowDiff: Sendable {
    /// The row's anchor on the head's page (the base's for a removed row).
    public var anchor: String
    public var english: LanguageChange
    public var japanese: LanguageChange
    /// After the change: one language changed after the other.
    public var outdated: Bool
    /// After the change: one language is missing.
    public var untranslated: Bool
    /// Whether the change made the row outdated or untranslated (it was
    /// not, or did not exist, before): what `--fail-on` counts.
    var becameOutdated: Bool
    var becameUntranslated: Bool
    /// The row's words after the change (before, for a removed row).
    public var excerpt: Bilingual<String>
    /// The row's whole words before and after the change, in each language
    /// (`""` where there were none): what the HTML report marks.
    public var before = Bilingual("", "")
    public var after = Bilingual("", "")
}

/// A layout block whose solution changed, or that was added or removed.
public struct BlockDiff: Sendable {
    public enum Status: String, Sendable {
        case added, removed, changed
    }

    /// The fence line on the head's page (the base's for a removed block).
    public var line: Int
    /// The block's title in each language, the other's when it has only
    /// one (the JSON's `title` is the English).
    public var title: Bilingual<String>?
    public var status: Status
    /// The environments whose frames changed by more than 0.01 pt.
    public var environments: [String]
    public var groups: [Group]
    public var addedFindings: [Finding]
    public var removedFindings: [Finding]
    /// What keeps the block from being solved after the change (it does not
    /// parse), at their places in the head's page; empty when it is solved.
    public var errors: [Diagnostic] = []
    /// The added and removed findings for a person: one line per kind and
    /// views, its environments named as a group (`EnvironmentGroupLabel`).
    var findingSummary: [String] = []

    public struct Group: Sendable {
        /// `changed`: views moved, or were added or removed, in environments
        /// on both sides; `added` or `removed`: environments only the head,
        /// or only the base, solves the block in.
        public enum Status: String, Sendable {
            case changed, added, removed
        }

        /// How a reviewer would name the environments ("every iPhone in
        /// landscape", 横向きのすべての iPhone); the JSON gives the English.
        public var label: Bilingual<String>
        public var status: Status
        public var environments: [String]
        public var views: [ViewChange]
        /// The group's first environment drawn before and after.
        public var sample: Sample?
    }

    /// One environment of a block, its views' frames on each side (`nil`
    /// for a side the block or the environment is missing from): what the
    /// HTML report draws.
    public struct Sample: Sendable {
        public var environment: String
        /// The environment's window, in points.
        public var width: Double, height: Double
        public var before: [Frame]?
        public var after: [Frame]?
    }

    public struct Frame: Sendable {
        public var name: String
        public var x: Double, y: Double, width: Double, height: Double
    }

    /// For a block added or removed, its first environment: it has no
    /// groups, but the report still draws it.
    public var sample: Sample?

    /// A view that moved or resized: head minus base, in points.
    public struct ViewChange: Sendable {
        public var name: String
        public var dx: Double, dy: Double, dw: Double, dh: Double
    }

    public struct Finding: Sendable {
        public var kind: String
        public var environment: String
        public var views: [String]
    }
}

/// What a change may be refused for, in CI (`kumiki diff --fail-on`).
public enum DiffGate: String, Sendable, CaseIterable {
    /// A finding (or an unsatisfiable or ambiguous layout) that was not there.
    case newFindings = "new-findings"
    /// A row the change made possibly outdated.
    case outdated
    /// A row the change left with one language missing.
    case untranslated
}

extension SiteDiff {
    /// Whether the change introduces anything `gate` refuses.
    public func introduces(_ gate: DiffGate) -> Bool {
        switch gate {
        // A block the change leaves unable to be solved has worse than a
        // new finding.
        case .newFindings: pages.contains { $0.blocks.contains { !$0.addedFindings.isEmpty || !$0.errors.isEmpty } }
        case .outdated: pages.contains { $0.rows.contains(where: \.becameOutdated) }
        case .untranslated: pages.contains { $0.rows.contains(where: \.becameUntranslated) }
        }
    }
}
