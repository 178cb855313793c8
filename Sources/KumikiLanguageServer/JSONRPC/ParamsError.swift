import KumikiSupport

/// A parameter of the wrong type or missing: InvalidParams for a request,
/// a logged message for a notification.
struct ParamsError: Error, Hashable, Sendable, CustomStringConvertible {
    var message: String

    var description: String { message }

    static func missing(_ path: String) -> ParamsError { ParamsError(message: "'\(path)' is missing") }
    static func wrongType(_ path: String, expected: String) -> ParamsError {
        ParamsError(message: "'\(path)' must be \(expected)")
    }
}

/// Typed reading of a message's `params`, each value named by its path so
/// the error says which one was wrong.
struct Params {
    let value: JSONValue?
    let path: String

    init(_ value: JSONValue?, path: String = "params") {
        self.value = value
        self.path = path
    }

    /// The params themselves must be an object (LSP's messages use no
    /// positional params).
    func requireObject() throws(ParamsError) -> Params {
        guard let value else { throw .missing(path) }
        guard value.isObject else { throw .wrongType(path, expected: "an object") }
        return self
    }

    func member(_ key: String) -> Params { Params(value?[key], path: "\(path).\(key)") }

    func object(_ key: String) throws(ParamsError) -> Params { try member(key).requireObject() }

    func optionalObject(_ key: String) throws(ParamsError) -> Params? {
        let child = member(key)
        guard child.value != nil else { return nil }
        return try child.requireObject()
    }

    func string(_ key: String) throws(ParamsError) -> String {
        guard let text = try optionalString(key) else { throw .missing("\(path).\(key)") }
        return text
    }

    func optionalString(_ key: String) throws(ParamsError) -> String? {
        guard let child = value?[key] else { return nil }
        guard let text = child.stringValue else { throw .wrongType("\(path).\(key)", expected: "a string") }
        return text
    }

    func integer(_ key: String) throws(ParamsError) -> Int {
        guard let number = try optionalInteger(key) else { throw .missing("\(path).\(key)") }
        return number
    }

    func optionalInteger(_ key: String) throws(ParamsError) -> Int? {
        guard let child = value?[key] else { return nil }
        guard let number = child.integerValue else { throw .wrongType("\(path).\(key)", expected: "an integer") }
        return number
    }

    func optionalBool(_ key: String) throws(ParamsError) -> Bool? {
        guard let child = value?[key] else { return nil }
        guard case .bool(let flag) = child else { throw .wrongType("\(path).\(key)", expected: "a boolean") }
        return flag
    }

    func optionalArray(_ key: String) throws(ParamsError) -> [Params]? {
        guard let child = value?[key] else { return nil }
        guard let items = child.arrayValue else { throw .wrongType("\(path).\(key)", expected: "an array") }
        return items.enumerated().map { Params($1, path: "\(path).\(key)[\($0)]") }
    }

    /// This value as a string, for items of an array.
    func requireString() throws(ParamsError) -> String {
        guard let text = value?.stringValue else { throw .wrongType(path, expected: "a string") }
        return text
    }
}
