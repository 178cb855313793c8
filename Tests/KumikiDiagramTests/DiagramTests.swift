import Foundation
import KumikiLayout
import KumikiLayoutLanguage
import Testing
@testable import KumikiDiagram
import KumikiTestSupport

@Suite struct GoldenDiagramTests {
    @Test func aFormOnIPhoneXInPortrait() throws {
        try expectGolden(try diagram(Blocks.form, in: "iphone-x/portrait").svg(), named: "form-iphone-x-portrait")
    }

    @Test func aCornerButtonWithTheIslandOnTheLeftInLandscapeRight() throws {
        try expectGolden(try diagram(Blocks.cornerButton, in: "iphone-14-pro/landscape-right").svg(scale: 0.5, form: .inline),
                         named: "corner-iphone-14-pro-landscape-right")
    }

    @Test func aCardAndSheetInAnIPadSplitView() throws {
        try expectGolden(try diagram(Blocks.cardAndSheet, in: "ipad-pro-11/landscape-left/half").svg(scale: 0.4, form: .inline),
                         named: "card-ipad-pro-11-landscape-left-half")
    }

    @Test func anAmbiguousBlockAtAnAccessibilityTextSize() throws {
        try expectGolden(try diagram(Blocks.ambiguous, in: "iphone-se-1/portrait/ax3").svg(form: .inline),
                         named: "ambiguous-iphone-se-1-portrait-ax3")
    }
}

@Suite struct DiagramStructureTests {
    @Test func everyDiagramOfEveryBlockIsWellFormedXML() throws {
        for block in Blocks.all {
            let solution = try solve(block)
            let findings = BlockFindings(solution)
            #expect(solution.environments.count >= 20)
            for environment in solution.environments {
                let diagram = LayoutDiagram(solution: environment, program: solution.program, findings: findings)
                for form in [LayoutDiagram.Form.standalone, .inline] {
                    _ = try SVGDocument(diagram.svg(scale: 0.4, form: form))
                }
            }
        }
    }

    /// A view its required constraints squeeze past zero keeps its solved
    /// (negative) frame in the report, but is drawn over the extent it
    /// spans: SVG has no negative sizes.
    @Test func aViewSqueezedPastZeroIsDrawnOverItsExtent() throws {
        let block = """
            label name "A name far too long for the room it gets" "長すぎる名前"
            name.leading = safe.leading + 200
            name.trailing = safe.leading + 170
            name.top = safe.top + 10
            """
        let d = try diagram(block, in: "iphone-x/portrait")
        let frame = try #require(d.solution.frames["name"])
        #expect(frame.width < 0)
        let svg = try SVGDocument(d.svg())
        for shape in svg.all("rect") {
            #expect(!(shape.attributes["width"] ?? "").hasPrefix("-"), "\(shape.attributes)")
            #expect(!(shape.attributes["height"] ?? "").hasPrefix("-"), "\(shape.attributes)")
            #expect(!(shape.attributes["rx"] ?? "").hasPrefix("-"), "\(shape.attributes)")
        }
        let label = try #require(svg.all("rect", class: "k-label").first)
        #expect(label.attributes["x"] == (frame.x + frame.width).svg && label.attributes["width"] == (-frame.width).svg)
    }

