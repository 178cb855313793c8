import Foundation
import Testing
import KumikiSupport

@Suite struct JSONStringLiteralTests {
    @Test func plainTextIsOnlyQuoted() {
        #expect("margins".jsonStringLiteral == "\"margins\"")
        #expect("".jsonStringLiteral == "\"\"")
    }

    @Test func quotationMarkAndBackslashAreEscaped() {
        #expect("say \"hi\"".jsonStringLiteral == #""say \"hi\"""#)
        #expect(#"C:\path\"#.jsonStringLiteral == #""C:\\path\\""#)
    }

    @Test func controlCharactersWithAShortFormUseIt() {
        #expect("\u{08}\u{0C}\n\r\t".jsonStringLiteral == #""\b\f\n\r\t""#)
    }

    @Test func everyOtherControlCharacterIsAHexEscape() {
        #expect("\u{00}".jsonStringLiteral == #""\u0000""#)
        #expect("\u{01}\u{1F}".jsonStringLiteral == #""\u0001\u001f""#)
        #expect("\u{1B}[0m".jsonStringLiteral == #""\u001b[0m""#)
    }

    @Test func noRawControlCharacterIsLeftInTheOutput() {
        for value in 0..<0x20 {
            let text = String(Character(Unicode.Scalar(UInt8(value))))
            let literal = text.jsonStringLiteral
            #expect(literal.unicodeScalars.allSatisfy { $0.value >= 0x20 }, "U+\(String(value, radix: 16))")
        }
    }

    @Test func deleteAndCharactersAboveTheControlsAreWrittenAsThemselves() {
        #expect("\u{7F}".jsonStringLiteral == "\"\u{7F}\"")
        #expect("/".jsonStringLiteral == "\"/\"")
    }

    @Test func textOutsideTheBasicPlaneIsWrittenAsItself() {
        #expect("👍🏽 𠮷野家".jsonStringLiteral == "\"👍🏽 𠮷野家\"")
        #expect("日本語".jsonStringLiteral == "\"日本語\"")
    }

    @Test func aCarriageReturnLineFeedClusterIsEscapedScalarByScalar() {
        // "\r\n" is a single Character; both of its scalars need escaping.
        #expect("a\r\nb".jsonStringLiteral == #""a\r\nb""#)
    }

    @Test func aCombiningMarkDoesNotHideAQuotationMark() {
        // U+0301 combines with the preceding quotation mark into one Character.
        #expect("\"\u{301}".jsonStringLiteral == "\"\\\"\u{301}\"")
    }

    @Test func aJSONReaderReadsBackTheSameText() throws {
        var samples = (0..<0x80).map { String(Character(Unicode.Scalar(UInt8($0)))) }
        samples += ["a\r\nb", "\"\u{301}", "👍🏽 𠮷野家", "\u{2028}\u{2029}", "\u{FEFF}x", "tab\there \\ \"q\""]
        for sample in samples {
            let data = Data(sample.jsonStringLiteral.utf8)
            let decoded = try JSONDecoder().decode(String.self, from: data)
            #expect(decoded.unicodeScalars.elementsEqual(sample.unicodeScalars), "\(sample.debugDescription)")
        }
    }

    /// The text is scanned eight bytes at a time: a byte to escape is found
    /// wherever it falls in a block, beside multi-byte characters too.
    @Test(arguments: [("\"", #"\""#), ("\\", #"\\"#), ("\n", #"\n"#), ("\u{01}", #"\u0001"#), ("\u{1F}", #"\u001f"#)])
    func aByteToEscapeIsFoundAtEveryPlaceInABlock(character: String, escape: String) {
        for filler in ["a", "語", "é", "\u{7F}", "\u{80}"] {
            for before in 0..<20 {
                let (head, tail) = (String(repeating: filler, count: before), String(repeating: filler, count: 19 - before))
                let text = head + character + tail
                let expected = "\"" + head + escape + tail + "\""
                #expect(text.jsonStringLiteral == expected, "\(before) \(filler)")
                var bytes: [UInt8] = []
                text.appendJSONStringLiteral(to: &bytes)
                #expect(bytes == Array(expected.utf8))
            }
        }
    }
}
