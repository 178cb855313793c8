import KumikiSupport

/// Resolves the merged tokens: each token's type, then its value with
/// every alias and JSON Pointer reference replaced, checked against its
/// type.
///
/// Tokens are resolved on demand and remembered. The references being
/// followed form a stack (`frames`); meeting one already on it is a cycle,
/// reported at every token of the cycle. The stack is bounded
/// (`maximumChain`), so no chain, however long, exhausts the call stack.
final class TokenResolver {
    static let maximumChain = 64

    struct Resolved {
        var type: TokenType
        var value: TokenValue
    }

    /// What a JSON Pointer leads to.
    struct PointerTarget {
        var node: JSONNode
        var file: Int
        /// The token whose whole value the pointer names, if it does.
        var wholeValueOf: String?
        /// The tokens whose values the pointer passes through, the one it
        /// starts in first and any a reference on the way leads to: members
        /// of any cycle through the pointer, though the pointer reads their
        /// values without resolving them.
        var owners: [String] = []
    }

    private enum State {
        case resolving
        case done(Resolved?)
    }

    private enum Frame: Equatable {
        case token(String)
        /// A pointer being followed, and the tokens it leads through.
        case pointer(String, through: [String])

        var written: String {
            switch self {
            case .token(let name): name
            case .pointer(let pointer, _): pointer
            }
        }

        func follows(_ pointer: String) -> Bool {
            if case .pointer(pointer, _) = self { true } else { false }
        }
    }

    let paths: [String]
    let root: GroupNode
    let declarations: [String: TokenDeclaration]
    /// The nearest group `$type` of each token in the merged tree.
    let groupTypes: [String: TypeSetting]
    let tokenNames: [String]
    private var states: [String: State] = [:]
    private var frames: [Frame] = []
    private var inCycle: Set<String> = []
    /// Pointers being followed inside the token being resolved: a problem
    /// found in what they lead to is reported at the first of them.
    private var redirects: [(pointer: String, location: SourceLocation)] = []
    private(set) var problems: [LocatedTokenProblem] = []

    init(paths: [String], root: GroupNode, declarations: [String: TokenDeclaration], groupTypes: [String: TypeSetting], tokenNames: [String]) {
        self.paths = paths
        self.root = root
        self.declarations = declarations
        self.groupTypes = groupTypes
        self.tokenNames = tokenNames
    }

    func location(_ position: TextPosition, _ file: Int) -> SourceLocation {
        position.location(in: paths[file])
    }

    func report(_ problem: TokenProblem, at node: JSONNode, _ file: Int) {
        report(problem, at: location(node.position, file))
    }

    func report(_ problem: TokenProblem, at location: SourceLocation) {
        if let redirect = redirects.first {
            problems.append(LocatedTokenProblem(.throughPointer(pointer: redirect.pointer, problem), at: redirect.location))
        } else {
            problems.append(LocatedTokenProblem(problem, at: location))
        }
    }

    // MARK: Tokens

    /// The type and value of the token `name` (which must be declared), or
    /// `nil` when it has a problem (reported once).
    func resolve(_ name: String) -> Resolved? {
        guard let declaration = declarations[name] else { return nil }
        switch states[name] {
        case .done(let resolved): return resolved
        case .resolving:
            reportCycle(from: { $0 == .token(name) }, at: location(declaration.value.position, declaration.file))
            return nil
        case nil: break
        }
        guard frames.count < Self.maximumChain else {
            states[name] = .done(nil)
            problems.append(LocatedTokenProblem(.referenceChainTooLong(limit: Self.maximumChain),
                                                at: location(declaration.value.position, declaration.file)))
            return nil
        }
        states[name] = .resolving
        frames.append(.token(name))
        let outerRedirects = redirects
        redirects = []
        var resolved = compute(declaration)
        redirects = outerRedirects
        frames.removeLast()
        if inCycle.contains(name) { resolved = nil }
        states[name] = .done(resolved)
        return resolved
    }

    private func compute(_ declaration: TokenDeclaration) -> Resolved? {
        let type: TokenType
        switch declaration.type {
        case .type(let own): type = own
        case .invalid: return nil
        case .absent:
            guard let inferred = inferType(declaration) else { return nil }
            type = inferred
        }
        guard let value = value(declaration.value, declaration.file, as: type) else { return nil }
        return Resolved(type: type, value: value)
    }

    /// The type of a token without `$type`: its alias target's, else its
    /// nearest group's. `nil` (reported) when there is none.
    private func inferType(_ declaration: TokenDeclaration) -> TokenType? {
        let node = declaration.value
        switch Reference.of(node) {
        case .alias(let path):
            guard let target = aliasTarget(path, at: node, declaration.file) else { return nil }
            return resolve(target)?.type
        case .pointer(let pointer):
            // A pointer that leads nowhere is that problem, not a missing type.
            guard let target = locate(pointer, at: location(node.position, declaration.file), depth: 0) else {
                return nil
            }
            if let whole = target.wholeValueOf { return resolve(whole)?.type }
        default: break
        }
        switch groupTypes[declaration.name] ?? .absent {
        case .type(let type): return type
        case .invalid: return nil
        case .absent:
            if !inCycle.contains(declaration.name) {
                problems.append(LocatedTokenProblem(.typeUndetermined(token: declaration.name),
                                                    at: location(declaration.keyPosition, declaration.file)))
            }
            return nil
        }
    }

