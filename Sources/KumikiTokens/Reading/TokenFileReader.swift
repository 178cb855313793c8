import KumikiSupport

/// Reads one token file into its group tree, reporting every problem of
/// its shape: JSON syntax, keys given twice, names, `$` properties and
/// their forms. Values are checked later, once all files are merged and
/// types and aliases can be resolved.
struct TokenFileReader {
    static let groupProperties = ["$type", "$description", "$deprecated", "$extensions", "$extends", "$root"]
    static let tokenProperties = ["$value", "$type", "$description", "$deprecated", "$extensions", "$ref"]

    private let file: Int
    private let path: String
    private var sequence = 0
    private(set) var problems: [LocatedTokenProblem] = []

    private init(file: Int, path: String) {
        self.file = file
        self.path = path
    }

    /// The file's root group, or `nil` when it is not JSON or not an
    /// object; and its problems.
    static func read(_ text: String, file: Int, path: String) -> (GroupNode?, [LocatedTokenProblem]) {
        var reader = TokenFileReader(file: file, path: path)
        let json = TokenDocumentJSON(text)
        for (problem, position) in json.problems { reader.report(problem, at: position) }
        guard let node = json.node else { return (nil, reader.problems.sorted { $0.location < $1.location }) }
        guard let members = node.members else {
            reader.report(.documentNotObject(found: node.kindName), at: node.position)
            return (nil, reader.problems)
        }
        let root = GroupNode(path: [], file: file, keyPosition: node.position)
        reader.readGroup(members, into: root, inherited: (.absent, nil), isDocument: true)
        return (root, reader.problems.sorted { $0.location < $1.location })
    }

    /// Reads a token tree already read as JSON: a resolver's inline source,
    /// or the part of a file a `$ref`'s fragment points to. Its JSON
    /// problems were reported where it was read.
    static func read(node: JSONNode, file: Int, path: String) -> (GroupNode?, [LocatedTokenProblem]) {
        var reader = TokenFileReader(file: file, path: path)
        guard let members = node.members else {
            reader.report(.sourceNotObject(found: node.kindName), at: node.position)
            return (nil, reader.problems)
        }
        let root = GroupNode(path: [], file: file, keyPosition: node.position)
        reader.readGroup(members, into: root, inherited: (.absent, nil), isDocument: true)
        return (root, reader.problems.sorted { $0.location < $1.location })
    }

    private mutating func report(_ problem: TokenProblem, at position: TextPosition) {
        problems.append(LocatedTokenProblem(problem, at: position.location(in: path)))
    }

    // MARK: Groups

    private mutating func readGroup(
        _ members: [JSONNode.Member], into group: GroupNode,
        inherited: (type: TypeSetting, deprecation: Deprecation?), isDocument: Bool
    ) {
        // The group's own properties first: its tokens inherit them.
        for member in members where member.key.hasPrefix("$") {
            switch member.key {
            case "$type": group.type = readType(member)
            case "$description": group.description = readText(member)
            case "$deprecated": group.deprecation = readDeprecation(member)
            case "$extensions":
                group.japaneseDescription = readExtensions(member)?.japanese
                if member.value.members != nil { group.extensions = member.value }
            case "$extends":
                if let text = readText(member) {
                    group.extends = WrittenReference(text: text, position: member.value.position, file: file)
                }
            case "$root": break
            case "$schema" where isDocument:
                if member.value.string == nil {
                    report(.propertyForm(property: "$schema", expected: "a string", found: member.value.kindName), at: member.value.position)
                }
            default:
                // An object without `$value` is a group, so a misspelt
                // `$value` ("$Value") is met here: it is suggested too.
                let suggestion = Suggestions.closest(to: member.key, among: Self.groupProperties + ["$value"]).first
                report(.unknownProperty(member.key, onToken: false, suggestion: suggestion), at: member.keyPosition)
            }
        }
        let type = group.type.isAbsent ? inherited.type : group.type
        let deprecation = group.deprecation ?? inherited.deprecation
        for member in members {
            let name = member.key
            if name == "$root" {
                guard let rootMembers = member.value.members else {
                    report(.notTokenOrGroup(name, found: member.value.kindName), at: member.keyPosition)
                    continue
                }
                guard rootMembers.contains(where: { $0.key == "$value" || $0.key == "$ref" }) else {
                    report(.rootIsGroup(group: group.name), at: member.keyPosition)
                    continue
                }
                readToken(member, members: rootMembers, in: group, inherited: (type, deprecation))
                continue
            }
            if name.hasPrefix("$") { continue }
            if let fault = Self.fault(inName: name) {
                report(.invalidName(name, fault), at: member.keyPosition)
                continue
            }
            guard let childMembers = member.value.members else {
                report(.notTokenOrGroup(name, found: member.value.kindName), at: member.keyPosition)
                continue
            }
            if childMembers.contains(where: { $0.key == "$value" || $0.key == "$ref" }) {
                readToken(member, members: childMembers, in: group, inherited: (type, deprecation))
            } else {
                sequence += 1
                let child = GroupNode(path: group.path + [name], file: file, keyPosition: member.keyPosition)
                readGroup(childMembers, into: child, inherited: (type, deprecation), isDocument: false)
                child.lastSequence = sequence
                group.set(name, .group(child))
            }
        }
        group.lastSequence = sequence
    }

