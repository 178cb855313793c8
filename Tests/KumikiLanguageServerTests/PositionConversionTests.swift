import Testing
import KumikiLanguageServer

/// Positions move between LSP's encodings and Kumiki's character columns
/// one line at a time.
@Suite struct PositionConversionTests {
    // "日本" is 3 UTF-8 bytes, 1 UTF-16 unit, 1 scalar a character; "😀" is
    // 4 bytes, 2 UTF-16 units (a surrogate pair), 1 scalar; "é" written as
    // "e" + U+0301 is one character of two scalars.
    let line = "a日本😀e\u{301}b"

    @Test func columnsBecomeOffsetsInEachEncoding() {
        let text = DocumentText(line)
        // Column 6 is "b": after a, 日, 本, 😀, é.
        #expect(text.position(line: 1, column: 6, encoding: .utf8) == Position(line: 0, character: 1 + 3 + 3 + 4 + 3))
        #expect(text.position(line: 1, column: 6, encoding: .utf16) == Position(line: 0, character: 1 + 1 + 1 + 2 + 2))
        #expect(text.position(line: 1, column: 6, encoding: .utf32) == Position(line: 0, character: 1 + 1 + 1 + 1 + 2))
    }

    @Test func offsetsBecomeColumnsInEachEncoding() {
        let text = DocumentText(line)
        #expect(text.column(of: Position(line: 0, character: 11), encoding: .utf8) == 5)
        #expect(text.column(of: Position(line: 0, character: 5), encoding: .utf16) == 5)
        #expect(text.column(of: Position(line: 0, character: 4), encoding: .utf32) == 5)
        #expect(text.column(of: Position(line: 0, character: 14), encoding: .utf8) == 6)
    }

    @Test func linesAreCountedAsTheyAreFound() {
        for text in ["", "a", "a\n", "a\r\nb", "a\rb\nc", "a\r\n\r\n", "\r\r"] {
            let document = DocumentText(text)
            #expect(document.line(document.lineCount - 1) != nil, "\(text.debugDescription)")
            #expect(document.line(document.lineCount) == nil, "\(text.debugDescription)")
        }
    }

    @Test func everyColumnRoundTripsInEveryEncoding() {
        let text = DocumentText("x\r\n" + line + "\r\nz")
        for encoding in PositionEncoding.allCases {
            for column in 1...7 {
                let position = text.position(line: 2, column: column, encoding: encoding)
                #expect(position.line == 1)
                #expect(text.column(of: position, encoding: encoding) == column, "\(encoding) column \(column)")
            }
        }
    }

    @Test func anOffsetInsideASurrogatePairMeansTheEmojiItself() {
        let text = DocumentText("😀x")
        #expect(text.column(of: Position(line: 0, character: 1), encoding: .utf16) == 1)
        #expect(text.index(of: Position(line: 0, character: 1), encoding: .utf16) == text.text.startIndex)
    }

    @Test func anOffsetInsideAUTF8SequenceMeansItsCharacter() {
        let text = DocumentText("日x")
        #expect(text.column(of: Position(line: 0, character: 2), encoding: .utf8) == 1)
        #expect(text.column(of: Position(line: 0, character: 3), encoding: .utf8) == 2)
    }

    @Test func aCombiningMarkIsPartOfItsCharactersColumn() {
        let text = DocumentText("e\u{301}x")
        // Between "e" and its accent: still column 1, as Kumiki counts.
        #expect(text.column(of: Position(line: 0, character: 1), encoding: .utf16) == 1)
        #expect(text.column(of: Position(line: 0, character: 2), encoding: .utf16) == 2)
    }

    @Test func crlfLfAndLoneCrEachEndOneLine() {
        let text = DocumentText("one\r\ntwo\nthree\rfour")
        #expect(text.line(0) == "one")
        #expect(text.line(1) == "two")
        #expect(text.line(2) == "three")
        #expect(text.line(3) == "four")
        #expect(text.line(4) == nil)
        #expect(text.position(line: 4, column: 3, encoding: .utf16) == Position(line: 3, character: 2))
    }

    @Test func aColumnPastTheLineEndIsTheLineEnd() {
        let text = DocumentText("ab\r\ncd")
        #expect(text.position(line: 1, column: 9, encoding: .utf8) == Position(line: 0, character: 2))
        #expect(text.index(of: Position(line: 0, character: 40), encoding: .utf8) == text.text.utf8.firstIndex(of: 0x0D))
    }

    @Test func aLinePastTheEndIsTheTextsEnd() {
        let text = DocumentText("ab\n")
        #expect(text.index(of: Position(line: 1, character: 0), encoding: .utf16) == text.text.endIndex)
        #expect(text.index(of: Position(line: 7, character: 3), encoding: .utf16) == text.text.endIndex)
    }

    @Test func anIncrementalEditReplacesItsRangeInTheNegotiatedEncoding() {
        for encoding in PositionEncoding.allCases {
            var text = DocumentText("# 見出し😀 title\r\nnext")
            let start = text.position(line: 1, column: 8, encoding: encoding)
            let end = text.position(line: 1, column: 13, encoding: encoding)
            text.replace(TextRange(start: start, end: end), with: "名前", encoding: encoding)
            #expect(text.text == "# 見出し😀 名前\r\nnext", "\(encoding)")
        }
    }

    @Test func anEditAcrossCRLFLinesJoinsThem() {
        var text = DocumentText("ab\r\ncd\r\nef")
        text.replace(TextRange(start: Position(line: 0, character: 1), end: Position(line: 2, character: 1)), with: "X", encoding: .utf16)
        #expect(text.text == "aXf")
    }

    @Test func aCombiningMarkTypedAfterItsBaseJoinsIt() {
        var text = DocumentText("e")
        text.replace(TextRange(start: Position(line: 0, character: 1), end: Position(line: 0, character: 1)), with: "\u{301}", encoding: .utf16)
        #expect(text.text == "e\u{301}")
        #expect(text.text.count == 1)
    }

    @Test func aWholeTextChangeReplacesEverything() {
        var text = DocumentText("old")
        text.replace(nil, with: "new\r\n", encoding: .utf8)
        #expect(text.text == "new\r\n")
    }

    @Test func theClientsFirstKnownEncodingIsChosen() {
        #expect(PositionEncoding.negotiated(from: nil) == .utf16)
        #expect(PositionEncoding.negotiated(from: []) == .utf16)
        #expect(PositionEncoding.negotiated(from: ["utf-32"]) == .utf32)
        #expect(PositionEncoding.negotiated(from: ["utf-8"]) == .utf8)
        #expect(PositionEncoding.negotiated(from: ["x-unknown", "utf-8", "utf-16"]) == .utf8)
        #expect(PositionEncoding.negotiated(from: ["x-unknown"]) == .utf16)
    }
}
