import Foundation
import KumikiFuzzSupport
import KumikiSite
import LibFuzzerDriver

/// A page through a whole build, as `kumiki build` runs it: the bytes are
/// the only page of a site whose `kumiki.yml` keeps two devices, built in
/// memory (front matter, Markdown, bilingual rows, links, every fenced
/// block and the built-in theme's templates). The site lives in a temporary folder made
/// once; each input overwrites its page.
@main
enum PageFuzzTarget {
    static func main() { LibFuzzer.run(testOneInput) }
}

private let site: BuildOptions = {
    let root = FileManager.default.temporaryDirectory
        .appendingPathComponent("kumiki-fuzz-page-\(ProcessInfo.processInfo.processIdentifier)")
    let content = root.appendingPathComponent("Content")
    try? FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
    try? Data(FuzzCatalog.twoDevicesConfiguration.utf8).write(to: root.appendingPathComponent("kumiki.yml"))
    // The built-in theme, as `kumiki build` uses it for a site without Templates/.
    let templates = (try? EmbeddedTheme.materializedFolder()) ?? root.appendingPathComponent("Templates")
    return BuildOptions(contentDirectory: content, templatesDirectory: templates, configDirectory: root)
}()

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let page = site.contentDirectory.appendingPathComponent("page.md")
    guard (try? Data(LibFuzzer.bytes(start, count)).write(to: page)) != nil else { return 0 }
    _ = SiteBuilder(options: site).build()
    return 0
}
