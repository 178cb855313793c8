import Foundation
import KumikiSite
import KumikiSupport

/// One site the server checks: its folder, and the build session that
/// keeps what its checks computed, so a check after an edit computes only
/// what the edit changed.
///
/// The site is read the way `kumiki check` reads it when run in the site's
/// folder (`Content/`, `Templates/` or the built-in theme, `kumiki.yml`,
/// `.kumiki-cache/` read and never written), with the open documents'
/// text in place of their files, so a diagnostic names a file as
/// `kumiki check` does: relative to the site's folder.
public final class SiteWorkspace: Sendable {
    public let root: String
    let session: BuildSession

    /// The content folder's name under the root, as `kumiki check` reads
    /// it without `--content`.
    static let contentFolder = "Content"

    public init(root: String) {
        self.root = root
        let cache = URL(fileURLWithPath: root).appendingPathComponent(".kumiki-cache", isDirectory: true)
        session = BuildSession(cacheDirectory: cache, policy: .editor)
    }

    /// The path of `absolute` relative to the root, or `nil` when it is
    /// outside the site.
    public func relativePath(of absolute: String) -> String? {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard absolute.hasPrefix(prefix) else { return nil }
        return String(absolute.dropFirst(prefix.count))
    }

    /// The absolute path of a diagnostic's file, which is relative to the
    /// root.
    public func absolutePath(of displayPath: String) -> String {
        displayPath.hasPrefix("/") ? displayPath : (root as NSString).appendingPathComponent(displayPath)
    }

    /// Every diagnostic `kumiki check` gives for the site with `edits`
    /// (texts by path relative to the root) in place of the files on disk.
    public func check(edits: [String: String]) -> DiagnosticList {
        SiteBuilder(options: options(edits: edits), session: session).check().diagnostics
    }

    /// The site as `kumiki check` and `kumiki serve` read it in the site's
    /// folder, with `edits` (texts by path relative to the root) in place
    /// of the files on disk.
    func options(edits: [String: String]) -> BuildOptions {
        let rootURL = URL(fileURLWithPath: root, isDirectory: true)
        let contentPrefix = Self.contentFolder + "/"
        var contentEdits: [String: Data] = [:], rootEdits: [String: Data] = [:]
        for (path, text) in edits {
            if path.hasPrefix(contentPrefix) {
                contentEdits[String(path.dropFirst(contentPrefix.count))] = Data(text.utf8)
            } else {
                rootEdits[path] = Data(text.utf8)
            }
        }
        let content = DiskSource(rootURL.appendingPathComponent(Self.contentFolder, isDirectory: true), displayPath: Self.contentFolder)
        return BuildOptions(
            content: EditedSource(content, edits: contentEdits),
            templates: EmbeddedTheme.templates(ofSiteIn: rootURL),
            configuration: EditedSource(DiskSource(rootURL, displayPath: "."), edits: rootEdits),
            cacheDirectory: rootURL.appendingPathComponent(".kumiki-cache", isDirectory: true))
    }
}
