/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Codable, Comparable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A problem found in the input, with the place it was found.
///
/// Every stage of Kumiki reports through this one type, so the command line
/// prints all problems in the compiler format editors understand:
/// `path:line:column: error: message`.
public struct Diagnostic: Hashable, Sendable, Codable, CustomStringConvertible, Error {
    public var severity: Severity
    public var message: String
    /// Where the problem is; `nil` for problems that belong to no file
    /// (a missing folder, say).
    public var location: SourceLocation?
    /// Further lines that explain the problem, each with its own place
    /// (the constraints a conflict involves, the first definition of a
    /// duplicate).
    public var notes: [Diagnostic]

    public init(
        _ severity: Severity, _ message: String, at location: SourceLocation?,
        notes: [Diagnostic] = []
    ) {
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
    }

    public static func error(_ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) -> Diagnostic {
        Diagnostic(.error, message, at: location, notes: notes)
    }

    public static func warning(_ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) -> Diagnostic {
        Diagnostic(.warning, message, at: location, notes: notes)
    }

    public static func note(_ message: String, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(.note, message, at: location)
    }

    /// The diagnostic and its notes in the compiler format, one per line.
    ///
    /// Messages quote what the user wrote; control characters in them (and
    /// in the path) are escaped so that each diagnostic stays one line that
    /// cannot drive the terminal.
    public var description: String {
        var lines: [String] = []
        let head = location.map { "\($0): " } ?? "kumiki: "
        lines.append("\(head)\(severity.rawValue): \(message.escapingControlCharacters)")
        for note in notes {
            lines.append(note.description)
        }
        return lines.joined(separator: "\n")
    }
}

/// The diagnostics of one run, collected so that one bad input does not hide
/// the others.
public struct DiagnosticList: Sendable, Hashable {
    public private(set) var items: [Diagnostic] = []

    public init(_ items: [Diagnostic] = []) { self.items = items }

    public mutating func append(_ diagnostic: Diagnostic) { items.append(diagnostic) }
    public mutating func append(contentsOf other: some Sequence<Diagnostic>) { items.append(contentsOf: other) }

    public var hasErrors: Bool { items.contains { $0.severity == .error } }
    public var errorCount: Int { items.count { $0.severity == .error } }
    public var warningCount: Int { items.count { $0.severity == .warning } }
    public var isEmpty: Bool { items.isEmpty }

    /// The diagnostics in a stable order: by file, line and column, then
    /// in the order they were found.
    public var sorted: [Diagnostic] {
        items.enumerated().sorted { a, b in
            switch (a.element.location, b.element.location) {
            case let (l?, r?) where l != r: return l < r
            case (nil, _?): return true
            case (_?, nil): return false
            default: return a.offset < b.offset
            }
        }.map(\.element)
    }
}
