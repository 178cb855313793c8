import Foundation

/// The default theme (the repository's `Templates/`), compiled into the
/// binary so `kumiki init` and `kumiki build` work from any folder.
///
/// The files are generated into `EmbeddedTheme+Files.swift` by
/// `Scripts/embed-theme`, which `make` runs; a test compares them with
/// `Templates/` byte for byte, so the two never drift apart unnoticed.
public enum EmbeddedTheme {
    /// One generated file: text as written, or base64 for anything else.
    struct Entry {
        var path: String
        var data: Data

        init(path: String, text: String) {
            self.path = path
            self.data = Data(text.utf8)
        }

        init(path: String, base64: String) {
            self.path = path
            self.data = Data(base64Encoded: base64) ?? Data()
        }
    }

    /// The theme's files by path relative to the theme folder
    /// (`page.mustache`, `assets/kumiki.css`), sorted by path.
    public static var files: [(path: String, contents: Data)] {
        entries.map { ($0.path, $0.data) }
    }

    /// The theme as a source a build reads its templates and assets from,
    /// where they are: nothing is written to disk to be read back.
    public static let source = MemorySource(
        Dictionary(entries.map { ($0.path, $0.data) }, uniquingKeysWith: { first, _ in first }),
        displayPath: "(built-in theme)")

    /// The templates a site in `folder` is built with when none are named:
    /// its `Templates/` folder when it has one, else this theme.
    public static func templates(ofSiteIn folder: URL) -> any SiteSource {
        templatesFolder(ofSiteIn: folder).map { DiskSource($0, displayPath: "Templates") } ?? source
    }

    /// The site's own `Templates/` folder, when `folder` has one.
    public static func templatesFolder(ofSiteIn folder: URL) -> URL? {
        let templates = folder.appendingPathComponent("Templates", isDirectory: true)
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: templates.path, isDirectory: &isFolder) && isFolder.boolValue ? templates : nil
    }
}
