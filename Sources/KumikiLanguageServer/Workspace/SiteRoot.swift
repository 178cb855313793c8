import Foundation
import KumikiSite

/// Finds the site a file or folder belongs to: the nearest folder at or
/// above it that holds `kumiki.yml`, else the nearest that holds a
/// `Content/` folder (a site that runs on defaults has no `kumiki.yml`).
public enum SiteRoot {
    /// The site's folder, or `nil` when neither is found up to `/`.
    ///
    /// - Parameter path: an absolute path of a file or a folder.
    public static func find(from path: String) -> String? {
        var isFolder: ObjCBool = false
        let manager = FileManager.default
        var folder = URL(fileURLWithPath: path).standardizedFileURL
        if !(manager.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue) {
            folder.deleteLastPathComponent()
        }
        var candidates: [URL] = []
        while true {
            candidates.append(folder)
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        if let root = candidates.first(where: { manager.fileExists(atPath: $0.appendingPathComponent(SiteConfig.fileName).path) }) {
            return root.path
        }
        return candidates.first { candidate in
            var isFolder: ObjCBool = false
            return manager.fileExists(atPath: candidate.appendingPathComponent("Content").path, isDirectory: &isFolder) && isFolder.boolValue
        }?.path
    }
}
