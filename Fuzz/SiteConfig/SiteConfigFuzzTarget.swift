import KumikiFuzzSupport
import KumikiLayout
import KumikiSite
import KumikiSupport
import LibFuzzerDriver

/// `kumiki.yml` as a build reads it: decoded, parsed into the site's
/// configuration and its device catalog assembled (exclusions and the
/// site's own devices merged into the bundled ones). A build goes on after
/// errors in the file, so this does too: the catalog is drawn as a
/// `devices` table and one small layout block is solved in its default
/// environments, so that every device the file defines reaches the engine.
@main
enum SiteConfigFuzzTarget {
    static func main() { LibFuzzer.run(testOneInput) }
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = InputText(decoding: LibFuzzer.bytes(start, count), path: "kumiki.yml")
    // A file that is not UTF-8 is reported and the defaults are used.
    guard input.problem == nil else { return 0 }
    let (config, _) = SiteConfig.parse(input.text, file: "kumiki.yml")
    let (catalog, _) = config.deviceCatalog()
    let devices = BuiltInBlocks.handlers(catalog: catalog).filter { $0.name == "devices" }
    for handler in devices + [LayoutBlockHandler(catalog: catalog).handler] {
        _ = handler.prepare(FuzzBlocks.sample(for: handler.name)).render()
    }
    return 0
}
