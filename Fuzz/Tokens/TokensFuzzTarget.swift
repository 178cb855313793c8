import KumikiSupport
import KumikiTokens
import LibFuzzerDriver

/// Token files as `TokenSet.read` takes them: the input is one file, or
/// two when it holds a NUL byte (the part before it first, the rest
/// second), so that merging and cross-file aliases are reached too. Every
/// resolved value is then used as a later stage would: colours' sRGB,
/// dimensions in points, the warnings for deprecated tokens.
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
    let (set, diagnostics) = TokenSet.read(files: files)
    _ = diagnostics.map(\.description)
    _ = set.deprecationWarnings()
    for token in set.tokens {
        switch token.value {
        case .color(let color): _ = color.srgb
        case .dimension(let dimension): _ = dimension.points()
        default: break
        }
    }
    return 0
}
