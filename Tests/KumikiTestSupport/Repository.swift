import Foundation

/// The repository the tests belong to, found from this file's own path, so
/// that tests use the real `Templates/`, `Content/` and fixtures.
public enum Repository {
    public static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return url
    }()

    /// The default theme.
    public static var templates: URL { root.appendingPathComponent("Templates") }
    /// The bundled guideline pages.
    public static var content: URL { root.appendingPathComponent("Content") }
}