    @Test func theViewsAreDrawnAtTheirSolvedFrames() throws {
        for id in ["iphone-x/portrait", "iphone-14-pro/landscape-right", "ipad-air-11/portrait"] {
            let d = try diagram(Blocks.form, in: id)
            let svg = try SVGDocument(d.svg())
            let kinds = ["heading": "k-label", "email": "k-field", "remember": "k-toggle", "go": "k-button"]
            for (name, cls) in kinds {
                let frame = try #require(d.solution.frames[name])
                let shapes = svg.all("rect", class: cls)
                #expect(shapes.count == 1)
                let shape = try #require(shapes.first)
                #expect(shape.attributes["x"] == frame.x.svg && shape.attributes["y"] == frame.y.svg, "\(name) in \(id)")
                #expect(shape.attributes["width"] == frame.width.svg && shape.attributes["height"] == frame.height.svg, "\(name) in \(id)")
            }
            let e = d.environment
            let safe = try #require(svg.all("rect", class: "k-safe").first)
            #expect([safe.attributes["x"], safe.attributes["y"], safe.attributes["width"], safe.attributes["height"]]
                == [e.safeArea.x.svg, e.safeArea.y.svg, e.safeArea.width.svg, e.safeArea.height.svg])
            let screen = try #require(svg.all("rect", class: "k-screen").first)
            #expect(screen.attributes["width"] == e.screen.width.svg && screen.attributes["height"] == e.screen.height.svg)
        }
    }

    @Test func theHousingSitsOnTheSideTheOrientationPutsIt() throws {
        let right = try SVGDocument(try diagram(Blocks.form, in: "iphone-14-pro/landscape-right").svg())
        let left = try SVGDocument(try diagram(Blocks.form, in: "iphone-14-pro/landscape-left").svg())
        let islandRight = try #require(right.all("rect", class: "k-sensor").first?.number("x"))
        let islandLeft = try #require(left.all("rect", class: "k-sensor").first?.number("x"))
        #expect(islandRight < 100)   // landscape right: the island on the left
        #expect(islandLeft > 700)    // landscape left: on the right
        let notch = try SVGDocument(try diagram(Blocks.form, in: "iphone-x/portrait").svg())
        #expect(notch.all("path", class: "k-sensor").first?.attributes["d"]?.hasPrefix("M83 0V") == true)
        #expect(try SVGDocument(try diagram(Blocks.form, in: "iphone-8/portrait").svg()).all("path", class: "k-sensor").isEmpty)
    }

    @Test func findingsAreMarkedAtTheirViewsWithNumberedBadges() throws {
        let d = try diagram(Blocks.cornerButton, in: "iphone-x/portrait")
        let kinds = Set(d.solution.findings.map(\.kind))
        #expect(kinds == [.touchTarget, .outsideSafeArea, .inRoundedCorner])
        // The full-screen photo is a backdrop: the button on it is layered, not overlapping.
        #expect(!kinds.contains(.overlap))
        let svg = try SVGDocument(d.svg())
        let close = try #require(d.solution.frames["close"])
        let marks = svg.all("rect", class: "k-mark")
        // One outline around the button (touch target, safe area, corner).
        #expect(marks.count == 1)
        #expect(marks.first?.number("x") == close.x - 2 && marks.first?.number("width") == close.width + 4)
        let badges = svg.all("text", class: "k-bt").map(\.text)
        #expect(badges == ["1,2,3"])
    }

    @Test func ambiguousViewsAndBrokenRequiredConstraintsAreMarked() throws {
        let d = try diagram(Blocks.ambiguous, in: "iphone-x/portrait")
        let svg = try SVGDocument(d.svg())
        #expect(d.solution.broken.contains { $0.constraint.isRequired })
        #expect(svg.all("rect", class: "k-broken").count == 1)
        if !d.solution.ambiguous.isEmpty {
            #expect(svg.all("rect", class: "k-ambiguous").count == d.solution.ambiguous.count)
            #expect(svg.all("text", class: "k-bt").contains { $0.text == "?" })
        }
    }

    @Test func labelsAreWrittenInBothLanguages() throws {
        let svg = try SVGDocument(try diagram(Blocks.form, in: "iphone-x/portrait").svg())
        let texts = svg.all("text").filter { $0.attributes["lang"] != nil }
        #expect(texts.contains { $0.attributes["lang"] == "en" && $0.text == "Sign In" })
        #expect(texts.contains { $0.attributes["lang"] == "ja" && $0.text == "サインイン" })
        #expect(texts.contains { $0.attributes["lang"] == "ja" && $0.text == "おかえりなさい" })
    }

    @Test func theDiagramSaysWhatDeviceItShowsAndWhatIsWrong() throws {
        let d = try diagram(Blocks.cornerButton, in: "iphone-14-pro/landscape-right")
        let svg = try SVGDocument(d.svg(form: .inline))
        let root = try #require(svg.all("svg").first)
        #expect(root.attributes["role"] == "img")
        #expect(svg.elements[1].name == "title")
        let title = try #require(svg.all("title").first?.text)
        #expect(title == "iPhone 14 Pro / 15 / 15 Pro / 16, landscape right: 3 problems")
        let descriptions = svg.all("desc")
        #expect(descriptions.count == 2 && descriptions[1].attributes["lang"] == "ja")
        #expect(descriptions[0].text.hasPrefix("iPhone 14 Pro / 15 / 15 Pro / 16, landscape right, 852 × 393 pt, compact width, compact height."))
        #expect(descriptions[0].text.contains("smaller than the 44 × 44 pt minimum touch target"))
        #expect(descriptions[1].text.hasPrefix("iPhone 14 Pro / 15 / 15 Pro / 16、横向き（右）、852 × 393 pt、幅 compact・高さ compact。"))
        #expect(descriptions[1].text.contains("最小タッチ領域"))

        let fine = try diagram(Blocks.form, in: "iphone-x/portrait")
        #expect(fine.solution.findings.isEmpty == fine.description.english.hasSuffix("No problems found."))
    }

    @Test func drawingTwiceGivesTheSameBytes() throws {
        let first = try diagram(Blocks.cardAndSheet, in: "iphone-12/portrait").svg(scale: 0.45)
        let second = try diagram(Blocks.cardAndSheet, in: "iphone-12/portrait").svg(scale: 0.45)
        #expect(first == second)
    }

    @Test func aTypicalPhoneDiagramStaysUnderFourKilobytes() throws {
        for id in ["iphone-x/portrait", "iphone-16-pro-max/portrait", "iphone-se-1/portrait", "iphone-12/landscape-left"] {
            let inline = try diagram(Blocks.form, in: id).svg(scale: 0.4, form: .inline)
            #expect(inline.utf8.count < 4096, "\(id): \(inline.utf8.count) bytes")
        }
    }

    @Test func numbersHaveAtMostTwoDecimals() throws {
        let svg = try diagram(Blocks.cardAndSheet, in: "iphone-14-pro-max/landscape-left").svg(scale: 0.43)
        let numbers = svg.split(whereSeparator: { !"0123456789.".contains($0) }).filter { $0.contains(".") }
        #expect(!numbers.isEmpty)
        for number in numbers {
            let decimals = number.split(separator: ".", omittingEmptySubsequences: false).last?.count ?? 0
            #expect(decimals <= 2, "\(number)")
        }
    }

    @Test func everyClassADiagramUsesIsStyledAndTheThemeCarriesTheRules() throws {
        var used: Set<String> = []
        for block in Blocks.all {
            for id in ["iphone-x/portrait", "ipad-pro-11/landscape-left/half", "ipad-pro-12-9/portrait/slide-over"] {
                for element in try SVGDocument(try diagram(block, in: id).svg()).elements { used.formUnion(element.classes) }
            }
        }
        let styled = (DiagramStyle.rules + DiagramStyle.tokenRules).joined()
        for cls in used.sorted() {
            #expect(styled.contains(".\(cls)"), "no rule for .\(cls)")
        }
        let theme = Repository.templates.appendingPathComponent("assets/kumiki.css")
        let css = try String(contentsOf: theme, encoding: .utf8)
        for rule in DiagramStyle.rules + DiagramStyle.tokenRules + DiagramStyle.darkRules {
            let selector = String(rule.prefix { $0 != "{" }).replacingOccurrences(of: ",", with: ",\n")
            #expect(css.contains(selector + " {"), "kumiki.css lacks \(selector)")
        }
    }
}

