/// Where file changes come from: the kernel (inotify on Linux) or a scan of
/// modification times (everywhere else, or when inotify is not available).
protocol ChangeSource: Sendable {
    /// Waits up to `timeout` for changes and returns them (possibly none).
    /// Called over and over from the watcher's own thread.
    mutating func wait(timeout: Duration) -> [FileChange]
    /// Frees what the source holds (the inotify descriptor).
    mutating func close()
}

/// One change a source reported.
struct FileChange: Hashable, Sendable {
    var path: String
    /// The event itself says the writer is done: the file was closed after
    /// writing or renamed into place (or removed, or is a folder). Other
    /// changes settle only once the file stops changing (``WriteSettling``).
    var isComplete: Bool

    init(_ path: String, isComplete: Bool = false) {
        self.path = path
        self.isComplete = isComplete
    }
}

/// The files and folders a preview watches.
public struct WatchedPaths: Sendable, Hashable {
    /// Folders watched with everything inside them (Content/, Templates/).
    public var folders: [String]
    /// Single files (kumiki.yml); their folder is watched for them, since
    /// editors often save by writing a new file and renaming it over the old.
    public var files: [String]

    public init(folders: [String], files: [String]) {
        self.folders = folders
        self.files = files
    }

    /// Whether a change to this name can matter to the site: editors' swap,
    /// backup and probe files are not.
    static func isRelevant(name: String) -> Bool {
        if name.isEmpty || name.hasPrefix(".") || name.hasSuffix("~") { return false }
        if name.hasSuffix(".swp") || name.hasSuffix(".swx") || name.hasSuffix(".tmp") { return false }
        if name == "4913" { return false }  // vim checks it can write a folder with this name
        if name.hasPrefix("#") && name.hasSuffix("#") { return false }  // Emacs auto-save
        return true
    }
}
