import KumikiSupport
import KumikiSite

/// What the server serves at one moment: the last good site, and the errors
/// of the latest build when it failed.
public struct SiteSnapshot: Sendable {
    /// The last site that built without errors (empty before the first one).
    public var files: SiteFiles
    /// The errors and warnings of the latest build when it failed; `nil`
    /// when it succeeded. Pages show them in an overlay.
    public var failure: [Diagnostic]?
    /// Changes with every build, so a page can tell it is out of date.
    public var version: String

    public init(files: SiteFiles, failure: [Diagnostic]?, version: String) {
        self.files = files
        self.failure = failure
        self.version = version
    }
}
