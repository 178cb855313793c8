// Builds the site of the current folder once, cold, as `kumiki build
// --no-cache [--no-search] --output OUTPUT` does, all on the calling thread's
// schedule: for counting a build's instructions under Callgrind
// (`make bench-search`), which cannot run `kumiki` itself. `kumiki`'s main
// thread hands over to libdispatch's main loop, and Valgrind 3.19 crashes
// there.
//
//     kumiki-bench-build OUTPUT [--no-search]
//
// The site is read as `kumiki build` reads it: `Content/`, `kumiki.yml`, and
// `Templates/` or, without one, the built-in theme.

import Foundation
import KumikiSite
import KumikiSupport

let arguments = CommandLine.arguments
guard (2...3).contains(arguments.count), arguments.count == 2 || arguments[2] == "--no-search",
      !arguments[1].hasPrefix("-") else {
    print("usage: kumiki-bench-build OUTPUT [--no-search]")
    exit(2)
}
let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
var options = BuildOptions(content: DiskSource(current.appendingPathComponent("Content", isDirectory: true)),
                           templates: EmbeddedTheme.templates(ofSiteIn: current),
                           configuration: DiskSource(current), baseURL: nil, includeDrafts: false, cacheDirectory: nil)
let output = URL(fileURLWithPath: arguments[1], relativeTo: current).standardizedFileURL
options.outputDirectory = output
options.indexesSearch = arguments.count == 2
do {
    let staged = try OutputFolder.prepare(output, manifests: nil)
    let result = SiteBuilder(options: options, handlers: nil) { _, _, _ in }.build(into: staged)
    guard result.diagnostics.errorCount == 0 else {
        staged.abandon()
        FileHandle.standardError.write(Data("kumiki-bench-build: the build failed with \(result.diagnostics.errorCount) errors\n".utf8))
        exit(1)
    }
    try staged.commit()
    print("built \(result.pageCount) pages into \(output.path)")
} catch {
    FileHandle.standardError.write(Data("kumiki-bench-build: error: \(error)\n".utf8))
    exit(1)
}
