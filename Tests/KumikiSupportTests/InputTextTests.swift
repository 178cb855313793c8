import Testing
import KumikiSupport

/// `InputText`: the one place where input files are decoded.
@Suite struct InputTextTests {
    private func decode(_ bytes: [UInt8]) -> InputText { InputText(decoding: bytes, path: "f.md") }

    @Test func crlfAndLoneCRBecomeLF() {
        #expect(decode(Array("a\r\nb\rc\n\r\n\rd".utf8)).text == "a\nb\nc\n\n\nd")
        #expect(InputText(normalizing: "x\r\ny\r").text == "x\ny\n")
        #expect(InputText(normalizing: "plain\n").text == "plain\n")
    }

    @Test func theByteOrderMarkIsDropped() {
        #expect(decode([0xEF, 0xBB, 0xBF] + Array("hi\r\n".utf8)).text == "hi\n")
    }

    @Test func invalidUTF8IsLocatedByLineAndCharacterColumnWhateverTheLineEndings() {
        let crlf = decode(Array("one\r\ntwo\r\n日本".utf8) + [0xC3, 0x28])
        #expect(crlf.problem?.description == "f.md:3:3: error: the file is not valid UTF-8 (byte 0xC3)")
        let cr = decode(Array("one\rtwo".utf8) + [0xFF])
        #expect(cr.problem?.description == "f.md:2:4: error: the file is not valid UTF-8 (byte 0xFF)")
        #expect(cr.text == "one\ntwo\u{FFFD}")
        #expect(decode(Array("fine\r\n".utf8)).problem == nil)
    }
}
