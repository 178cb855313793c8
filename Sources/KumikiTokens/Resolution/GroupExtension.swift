import KumikiSupport

/// `$extends`: a group inherits the tokens, groups and properties of the
/// group it names, a deep merge in which its own win at the same path.
/// Groups are extended in dependency order, so a group that extends an
/// extended group inherits what that one inherited. A cycle (a group
/// extending itself, one of its own groups' ancestors, or round a chain)
/// is an error at every group of it; so is a target that is a token or
/// nothing.
enum GroupExtension {
    static func apply(in root: GroupNode, paths: [String]) -> [LocatedTokenProblem] {
        var extender = Extender(root: root, paths: paths)
        for group in allGroups(root) where group.extends != nil {
            extender.extend(group)
        }
        return extender.problems
    }

    private static func allGroups(_ root: GroupNode) -> [GroupNode] {
        var found: [GroupNode] = []
        var stack = [root]
        while let group = stack.popLast() {
            found.append(group)
            for (_, child) in group.orderedChildren.reversed() {
                if case .group(let inner) = child { stack.append(inner) }
            }
        }
        return found
    }

    private struct Extender {
        let root: GroupNode
        let paths: [String]
        var done: Set<ObjectIdentifier> = []
        var stack: [GroupNode] = []
        var problems: [LocatedTokenProblem] = []
        var counter = 0

        init(root: GroupNode, paths: [String]) {
            self.root = root
            self.paths = paths
        }

        mutating func report(_ problem: TokenProblem, at reference: WrittenReference) {
            problems.append(LocatedTokenProblem(problem, at: reference.position.location(in: paths[reference.file])))
        }

        mutating func extend(_ group: GroupNode) {
            guard let reference = group.extends, !done.contains(ObjectIdentifier(group)) else { return }
            if let start = stack.firstIndex(where: { $0 === group }) {
                let cycle = Array(stack[start...])
                let names = cycle.map { "{\($0.name)}" }
                for (index, member) in cycle.enumerated() {
                    done.insert(ObjectIdentifier(member))
                    if let written = member.extends {
                        report(.extendsCycle(Array(names[index...] + names[..<index]) + [names[index]]), at: written)
                    }
                }
                return
            }
            guard stack.count < TokenResolver.maximumChain else {
                report(.referenceChainTooLong(limit: TokenResolver.maximumChain), at: reference)
                done.insert(ObjectIdentifier(group))
                return
            }
            let path: [String]
            if reference.text.hasPrefix("{"), reference.text.hasSuffix("}"), reference.text.count >= 2,
               let alias = Reference.alias(inside: reference.text) {
                path = alias
            } else if let segments = Reference.pointerSegments(reference.text) {
                path = segments
            } else {
                report(.malformedReference(reference.text), at: reference)
                done.insert(ObjectIdentifier(group))
                return
            }
            let written = "{\(path.joined(separator: "."))}"
            var target = root
            for name in path {
                switch target[name] {
                case .group(let next)?:
                    target = next
                case .token?:
                    report(.extendsToken(reference: written), at: reference)
                    done.insert(ObjectIdentifier(group))
                    return
                case nil:
                    let candidates = GroupExtension.allGroups(root).filter { !$0.path.isEmpty }.map(\.name)
                    report(.extendsUnresolved(reference: written,
                                              suggestion: Suggestions.closest(to: path.joined(separator: "."), among: candidates).first),
                           at: reference)
                    done.insert(ObjectIdentifier(group))
                    return
                }
            }
            // Extending a group it is inside (or itself) would inherit itself.
            if group.path.starts(with: target.path) {
                let names = ["{\(group.name)}", "{\(target.name)}"]
                report(.extendsCycle(group === target ? [names[0], names[0]] : names + [names[0]]), at: reference)
                done.insert(ObjectIdentifier(group))
                return
            }
            stack.append(group)
            extend(target)
            stack.removeLast()
            guard !done.contains(ObjectIdentifier(group)) else { return }
            inherit(from: target, into: group)
            done.insert(ObjectIdentifier(group))
        }

        mutating func inherit(from source: GroupNode, into destination: GroupNode) {
            if destination.type.isAbsent { destination.type = source.type }
            if destination.deprecation == nil { destination.deprecation = source.deprecation }
            if destination.description == nil { destination.description = source.description }
            if destination.japaneseDescription == nil { destination.japaneseDescription = source.japaneseDescription }
            if destination.extensions == nil { destination.extensions = source.extensions }
            let order = [destination.file, destination.lastSequence]
            for (name, child) in source.orderedChildren {
                switch (destination[name], child) {
                case (nil, .token(var token)):
                    token.path = destination.path + [name]
                    counter += 1
                    token.order = order + [counter]
                    destination.set(name, .token(token))
                case (nil, .group(let group)):
                    destination.set(name, .group(group.copy(to: destination.path + [name], order: order, counter: &counter)))
                case (.group(let local)?, .group(let inherited)):
                    inherit(from: inherited, into: local)
                default:
                    break
                }
            }
        }
    }
}
