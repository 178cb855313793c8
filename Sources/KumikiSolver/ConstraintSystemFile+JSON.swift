import Foundation

extension ConstraintSystemFile {
    /// Reads a system from JSON text.
    /// - Parameter data: The file's bytes.
    /// - Throws: `FormatError` naming the first problem found and where.
    public init(json data: Data) throws(FormatError) {
        let raw: RawFile
        do {
            raw = try JSONDecoder().decode(RawFile.self, from: data)
        } catch let error as DecodingError {
            throw FormatError(Self.describe(error))
        } catch let error as FormatError {
            throw error
        } catch {
            throw FormatError("not valid JSON: \(error.localizedDescription)")
        }
        try self.init(validating: raw)
    }

    private init(validating raw: RawFile) throws(FormatError) {
        guard raw.constraints.count <= Self.maximumConstraints else {
            throw FormatError(
                "constraints: the file has \(raw.constraints.count) constraints; a system has at most \(Self.maximumConstraints)")
        }
        let steps = raw.edits?.first?.values.count ?? 1
        guard raw.variables.count * steps <= Self.maximumSolutionValues else {
            throw FormatError(
                "\(raw.variables.count) variables in \(steps) steps are \(raw.variables.count * steps) values to solve and print; "
                    + "a system has at most \(Self.maximumSolutionValues)")
        }
        var declared = Set<String>()
        for (index, name) in raw.variables.enumerated() {
            guard declared.insert(name).inserted else {
                throw FormatError("variables[\(index)]: \"\(name)\" is declared twice")
            }
        }
        var entries: [Entry] = []
        for (index, constraint) in raw.constraints.enumerated() {
            var terms: [Term] = []
            for (position, term) in constraint.terms.enumerated() {
                guard declared.contains(term.name) else {
                    throw FormatError("constraints[\(index)].terms[\(position)]: variable \"\(term.name)\" is not in \"variables\"")
                }
                guard term.coefficient.isFinite else {
                    throw FormatError("constraints[\(index)].terms[\(position)]: the coefficient must be finite")
                }
                try Self.checkRange(term.coefficient, at: "constraints[\(index)].terms[\(position)][0]")
                terms.append(Term(Variable(term.name), coefficient: term.coefficient))
            }
            let constant = constraint.constant ?? 0
            guard constant.isFinite else { throw FormatError("constraints[\(index)].constant: must be finite") }
            try Self.checkRange(constant, at: "constraints[\(index)].constant")
            guard let relation = Relation(rawValue: constraint.op) else {
                throw FormatError("constraints[\(index)].op: expected \"<=\", \"==\" or \">=\", found \"\(constraint.op)\"")
            }
            let strength = try Self.strength(constraint.strength ?? .name("required"), at: "constraints[\(index)].strength")
            entries.append(Entry(terms: terms, constant: constant, relation: relation, strength: strength))
        }
        var edits: [Edit] = []
        var edited = Set<String>()
        for (index, edit) in (raw.edits ?? []).enumerated() {
            guard declared.contains(edit.variable) else {
                throw FormatError("edits[\(index)].variable: \"\(edit.variable)\" is not in \"variables\"")
            }
            guard edited.insert(edit.variable).inserted else {
                throw FormatError("edits[\(index)].variable: \"\(edit.variable)\" is edited twice")
            }
            let strength = try Self.strength(edit.strength ?? .name("strong"), at: "edits[\(index)].strength")
            guard !strength.isRequired else {
                throw FormatError("edits[\(index)].strength: an edit variable cannot be required")
            }
            guard edit.values.allSatisfy(\.isFinite) else { throw FormatError("edits[\(index)].values: must be finite") }
            for (step, value) in edit.values.enumerated() {
                try Self.checkRange(value, at: "edits[\(index)].values[\(step)]")
            }
            if let first = edits.first, first.values.count != edit.values.count {
                throw FormatError(
                    "edits[\(index)].values: has \(edit.values.count) values but edits[0] has \(first.values.count); every edit needs one value per step")
            }
            edits.append(Edit(variable: Variable(edit.variable), strength: strength, values: edit.values))
        }
        self.init(variables: raw.variables.map(Variable.init), constraints: entries, edits: edits)
    }

