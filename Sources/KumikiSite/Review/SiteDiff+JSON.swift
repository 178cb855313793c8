import KumikiSupport

extension SiteDiff {
    /// The pinned JSON form (README, "kumiki diff"): keys sorted, lengths
    /// with two decimals, so the same change always gives the same bytes.
    public func json() -> String {
        JSONValue.object([
            "base": .string(base),
            "head": .string(head),
            "configuration": .object(["changed": .bool(configurationChanged), "tokens": .array(changedTokens.map(JSONValue.string))]),
            "pages": .array(pages.map(Self.json)),
        ]).written() + "\n"
    }

    private static func json(_ page: PageDiff) -> JSONValue {
        .object([
            "path": .string(page.path),
            "status": .string(page.status.rawValue),
            "from": page.from.map(JSONValue.string) ?? .null,
            "rows": .array(page.rows.map { row in
                .object([
                    "anchor": .string(row.anchor), "en": .string(row.english.rawValue), "ja": .string(row.japanese.rawValue),
                    "outdated": .bool(row.outdated), "untranslated": .bool(row.untranslated),
                ])
            }),
            "blocks": .array(page.blocks.map(json)),
        ])
    }

    private static func json(_ block: BlockDiff) -> JSONValue {
        .object([
            "line": .integer(block.line),
            "title": block.title.map { JSONValue.string($0.english) } ?? .null,
            "status": .string(block.status.rawValue),
            "environments": .array(block.environments.map(JSONValue.string)),
            "groups": .array(block.groups.map { group in
                .object([
                    "label": .string(group.label.english),
                    "status": .string(group.status.rawValue),
                    "environments": .array(group.environments.map(JSONValue.string)),
                    "views": .array(group.views.map { view in
                        .object(["name": .string(view.name), "dx": points(view.dx), "dy": points(view.dy),
                                 "dw": points(view.dw), "dh": points(view.dh)])
                    }),
                ])
            }),
            "findings": .object(["added": .array(block.addedFindings.map(json)), "removed": .array(block.removedFindings.map(json))]),
            "errors": .array(block.errors.map { error in
                .object(["line": error.location.map { .number(Double($0.line)) } ?? .null,
                         "column": error.location.map { .number(Double($0.column)) } ?? .null,
                         "message": .string(error.message)])
            }),
        ])
    }

    private static func json(_ finding: BlockDiff.Finding) -> JSONValue {
        .object(["kind": .string(finding.kind), "environment": .string(finding.environment),
                 "views": .array(finding.views.map(JSONValue.string))])
    }

    /// Points with two decimals; a difference that rounds to zero is `0.00`,
    /// never `-0.00`.
    static func points(_ value: Double) -> JSONValue {
        .decimal(Self.rounded(value), fractionDigits: 2)
    }

    static func rounded(_ value: Double) -> Double {
        guard value.isFinite else { return 0 }
        let rounded = (value * 100).rounded() / 100
        return rounded == 0 ? 0 : rounded
    }
}
