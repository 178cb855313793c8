import KumikiSupport

/// A token file or a resolver document read as JSON, with what went wrong
/// in reading it as token problems at their places: each key given twice,
/// and the syntax error that stopped the reading. Every file of tokens is
/// read through this, whatever it then holds.
struct TokenDocumentJSON {
    /// The document's tree; nil when the text is not JSON.
    var node: JSONNode?
    var problems: [(problem: TokenProblem, position: TextPosition)] = []

    init(_ text: String) {
        let json = JSONReader.read(InputText(normalizing: text).text)
        node = json.node
        for duplicate in json.duplicateKeys {
            problems.append((.duplicateKey(duplicate.key, firstLine: duplicate.first.line), duplicate.position))
        }
        if let error = json.error { problems.append((.malformedJSON(error.problem), error.position)) }
    }
}
