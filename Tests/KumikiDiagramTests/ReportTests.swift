import Testing
import KumikiSupport
import KumikiLayout
@testable import KumikiDiagram
@testable import KumikiLayoutLanguage

@Suite struct ReportTests {
    @Test func jsonHasSortedKeysAndTwoDecimals() throws {
        let solution = try solve("devices: iphone-se-1\norientations: portrait\nbutton go \"Go\" \"進む\"\ngo.top = safe.top\ngo.leading = safe.leading\ngo.size = 44")
        let json = SolutionReport.json([SolvedBlock(index: 1, line: 9, solution: solution)])
        #expect(json == """
            {
              "blocks": [
                {
                  "environments": [
                    {
                      "ambiguous": [],
                      "broken": [],
                      "device": "iphone-se-1",
                      "findings": [],
                      "frames": {
                        "go": {
                          "height": 44.00,
                          "width": 44.00,
                          "x": 0.00,
                          "y": 20.00
                        },
                        "margins": {
                          "height": 548.00,
                          "width": 288.00,
                          "x": 16.00,
                          "y": 20.00
                        },
                        "readable": {
                          "height": 548.00,
                          "width": 288.00,
                          "x": 16.00,
                          "y": 20.00
                        },
                        "safe": {
                          "height": 548.00,
                          "width": 320.00,
                          "x": 0.00,
                          "y": 20.00
                        },
                        "screen": {
                          "height": 568.00,
                          "width": 320.00,
                          "x": 0.00,
                          "y": 0.00
                        }
                      },
                      "id": "iphone-se-1/portrait",
                      "orientation": "portrait"
                    }
                  ],
                  "index": 1,
                  "kind": "layout",
                  "line": 9
                }
              ]
            }

            """)
    }

    @Test func lengthsAreFixedToTwoDecimals() {
        #expect(SolutionReport.fixed(141.4833) == "141.48")
        #expect(SolutionReport.fixed(-0.001) == "0.00")
        #expect(SolutionReport.fixed(-2.5) == "-2.50")
        #expect(SolutionReport.fixed(0.005) == "0.01")
    }
}
