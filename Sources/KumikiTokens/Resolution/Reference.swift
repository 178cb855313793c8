/// How a JSON value refers to something else, if it does.
enum Reference: Hashable, Sendable {
    /// `"{group.token}"`: the path of the token it names.
    case alias([String])
    /// `{"$ref": "#/…"}`: the pointer as written.
    case pointer(String)
    /// A string that opens and closes with braces but names no token path.
    case malformedAlias(String)
    /// `{"$ref": …}` whose pointer is not a string.
    case malformedPointerObject
    /// Not a reference.
    case none

    static func of(_ node: JSONNode) -> Reference {
        switch node.value {
        case .string(let text):
            guard text.hasPrefix("{"), text.hasSuffix("}"), text.count >= 2 else { return .none }
            return alias(inside: text).map(Reference.alias) ?? .malformedAlias(text)
        case .object(let members):
            guard members.count == 1, members[0].key == "$ref" else { return .none }
            guard let pointer = members[0].value.string else { return .malformedPointerObject }
            return .pointer(pointer)
        default:
            return .none
        }
    }

    /// The path of `{a.b.c}`: names without `{`, `}` or a leading `$`,
    /// except `$root` as the last.
    static func alias(inside text: String) -> [String]? {
        let inner = text.dropFirst().dropLast()
        let path = inner.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        for (index, name) in path.enumerated() {
            if name == "$root", index == path.count - 1, index > 0 { continue }
            if TokenFileReader.fault(inName: name) != nil { return nil }
        }
        return path
    }

    /// The reference tokens of `#/a/b~1c` (`["a", "b/c"]`), or `nil` when
    /// it is not a JSON Pointer into this document.
    static func pointerSegments(_ pointer: String) -> [String]? {
        guard pointer.hasPrefix("#/") else { return pointer == "#" ? [] : nil }
        var segments: [String] = []
        for raw in pointer.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) {
            var segment = ""
            var escaping = false
            for character in raw {
                if escaping {
                    switch character {
                    case "0": segment.append("~")
                    case "1": segment.append("/")
                    default: return nil
                    }
                    escaping = false
                } else if character == "~" {
                    escaping = true
                } else {
                    segment.append(character)
                }
            }
            if escaping { return nil }
            segments.append(segment)
        }
        return segments
    }
}
