import Foundation
import KumikiLayout
import KumikiLayoutLanguage
import KumikiSupport
@testable import KumikiSite
import Testing
import KumikiTestSupport

/// A `materials` block draws the four material thicknesses over one
/// backdrop as inline SVG, in light and dark, with every vibrancy level;
/// the contrast table and its low-contrast marks come from the same model.
///
/// The block's fence is on line 5 of the page and its first option on line 6.
@Suite struct MaterialsBlockTests {
    private func build(_ block: String, twice: Bool = false) throws -> (site: TemporarySite, result: BuildResult, html: String) {
        let body = "```materials\n\(block)```\n" + (twice ? "\nWords.\n\n言葉です。\n\n```materials\n\(block)```\n" : "")
        let site = try TemporarySite(["a.md": page(["title: A"], body)])
        let result = site.build()
        return (site, result, result.text("a/index.html"))
    }

    // MARK: - The model

    @Test func theContrastRatioFollowsTheWCAGFormula() {
        #expect(RGB.contrastRatio(.black, .white) == 21)
        #expect(RGB.contrastRatio(.white, .white) == 1)
        #expect(abs(RGB.contrastRatio(RGB(hex: 0x777777), .white) - 4.48) < 0.01)
        #expect(abs(RGB.contrastRatio(RGB(hex: 0x767676), .white) - 4.54) < 0.01)
    }

    @Test func thickerMaterialsBlurMoreAndLetLessThrough() {
        for appearance in MaterialModel.Appearance.allCases {
            let materials = MaterialModel.Thickness.allCases.map { MaterialModel.material($0, appearance) }
            for (thinner, thicker) in zip(materials, materials.dropFirst()) {
                #expect(thinner.opacity < thicker.opacity)
                #expect(thinner.blur < thicker.blur)
            }
        }
    }

    @Test func theAverageOfTheBackdropMixesItsColoursByArea() {
        let backdrop = MaterialBackdrop(.light, height: 280)
        let ground = backdrop.averageColor(in: Rect(x: 0, y: 275, width: 2, height: 2))
        #expect(ground == backdrop.ground)
        let mixed = backdrop.averageColor(in: Rect(x: 14, y: 14, width: 212, height: 252))
        #expect(mixed != backdrop.ground)
        #expect(mixed.red > 0 && mixed.red < 1 && mixed.blue > 0 && mixed.blue < 1)
    }

    // MARK: - Drawing

    @Test func fourThicknessesAreDrawnInLightAndDarkAsAccessibleSVG() throws {
        let (_, result, html) = try build("")
        #expect(result.printed.isEmpty)
        #expect(html.components(separatedBy: "<svg class=\"material-swatch\"").count - 1 == 8)
        for appearance in ["l", "d"] {
            for number in 1...4 {
                let id = "_1-\(appearance)\(number)"
                #expect(html.contains("role=\"img\" aria-labelledby=\"\(id)-t \(id)-d\">\n<title id=\"\(id)-t\">"))
                #expect(html.contains("<desc id=\"\(id)-d\">A colourful backdrop seen through a card of"))
                #expect(html.contains("<g clip-path=\"url(#\(id)-c)\"><use href=\"#\(id)-b\" filter=\"url(#\(id)-f)\"/>"))
            }
        }
        for blur in ["5", "8", "11", "15"] {
            #expect(html.contains("<feGaussianBlur stdDeviation=\"\(blur)\"/>"))
        }
        #expect(html.contains("fill=\"#f8f8fa\" fill-opacity=\"0.32\""))
        #expect(html.contains("fill=\"#1c1c1f\" fill-opacity=\"0.85\""))
        for caption in ["Ultra thin</span> <span lang=\"ja\">極薄", "Thick</span> <span lang=\"ja\">厚い"] {
            #expect(html.contains(caption))
        }
    }

    @Test func theNoteSaysTheValuesAreKumikisApproximation() throws {
        let (_, _, html) = try build("")
        #expect(html.contains("an approximation for illustration, not Apple’s values"))
        #expect(html.contains("近似値で、Apple の値ではありません"))
    }

    @Test func everyLabelBelowThreeToOneIsMarkedAndNoOtherIs() throws {
        let (_, _, html) = try build("")
        let block = MaterialsBlock()
        var low = 0, total = 0
        for appearance in MaterialModel.Appearance.allCases {
            let computed = block.samples(appearance)
            for thickness in MaterialModel.Thickness.allCases {
                for sample in computed[thickness]?.samples ?? [] {
                    total += 1
                    if sample.isLowContrast {
                        low += 1
                        #expect(sample.vibrancy.group == .labels)
                        #expect(sample.contrast < 3)
                    } else if sample.vibrancy.group == .labels {
                        #expect(sample.contrast >= 3)
                    }
                }
            }
        }
        #expect(total == 64)
        // The model gives both readable and unreadable labels; the page shows
        // exactly the low ones, in the table and on the swatches.
        #expect(low > 0 && low < 32)
        #expect(html.components(separatedBy: "<span class=\"contrast-low pair stack\"><span lang=\"en\">low contrast</span> <span lang=\"ja\">コントラスト不足</span></span>").count - 1 == low)
        #expect(html.components(separatedBy: "<g class=\"ms-low\">").count - 1 == low)
    }