    /// The declared token an alias names, or `nil` after reporting why
    /// there is none.
    func aliasTarget(_ path: [String], at node: JSONNode, _ file: Int) -> String? {
        let name = path.joined(separator: ".")
        if declarations[name] != nil { return name }
        let reference = "{\(name)}"
        if case .group(let group)? = child(at: path) {
            report(.aliasToGroup(reference: reference, hasRoot: group["$root"] != nil), at: node, file)
        } else {
            let suggestion = Suggestions.closest(to: name, among: tokenNames).first
            report(.unknownToken(reference: reference, suggestion: suggestion), at: node, file)
        }
        return nil
    }

    /// The value of the token an alias names, if it has the expected type.
    func aliasValue(_ path: [String], at node: JSONNode, _ file: Int, expected: TokenType) -> TokenValue? {
        guard let name = aliasTarget(path, at: node, file), let resolved = resolve(name) else { return nil }
        guard resolved.type == expected else {
            report(.aliasTypeMismatch(reference: "{\(name)}", found: resolved.type, expected: expected), at: node, file)
            return nil
        }
        return resolved.value
    }

    private func child(at path: [String]) -> GroupNode.Child? {
        var group = root
        for (index, name) in path.enumerated() {
            switch group[name] {
            case .group(let next)?:
                if index == path.count - 1 { return .group(next) }
                group = next
            case .token(let token)?:
                return index == path.count - 1 ? .token(token) : nil
            case nil:
                return nil
            }
        }
        return .group(group)
    }

    // MARK: Cycles

    /// Reports the cycle from the last `frame` on the stack to its top at
    /// each of its tokens: those resolved on the way, and those a pointer
    /// on the way leads into. Each is left out of the result.
    private func reportCycle(from frame: (Frame) -> Bool, at location: SourceLocation) {
        guard let start = frames.lastIndex(where: frame) else { return }
        let cycle = Array(frames[start...])
        let names = cycle.map(\.written)
        var reported = false
        for (index, member) in cycle.enumerated() {
            let members: [String]
            switch member {
            case .token(let token): members = [token]
            case .pointer(_, let owners): members = owners
            }
            let chain = Array(names[index...] + names[..<index]) + [names[index]]
            for name in members {
                guard let declaration = declarations[name] else { continue }
                reported = true
                guard inCycle.insert(name).inserted else { continue }
                problems.append(LocatedTokenProblem(.referenceCycle(chain), at: self.location(declaration.value.position, declaration.file)))
            }
        }
        if !reported {
            problems.append(LocatedTokenProblem(.referenceCycle(names + [names[0]]), at: location))
        }
    }

    // MARK: JSON Pointers

    /// Follows the pointer of a `{"$ref": …}` at `node` and checks what it
    /// leads to with `body`; a problem found there is reported at `node`.
    func follow<T>(_ pointer: String, at node: JSONNode, _ file: Int, _ body: (JSONNode, Int) -> T?) -> T? {
        let here = location(node.position, file)
        if frames.contains(where: { $0.follows(pointer) }) {
            reportCycle(from: { $0.follows(pointer) }, at: here)
            return nil
        }
        guard frames.count < Self.maximumChain else {
            report(.referenceChainTooLong(limit: Self.maximumChain), at: here)
            return nil
        }
        guard let target = locate(pointer, at: here, depth: 0) else { return nil }
        frames.append(.pointer(pointer, through: target.owners))
        redirects.append((pointer, here))
        defer {
            frames.removeLast()
            redirects.removeLast()
        }
        return body(target.node, target.file)
    }

    /// Where a pointer leads in the merged document: a token's value or a
    /// part of one, or a property of a token or a group (`$type`,
    /// `$description`, a place in `$extensions`). A problem is reported at
    /// `here`.
    func locate(_ pointer: String, at here: SourceLocation, depth: Int) -> PointerTarget? {
        func fail(_ problem: TokenProblem) -> PointerTarget? {
            report(problem, at: here)
            return nil
        }
        guard depth < Self.maximumChain else { return fail(.referenceChainTooLong(limit: Self.maximumChain)) }
        guard let segments = Reference.pointerSegments(pointer) else { return fail(.malformedPointer(pointer)) }
        var group = root
        var index = 0
        while index < segments.count {
            let segment = segments[index]
            // A group's root token is its child `$root`; other names with a
            // `$` are the group's properties.
            if segment.hasPrefix("$"), segment != "$root" {
                return locate(pointer, inPropertiesOf: group, rest: Array(segments[index...]), here: here)
            }
            switch group[segment] {
            case .group(let next)?:
                group = next
                index += 1
            case .token(let token)?:
                return locate(pointer, in: token, rest: Array(segments[(index + 1)...]), here: here, depth: depth)
            case nil:
                return fail(.pointerUnresolved(pointer: pointer, missing: segment))
            }
        }
        return fail(.pointerToGroup(pointer: pointer))
    }

