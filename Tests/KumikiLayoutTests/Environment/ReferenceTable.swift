import Foundation
import KumikiTestSupport

/// A CSV file of `Reference/` read into rows keyed by its header.
///
/// Only what the reference files use is supported: comma-separated fields,
/// fields in double quotes when they hold a comma or a quote (a quote
/// doubled inside), one record per line. Kept in the tests because the
/// reference data is a test input, never something Kumiki reads.
struct ReferenceTable {
    /// One record: the field of each header column.
    struct Row {
        var line: Int
        var fields: [String: String]

        subscript(column: String) -> String { fields[column] ?? "" }

        /// The field as a number, `nil` when empty or not a number.
        func number(_ column: String) -> Double? { Double(self[column]) }
    }

    var header: [String]
    var rows: [Row]

    /// Reads `Reference/NAME` under the repository root.
    init(named name: String) throws {
        let url = Repository.root.appendingPathComponent("Reference").appendingPathComponent(name)
        try self.init(text: String(contentsOf: url, encoding: .utf8))
    }

    init(text: String) throws {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.first else { throw Problem(message: "the file is empty") }
        header = try Self.fields(of: first, line: 1)
        rows = []
        for (index, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let values = try Self.fields(of: line, line: index + 1)
            guard values.count == header.count else {
                throw Problem(message: "line \(index + 1) has \(values.count) fields, the header \(header.count)")
            }
            rows.append(Row(line: index + 1, fields: Dictionary(uniqueKeysWithValues: zip(header, values))))
        }
    }

    struct Problem: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// The fields of one line.
    static func fields(of line: String, line number: Int) throws -> [String] {
        var fields: [String] = []
        var current = ""
        var quoted = false
        var characters = line.makeIterator()
        var pending = characters.next()
        while let character = pending {
            pending = characters.next()
            switch (quoted, character) {
            case (true, "\""):
                if pending == "\"" {
                    current.append("\"")
                    pending = characters.next()
                } else {
                    quoted = false
                }
            case (true, _):
                current.append(character)
            case (false, "\""):
                quoted = true
            case (false, ","):
                fields.append(current)
                current = ""
            case (false, _):
                current.append(character)
            }
        }
        if quoted { throw Problem(message: "line \(number) ends inside a quoted field") }
        fields.append(current)
        return fields
    }
}