    @Test func theTableCellsShowTheModelsRatios() throws {
        let (_, _, html) = try build("appearance: light\nshow: labels\n")
        let samples = MaterialsBlock(groups: [.labels], appearances: [.light]).samples(.light)
        let row = try #require(tableRows(html).first { $0.contains("Primary label") })
        let expected = MaterialModel.Thickness.allCases.map { MaterialsBlock.ratio(samples[$0]?.samples.first?.contrast ?? 0) }
        #expect(Array(cellTexts(row).dropFirst()) == expected)
    }

    @Test func ratiosAreTruncatedSoNoMarkedValueReadsAsThree() {
        #expect(MaterialsBlock.ratio(2.999) == "2.99:1")
        #expect(MaterialsBlock.ratio(4.5) == "4.50:1")
        #expect(MaterialsBlock.ratio(21) == "21.00:1")
    }

    @Test func theFindingsNameEveryLowCombination() throws {
        let (_, _, html) = try build("")
        #expect(html.contains("<ul class=\"materials-findings\">"))
        #expect(html.contains("Quaternary label: below 3:1 on"))
        #expect(html.contains("クォータナリのラベル："))
    }

    // MARK: - Options

    @Test func showLabelsDrawsOnlyTheFourLabelLevels() throws {
        let (_, result, html) = try build("show: labels\n")
        #expect(result.printed.isEmpty)
        #expect(tableRows(html).filter { $0.contains("scope=\"row\"") }.count == 1 + 4)
        #expect(!html.contains("fill</span>"))
        #expect(!html.contains("Separator"))
    }

    @Test func showFillsAndSeparatorsTogether() throws {
        let (_, result, html) = try build("show: fills, separators\n")
        #expect(result.printed.isEmpty)
        #expect(tableRows(html).filter { $0.contains("scope=\"row\"") }.count == 1 + 3 + 1)
        #expect(!html.contains("contrast-low"))
    }

    @Test func appearanceDarkDrawsOnlyTheDarkSwatches() throws {
        let (_, result, html) = try build("appearance: dark\n")
        #expect(result.printed.isEmpty)
        #expect(html.components(separatedBy: "<svg class=\"material-swatch\"").count - 1 == 4)
        #expect(!html.contains("_1-l1"))
        #expect(html.contains("_1-d4"))
    }

    @Test func aMisspeltKindOfSampleSuggestsTheClosestOne() throws {
        let (site, result, _) = try build("show: labels, fils\n")
        #expect(result.printed == ["\(site.displayPath("a.md")):6:15: error: unknown kind of sample 'fils'; did you mean 'fills'?"])
    }

    @Test func anUnknownAppearanceListsTheChoices() throws {
        let (site, result, _) = try build("appearance: sepia\n")
        #expect(result.printed == ["\(site.displayPath("a.md")):6:13: error: unknown appearance 'sepia'; choose from 'light', 'dark', 'both'"])
    }

    @Test func aCloseAppearanceIsSuggested() throws {
        let (site, result, _) = try build("appearance: drak\n")
        #expect(result.printed == ["\(site.displayPath("a.md")):6:13: error: unknown appearance 'drak'; did you mean 'dark'?"])
    }

    @Test func anUnknownOptionListsTheKnownOnes() throws {
        let (site, result, _) = try build("appearance: light\nthickness: thin\n")
        #expect(result.printed == ["\(site.displayPath("a.md")):7:1: error: unknown option 'thickness' in a 'materials' block; the options are 'show', 'appearance', 'title'"])
    }

    // MARK: - Output

    @Test func twoBlocksOnAPageHaveDistinctIDs() throws {
        let (_, result, html) = try build("", twice: true)
        #expect(result.printed.isEmpty)
        let ids = html.matches(of: /id="([^"]+)"/).map { String($0.output.1) }
        #expect(Set(ids).count == ids.count)
        #expect(ids.contains("_1-d4-b") && ids.contains("_3-d4-b"))
    }

    @Test func theSameInputGivesTheSameBytes() throws {
        #expect(try build("").html == build("").html)
    }

    @Test func aPageWithTheFullSwatchStaysUnderSixtyKilobytes() throws {
        let (_, _, html) = try build("show: all\nappearance: both\n")
        #expect(html.utf8.count < 60_000)
    }
}
