import KumikiSupport

/// A request's `id`: JSON-RPC allows a number or a string, and the response
/// must give it back as it came.
public enum RequestID: Hashable, Sendable {
    case integer(Int)
    case string(String)

    init?(_ value: JSONValue) {
        if let number = value.integerValue {
            self = .integer(number)
        } else if let text = value.stringValue {
            self = .string(text)
        } else {
            return nil
        }
    }

    var json: JSONValue {
        switch self {
        case .integer(let number): .integer(number)
        case .string(let text): .string(text)
        }
    }
}
