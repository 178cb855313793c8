import Foundation
import KumikiLayout
import KumikiLayoutLanguage
import Testing
@testable import KumikiDiagram

/// On a page, each device frame is drawn once and every diagram refers to
/// it with `<use>`; the picture must stay exactly the inline one.
@Suite struct SharedFrameTests {
    /// The shared SVG with every `<use href="#id"/>` replaced by its drawing.
    private func expanded(_ svg: String, _ definitions: DiagramDefinitions) -> String {
        var text = svg
        for id in definitions.ids {
            text = text.replacingOccurrences(of: "<use href=\"#\(id)\"/>", with: definitions.drawing(id) ?? "")
        }
        return text
    }

    @Test func aSharedDiagramIsTheInlineOneWithItsFrameByReference() throws {
        for block in Blocks.all {
            let solution = try solve(block)
            let findings = BlockFindings(solution)
            for environment in solution.environments {
                let diagram = LayoutDiagram(solution: environment, program: solution.program, findings: findings)
                var definitions = DiagramDefinitions()
                let shared = diagram.svg(scale: 0.4, sharing: &definitions)
                #expect(shared.components(separatedBy: "<use ").count - 1 == 2, "\(environment.environment.id)")
                #expect(definitions.ids.count == 2)
                #expect(expanded(shared, definitions) == diagram.svg(scale: 0.4, form: .inline), "\(environment.environment.id)")
            }
        }
    }

    /// The diagram of a block in one of the environments it asks for, its
    /// bars as its `bars:` line says.
    private func ownDiagram(_ block: String, in id: String) throws -> LayoutDiagram {
        let solution = try solve(block)
        let environment = try #require(solution.environments.first { $0.environment.id == id })
        return LayoutDiagram(solution: environment, program: solution.program, findings: BlockFindings(solution))
    }

    @Test func blocksInTheSameEnvironmentShareTheirFrames() throws {
        var definitions = DiagramDefinitions()
        let form = try diagram(Blocks.form, in: "iphone-x/portrait").svg(scale: 0.5, sharing: &definitions)
        let photo = try diagram(Blocks.cornerButton, in: "iphone-x/portrait").svg(scale: 0.5, sharing: &definitions)
        #expect(definitions.ids.count == 2)
        for id in definitions.ids {
            #expect(form.contains("<use href=\"#\(id)\"/>") && photo.contains("<use href=\"#\(id)\"/>"))
        }
        // A tab bar changes what is under the views, not the hardware and
        // the bezel over them.
        let cards = try ownDiagram(Blocks.cardAndSheet, in: "iphone-x/portrait").svg(scale: 0.5, sharing: &definitions)
        #expect(definitions.ids.count == 3)
        #expect(cards.contains("<use href=\"#\(definitions.ids[1])\"/>"))
        #expect(cards.contains("<use href=\"#\(definitions.ids[2])\"/>"))
    }

    @Test func anIdDependsOnlyOnTheDrawing() {
        var a = DiagramDefinitions(), b = DiagramDefinitions()
        let first = a.add("<rect class=\"k-screen\" x=\"0\" y=\"0\" width=\"375\" height=\"812\"/>")
        b.add("<rect class=\"k-home\"/>")
        let second = b.add("<rect class=\"k-screen\" x=\"0\" y=\"0\" width=\"375\" height=\"812\"/>")
        #expect(first == second)
        #expect(first.hasPrefix("kf") && first.count <= 15)
        #expect(first.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
        a.merge(b)
        #expect(a.ids == [first, DiagramDefinitions.id(of: "<rect class=\"k-home\"/>")])
    }

    @Test func theDefinitionsAreOneHiddenSVGWithEachDrawingOnce() throws {
        var definitions = DiagramDefinitions()
        #expect(definitions.html.isEmpty)
        for id in ["iphone-x/portrait", "iphone-x/landscape-left", "iphone-x/portrait"] {
            _ = try diagram(Blocks.form, in: id).svg(scale: 0.5, sharing: &definitions)
        }
        let html = definitions.html
        let document = try SVGDocument(html)
        let root = try #require(document.elements.first)
        #expect(root.name == "svg" && root.attributes["aria-hidden"] == "true" && root.classes == ["k-defs"])
        #expect(root.attributes["width"] == "0" && root.attributes["height"] == "0")
        let groups = document.all("g").compactMap { $0.attributes["id"] }
        #expect(groups == definitions.ids)
        #expect(Set(groups).count == 4)
    }

    @Test func aSharedDiagramAndItsDefinitions() throws {
        var definitions = DiagramDefinitions()
        let svg = try diagram(Blocks.cornerButton, in: "iphone-14-pro/landscape-right").svg(scale: 0.5, sharing: &definitions)
        try expectGolden(definitions.html + svg + "\n", named: "shared-corner-iphone-14-pro-landscape-right", extension: "html")
    }

    /// A `<use>` copy is matched by rules naming its own classes, but not by
    /// `.k-diagram …`, whose ancestor is outside the copy; so whatever the
    /// diagram-wide rules give (text colour and font, thin strokes) the
    /// frame's own rules must give too.
    @Test func theFrameIsStyledByItsOwnClassesAlone() throws {
        var definitions = DiagramDefinitions()
        for block in Blocks.all {
            for id in ["iphone-x/portrait", "iphone-14-pro/landscape-right", "ipad-pro-11/landscape-left/half",
                       "ipad-pro-12-9/portrait/slide-over", "iphone-se-1/portrait/ax3"] {
                _ = try diagram(block, in: id).svg(sharing: &definitions)
            }
        }
        let rules = Dictionary(DiagramStyle.rules.compactMap { rule -> (String, String)? in
            let selector = rule.prefix { $0 != "{" }
            guard selector.hasPrefix("."), !selector.contains(" "), !selector.contains(",") else { return nil }
            return (String(selector.dropFirst()), String(rule.dropFirst(selector.count)))
        }, uniquingKeysWith: { first, _ in first })
        var checked = 0
        for id in definitions.ids {
            for element in try SVGDocument("<g>\(definitions.drawing(id) ?? "")</g>").elements.dropFirst() {
                let declarations = element.classes.compactMap { rules[$0] }.joined()
                #expect(!declarations.isEmpty, "no rule of its own for \(element.classes)")
                if element.name == "text" {
                    for property in ["fill:", "font-family:", "dominant-baseline:"] {
                        #expect(declarations.contains(property), "\(element.classes) lacks \(property)")
                    }
                }
                if declarations.contains("stroke:") {
                    #expect(declarations.contains("vector-effect:"), "\(element.classes) lacks vector-effect")
                }
                checked += 1
            }
        }
        #expect(checked > 20)
    }
}
