import Foundation

/// Whether a folder may be replaced whole by a site. Every writer of a site
/// (`build`, `diff --format html`) swaps its output folder in at the end,
/// removing what the folder held, so a mistyped `--output` must never name
/// a folder whose loss cannot be undone: the file system's root, a home
/// folder, a git repository or anything inside its `.git`. The site's own
/// folder and inputs, the current folder among them, are refused by
/// `BuildOptions.outputProblem`, which knows them.
enum ReplaceableFolder {
    /// Why `destination` (absolute and standardized, its link resolved)
    /// must not be replaced, as the end of a sentence; `nil` when it may.
    static func refusal(of destination: URL, homeFolder: String? = ProcessInfo.processInfo.environment["HOME"]) -> String? {
        let path = destination.standardizedFileURL.path
        if path == "/" { return "is the root of the file system" }
        if destination.lastPathComponent == ".git" { return "is a git repository's own folder (.git)" }
        if destination.pathComponents.contains(".git") { return "is inside a git repository's own folder (.git)" }
        if let homeFolder, !homeFolder.isEmpty, contains(path, homeFolder) { return "holds the home folder '\(homeFolder)'" }
        if FileManager.default.fileExists(atPath: path + "/.git") { return "holds a git repository (.git)" }
        return nil
    }

    /// What the folder at `path` holds that a run writing `kind` would
    /// lose, by name at its top, sorted: nothing when it is missing, empty,
    /// or what such a run writes (a site: its `index.html` and `404.html`
    /// at its top, which every build writes; a report: its one
    /// `index.html`), everything otherwise.
    static func strangers(in path: String, kind: BuildOptions.OutputKind) -> [String] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path), !entries.isEmpty else { return [] }
        switch kind {
        case .site where entries.contains("index.html") && entries.contains("404.html"):
            return []
        case .report where entries == ["index.html"]:
            return []
        default:
            return entries.sorted()
        }
    }

    /// Whether `folder` is `path` or a folder above it.
    static func contains(_ folder: String, _ path: String) -> Bool {
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        return standardized == folder || standardized.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }
}
