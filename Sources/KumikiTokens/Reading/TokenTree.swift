/// What a `$type` says: nothing, a type, or a word that is no type (an
/// error already reported, so tokens under it are not also reported as
/// having no type).
enum TypeSetting: Hashable, Sendable {
    case absent
    case type(TokenType)
    case invalid

    var isAbsent: Bool { self == .absent }
}

/// A reference written in a file: its text and where.
struct WrittenReference: Hashable, Sendable {
    var text: String
    var position: TextPosition
    var file: Int
}

/// A token as one file declares it, before merging and resolving.
struct TokenDeclaration: Sendable {
    var path: [String]
    var file: Int
    var keyPosition: TextPosition
    /// The `$value` (for a token written `{"$ref": "#/…"}`, that object).
    var value: JSONNode
    var type: TypeSetting
    var description: String?
    var japaneseDescription: String?
    var deprecation: Deprecation?
    var extensions: JSONNode?
    /// Where it is listed: files in order, each depth-first as written;
    /// tokens a group inherits through `$extends` follow the group's own.
    var order: [Int]
    /// The nearest `$type` and `$deprecated` among its groups in its own
    /// file, for checking a token that a later file replaces.
    var typeInFile: TypeSetting
    var deprecationInFile: Deprecation?

    var name: String { path.joined(separator: ".") }
}

/// A group: its properties and its tokens and groups in the order written.
final class GroupNode {
    enum Child {
        case group(GroupNode)
        case token(TokenDeclaration)
    }

    var path: [String]
    var file: Int
    var keyPosition: TextPosition
    var type: TypeSetting = .absent
    var deprecation: Deprecation?
    var description: String?
    var japaneseDescription: String?
    /// `$extensions` as written, for pointers into it.
    var extensions: JSONNode?
    var extends: WrittenReference?
    /// The sequence number of the last token or group inside it (in its file).
    var lastSequence: Int = 0
    private(set) var names: [String] = []
    private(set) var children: [String: Child] = [:]

    init(path: [String], file: Int, keyPosition: TextPosition) {
        self.path = path
        self.file = file
        self.keyPosition = keyPosition
    }

    var name: String { path.joined(separator: ".") }

    subscript(name: String) -> Child? { children[name] }

    /// Sets a child, replacing any of the same name in its place.
    func set(_ name: String, _ child: Child) {
        if children.updateValue(child, forKey: name) == nil { names.append(name) }
    }

    /// The children in the order written.
    var orderedChildren: [(name: String, child: Child)] {
        names.compactMap { name in children[name].map { (name, $0) } }
    }

    /// A deep copy placed at `path` (tokens moved there too).
    func copy(to newPath: [String], order: [Int], counter: inout Int) -> GroupNode {
        let copy = GroupNode(path: newPath, file: file, keyPosition: keyPosition)
        copy.type = type
        copy.deprecation = deprecation
        copy.description = description
        copy.japaneseDescription = japaneseDescription
        copy.extensions = extensions
        copy.lastSequence = lastSequence
        for (name, child) in orderedChildren {
            switch child {
            case .group(let group):
                copy.set(name, .group(group.copy(to: newPath + [name], order: order, counter: &counter)))
            case .token(var token):
                token.path = newPath + [name]
                counter += 1
                token.order = order + [counter]
                copy.set(name, .token(token))
            }
        }
        return copy
    }
}
