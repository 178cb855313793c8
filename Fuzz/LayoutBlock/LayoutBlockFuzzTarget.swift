import KumikiFuzzSupport
import KumikiLayout
import KumikiSite
import KumikiSupport
import LibFuzzerDriver

/// The playground's path for one layout block, run on a small catalog:
/// text decoded and its line endings made `"\n"`, then parsed, solved in
/// the environments its own lines select, drawn and checked by the same
/// handler a build uses.
///
/// Two devices (a phone and an iPad) keep each input cheap while leaving
/// every environment setting (orientations, splits, text sizes) in play.
@main
enum LayoutBlockFuzzTarget {
    static func main() { LibFuzzer.run(testOneInput) }
}

private let handler = LayoutBlockHandler(catalog: FuzzCatalog.twoDevices)

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = InputText(normalizing: String(decoding: LibFuzzer.bytes(start, count), as: UTF8.self)).text
    _ = handler.render(FencedBlock(
        info: "layout", text: text, start: SourceLocation(file: "fuzz.md", line: 1),
        firstLine: SourceLocation(file: "fuzz.md", line: 2), index: 1))
    return 0
}
