import Testing
import KumikiSupport

/// A file name is bytes; diagnostics show one that is not UTF-8 byte for
/// byte instead of as `�`.
@Suite struct InvalidUTF8EscapingTests {
    @Test func validUTF8IsKeptAsItIs() {
        #expect(String(escapingInvalidUTF8: Array("ページ a-b.md".utf8)) == "ページ a-b.md")
        #expect(String(escapingInvalidUTF8: [UInt8]()) == "")
    }

    @Test func eachByteThatIsNotUTF8IsWrittenAsAnEscape() {
        #expect(String(escapingInvalidUTF8: [0xFF] + Array(".md".utf8)) == "\\xFF.md")
        // A sequence cut short, an overlong form, a lone continuation byte.
        #expect(String(escapingInvalidUTF8: [0xE3, 0x83, 0x41]) == "\\xE3\\x83A")
        #expect(String(escapingInvalidUTF8: [0xC0, 0xAF]) == "\\xC0\\xAF")
        #expect(String(escapingInvalidUTF8: Array("日".utf8) + [0x80] + Array("本".utf8)) == "日\\x80本")
        // Control characters are valid UTF-8, left to `escapingControlCharacters`.
        #expect(String(escapingInvalidUTF8: [0x05]) == "\u{05}")
    }
}
