import Foundation
import KumikiFuzzSupport
import KumikiSite
import LibFuzzerDriver

/// A page through a whole build, as `kumiki build` runs it: the bytes are
/// the only page of a site whose `kumiki.yml` keeps two devices, built in
/// memory (front matter, Markdown, bilingual rows, links, every fenced
/// block and the built-in theme's templates), its folders read from memory
/// (`MemorySource`), so nothing touches the disk.
@main
enum PageFuzzTarget {
    static func main() { LibFuzzer.run(testOneInput) }
}

private let configuration = MemorySource(texts: ["kumiki.yml": FuzzCatalog.twoDevicesConfiguration], displayPath: ".")

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let content = MemorySource(["page.md": Data(LibFuzzer.bytes(start, count))], displayPath: "Content")
    _ = SiteBuilder(options: BuildOptions(content: content, templates: EmbeddedTheme.source, configuration: configuration)).build()
    return 0
}
