import KumikiLayoutLanguage
import KumikiSupport

/// A JSON document written with sorted keys, two-space indentation and
/// fixed number formatting, so the same value always gives the same bytes
/// (Foundation's encoder formats numbers differently across platforms).
enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The document, pretty-printed, ending without a newline.
    func rendered(indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent)
        let inner = String(repeating: "  ", count: indent + 1)
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return JSONValue.format(value)
        case .string(let value): return value.jsonStringLiteral
        case .array(let items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { inner + $0.rendered(indent: indent + 1) }.joined(separator: ",\n") + "\n\(pad)]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            return "{\n" + members.keys.sorted().map { key in
                "\(inner)\(key.jsonStringLiteral): \(members[key, default: .null].rendered(indent: indent + 1))"
            }.joined(separator: ",\n") + "\n\(pad)}"
        }
    }

    /// Integers without a fraction; others in Swift's shortest round-trip form.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return value.description
    }
}