@Suite struct ContinuousCornerTests {
    @Test func theCurveLeavesTheEdgeOneAndAHalfRadiiFromTheCorner() {
        let path = ContinuousCorners(rect: Rect(x: 0, y: 0, width: 375, height: 812), radius: 39).path
        #expect(path.hasPrefix("M59.59 0H315.41c"))   // 1.528 × 39 = 59.59
        #expect(path.hasSuffix("z"))
    }

    @Test func theCornerMeetsTheArcMidpointWithTheArcsCurvature() {
        // The first cubic of a corner of radius 1, in the corner's frame.
        let k = ContinuousCorners.apex, h = ContinuousCorners.handle, s = ContinuousCorners.extent
        let p0 = (s, 0.0), p1 = (h, 0.0), p2 = (2 * k, 0.0), p3 = (k, k)
        #expect(abs(k - (1 - 1 / 2.0.squareRoot())) < 1e-12)
        // Curvature at t = 1: (2/3)|(P2 − P3) × (P1 − P2)| / |P3 − P2|³.
        let a = (p2.0 - p3.0, p2.1 - p3.1), b = (p1.0 - p2.0, p1.1 - p2.1)
        let curvature = (2.0 / 3.0) * abs(a.0 * b.1 - a.1 * b.0) / pow((a.0 * a.0 + a.1 * a.1).squareRoot(), 3)
        #expect(abs(curvature - 1) < 1e-9)
        // Curvature 0 at t = 0: P0, P1, P2 on one line.
        #expect(p0.1 == 0 && p1.1 == 0 && p2.1 == 0 && p0.0 > p1.0 && p1.0 > p2.0)
    }

