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
    /// The rule the diagnostic reports (`link.unknown-anchor`).
    public var code: DiagnosticCode?
    /// Where the offending text ends, excluded, in the same file as
    /// `location`; `nil` when the problem is a point (or has no place).
    public var end: SourceLocation?
    /// Fixes the diagnostic proposes, best first (a "did you mean" is
    /// also worded in the message).
    public var suggestions: [SuggestedEdit]

    public init(
        _ severity: Severity, _ message: String, at location: SourceLocation?,
        notes: [Diagnostic] = [], code: DiagnosticCode? = nil, end: SourceLocation? = nil,
        suggestions: [SuggestedEdit] = []
    ) {
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
        self.code = code
        self.end = end
        self.suggestions = suggestions
    }

    private enum CodingKeys: String, CodingKey {
        case severity, message, location, notes, code, end, suggestions
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        severity = try container.decode(Severity.self, forKey: .severity)
        message = try container.decode(String.self, forKey: .message)
        location = try container.decodeIfPresent(SourceLocation.self, forKey: .location)
        notes = try container.decode([Diagnostic].self, forKey: .notes)
        code = try container.decodeIfPresent(DiagnosticCode.self, forKey: .code)
        end = try container.decodeIfPresent(SourceLocation.self, forKey: .end)
        suggestions = try container.decodeIfPresent([SuggestedEdit].self, forKey: .suggestions) ?? []
    }

    /// This diagnostic with `code` when it has none yet: a stage that
    /// gathers its diagnostics names its family's rule for those whose
    /// detection named none.
    public func coded(_ code: DiagnosticCode) -> Diagnostic {
        var coded = self
        if coded.code == nil { coded.code = code }
        return coded
    }

    /// This diagnostic about the `length` characters at its location, with
    /// `replacements` (a "did you mean") as suggested edits of them.
    public func spanning(_ length: Int, replacements: [String] = []) -> Diagnostic {
        guard let location, length > 0 else { return self }
        var spanned = self
        spanned.end = location.offset(lines: 0, column: location.column + length)
        spanned.suggestions = replacements.map { SuggestedEdit(replacing: length, at: location, with: $0) }
        return spanned
    }

    public static func error(
        _ message: String, at location: SourceLocation?, notes: [Diagnostic] = [], code: DiagnosticCode? = nil
    ) -> Diagnostic {
        Diagnostic(.error, message, at: location, notes: notes, code: code)
    }

    public static func warning(
        _ message: String, at location: SourceLocation?, notes: [Diagnostic] = [], code: DiagnosticCode? = nil
    ) -> Diagnostic {
        Diagnostic(.warning, message, at: location, notes: notes, code: code)
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
