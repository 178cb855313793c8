import KumikiSupport

/// A place in a document as LSP counts it: a 0-based line and a 0-based
/// offset along it in the negotiated encoding.
public struct Position: Hashable, Sendable, Comparable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public static func < (lhs: Position, rhs: Position) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }

    var json: JSONValue { .object(["line": .integer(line), "character": .integer(character)]) }

    /// The largest line or character LSP allows (its `uinteger`).
    static let largest = Int(Int32.max)

    init(_ params: Params) throws(ParamsError) {
        let object = try params.requireObject()
        line = try object.integer("line")
        character = try object.integer("character")
        // LSP's positions are `uinteger`s, 0 to 2³¹ − 1; a larger number
        // would overflow the arithmetic that turns it into a column.
        guard (0...Self.largest).contains(line), (0...Self.largest).contains(character) else {
            throw ParamsError(message: "'\(params.path)' must hold numbers from 0 to \(Self.largest)")
        }
    }
}

/// A stretch of a document between two positions, `end` excluded.
public struct TextRange: Hashable, Sendable {
    public var start: Position
    public var end: Position

    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    var json: JSONValue { .object(["start": start.json, "end": end.json]) }

    init(_ params: Params) throws(ParamsError) {
        let object = try params.requireObject()
        start = try Position(object.member("start"))
        end = try Position(object.member("end"))
    }
}