    @Test func aSmallRectangleGetsASmallerRadius() {
        let corners = ContinuousCorners(rect: Rect(x: 0, y: 0, width: 40, height: 20), radius: 20)
        #expect(abs(corners.effectiveRadius - 20 / (2 * 1.528)) < 1e-9)
        #expect(ContinuousCorners(rect: Rect(x: 0, y: 0, width: 10, height: 10), radius: 0).path == "M0 0H10V10H0z")
    }
}

@Suite struct GalleryGroupingTests {
    @Test func environmentsAreGroupedPhonesPortraitFirst() throws {
        let solution = try solve(Blocks.form, environments: [
            "ipad-air-11/portrait", "iphone-x/landscape-left", "iphone-x/portrait", "iphone-x/portrait/ax3",
            "ipad-pro-11/landscape-left/half",
        ])
        let groups = DiagramGallery.grouped(solution.environments.map(\.environment))
        #expect(groups.map(\.group) == [.phonesPortrait, .phonesLandscape, .pads, .splits, .textSizes])
        #expect(groups.map(\.indices) == [[2], [1], [0], [4], [3]])
    }

    @Test func aGalleryHasOneScaleThatFitsItsWidestDiagram() throws {
        let solution = try solve(Blocks.form, environments: ["iphone-x/portrait", "ipad-pro-13-m4/landscape-left"])
        let diagrams = solution.environments.map { LayoutDiagram(solution: $0, program: solution.program) }
        let scale = DiagramGallery.scale(for: diagrams)
        #expect(scale == 0.4)   // 560 / 1386, rounded down
        let phones = try solve(Blocks.form, environments: ["iphone-x/portrait"])
        #expect(DiagramGallery.scale(for: phones.environments.map { LayoutDiagram(solution: $0, program: phones.program) }) == 0.5)
    }

    @Test func fileNamesFollowTheBlockAndTheEnvironment() throws {
        let solution = try solve(Blocks.form, environments: ["iphone-x/portrait", "ipad-pro-12-9/landscape-right/half"])
        #expect(solution.environments.map { DiagramGallery.fileName(block: 1, environment: $0.environment) }
            == ["block-1-iphone-x-portrait.svg", "block-1-ipad-pro-12-9-landscape-right-half.svg"])
    }
}

@Suite struct GalleryOpeningGroupTests {
    /// Fine in portrait; in landscape the notch moves the safe area in and
    /// the button is left outside it.
    static let landscapeOnly = """
        button go "Go" "進む"
        go.leading = screen.leading + 20
        go.top = safe.top + 20
        go.size = 44
        """
    static let environments = ["iphone-x/portrait", "iphone-x/landscape-left", "ipad-pro-11/portrait"]

    @Test func aDontBlockOpensOnTheFirstGroupWithAFinding() throws {
        let solution = try solve(Self.landscapeOnly, environments: Self.environments, kind: .dont)
        #expect(solution.environments.map { $0.findings.isEmpty } == [true, false, true])
        #expect(DiagramGallery.openingGroup(of: solution) == .phonesLandscape)
    }

    @Test func otherBlocksOpenOnTheFirstGroup() throws {
        for kind in [LayoutBlockKind.layout, .do] {
            let solution = try solve(Self.landscapeOnly, environments: Self.environments, kind: kind)
            #expect(DiagramGallery.openingGroup(of: solution) == .phonesPortrait, "\(kind)")
        }
        // A don't block without a finding (Kumiki warns about it) opens on the first group too.
        let fine = Self.landscapeOnly.replacingOccurrences(of: "screen.leading + 20", with: "safe.leading + 20")
        #expect(DiagramGallery.openingGroup(of: try solve(fine, environments: Self.environments, kind: .dont)) == .phonesPortrait)
    }

    @Test func theShowLineChoosesTheGroupOfItsEnvironment() throws {
        let shown = "show: ipad-pro-11/portrait\n" + Self.landscapeOnly
        for kind in [LayoutBlockKind.layout, .do, .dont] {
            let solution = try solve(shown, environments: Self.environments, kind: kind)
            #expect(DiagramGallery.openingGroup(of: solution) == .pads, "\(kind)")
        }
        // Among other environments (`kumiki render --env`), the line is set aside.
        let elsewhere = try solve(shown, environments: ["iphone-x/portrait", "iphone-x/landscape-left"], kind: .dont)
        #expect(DiagramGallery.openingGroup(of: elsewhere) == .phonesLandscape)
    }

    @Test func aBlockWithoutEnvironmentsOpensNowhere() throws {
        #expect(DiagramGallery.openingGroup(of: try solve(Self.landscapeOnly, environments: [])) == nil)
    }
}
