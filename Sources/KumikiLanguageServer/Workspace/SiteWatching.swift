import Foundation
import KumikiServer
import KumikiSite
import KumikiSupport

/// The sites' files on disk, watched by the server for a client that does
/// not watch them for it: a page changed by another program (a `git
/// checkout`, a formatter) changes what the open pages link to, and a
/// newly saved kumiki.yml or token file changes every page.
///
/// Each site gets the preview's watcher (`FileWatcher`, inotify or
/// polling) on its content, templates and token folders and its
/// kumiki.yml. A change starts a check; open documents keep the editor's
/// text whatever their files on disk say, since the check reads them from
/// the editor.
final class SiteWatching: Sendable {
    private let watchers = LockedValue([String: FileWatcher]())

    /// Watches the site at `root` unless it is watched already, calling
    /// `changed` after each burst of changes.
    func watch(_ root: String, changed: @escaping @Sendable () -> Void) {
        let started = watchers.withValue { watchers -> FileWatcher? in
            guard watchers[root] == nil else { return nil }
            let folder = URL(fileURLWithPath: root, isDirectory: true)
            let folders = [SiteWorkspace.contentFolder, "Templates", "Tokens"]
                .map { folder.appendingPathComponent($0, isDirectory: true).path }
                .filter { path in
                    var isFolder: ObjCBool = false
                    return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
                }
            let watcher = FileWatcher(paths: WatchedPaths(
                folders: folders, files: [folder.appendingPathComponent(SiteConfig.fileName).path]))
            watchers[root] = watcher
            return watcher
        }
        guard let started else { return }
        Task.detached {
            for await _ in started.batches { changed() }
        }
    }

    /// The client's registration of the watching it does for the server
    /// (`client/registerCapability`): every file of the workspace, since a
    /// site's token files and templates may be anywhere kumiki.yml names.
    static let registration: JSONValue = .object(["registrations": .array([.object([
        "id": .string("kumiki-watched-files"),
        "method": .string("workspace/didChangeWatchedFiles"),
        "registerOptions": .object(["watchers": .array([.object(["globPattern": .string("**/*")])])]),
    ])])])
}
