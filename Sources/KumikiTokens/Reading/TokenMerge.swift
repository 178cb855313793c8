/// Files merged into one tree, as a resolver merges its sources, and the
/// tree flattened into its tokens.
enum TokenMerge {
    /// Merges `source` (a later file's group) into `target`: the later
    /// group's properties win where it has them, a later token replaces an
    /// earlier token or group of the same name, groups merge deeply.
    static func merge(_ source: GroupNode, into target: GroupNode, replaced: inout [TokenDeclaration]) {
        if !source.type.isAbsent { target.type = source.type }
        if let deprecation = source.deprecation { target.deprecation = deprecation }
        if let description = source.description { target.description = description }
        if let japanese = source.japaneseDescription { target.japaneseDescription = japanese }
        if let extensions = source.extensions { target.extensions = extensions }
        if let extends = source.extends { target.extends = extends }
        for (name, child) in source.orderedChildren {
            switch (target[name], child) {
            case (.group(let existing)?, .group(let incoming)):
                merge(incoming, into: existing, replaced: &replaced)
            case (let existing, _):
                if let existing { replaced += tokens(in: existing) }
                target.set(name, child)
            }
        }
    }

    private static func tokens(in child: GroupNode.Child) -> [TokenDeclaration] {
        switch child {
        case .token(let token): [token]
        case .group(let group): group.orderedChildren.flatMap { tokens(in: $0.child) }
        }
    }

    struct Entry {
        var declaration: TokenDeclaration
        /// The nearest group's `$type` and `$deprecated`.
        var type: TypeSetting
        var deprecation: Deprecation?
    }

    /// Every token of the tree with what its groups give it, in file order.
    static func flatten(_ root: GroupNode) -> [Entry] {
        var entries: [Entry] = []
        func walk(_ group: GroupNode, type: TypeSetting, deprecation: Deprecation?) {
            let type = group.type.isAbsent ? type : group.type
            let deprecation = group.deprecation ?? deprecation
            for (_, child) in group.orderedChildren {
                switch child {
                case .token(let token): entries.append(Entry(declaration: token, type: type, deprecation: deprecation))
                case .group(let inner): walk(inner, type: type, deprecation: deprecation)
                }
            }
        }
        walk(root, type: .absent, deprecation: nil)
        return entries.enumerated().sorted { a, b in
            a.element.declaration.order != b.element.declaration.order
                ? a.element.declaration.order.lexicographicallyPrecedes(b.element.declaration.order)
                : a.offset < b.offset
        }.map(\.element)
    }
}

/// Tokens a later file replaced are still checked, so that each file's
/// own problems are reported: a literal value against the token's own
/// `$type` or its groups' in its file.
enum ReplacedTokenCheck {
    static func check(
        _ replaced: [TokenDeclaration], paths: [String], root: GroupNode, declarations: [String: TokenDeclaration]
    ) -> [LocatedTokenProblem] {
        guard !replaced.isEmpty else { return [] }
        let resolver = TokenResolver(paths: paths, root: root, declarations: declarations, groupTypes: [:], tokenNames: declarations.keys.sorted())
        for token in replaced {
            let setting = token.type.isAbsent ? token.typeInFile : token.type
            guard case .type(let type) = setting, case .none = Reference.of(token.value) else { continue }
            _ = resolver.value(token.value, token.file, as: type)
        }
        return resolver.problems
    }
}
