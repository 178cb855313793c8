import Testing
@testable import KumikiDiagram

@Suite struct SVGNumberTests {
    @Test func numbersHaveAtMostTwoDecimalsAndNoTrailingZeros() {
        #expect(SVGNumber.format(0) == "0")
        #expect(SVGNumber.format(12) == "12")
        #expect(SVGNumber.format(12.5) == "12.5")
        #expect(SVGNumber.format(47.333333) == "47.33")
        #expect(SVGNumber.format(0.005) == "0.01")
        #expect(SVGNumber.format(-0.001) == "0")
        #expect(SVGNumber.format(-3.25) == "-3.25")
        #expect(SVGNumber.format(1.05) == "1.05")
        #expect(SVGNumber.format(2.999) == "3")
    }
}
