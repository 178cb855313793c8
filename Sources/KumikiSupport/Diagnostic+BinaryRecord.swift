/// The records of a diagnostic and its parts, as the build store keeps
/// the problems found in a page beside its summary and its HTML.
extension Diagnostic: BinaryRecord {
    /// How deep notes may nest in a record read back: deeper is damage (no
    /// stage nests them more than twice), and a bound keeps a damaged
    /// record from recursing as deep as its bytes allow.
    static let maximumNoteNesting = 64

    public func write(to writer: inout ByteWriter) {
        severity.write(to: &writer)
        message.write(to: &writer)
        location.write(to: &writer)
        notes.write(to: &writer)
        code.write(to: &writer)
        end.write(to: &writer)
        suggestions.write(to: &writer)
    }

    public init(reading reader: inout ByteReader) throws(DamagedBytes) {
        try self.init(reading: &reader, nesting: 0)
    }

    private init(reading reader: inout ByteReader, nesting: Int) throws(DamagedBytes) {
        guard nesting < Self.maximumNoteNesting else { throw DamagedBytes() }
        let severity = try Severity(reading: &reader)
        let message = try reader.text()
        let location = try SourceLocation?(reading: &reader)
        let noteCount = try reader.count()
        var notes: [Diagnostic] = []
        notes.reserveCapacity(noteCount)
        for _ in 0..<noteCount { notes.append(try Diagnostic(reading: &reader, nesting: nesting + 1)) }
        self.init(severity, message, at: location, notes: notes, code: try DiagnosticCode?(reading: &reader),
                  end: try SourceLocation?(reading: &reader), suggestions: try [SuggestedEdit](reading: &reader))
    }
}

/// One byte.
extension Severity: BinaryRecord {
    public func write(to writer: inout ByteWriter) {
        let tag: UInt8 = switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
        writer.append(CollectionOfOne(tag))
    }

    public init(reading reader: inout ByteReader) throws(DamagedBytes) {
        switch try reader.littleEndian(UInt8.self) {
        case 0: self = .note
        case 1: self = .warning
        case 2: self = .error
        default: throw DamagedBytes()
        }
    }
}

extension SourceLocation: BinaryRecord {
    public func write(to writer: inout ByteWriter) {
        file.write(to: &writer)
        line.write(to: &writer)
        column.write(to: &writer)
    }

    public init(reading reader: inout ByteReader) throws(DamagedBytes) {
        self.init(file: try reader.text(), line: try reader.signedVarint(), column: try reader.signedVarint())
    }
}

extension SuggestedEdit: BinaryRecord {
    public func write(to writer: inout ByteWriter) {
        start.write(to: &writer)
        end.write(to: &writer)
        text.write(to: &writer)
    }

    public init(reading reader: inout ByteReader) throws(DamagedBytes) {
        self.init(replacing: try SourceLocation(reading: &reader), through: try SourceLocation(reading: &reader),
                  with: try reader.text())
    }
}

/// Its text (`link.unknown-anchor`).
extension DiagnosticCode: BinaryRecord {
    public func write(to writer: inout ByteWriter) { rawValue.write(to: &writer) }

    public init(reading reader: inout ByteReader) throws(DamagedBytes) {
        self.init(rawValue: try reader.text())
    }
}
