import KumikiSupport
import KumikiLayout

/// Compares one page across the two sides of a change: its rows aligned
/// as a reader aligns them (`SequenceAlignment`), and its layout blocks
/// matched by content and position and compared by their solutions.
struct PageComparison {
    var base: ReviewSide
    var head: ReviewSide

    /// The page's diff, or `nil` when nothing a reader sees changed.
    func compare(before: Page?, after: Page?, renamed: Bool) -> PageDiff? {
        let old = before.map(base.review) ?? (rows: [], blocks: [])
        let new = after.map(head.review) ?? (rows: [], blocks: [])
        let rows = compareRows(old.rows, new.rows)
        let blocks = compareBlocks(old.blocks, new.blocks)
        let status: PageDiff.Status
        switch (before, after) {
        case (nil, _): status = .added
        case (_, nil): status = .removed
        default:
            guard renamed || !rows.isEmpty || !blocks.isEmpty else { return nil }
            status = renamed ? .renamed : .changed
        }
        guard let page = after ?? before else { return nil }
        return PageDiff(path: after.map(head.path) ?? base.path(of: page), status: status,
                        from: renamed ? before.map(base.path) : nil, title: page.title,
                        rows: status == .removed ? [] : rows, blocks: status == .removed ? [] : blocks)
    }

    func compareRows(_ old: [ReviewedRow], _ new: [ReviewedRow]) -> [RowDiff] {
        let steps = SequenceAlignment.align(old, new, same: { $0.isSame(as: $1) },
                                            likenesses: [{ $0.sharesALanguage(with: $1) }, { $0.kind == $1.kind }])
        return steps.compactMap { step in
            switch step {
            case .same: return nil
            case .changed(let i, let j):
                let (before, after) = (old[i], new[j])
                return RowDiff(anchor: after.anchor, english: .between(before.english, after.english),
                               japanese: .between(before.japanese, after.japanese), outdated: after.outdated,
                               untranslated: after.untranslated, becameOutdated: after.outdated && !before.outdated,
                               becameUntranslated: after.untranslated && !before.untranslated, excerpt: after.excerpt,
                               before: before.words, after: after.words)
            case .removed(let i):
                let before = old[i]
                return RowDiff(anchor: before.anchor, english: .between(before.english, nil),
                               japanese: .between(before.japanese, nil), outdated: false, untranslated: false,
                               becameOutdated: false, becameUntranslated: false, excerpt: before.excerpt,
                               before: before.words)
            case .added(let j):
                let after = new[j]
                return RowDiff(anchor: after.anchor, english: .between(nil, after.english),
                               japanese: .between(nil, after.japanese), outdated: after.outdated,
                               untranslated: after.untranslated, becameOutdated: after.outdated,
                               becameUntranslated: after.untranslated, excerpt: after.excerpt,
                               after: after.words)
            }
        }
    }

    func compareBlocks(_ old: [ReviewedBlock], _ new: [ReviewedBlock]) -> [BlockDiff] {
        let steps = SequenceAlignment.align(old, new, same: { $0.isSame(as: $1) },
                                            likenesses: [{ $0.title != nil && $0.title == $1.title }, { _, _ in true }])
        var baseBudget = PageBlockBudget(), headBudget = PageBlockBudget()
        let sameDevices = base.catalogDigest == head.catalogDigest
        var diffs: [BlockDiff] = []
        for step in steps {
            switch step {
            case .same(let i, let j) where sameDevices
                    && base.layout.tokenReads(of: old[i].fenced) == head.layout.tokenReads(of: new[j].fenced):
                // Said the same, solved on the same devices with the same
                // token values: the same solution, not solved at all. Both
                // pages' budgets still count it.
                _ = baseBudget.admit(base.layout.cost(of: old[i].fenced))
                _ = headBudget.admit(head.layout.cost(of: new[j].fenced))
                head.explanation.withValue { $0.blocksUnchanged += 1 }
            case .same(let i, let j), .changed(let i, let j):
                let before = base.frames(of: old[i], budget: &baseBudget)
                let after = head.frames(of: new[j], budget: &headBudget)
                // A block the change leaves unable to parse is that, not
                // a block whose views and findings all went away.
                guard after.errors.isEmpty else {
                    diffs.append(broken(new[j], status: .changed, errors: after.errors))
                    continue
                }
                let comparison = BlockComparison(base: before.frames, head: after.frames)
                guard !comparison.isEmpty else { continue }
                diffs.append(diff(new[j], status: .changed, comparison))
            case .removed(let i):
                let before = base.frames(of: old[i], budget: &baseBudget)
                diffs.append(diff(old[i], status: .removed, BlockComparison(base: before.frames, head: nil)))
            case .added(let j):
                let after = head.frames(of: new[j], budget: &headBudget)
                guard after.errors.isEmpty else {
                    diffs.append(broken(new[j], status: .added, errors: after.errors))
                    continue
                }
                diffs.append(diff(new[j], status: .added, BlockComparison(base: nil, head: after.frames)))
            }
        }
        return diffs
    }

    /// A block that does not parse after the change: its errors, and
    /// nothing solved to compare.
    private func broken(_ block: ReviewedBlock, status: BlockDiff.Status, errors: [Diagnostic]) -> BlockDiff {
        var diff = diff(block, status: status, BlockComparison(base: nil, head: nil))
        diff.errors = errors
        diff.findingSummary = errors.map { error in
            "! does not parse: \(error.message)" + (error.location.map { " (line \($0.line), column \($0.column))" } ?? "")
        }
        return diff
    }

    private func diff(_ block: ReviewedBlock, status: BlockDiff.Status, _ comparison: BlockComparison) -> BlockDiff {
        let finding = { (key: SolvedFrames.FindingKey) in
            BlockDiff.Finding(kind: key.kind, environment: key.environment, views: key.views)
        }
        return BlockDiff(
            line: block.line,
            title: block.title.map { Bilingual($0.english.isEmpty ? $0.japanese : $0.english, $0.japanese.isEmpty ? $0.english : $0.japanese) },
            status: status,
            environments: comparison.environments,
            groups: EnvironmentGroup.groups(of: comparison).map { group in
                BlockDiff.Group(label: group.label, status: group.change, environments: group.environments, views: group.views.map {
                    BlockDiff.ViewChange(name: $0.name, dx: $0.dx, dy: $0.dy, dw: $0.dw, dh: $0.dh)
                }, sample: group.environments.first.flatMap(comparison.sample))
            },
            addedFindings: comparison.addedFindings.map(finding), removedFindings: comparison.removedFindings.map(finding),
            findingSummary: summary("+", comparison.addedFindings, comparison) + summary("-", comparison.removedFindings, comparison),
            sample: status == .changed ? nil : comparison.universe.first.flatMap { comparison.sample(of: $0.id) })
    }

    /// `+ touch-target (save): every iPhone in landscape`.
    private func summary(_ sign: String, _ findings: [SolvedFrames.FindingKey], _ comparison: BlockComparison) -> [String] {
        var order: [String] = []
        var environments: [String: [String]] = [:]
        for finding in findings {
            let key = "\(finding.kind) (\(finding.views.joined(separator: ", ")))"
            if environments[key] == nil { order.append(key) }
            environments[key, default: []].append(finding.environment)
        }
        return order.sorted().map { key in
            "\(sign) \(key): " + EnvironmentGroupLabel.label(of: environments[key] ?? [], among: comparison.universe).english
        }
    }
}
