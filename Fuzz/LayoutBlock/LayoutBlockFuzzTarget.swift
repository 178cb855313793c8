import KumikiFuzzSupport
import KumikiLayout
import KumikiLayoutLanguage
import KumikiSite
import KumikiSupport
import LibFuzzerDriver

/// The playground's path for one layout block, run on a small catalog:
/// text decoded and its line endings made `"\n"`, then parsed, solved in
/// the environments its own lines select, drawn and checked by the same
/// handler a build uses.
///
/// Two devices (a phone and an iPad) keep each input cheap while leaving
/// every environment setting (orientations, splits, text sizes) in play. A
/// few design tokens, one of each kind a block may name (one deprecated,
/// one too large for the language), let `{…}` references resolve; a
/// translucent colour is the screen's background, so `fill`, `textColor`
/// and `font` lines reach the contrast check and the drawing.
@main
enum LayoutBlockFuzzTarget {
    static func main() { LibFuzzer.run(testOneInput) }
}

private let handler = LayoutBlockHandler(catalog: FuzzCatalog.twoDevices, tokens: LayoutBlockTokens(base: LayoutTokenTable(entries: [
    "spacing.m": .init(value: .dimension(16), written: "16px"),
    "ratio.wide": .init(value: .number(1.5), written: "1.5"),
    "size.huge": .init(value: .dimension(1e300), written: "1e300px"),
    "size.old": .init(value: .dimension(12), deprecation: .init(reason: "use spacing.m"), written: "12px"),
    "color.accent": .init(value: .color(light: SRGBColor(red: 0, green: 0.478, blue: 1), dark: SRGBColor(red: 0.04, green: 0.52, blue: 1)),
                          written: "#007aff"),
    "type.body": .init(value: .typography(LayoutTypography(fontSize: 17, lineHeight: 1.3, fontWeight: 400)), written: "17px"),
    "type.title": .init(value: .typography(LayoutTypography(fontSize: 28, lineHeight: 1.2, fontWeight: 700, textStyle: "title1")),
                        written: "28px"),
    "color.veil": .init(value: .color(light: SRGBColor(red: 0, green: 0, blue: 0, alpha: 0.5),
                                      dark: SRGBColor(red: 1, green: 1, blue: 1, alpha: 0.3)), written: "#00000080"),
]), digest: "fuzz", background: "color.veil"))

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = InputText(normalizing: String(decoding: LibFuzzer.bytes(start, count), as: UTF8.self)).text
    _ = handler.render(FencedBlock(
        info: "layout", text: text, start: SourceLocation(file: "fuzz.md", line: 1),
        firstLine: SourceLocation(file: "fuzz.md", line: 2), index: 1))
    return 0
}
