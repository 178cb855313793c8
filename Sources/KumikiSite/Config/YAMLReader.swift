import KumikiSupport
import Yams

/// A YAML mapping read with the place of every key, so that a bad entry in
/// `kumiki.yml` or a page's front matter is reported at its line and column.
struct YAMLMapping {
    struct Entry {
        var key: String
        var value: Node
        /// The key's place: where an entry that should not be there is.
        var location: SourceLocation
        /// The value's place: where a value that is wrong is.
        var valueLocation: SourceLocation
    }

    var entries: [Entry]
    var location: SourceLocation
    /// Where the text's nodes are, for the entries' values.
    var places: YAMLPlaces

    /// Composes `yaml` (which starts at `firstLine` of `file`) into a mapping.
    ///
    /// An empty document is an empty mapping. Syntax errors and a document
    /// that is not a mapping come back as diagnostics.
    static func read(_ yaml: String, file: String, firstLine: Int, what: String) -> (YAMLMapping?, [Diagnostic]) {
        let places = YAMLPlaces(file: file, text: yaml, firstLine: firstLine)
        let origin = SourceLocation(file: file, line: firstLine, column: 1)
        let node: Node?
        do {
            node = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            return (nil, [diagnostic(for: error, in: yaml, places: places, what: what)])
        } catch {
            return (nil, [.error("\(what) is not valid YAML: \(error)", at: origin)])
        }
        guard let node else { return (YAMLMapping(entries: [], location: origin, places: places), []) }
        guard case .mapping(let mapping) = node else {
            return (nil, [.error("\(what) must be a mapping of 'key: value' lines", at: places.location(of: node))])
        }
        var entries: [Entry] = []
        var diagnostics: [Diagnostic] = []
        var seen: Set<String> = []
        for (key, value) in mapping {
            let keyLocation = places.location(of: key)
            guard let name = key.string else {
                diagnostics.append(.error("\(what) keys must be plain words", at: keyLocation))
                continue
            }
            if !seen.insert(name).inserted {
                diagnostics.append(.error("'\(name)' appears twice in \(what)", at: keyLocation))
                continue
            }
            entries.append(Entry(key: name, value: value, location: keyLocation, valueLocation: places.location(of: value)))
        }
        return (YAMLMapping(entries: entries, location: origin, places: places), diagnostics)
    }

    private static func diagnostic(for error: YamlError, in yaml: String, places: YAMLPlaces, what: String) -> Diagnostic {
        let (file, firstLine) = (places.file, places.firstLine)
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            // Text that ends before what it opened is closed (a quote) is
            // reported where the text ends, past what the author wrote: the
            // place it was opened is where to look.
            if let context, isPastTheEnd(mark, of: yaml) {
                return .error("invalid YAML: \(problem) \(context.text)",
                              at: places.location(line: context.mark.line, scalarColumn: context.mark.column))
            }
            return .error("invalid YAML: \(problem)", at: places.location(line: mark.line, scalarColumn: mark.column))
        case .duplicatedKeysInMapping(let duplicates, let context):
            // Yams marks the key's first place; the error belongs at the
            // second, the same key at the same indentation further down.
            let name = duplicates.first ?? ""
            let first = context.mark
            let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
            let indentation = String(repeating: " ", count: max(0, first.column - 1))
            let second = lines.indices.dropFirst(first.line).first { index in
                let line = lines[index]
                guard line.hasPrefix(indentation) else { return false }
                let rest = line.dropFirst(indentation.count)
                return rest.hasPrefix(name) && rest.dropFirst(name.count).drop { $0 == " " }.first == ":"
            }
            let line = second.map { $0 + 1 } ?? first.line
            return .error("'\(name)' appears twice in \(what) (first on line \(firstLine + first.line - 1)); keep one",
                          at: places.location(line: line, scalarColumn: first.column))
        case .reader(let problem, let offset, let value, _):
            // The reader's offset counts code points; the place is given in
            // lines and characters, as every other place.
            let character = value >= 0 ? Unicode.Scalar(UInt32(value)).map { " (\($0.codePointName))" } ?? "" : ""
            let (line, column) = offset.map { scalarPlace(ofOffset: $0, in: yaml) } ?? (1, 1)
            return .error("invalid YAML: \(problem)\(character)", at: places.location(line: line, scalarColumn: column))
        default:
            return .error("invalid YAML: \(error)", at: SourceLocation(file: file, line: firstLine, column: 1))
        }
    }

    /// Whether a place Yams gives (1-based line, code-point column) is past
    /// the text's last character.
    private static func isPastTheEnd(_ mark: Mark, of text: String) -> Bool {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let last = lines.last else { return true }
        return mark.line > lines.count || (mark.line == lines.count && mark.column > last.unicodeScalars.count)
    }

    /// The 1-based line and code-point column of the code point at `offset`.
    private static func scalarPlace(ofOffset offset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1, column = 1, passed = 0
        for scalar in text.unicodeScalars {
            if passed == offset { break }
            passed += 1
            if scalar == "\n" { (line, column) = (line + 1, 1) } else { column += 1 }
        }
        return (line, column)
    }
}

/// Typed reads of YAML values that explain what was expected.
enum YAMLValue {
    static func string(_ node: Node, key: String, at location: SourceLocation) -> Result<String, Diagnostic> {
        guard case .scalar(let scalar) = node else {
            return .failure(.error("'\(key)' must be text", at: location))
        }
        return .success(scalar.string)
    }

    static func int(_ node: Node, key: String, at location: SourceLocation) -> Result<Int, Diagnostic> {
        guard case .scalar(let scalar) = node, let value = Int(scalar.string) else {
            return .failure(.error("'\(key)' must be a whole number", at: location))
        }
        return .success(value)
    }

    static func bool(_ node: Node, key: String, at location: SourceLocation) -> Result<Bool, Diagnostic> {
        guard case .scalar(let scalar) = node else {
            return .failure(.error("'\(key)' must be true or false", at: location))
        }
        switch scalar.string.lowercased() {
        case "true", "yes", "on": return .success(true)
        case "false", "no", "off": return .success(false)
        default: return .failure(.error("'\(key)' must be true or false (or on or off), not '\(scalar.string)'", at: location))
        }
    }
}
