import Foundation
import KumikiSite
import KumikiSupport
@testable import KumikiLayout
@testable import KumikiLayoutLanguage
import KumikiTestSupport

/// Parses a block written in a test, failing loudly on errors.
func program(_ text: String, kind: LayoutBlockKind = .layout, file: String = "test.md", line: Int = 10) -> LayoutProgram? {
    LayoutLanguage.parse(LayoutBlockSource(text: text, firstLine: SourceLocation(file: file, line: line), kind: kind)).program
}

/// The diagnostics of a block, each as `line:column: severity: message`.
func diagnostics(_ text: String, kind: LayoutBlockKind = .layout) -> [String] {
    let result = LayoutLanguage.parse(LayoutBlockSource(text: text, firstLine: SourceLocation(file: "t.md", line: 1), kind: kind))
    return result.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0): \($0.severity.rawValue): \($0.message)" }
}

let catalog = DeviceCatalog.bundled()
let engine = LayoutEngine(catalog: catalog)

/// The environment with this id (device/orientation[/split][/textsize]).
func environment(_ id: String) -> Environment? {
    let all = (try? EnvironmentSettings(splits: Split.allCases, textSizes: TextSize.allCases).environments(in: catalog)) ?? []
    return all.first { $0.id == id }
}

/// Frames rounded to 2 decimals, for comparisons.
func rounded(_ rect: Rect?) -> [Double] {
    guard let rect else { return [] }
    return [rect.x, rect.y, rect.width, rect.height].map { ($0 * 100).rounded() / 100 }
}

/// The layout blocks of a Markdown file of the repository, with their kinds.
/// The bundled site's design tokens as its layout blocks read them, read
/// as a build reads them (through a build session).
let bundledTokens: LayoutTokenTable = {
    let folder = DiskSource(Repository.root)
    let config = SiteConfig.load(from: folder).0
    return BuildSession(cacheDirectory: nil, policy: .off).tokens(config.tokens, configuration: folder).layoutTokens.base
}()

func layoutBlocks(_ relativePath: String) -> [LayoutBlockSource] {
    let root = Repository.root
    guard let text = try? String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8) else { return [] }
    let lines = text.components(separatedBy: "\n")
    var blocks: [LayoutBlockSource] = []
    var index = 0
    while index < lines.count {
        let line = lines[index]
        if line.hasPrefix("```"), let kind = LayoutBlockKind(infoString: String(line.dropFirst(3))) {
            var end = index + 1
            while end < lines.count && !lines[end].hasPrefix("```") { end += 1 }
            blocks.append(LayoutBlockSource(
                text: lines[(index + 1)..<end].joined(separator: "\n"),
                firstLine: SourceLocation(file: relativePath, line: index + 2), kind: kind))
            index = end + 1
        } else {
            index += 1
        }
    }
    return blocks
}
