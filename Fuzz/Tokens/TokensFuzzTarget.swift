import KumikiSupport
import KumikiTokens
import LibFuzzerDriver

/// Token files as `TokenSet.read` takes them: the input is one file, or
/// two when it holds a NUL byte (the part before it first, the rest
/// second), so that merging and cross-file aliases are reached too. Every
/// resolved value is then used as a later stage would: colours' sRGB,
/// dimensions in points, the warnings for deprecated tokens.
///
/// When the first part names a `resolutionOrder`, it is read as a resolver
/// document instead, and every token file it names is the second part:
/// its document, inputs from its own modifiers (and a misspelt one), and
/// the set of each of the first few choices of contexts.
@main
enum TokensFuzzTarget {
    static func main() { LibFuzzer.run(testOneInput) }
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = LibFuzzer.bytes(start, count)
    let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    let files = parts.enumerated().map { index, part in
        (path: "file\(index).tokens.json", text: InputText(decoding: part, path: "file\(index).tokens.json").text)
    }
    if let first = files.first, first.text.contains("\"resolutionOrder\"") {
        resolve(first.text, files: files.dropFirst().first?.text ?? "{}")
        return 0
    }
    let (set, diagnostics) = TokenSet.read(files: files)
    _ = diagnostics.map(\.description)
    use(set)
    return 0
}

/// What a later stage does with a resolved set.
func use(_ set: TokenSet) {
    _ = set.deprecationWarnings()
    for token in set.tokens {
        switch token.value {
        case .color(let color): _ = color.srgb
        case .dimension(let dimension): _ = dimension.points()
        default: break
        }
    }
}

/// A resolver whose every source file is `files`: its document, inputs,
/// and the sets of the first combinations of its modifiers' contexts.
func resolve(_ text: String, files: String) {
    let (document, problems) = TokenResolution.readDocument(text, path: "Tokens/file0.resolver.json", displayPath: "file0.resolver.json")
    _ = problems.map(\.description)
    guard let document else { return }
    var loaded: [String: TokenResolution.SourceFile] = [:]
    for path in document.files { loaded[path] = .text(files, displayPath: path) }
    let resolution = TokenResolution(document: document, files: loaded)
    let given = document.modifiers.prefix(2).map { (modifier: $0.name, context: $0.contexts.last ?? "") } + [("them", "drak")]
    let (inputs, inputProblems, unchosen) = resolution.inputs(choosing: given)
    _ = inputProblems.map(\.message) + unchosen.map(\.description)
    for choice in resolution.combinations(of: document.modifiers.prefix(2).map(\.name), base: inputs).prefix(4) {
        let (set, diagnostics) = resolution.read(choice)
        _ = diagnostics.map(\.description)
        use(set)
    }
}
