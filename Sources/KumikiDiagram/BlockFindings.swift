import KumikiLayout
import KumikiLayoutLanguage
import KumikiSupport

/// The findings of a block across its environments, one entry per kind of
/// problem and views concerned (and, for `low-contrast`, per appearance:
/// light and dark are two problems with their own fixes), numbered in the
/// order they first occur.
///
/// The numbers tie each diagram's badges to the list printed under the
/// gallery: badge 2 in any diagram is item 2 of the list.
public struct BlockFindings: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        /// 1-based, in order of first occurrence (environment order, then
        /// the finding's order within its environment).
        public var number: Int
        public var kind: Finding.Kind
        public var views: [String]
        /// The message of the first occurrence (sizes in it may differ
        /// elsewhere).
        public var message: Bilingual<String>
        /// The environments where it occurs, in the block's order.
        public var environments: [Environment]
    }

    public var entries: [Entry]

    public init(_ solution: BlockSolution) {
        self.init(solution.environments, program: solution.program)
    }

    public init(_ solutions: [EnvironmentSolution], program: LayoutProgram) {
        var entries: [Entry] = []
        var index: [Key: Int] = [:]
        var texts = FindingTexts(program: program)
        for solution in solutions {
            for finding in solution.findings {
                let text = texts.text(of: finding)
                let key = Key(finding)
                if let position = index[key] {
                    if entries[position].environments.last?.id != solution.environment.id {
                        entries[position].environments.append(solution.environment)
                    }
                } else {
                    index[key] = entries.count
                    entries.append(Entry(
                        number: entries.count + 1, kind: finding.kind, views: finding.views,
                        message: text,
                        environments: [solution.environment]))
                }
            }
        }
        self.entries = entries
        self.index = index
        self.texts = texts.known
        self.program = program
    }

    /// The words of `finding`, one of the block's.
    public func text(of finding: Finding) -> FindingText {
        texts[finding] ?? FindingText(finding, in: program)
    }

    /// The number of the entry `finding` belongs to.
    public func number(of finding: Finding) -> Int? {
        index[Key(finding)].map { entries[$0].number }
    }

    private struct Key: Hashable {
        var kind: Finding.Kind
        var views: [String]
        var appearance: Appearance?

        init(_ finding: Finding) {
            kind = finding.kind
            views = finding.views
            if case .contrast(_, _, let appearance) = finding.measurement { self.appearance = appearance }
        }
    }

    private var index: [Key: Int]
    /// The words of every finding of the block.
    private var texts: [Finding: FindingText]
    private var program: LayoutProgram
}
