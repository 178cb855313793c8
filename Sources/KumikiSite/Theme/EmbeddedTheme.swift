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

    /// Writes the theme into `directory`, creating it and its subfolders.
    ///
    /// - Throws: the file system's error when a folder or file cannot be written.
    public static func write(to directory: URL) throws {
        for (path, contents) in files {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url)
        }
    }

    /// A folder holding exactly the embedded theme, for a build that has no
    /// `Templates/` of its own.
    ///
    /// The folder is named after a hash of the theme's bytes, in the
    /// temporary folder, and reused while it still holds exactly these files;
    /// otherwise a fresh one is written (built aside, then moved in place).
    ///
    /// - Throws: the file system's error when the theme cannot be written.
    public static func materializedFolder() throws -> URL {
        var hash = StableHash()
        for (path, contents) in files {
            hash.combine(path)
            hash.combine(contents)
        }
        let base = FileManager.default.temporaryDirectory
        let folder = base.appendingPathComponent("kumiki-theme-\(getuid())-\(hash.hex)")
        if holdsExactlyTheTheme(folder) { return folder }
        let staging = base.appendingPathComponent("kumiki-theme-\(UUID().uuidString)")
        try write(to: staging)
        if (try? FileManager.default.moveItem(at: staging, to: folder)) != nil, holdsExactlyTheTheme(folder) {
            return folder
        }
        // Another process got there first, or the folder holds something
        // else: use the private copy.
        return staging
    }

    /// Whether `folder` holds the theme's files and nothing else.
    static func holdsExactlyTheTheme(_ folder: URL) -> Bool {
        let manager = FileManager.default
        guard let listed = try? manager.subpathsOfDirectory(atPath: folder.path) else { return false }
        var present: Set<String> = []
        for path in listed {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory) else { return false }
            if !isDirectory.boolValue { present.insert(path) }
        }
        guard present == Set(files.map(\.path)) else { return false }
        return files.allSatisfy { manager.contents(atPath: folder.appendingPathComponent($0.path).path) == $0.contents }
    }
}
