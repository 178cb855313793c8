import Testing
import KumikiSupport

@Suite struct WhitespaceTests {
    @Test func trimsWhiteSpaceAtBothEnds() {
        #expect("  iphone-x \t".trimmingWhitespace == "iphone-x")
        #expect("\u{3000}全角\u{3000}".trimmingWhitespace == "全角")
        #expect(" a b ".trimmingWhitespace == "a b")
        #expect(" \t ".trimmingWhitespace == "")
        #expect("x = 1 ".dropFirst(0).trimmingWhitespace == "x = 1")
    }

    @Test func trimsTheEndAlone() {
        #expect("  columns: size  ".trimmingTrailingWhitespace == "  columns: size")
        #expect("   ".trimmingTrailingWhitespace == "")
    }
}