    /// A group's `$type`, `$description` or a place in its `$extensions`.
    private func locate(_ pointer: String, inPropertiesOf group: GroupNode, rest: [String], here: SourceLocation) -> PointerTarget? {
        locate(pointer, inProperty: rest, type: group.type, description: group.description, extensions: group.extensions,
               keyPosition: group.keyPosition, file: group.file, here: here, depth: 0)
    }

    /// `rest` in the properties a token and a group share: `$type` and
    /// `$description` (each a string), or a place in `$extensions`.
    private func locate(
        _ pointer: String, inProperty rest: [String], type: TypeSetting, description: String?, extensions: JSONNode?,
        keyPosition: TextPosition, file: Int, here: SourceLocation, depth: Int
    ) -> PointerTarget? {
        switch rest[0] {
        case "$type" where rest.count == 1:
            guard case .type(let type) = type else { break }
            return PointerTarget(node: JSONNode(.string(type.rawValue), at: keyPosition), file: file)
        case "$description" where rest.count == 1:
            guard let description else { break }
            return PointerTarget(node: JSONNode(.string(description), at: keyPosition), file: file)
        case "$extensions":
            guard let extensions else {
                report(.pointerUnresolved(pointer: pointer, missing: rest[0]), at: here)
                return nil
            }
            return descend(pointer, from: extensions, file, owners: [], rest: rest.dropFirst(), here: here, depth: depth,
                           followingReferences: false)
        default:
            break
        }
        report(.pointerUnresolved(pointer: pointer, missing: rest.count == 1 ? rest[0] : rest[1]), at: here)
        return nil
    }

    private func locate(_ pointer: String, in token: TokenDeclaration, rest: [String], here: SourceLocation, depth: Int) -> PointerTarget? {
        guard let first = rest.first else {
            return PointerTarget(node: token.value, file: token.file, wholeValueOf: token.name, owners: [token.name])
        }
        guard first == "$value" else {
            return locate(pointer, inProperty: rest, type: token.type, description: token.description, extensions: token.extensions,
                          keyPosition: token.keyPosition, file: token.file, here: here, depth: depth)
        }
        let target = descend(pointer, from: token.value, token.file, owners: [token.name], rest: rest.dropFirst(), here: here,
                             depth: depth, followingReferences: true)
        return rest.count == 1 ? target.map { PointerTarget(node: $0.node, file: $0.file, wholeValueOf: token.name, owners: $0.owners) }
                               : target
    }

    /// The place `rest` names inside `node`, by members and array indices.
    /// In a token's value (`followingReferences`), a reference on the way is
    /// followed to what it names; `$extensions` holds no references.
    private func descend(
        _ pointer: String, from start: JSONNode, _ startFile: Int, owners startOwners: [String], rest: ArraySlice<String>,
        here: SourceLocation, depth: Int, followingReferences: Bool
    ) -> PointerTarget? {
        func fail(_ problem: TokenProblem) -> PointerTarget? {
            report(problem, at: here)
            return nil
        }
        var node = start
        var file = startFile
        var owners = startOwners
        var steps = 0
        var index = rest.startIndex
        while index < rest.endIndex {
            steps += 1
            guard steps < Self.maximumChain else { return fail(.referenceChainTooLong(limit: Self.maximumChain)) }
            if followingReferences {
                switch Reference.of(node) {
                case .alias(let path):
                    guard let target = declarations[path.joined(separator: ".")] else {
                        return fail(.pointerUnresolved(pointer: pointer, missing: rest[index]))
                    }
                    node = target.value
                    file = target.file
                    owners.append(target.name)
                    continue
                case .pointer(let inner):
                    guard let target = locate(inner, at: here, depth: depth + 1) else { return nil }
                    node = target.node
                    file = target.file
                    owners += target.owners
                    continue
                default: break
                }
            }
            let segment = rest[index]
            switch node.value {
            case .object(let members):
                guard let member = members.first(where: { $0.key == segment }) else {
                    return fail(.pointerUnresolved(pointer: pointer, missing: segment))
                }
                node = member.value
            case .array(let elements):
                guard let position = Self.arrayIndex(segment), position < elements.count else {
                    return fail(.pointerUnresolved(pointer: pointer, missing: segment))
                }
                node = elements[position]
            default:
                return fail(.pointerUnresolved(pointer: pointer, missing: segment))
            }
            index += 1
        }
        return PointerTarget(node: node, file: file, owners: owners)
    }

    /// An RFC 6901 array index: `0` or digits without a leading zero.
    private static func arrayIndex(_ segment: String) -> Int? {
        guard !segment.isEmpty, segment.count <= 9, segment.allSatisfy(\.isASCII), segment.allSatisfy(\.isNumber),
              segment == "0" || !segment.hasPrefix("0") else { return nil }
        return Int(segment)
    }
}
