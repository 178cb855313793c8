import KumikiSupport
import KumikiTokens

/// A resolver at the site's root, `site.resolver.json`, with the token
/// files it names given by path.
struct ResolverFixture {
    var resolver: String
    var files: [String: String] = [:]
    var path = "site.resolver.json"

    /// The document's diagnostics, as printed.
    var documentDiagnostics: [String] {
        TokenResolution.readDocument(resolver, path: path, displayPath: path).1.map(\.description)
    }

    func resolution() -> TokenResolution? {
        guard let document = TokenResolution.readDocument(resolver, path: path, displayPath: path).0 else { return nil }
        var loaded: [String: TokenResolution.SourceFile] = [:]
        for file in document.files {
            loaded[file] = files[file].map { .text($0, displayPath: file) } ?? .missing
        }
        return TokenResolution(document: document, files: loaded)
    }

    /// The set `given` chooses, and every diagnostic as printed: the
    /// document's, the inputs', the sources'.
    func read(_ given: [(modifier: String, context: String)] = []) -> (TokenSet?, [String], ResolverInputs) {
        var printed = documentDiagnostics
        guard let resolution = resolution() else { return (nil, printed, ResolverInputs()) }
        let (inputs, inputProblems, unchosen) = resolution.inputs(choosing: given)
        printed += inputProblems.map { "input: " + $0.message } + unchosen.map(\.description)
        let (set, diagnostics) = resolution.read(inputs)
        return (set, printed + diagnostics.map(\.description), inputs)
    }
}

/// A token file with one colour token `color.NAME` of the given hex.
func colorFile(_ tokens: [(String, String)]) -> String {
    let entries = tokens.map { name, hex in
        let digits = hex.dropFirst()
        let components = stride(from: 0, to: 6, by: 2).map { offset -> String in
            let start = digits.index(digits.startIndex, offsetBy: offset)
            let value = Double(Int(digits[start..<digits.index(start, offsetBy: 2)], radix: 16) ?? 0) / 255
            return JSONValue.number((value * 1000).rounded() / 1000).written()
        }
        return "    \"\(name)\": { \"$value\": { \"colorSpace\": \"srgb\", \"components\": [\(components.joined(separator: ", "))], \"hex\": \"\(hex)\" } }"
    }
    return "{\n  \"color\": {\n    \"$type\": \"color\",\n" + entries.joined(separator: ",\n") + "\n  }\n}\n"
}

extension TokenSet {
    /// The hex of a colour token, for short expectations.
    func hex(_ name: String) -> String? {
        guard case .color(let color)? = token(named: name)?.value else { return nil }
        return color.hex
    }
}
