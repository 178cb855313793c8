/// A JSON document, written the one way every JSON output of Kumiki is
/// written (`render --format json`, `check --format json`, `devices
/// --json`): keys sorted, two-space indentation, `": "` and `", "` between
/// parts, numbers formatted by Kumiki rather than Foundation (whose encoder
/// formats them differently across platforms), so the same value always
/// gives the same bytes.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    /// Integral values without a fraction, others in Swift's shortest
    /// round-trip form; `null` when not finite (JSON has no infinity).
    case number(Double)
    /// Exactly `fractionDigits` decimals (`12.50`); `null` when not finite.
    case decimal(Double, fractionDigits: Int)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The document as text, without a final newline.
    ///
    /// - Parameter expandedLevels: How many levels of arrays and objects
    ///   are written one member a line; those nested deeper are written on
    ///   one line (`{"line": 3, "path": "a.md"}`). Every level by default.
    public func written(expandedLevels: Int = .max) -> String {
        var out = ""
        write(to: &out, depth: 0, expandedLevels: expandedLevels)
        return out
    }

    private func write(to out: inout String, depth: Int, expandedLevels: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .integer(let value): out += String(value)
        case .number(let value): out += Self.shortest(value)
        case .decimal(let value, let digits):
            out += value.isFinite ? DecimalText.format(value, fractionDigits: digits, padded: true) : "null"
        case .string(let text): out += text.jsonStringLiteral
        case .array(let items):
            writeMembers(items, open: "[", close: "]", to: &out, depth: depth, expandedLevels: expandedLevels) { item, out in
                item.write(to: &out, depth: depth + 1, expandedLevels: expandedLevels)
            }
        case .object(let members):
            writeMembers(members.keys.sorted(), open: "{", close: "}", to: &out, depth: depth, expandedLevels: expandedLevels) { key, out in
                out += key.jsonStringLiteral
                out += ": "
                members[key, default: .null].write(to: &out, depth: depth + 1, expandedLevels: expandedLevels)
            }
        }
    }

    /// `[]` or `{}` when empty; otherwise one member a line, indented, or
    /// all on one line below the expanded levels.
    private func writeMembers<Member>(
        _ members: [Member], open: String, close: String, to out: inout String, depth: Int, expandedLevels: Int,
        _ writeMember: (Member, inout String) -> Void
    ) {
        guard !members.isEmpty else {
            out += open + close
            return
        }
        let expanded = depth < expandedLevels
        let indent = expanded ? String(repeating: "  ", count: depth + 1) : ""
        out += expanded ? open + "\n" : open
        for (index, member) in members.enumerated() {
            if index > 0 { out += expanded ? ",\n" : ", " }
            out += indent
            writeMember(member, &out)
        }
        out += expanded ? "\n" + String(repeating: "  ", count: depth) + close : close
    }

    private static func shortest(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return value.description
    }
}
