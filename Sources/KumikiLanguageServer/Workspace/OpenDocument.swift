/// A document the editor has open: its text as the editor holds it, which
/// is the truth for every check while it stays open.
public struct OpenDocument: Hashable, Sendable {
    public var uri: DocumentURI
    public var languageID: String
    /// The editor's version, which every change raises and diagnostics
    /// name, so the editor can drop those of an older text.
    public var version: Int
    public var text: DocumentText

    public init(uri: DocumentURI, languageID: String, version: Int, text: String) {
        self.uri = uri
        self.languageID = languageID
        self.version = version
        self.text = DocumentText(text)
    }
}
