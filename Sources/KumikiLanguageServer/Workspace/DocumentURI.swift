import Foundation

/// A document's URI as the client sent it, with its path when it names a
/// file on disk.
///
/// The client's text is kept: a client recognises its documents by the
/// exact URI it used (`%3A` against `:`, a drive letter's case), so
/// diagnostics go back under that text, not one rebuilt from the path.
public struct DocumentURI: Hashable, Sendable {
    public let text: String
    /// The file's absolute path, standardized; `nil` for other schemes
    /// (`untitled:`).
    public let path: String?

    public init(_ text: String) {
        self.text = text
        if let url = URL(string: text), url.isFileURL {
            path = url.standardizedFileURL.path
        } else {
            path = nil
        }
    }

    /// The `file://` URI of an absolute path.
    public init(path: String) {
        self.init(URL(fileURLWithPath: path).absoluteString)
    }
}