    /// The largest magnitude of a coefficient, constant or edit value.
    ///
    /// A magnitude far past the values a layout uses, or a tiny one such as
    /// the subnormal 1e-320, makes the simplex divide by numbers it cannot
    /// represent, and the solution comes out infinite or NaN. Such numbers
    /// are refused with the file's other format errors instead.
    static let largestMagnitude = 1e9
    /// The smallest magnitude of a number other than 0.
    static let smallestMagnitude = 1e-9
    /// The largest strength weight: kiwi's `required`, 1001001000, fits.
    static let largestWeight = 1e10

    private static func checkRange(_ value: Double, at path: String) throws(FormatError) {
        let magnitude = abs(value)
        guard magnitude == 0 || (magnitude >= smallestMagnitude && magnitude <= largestMagnitude) else {
            throw FormatError("\(path): \(formatNumber(value)) is out of range; numbers are 0 or between 1e-9 and 1e9 in magnitude")
        }
    }

    private static func strength(_ raw: RawStrength, at path: String) throws(FormatError) -> Strength {
        switch raw {
        case .weight(let weight):
            guard weight.isFinite, weight >= 0 else { throw FormatError("\(path): a weight must be a finite number ≥ 0") }
            guard weight == 0 || (weight >= smallestMagnitude && weight <= largestWeight) else {
                throw FormatError("\(path): a weight is 0 or between 1e-9 and 1e10")
            }
            return Strength(weight)
        case .name(let name):
            switch name {
            case "required": return .required
            case "strong": return .strong
            case "medium": return .medium
            case "weak": return .weak
            default:
                throw FormatError("\(path): expected \"required\", \"strong\", \"medium\", \"weak\" or a number, found \"\(name)\"")
            }
        }
    }

    /// A place in the file as the messages name it: `constraints[0].op`.
    fileprivate static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return text.isEmpty ? "the file" : text
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): expected \(Self.typeName(type))"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): expected \(Self.typeName(type)), found null"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath)): missing key \"\(key.stringValue)\""
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "not valid JSON" }
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "malformed file"
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type: "a number"
        case is String.Type: "a string"
        case is [Any].Type: "an array"
        default: "\(type)".contains("Array") ? "an array" : "an object"
        }
    }

    // MARK: - Writing

    /// A JSON number: integers without a fractional part, otherwise the shortest representation that reads back exactly.
    /// - Parameter value: A finite number (non-finite numbers print as `null`).
    /// - Returns: The JSON text of the number.
    public static func formatNumber(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    /// A JSON string literal: the quotation mark, the backslash and the
    /// control characters U+0000…U+001F escaped (RFC 8259 §7), everything
    /// else, text outside the Basic Multilingual Plane included, as itself.
    ///
    /// The rest of Kumiki quotes through `String.jsonStringLiteral` in
    /// KumikiSupport; the solver keeps this copy, with the same output,
    /// because it is a library that depends on nothing but the standard
    /// library and Foundation, and one dozen lines do not justify giving it
    /// a dependency on Kumiki's diagnostics.
    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// The outcome as deterministic JSON text: keys sorted, one solution per line, a final newline.
    /// - Parameter outcome: A result of `solve()`.
    /// - Returns: `{"solutions": [...]}` or `{"error": {"conflicts": [...], "constraint": I, "kind": "unsatisfiable"}}`.
    public static func json(for outcome: Outcome) -> String {
        switch outcome {
        case .unsatisfiable(let constraint, let conflicts):
            let list = conflicts.map(String.init).joined(separator: ", ")
            return "{\"error\": {\"conflicts\": [\(list)], \"constraint\": \(constraint), \"kind\": \"unsatisfiable\"}}\n"
        case .tooMuchWork(let place):
            return "{\"error\": {\"kind\": \"too-much-work\", \"place\": \(quote(place))}}\n"
        case .solutions(let solutions):
            let lines = solutions.map { solution in
                let keys = solution.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
                let fields = keys.map { "\(quote($0)): \(formatNumber(solution[$0] ?? 0))" }
                return "{" + fields.joined(separator: ", ") + "}"
            }
            if lines.isEmpty { return "{\"solutions\": []}\n" }
            return "{\"solutions\": [\n" + lines.joined(separator: ",\n") + "\n]}\n"
        }
    }
}

