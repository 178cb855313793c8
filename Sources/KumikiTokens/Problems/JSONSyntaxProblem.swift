/// Why a token file is not JSON. The reader stops at the first one.
public enum JSONSyntaxProblem: Hashable, Sendable {
    /// What the reader was looking for.
    public enum Expected: Hashable, Sendable {
        case value, key, colon, commaOrBrace, commaOrBracket
    }

    case emptyDocument
    case unexpectedEnd(expected: Expected)
    case unexpectedCharacter(Character, expected: Expected)
    case trailingContent(Character)
    case unterminatedString
    case controlCharacterInString
    case invalidEscape(String)
    case invalidUnicodeEscape
    case loneSurrogate
    case malformedNumber(String)
    case numberOutOfRange(String)
    case tooDeep(Int)
}
