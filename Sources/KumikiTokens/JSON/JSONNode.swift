import KumikiSupport

/// A JSON value read from a token file, with the place it was written.
///
/// Foundation's `JSONSerialization` forgets where a value came from; a
/// token file's problems are reported at their line and column, so the
/// reader (`JSONReader`) keeps them. Objects keep their members in the
/// order written, each with the place of its key.
public struct JSONNode: Hashable, Sendable {
    /// One member of an object: the key, where the key was written, the value.
    public struct Member: Hashable, Sendable {
        public var key: String
        public var keyPosition: TextPosition
        public var value: JSONNode
    }

    public enum Value: Hashable, Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    public var value: Value
    /// Where the value starts (its first character).
    public var position: TextPosition

    public init(_ value: Value, at position: TextPosition) {
        self.value = value
        self.position = position
    }

    /// The members of an object, `nil` for any other value.
    public var members: [Member]? {
        if case .object(let members) = value { members } else { nil }
    }

    /// The value of an object's member `key`, `nil` when there is none.
    public subscript(key: String) -> JSONNode? {
        members?.first { $0.key == key }?.value
    }

    /// The member named `key`, with the place of its key.
    public func member(_ key: String) -> Member? {
        members?.first { $0.key == key }
    }

    public var string: String? {
        if case .string(let text) = value { text } else { nil }
    }

    public var number: Double? {
        if case .number(let number) = value { number } else { nil }
    }

    public var elements: [JSONNode]? {
        if case .array(let elements) = value { elements } else { nil }
    }

    /// What kind of JSON value this is, as messages name it: "a string",
    /// "an object".
    public var kindName: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value in Kumiki's JSON writer's form (keys sorted when written).
    public var jsonValue: JSONValue {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let number): .number(number)
        case .string(let text): .string(text)
        case .array(let elements): .array(elements.map(\.jsonValue))
        case .object(let members):
            .object(Dictionary(members.map { ($0.key, $0.value.jsonValue) }, uniquingKeysWith: { first, _ in first }))
        }
    }
}

/// A line and a column in one file: both 1-based, the column counted in
/// characters like every column Kumiki prints.
public struct TextPosition: Hashable, Sendable, Comparable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// This position in the file at `path`.
    public func location(in path: String) -> SourceLocation {
        SourceLocation(file: path, line: line, column: column)
    }
}