    /// Why `name` cannot name a token or a group, or `nil` when it can.
    static func fault(inName name: String) -> TokenProblem.NameFault? {
        if name.isEmpty { return .empty }
        if name.hasPrefix("$") { return .startsWithDollar }
        for character in name where character == "." || character == "{" || character == "}" {
            return .contains(character)
        }
        return nil
    }

    // MARK: Tokens

    private mutating func readToken(
        _ member: JSONNode.Member, members: [JSONNode.Member], in group: GroupNode,
        inherited: (type: TypeSetting, deprecation: Deprecation?)
    ) {
        var type = TypeSetting.absent
        var description: String?
        var japanese: String?
        var deprecation: Deprecation?
        var extensions: JSONNode?
        var value: JSONNode?
        var pointer: JSONNode.Member?
        var reportedChild = false
        let tokenName = (group.path + [member.key]).joined(separator: ".")
        for property in members {
            switch property.key {
            case "$value": value = property.value
            case "$ref": pointer = property
            case "$type": type = readType(property)
            case "$description": description = readText(property)
            case "$deprecated": deprecation = readDeprecation(property)
            case "$extensions":
                extensions = property.value
                japanese = readExtensions(property)?.japanese
            case let key where key.hasPrefix("$") && key != "$root":
                let suggestion = Suggestions.closest(to: key, among: Self.tokenProperties).first
                report(.unknownProperty(key, onToken: true, suggestion: suggestion), at: property.keyPosition)
            default:
                if !reportedChild {
                    report(.tokenWithChildren(token: tokenName, child: property.key), at: property.keyPosition)
                    reportedChild = true
                }
            }
        }
        if value != nil, let pointer {
            report(.valueAndRef(token: tokenName), at: pointer.keyPosition)
        }
        // A token written `{"$ref": "#/…"}` is an alias to what the pointer
        // names: its value is that reference object.
        let written = value ?? JSONNode(.object(pointer.map { [$0] } ?? []), at: pointer?.keyPosition ?? member.keyPosition)
        sequence += 1
        let token = TokenDeclaration(
            path: group.path + [member.key], file: file, keyPosition: member.keyPosition, value: written,
            type: type, description: description, japaneseDescription: japanese, deprecation: deprecation,
            extensions: extensions, order: [file, sequence], typeInFile: inherited.type,
            deprecationInFile: inherited.deprecation)
        group.set(member.key, .token(token))
    }

    // MARK: Properties

    private mutating func readType(_ member: JSONNode.Member) -> TypeSetting {
        guard let text = member.value.string else {
            report(.propertyForm(property: "$type", expected: "a string", found: member.value.kindName), at: member.value.position)
            return .invalid
        }
        if let type = TokenType(rawValue: text) { return .type(type) }
        let suggestion = Suggestions.closest(to: text, among: TokenType.allCases.map(\.rawValue)).first
        report(.unknownType(text, suggestion: suggestion), at: member.value.position)
        return .invalid
    }

    private mutating func readText(_ member: JSONNode.Member) -> String? {
        guard let text = member.value.string else {
            report(.propertyForm(property: member.key, expected: "a string", found: member.value.kindName), at: member.value.position)
            return nil
        }
        return text
    }

    private mutating func readDeprecation(_ member: JSONNode.Member) -> Deprecation? {
        switch member.value.value {
        case .bool(let flag): return flag ? .deprecated(reason: nil) : .current
        case .string(let reason): return .deprecated(reason: reason)
        default:
            report(.propertyForm(property: "$deprecated", expected: "true, false or a reason", found: member.value.kindName),
                   at: member.value.position)
            return nil
        }
    }

    /// `$extensions` must be an object; Kumiki reads its own key,
    /// `org.kumiki`, for `description_ja`. Every other key is kept as is.
    private mutating func readExtensions(_ member: JSONNode.Member) -> (japanese: String?, Void)? {
        guard member.value.members != nil else {
            report(.propertyForm(property: "$extensions", expected: "an object", found: member.value.kindName), at: member.value.position)
            return nil
        }
        guard let japanese = member.value["org.kumiki"]?.member("description_ja") else { return (nil, ()) }
        guard let text = japanese.value.string else {
            report(.japaneseDescriptionNotText(found: japanese.value.kindName), at: japanese.value.position)
            return (nil, ())
        }
        return (text, ())
    }
}
