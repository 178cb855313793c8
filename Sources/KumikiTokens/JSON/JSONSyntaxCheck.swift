/// Whether a text is JSON (RFC 8259), and if not, the first problem and its
/// place: for a command that reads JSON of its own kind (`kumiki
/// solve-system`), so its syntax errors are worded and placed as a token
/// file's are.
public enum JSONSyntaxCheck {
    /// The first syntax problem of `text`, worded, with its line and its
    /// column in characters; `nil` when the text is one JSON value.
    public static func firstProblem(in text: String) -> (message: String, position: TextPosition)? {
        guard let (problem, position) = JSONReader.read(text).error else { return nil }
        // A token file's wording says what a token file holds; not here.
        return (problem == .emptyDocument ? "invalid JSON: the file is empty" : "invalid JSON: \(problem.message)", position)
    }
}
