import Foundation
import KumikiLayoutLanguage
import KumikiSite
import KumikiSupport

/// `textDocument/documentSymbol`: a page's headings as a tree (a heading
/// holds the headings of lower levels after it, up to the next of its own
/// level or higher), with each layout block under the heading it follows,
/// named by its title, and the views, stacks and guides it declares in it.
enum DocumentSymbols {
    /// LSP's `SymbolKind`s used here.
    enum Kind: Int {
        case variable = 13, constant = 14, string = 15, array = 18, `struct` = 23
    }

    private struct Node {
        var name: String
        var detail: String?
        var kind: Kind
        /// 1-based, inclusive.
        var lines: ClosedRange<Int>
        var selectionLine: Int
        var level: Int
        var children: [Int] = []
    }

    static func answer(for document: OpenDocument, displayPath: String, tokens: LayoutTokenTable,
                       encoding: PositionEncoding) -> JSONValue {
        let text = document.text.text
        let lineCount = document.text.lineCount
        let outline = PageOutline.read(Data(text.utf8), displayPath: displayPath)
        var nodes: [Node] = []
        var roots: [Int] = []
        // The headings open at the current line, outermost first.
        var open: [Int] = []
        let headings = outline.headings.sorted { $0.line < $1.line }
        for (number, heading) in headings.enumerated() {
            let next = headings[(number + 1)...].first { $0.level <= heading.level }?.line ?? lineCount + 1
            let name = [heading.text.english, heading.text.japanese].compactMap { $0 }.joined(separator: " · ")
            let node = Node(name: name.isEmpty ? heading.anchor : name, detail: "#\(heading.anchor)", kind: .string,
                            lines: heading.line...max(heading.line, next - 1), selectionLine: heading.line, level: heading.level)
            while let last = open.last, nodes[last].level >= heading.level { open.removeLast() }
            nodes.append(node)
            attach(nodes.count - 1, under: open.last, nodes: &nodes, roots: &roots)
            open.append(nodes.count - 1)
        }
        for (number, block) in LayoutBlockOutline.blocks(in: text, displayPath: displayPath, tokens: tokens).enumerated() {
            let name = block.title.map { $0.english == $0.japanese ? $0.english : "\($0.english) · \($0.japanese)" }
                ?? "layout block \(number + 1)"
            let node = Node(name: name, detail: block.kind == .layout ? "layout" : "layout \(block.kind.rawValue)", kind: .struct,
                            lines: block.fenceLine...max(block.fenceLine, min(lineCount, block.endLine)), selectionLine: block.fenceLine, level: .max)
            let parent = nodes.indices.last { nodes[$0].kind == .string && nodes[$0].lines.contains(block.fenceLine) }
            nodes.append(node)
            let blockIndex = nodes.count - 1
            attach(blockIndex, under: parent, nodes: &nodes, roots: &roots)
            for declaration in block.declarations {
                let kind: Kind = switch declaration.kind {
                case "stack": .array
                case "guide": .constant
                default: .variable
                }
                nodes.append(Node(name: declaration.name, detail: declaration.kind, kind: kind,
                                  lines: declaration.line...declaration.line, selectionLine: declaration.line, level: .max))
                attach(nodes.count - 1, under: blockIndex, nodes: &nodes, roots: &roots)
            }
        }
        func json(_ index: Int) -> JSONValue {
            let node = nodes[index]
            let range = TextRange(start: Position(line: node.lines.lowerBound - 1, character: 0),
                                  end: document.text.position(line: node.lines.upperBound, column: .max / 2, encoding: encoding))
            let selection = TextRange(start: Position(line: node.selectionLine - 1, character: 0),
                                      end: document.text.position(line: node.selectionLine, column: .max / 2, encoding: encoding))
            var members: [String: JSONValue] = [
                "name": .string(node.name), "kind": .integer(node.kind.rawValue),
                "range": range.json, "selectionRange": selection.json,
                "children": .array(node.children.sorted { nodes[$0].lines.lowerBound < nodes[$1].lines.lowerBound }.map(json)),
            ]
            if let detail = node.detail { members["detail"] = .string(detail) }
            return .object(members)
        }
        return .array(roots.sorted { nodes[$0].lines.lowerBound < nodes[$1].lines.lowerBound }.map(json))
    }

    private static func attach(_ index: Int, under parent: Int?, nodes: inout [Node], roots: inout [Int]) {
        if let parent { nodes[parent].children.append(index) } else { roots.append(index) }
    }
}
