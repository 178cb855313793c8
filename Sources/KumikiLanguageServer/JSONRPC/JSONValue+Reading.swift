import KumikiSupport

extension JSONValue {
    /// The member `key` of an object; `nil` for other values, absent keys
    /// and `null`, which LSP treats alike for optional fields.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self, let value = members[key], value != .null else { return nil }
        return value
    }

    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var integerValue: Int? {
        switch self {
        case .integer(let value): return value
        // LSP numbers are JSON numbers: `3.0` is still the integer 3.
        case .number(let value) where value.rounded() == value && abs(value) < 1e15: return Int(value)
        default: return nil
        }
    }

    var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    var isObject: Bool {
        if case .object = self { return true }
        return false
    }
}
