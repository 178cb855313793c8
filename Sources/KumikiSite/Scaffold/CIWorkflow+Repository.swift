import Foundation

extension CIWorkflow {
    /// Where a site lies in its repository, and what the repository says of
    /// itself: read once, for the workflow's defaults.
    public struct SiteRepository: Sendable, Equatable {
        /// The folder a workflow goes into: the repository's root, or the
        /// site's own folder when it is in no repository yet.
        public var root: URL
        /// The site's folder relative to `root` (empty for the root itself).
        public var siteFolder: String
        /// The branch the repository publishes from: the remote's default
        /// branch, else the branch checked out, else `main`.
        public var defaultBranch: String
        /// Whether the site is in a git repository at all.
        public var isRepository: Bool

        /// Reads the repository that holds `site` (a folder), if any.
        public init(site: URL) {
            let site = site.standardizedFileURL.resolvingSymlinksInPath()
            let git = GitCommand(folder: site)
            guard let top = git.text(["rev-parse", "--show-toplevel"]), !top.isEmpty else {
                root = site
                siteFolder = ""
                defaultBranch = "main"
                isRepository = false
                return
            }
            let rootURL = URL(fileURLWithPath: top).standardizedFileURL.resolvingSymlinksInPath()
            root = rootURL
            isRepository = true
            let rootPath = rootURL.path, sitePath = site.path
            siteFolder = sitePath == rootPath ? "" : String(sitePath.dropFirst(rootPath.count + 1))
            if let remoteHead = git.text(["symbolic-ref", "--quiet", "--short", "refs/remotes/origin/HEAD"]),
               remoteHead.hasPrefix("origin/") {
                defaultBranch = String(remoteHead.dropFirst("origin/".count))
            } else if let current = git.text(["symbolic-ref", "--quiet", "--short", "HEAD"]), !current.isEmpty {
                defaultBranch = current
            } else {
                defaultBranch = "main"
            }
        }
    }

    /// Writes the workflow below `root` (the repository's root) and returns
    /// its path relative to it. An existing file is never replaced; the new
    /// file is written aside and linked into place, so it appears whole or
    /// not at all, even when two runs race.
    @discardableResult
    public func write(into root: URL) throws(Problem) -> String {
        let path = host.workflowPath
        let target = root.appendingPathComponent(path)
        let manager = FileManager.default
        if manager.fileExists(atPath: target.path) { throw .exists(path: path) }
        let folder = target.deletingLastPathComponent()
        let staged = folder.appendingPathComponent(".\(target.lastPathComponent).kumiki-\(UUID().uuidString)")
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: staged)
        } catch {
            try? manager.removeItem(at: staged)
            throw .cannotWrite(path: path, reason: (error as NSError).localizedDescription)
        }
        defer { try? manager.removeItem(at: staged) }
        // link(2) fails when the name is taken: no check-then-write race.
        if link(staged.path, target.path) != 0 {
            let reason = errno
            if reason == EEXIST { throw .exists(path: path) }
            throw .cannotWrite(path: path, reason: String(cString: strerror(reason)))
        }
        return path
    }
}
