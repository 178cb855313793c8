import Foundation
import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage
@testable import KumikiDiagram
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Blocks the tests draw, each a small layout a guideline page would show.
enum Blocks {
    static let form = """
        title: Sign-in form | サインインフォーム
        bars: status, navigation
        label heading "Welcome back" "おかえりなさい"
        field email "Email" "メールアドレス"
        toggle remember
        button go "Sign In" "サインイン"
        heading.top = safe.top + 24
        heading.leading = margins.leading
        email.top = heading.bottom + 16
        email.horizontalEdges = margins inset 0
        email.height >= 44
        remember.top = email.bottom + 12
        remember.trailing = margins.trailing
        go.top = remember.bottom + 24
        go.horizontalEdges = margins inset 0
        go.height >= 50
        """

    static let cornerButton = """
        title: A close button in the corner | 角に置いた閉じるボタン
        image photo "Photo" "写真"
        button close "X" "×"
        photo.edges = screen.edges
        close.top = screen.top + 4
        close.trailing = screen.trailing - 4
        close.size = 30
        """

    static let cardAndSheet = """
        title: A card and a sheet | カードとシート
        bars: status, tab
        card item "Today" "今日"
        label line "Three tasks" "タスク 3 件"
        sheet panel "Details" "詳細"
        control segments "Day" "日"
        view backdrop
        backdrop.edges = safe.edges @250
        item.top = safe.top + 16
        item.horizontalEdges = margins inset 0
        item.height = 120
        line.leading = item.leading + 12
        line.top = item.top + 44
        segments.top = item.bottom + 12
        segments.centerX = safe.centerX
        segments.height = 32
        panel.horizontalEdges = screen inset 0
        panel.bottom = safe.bottom
        panel.height = 0.4 * safe.height
        """

    static let ambiguous = """
        title: A label with no position | 位置のないラベル
        label floating "Floating" "浮いている"
        button wide "Go" "進む"
        wide.width = 500
        wide.width = 200
        wide.height = 50
        wide.leading = safe.leading
        wide.top = safe.top
        """

    static var all: [String] { [form, cornerButton, cardAndSheet, ambiguous] }
}

/// Parses and solves a block, with the environments given by id, or its
/// own.
func solve(_ text: String, environments ids: [String]? = nil, kind: LayoutBlockKind = .layout) throws -> BlockSolution {
    let source = LayoutBlockSource(text: text, firstLine: SourceLocation(file: "test.md", line: 2, column: 1), kind: kind)
    let parsed = LayoutLanguage.parse(source)
    let (program, diagnostics) = (parsed.program, parsed.diagnostics)
    guard let program else { throw TestFailure("the block does not parse: \(diagnostics)") }
    let engine = LayoutEngine(catalog: .bundled())
    guard let ids else { return engine.solve(program) }
    let everything = EnvironmentSettings(splits: Split.allCases, textSizes: TextSize.allCases)
    let all = try everything.environments(in: .bundled())
    let selected = try ids.map { id in
        guard let environment = all.first(where: { $0.id == id }) else { throw TestFailure("no environment \(id)") }
        return environment
    }
    return engine.solve(program, environments: selected)
}

/// The diagram of a block in one environment.
func diagram(_ text: String, in id: String) throws -> LayoutDiagram {
    let solution = try solve(text, environments: [id])
    let environment = try #require(solution.environments.first)
    return LayoutDiagram(solution: environment, program: solution.program, findings: BlockFindings(solution))
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// One parsed SVG element.
struct SVGElement {
    var name: String
    var attributes: [String: String]
    var text: String
    var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }
    func number(_ attribute: String) -> Double? { attributes[attribute].flatMap(Double.init) }
}

/// Parses SVG as XML; throws when it is not well-formed.
final class SVGDocument: NSObject, XMLParserDelegate {
    private(set) var elements: [SVGElement] = []
    private var open: [Int] = []
    private var failure: (any Error)?

    init(_ svg: String) throws {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        if !parser.parse() {
            throw failure ?? parser.parserError ?? TestFailure("not well-formed XML")
        }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        open.append(elements.count)
        elements.append(SVGElement(name: name, attributes: attributes, text: ""))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let last = open.last { elements[last].text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }

    func parser(_ parser: XMLParser, parseErrorOccurred error: any Error) {
        failure = error
    }

    func all(_ name: String, class className: String? = nil) -> [SVGElement] {
        elements.filter { element in element.name == name && (className.map { element.classes.contains($0) } ?? true) }
    }
}

/// Compares `svg` with the golden file `Golden/NAME.svg` (or another
/// extension, for an HTML fragment), byte for byte.
/// With `RECORD_GOLDEN=1` in the environment, the file is rewritten and
/// the test fails, so a recording never passes unnoticed.
func expectGolden(_ svg: String, named name: String, extension: String = "svg",
                  sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden").appendingPathComponent("\(name).\(`extension`)")
    if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
        try Data(svg.utf8).write(to: url)
        Issue.record("recorded \(url.lastPathComponent); run again without RECORD_GOLDEN to check it", sourceLocation: sourceLocation)
        return
    }
    guard let data = FileManager.default.contents(atPath: url.path), let golden = String(data: data, encoding: .utf8) else {
        Issue.record("no golden file \(url.lastPathComponent); record it with RECORD_GOLDEN=1", sourceLocation: sourceLocation)
        return
    }
    #expect(svg == golden, "\(url.lastPathComponent) differs from its golden file", sourceLocation: sourceLocation)
}

import Testing