// MARK: - The file as decoded, before validation

private struct RawFile: Decodable {
    var variables: [String]
    var constraints: [RawConstraint]
    var edits: [RawEdit]?

    private enum CodingKeys: String, CodingKey, CaseIterable { case variables, constraints, edits }

    init(from decoder: any Decoder) throws {
        let container = try KnownKeys.container(of: decoder, keyedBy: CodingKeys.self)
        variables = try container.decode([String].self, forKey: .variables)
        constraints = try container.decode([RawConstraint].self, forKey: .constraints)
        edits = try container.decodeIfPresent([RawEdit].self, forKey: .edits)
    }
}

private struct RawConstraint: Decodable {
    var terms: [RawTerm]
    var constant: Double?
    var op: String
    var strength: RawStrength?

    private enum CodingKeys: String, CodingKey, CaseIterable { case terms, constant, op, strength }

    init(from decoder: any Decoder) throws {
        let container = try KnownKeys.container(of: decoder, keyedBy: CodingKeys.self)
        terms = try container.decode([RawTerm].self, forKey: .terms)
        constant = try container.decodeIfPresent(Double.self, forKey: .constant)
        op = try container.decode(String.self, forKey: .op)
        strength = try container.decodeIfPresent(RawStrength.self, forKey: .strength)
    }
}

/// An object's keys checked against those its kind has: a misspelt key
/// (`"stregth"`) must not pass as absent and leave its default (required)
/// in place, nor an unknown one (`"edit"`) drop what it holds.
private enum KnownKeys {
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    static func container<Key: CodingKey & CaseIterable>(of decoder: any Decoder, keyedBy: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let known = Key.allCases.map(\.stringValue)
        let all = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue).sorted()
        if let unknown = all.first(where: { !known.contains($0) }) {
            let keys = known.map { "\"\($0)\"" }.joined(separator: ", ")
            throw ConstraintSystemFile.FormatError(
                "\(ConstraintSystemFile.path(decoder.codingPath)): unknown key \"\(unknown)\"; the keys are \(keys)")
        }
        return try decoder.container(keyedBy: Key.self)
    }
}

private struct RawTerm: Decodable {
    var coefficient: Double
    var name: String

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        coefficient = try container.decode(Double.self)
        name = try container.decode(String.self)
        if !container.isAtEnd {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "a term is [coefficient, \"variable\"]"))
        }
    }
}

private struct RawEdit: Decodable {
    var variable: String
    var strength: RawStrength?
    var values: [Double]

    private enum CodingKeys: String, CodingKey, CaseIterable { case variable, strength, values }

    init(from decoder: any Decoder) throws {
        let container = try KnownKeys.container(of: decoder, keyedBy: CodingKeys.self)
        variable = try container.decode(String.self, forKey: .variable)
        strength = try container.decodeIfPresent(RawStrength.self, forKey: .strength)
        values = try container.decode([Double].self, forKey: .values)
    }
}

private enum RawStrength: Decodable {
    case name(String)
    case weight(Double)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let weight = try? container.decode(Double.self) {
            self = .weight(weight)
        } else if let name = try? container.decode(String.self) {
            self = .name(name)
        } else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "expected a strength name or a number"))
        }
    }
}
