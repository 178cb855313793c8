import Foundation
import KumikiSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An output folder being replaced: pages are written, as they are rendered,
/// into a hidden sibling (`.Site.building-PID-TIME`), and only a build that
/// succeeded swaps it in; one that failed removes it. The output folder is
/// therefore always the old site or the new one, never a mixture.
///
/// While it exists it holds `.Site.lock`, an exclusive lock on the output:
/// a second build of the same output at the same time is refused rather
/// than let the two remove each other's work. Holding the lock also proves
/// that hidden siblings left by earlier builds belong to builds that are no
/// longer running (they were interrupted), so they are removed.
///
/// The output path must be a folder or nothing. A symbolic link to a folder
/// is followed: the folder it points to is replaced and the link is kept.
/// (Linux and macOS have no portable atomic exchange of two folders; the two
/// renames of `commit()` leave a window of microseconds in which the folder
/// is missing, never one in which it is half-written.)
///
/// Given a place for a manifest (in the build store), it notes each file's
/// fingerprint and stamp as it writes it and stores them on `commit()`, so
/// the next build can update the folder in place (`IncrementalOutput`).
public final class StagedOutput: SiteOutput {
    /// The folder that is replaced: the output, its symbolic link resolved.
    public let destination: URL
    let staging: URL
    /// Where the manifest of the output is kept; `nil` keeps none.
    let manifestURL: URL?
    private let lock: OutputLock
    private let createdFolders = LockedValue<Set<String>>([])
    private let written = LockedValue<[String: OutputManifest.Entry]>([:])

    private init(destination: URL, staging: URL, lock: OutputLock, manifestURL: URL?) {
        self.destination = destination
        self.staging = staging
        self.lock = lock
        self.manifestURL = manifestURL
    }

    /// Takes the output's lock, removes what interrupted builds left, and
    /// creates the staging folder. `manifests` is the build store's folder
    /// of output manifests, or `nil` to keep none.
    public static func prepare(_ output: URL, manifests: URL? = nil) throws(SiteWriteError) -> StagedOutput {
        let destination = try resolve(output)
        let parent = destination.deletingLastPathComponent()
        let name = destination.lastPathComponent
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw SiteWriteError("cannot create \(parent.path): \(error.localizedDescription)")
        }
        let lock = try OutputLock.acquire(parent.appendingPathComponent(".\(name).lock"), output: DiskSource.displayPath(of: output))
        removeLeftovers(of: name, in: parent)
        let token = "\(getpid())-\(UInt64(Date().timeIntervalSince1970 * 1000))"
        let staging = parent.appendingPathComponent(".\(name).building-\(token)")
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            lock.release()
            throw SiteWriteError("cannot create \(staging.path): \(error.localizedDescription)")
        }
        return StagedOutput(destination: destination, staging: staging, lock: lock,
                            manifestURL: manifests.map { OutputManifest.location(of: destination, in: $0) })
    }

    /// The folder a build replaces: `output` itself, or the folder a symbolic
    /// link at `output` points to. Anything else at that path is refused.
    static func resolve(_ output: URL) throws(SiteWriteError) -> URL {
        let destination = try followingLink(output)
        if let refusal = ReplaceableFolder.refusal(of: destination) {
            throw SiteWriteError("the output folder '\(DiskSource.displayPath(of: output))' \(refusal), and writing the site "
                                 + "would replace it whole; choose another --output")
        }
        return destination
    }

    private static func followingLink(_ output: URL) throws(SiteWriteError) -> URL {
        let path = output.standardizedFileURL.path
        var status = stat()
        guard lstat(path, &status) == 0 else { return output.standardizedFileURL }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            return output.standardizedFileURL
        case S_IFLNK:
            var target = stat()
            guard stat(path, &target) == 0, target.st_mode & S_IFMT == S_IFDIR,
                  let resolved = realpath(path, nil) else {
                throw SiteWriteError("the output path '\(DiskSource.displayPath(of: output))' is a symbolic link that does not lead to a folder; choose another --output")
            }
            defer { free(resolved) }
            return URL(fileURLWithPath: String(cString: resolved))
        default:
            throw SiteWriteError("the output path '\(DiskSource.displayPath(of: output))' is a file, not a folder; choose another --output")
        }
    }

    /// Removes the staging and retired folders of earlier builds of this
    /// output. Only called with the output's lock held, so none of them
    /// belongs to a running build.
    private static func removeLeftovers(of name: String, in parent: URL) {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        for entry in entries where entry.hasPrefix(".\(name).building-") || entry.hasPrefix(".\(name).old-") {
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(entry))
        }
    }

    public func write(_ data: Data, to path: String) throws(SiteWriteError) {
        try write(data, to: path, fingerprint: manifestURL == nil ? "" : OutputManifest.fingerprint(of: data))
    }

    public func write(_ data: Data, to path: String, fingerprint: String) throws(SiteWriteError) {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !components.isEmpty, !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
            throw SiteWriteError("cannot write '\(path)': not a path inside the site")
        }
        try makeFolders(components.dropLast())
        let file = staging.path + "/" + path
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SiteWriteError("cannot write \(file): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = writeBytes(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
        guard written else { throw SiteWriteError("cannot write \(file): \(String(cString: strerror(errno)))") }
        if manifestURL != nil, let stamp = FileStamp(descriptor: descriptor) {
            self.written.withValue { $0[path] = OutputManifest.Entry(fingerprint: fingerprint, stamp: stamp) }
        }
    }

    /// The files written so far, with their fingerprints and stamps (only
    /// noted when the output keeps a manifest).
    var writtenFiles: [String: OutputManifest.Entry] { written.current }

    /// Creates the folders of a path below the staging folder, each once.
    private func makeFolders(_ components: ArraySlice<Substring>) throws(SiteWriteError) {
        var relative = ""
        for component in components {
            relative += relative.isEmpty ? String(component) : "/\(component)"
            if createdFolders.withValue({ $0.contains(relative) }) { continue }
            let folder = staging.path + "/" + relative
            if mkdir(folder, 0o755) != 0 && errno != EEXIST {
                throw SiteWriteError("cannot create \(folder): \(String(cString: strerror(errno)))")
            }
            var status = stat()
            guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                throw SiteWriteError("cannot create the folder \(folder): a file of that name is in the way")
            }
            createdFolders.withValue { _ = $0.insert(relative) }
        }
    }

    /// Swaps the new site in, removes the old one, stores the manifest and
    /// releases the lock.
    public func commit() throws(SiteWriteError) {
        defer { lock.release() }
        // The manifest of the old folder goes first: it must never describe
        // a folder it was not made for.
        if let manifestURL { unlink(manifestURL.path) }
        let fileManager = FileManager.default
        let retired = staging.deletingLastPathComponent()
            .appendingPathComponent(staging.lastPathComponent.replacingOccurrences(of: ".building-", with: ".old-"))
        let hadOld = fileManager.fileExists(atPath: destination.path)
        do {
            if hadOld { try fileManager.moveItem(at: destination, to: retired) }
        } catch {
            try? fileManager.removeItem(at: staging)
            throw SiteWriteError("cannot replace \(destination.path): \(error.localizedDescription)")
        }
        do {
            try fileManager.moveItem(at: staging, to: destination)
        } catch {
            // Put the old site back rather than leave nothing.
            if hadOld { try? fileManager.moveItem(at: retired, to: destination) }
            try? fileManager.removeItem(at: staging)
            throw SiteWriteError("cannot move the new site into \(destination.path): \(error.localizedDescription)")
        }
        if hadOld { try? fileManager.removeItem(at: retired) }
        if let manifestURL, let inode = OutputManifest.folderInode(of: destination) {
            OutputManifest(destination: destination.path, folderInode: inode, entries: writtenFiles).store(at: manifestURL)
        }
    }

    /// Removes what was written and releases the lock; the output folder is
    /// left as it was.
    public func abandon() {
        try? FileManager.default.removeItem(at: staging)
        lock.release()
    }

    /// Releases the lock without touching anything (the caller has dealt
    /// with the staging folder).
    func releaseLock() { lock.release() }
}

/// An exclusive, advisory lock on a file beside the output (`flock`), held
/// for one build. The kernel releases it if the process dies, so a crashed
/// build never leaves the output locked.
final class OutputLock: Sendable {
    private let path: String
    /// The lock file's descriptor; -1 once released.
    private let descriptor: LockedValue<Int32>

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = LockedValue(descriptor)
    }

    static func acquire(_ url: URL, output: String) throws(SiteWriteError) -> OutputLock {
        // The file is removed when a build ends, so the lock taken may be on
        // a file already unlinked by the build before; then try again.
        for _ in 0..<16 {
            let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw SiteWriteError("cannot create the lock \(url.path): \(String(cString: strerror(errno)))")
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let holder = (try? String(contentsOf: url, encoding: .utf8))?.trimmingWhitespace
                close(descriptor)
                let who = holder.map { $0.isEmpty ? "" : " (process \($0))" } ?? ""
                throw SiteWriteError("another build is writing '\(output)'\(who); wait for it to finish")
            }
            var opened = stat(), named = stat()
            if fstat(descriptor, &opened) == 0, stat(url.path, &named) == 0,
               opened.st_ino == named.st_ino, opened.st_dev == named.st_dev {
                let pid = "\(getpid())\n"
                _ = ftruncate(descriptor, 0)
                _ = pid.withCString { pwrite(descriptor, $0, strlen($0), 0) }
                return OutputLock(path: url.path, descriptor: descriptor)
            }
            close(descriptor)
        }
        throw SiteWriteError("cannot lock '\(output)': its lock file keeps changing")
    }

    /// Removes the lock file, then lets go of the lock. Safe to call twice.
    func release() {
        descriptor.withValue { descriptor in
            guard descriptor >= 0 else { return }
            unlink(path)
            close(descriptor)
            descriptor = -1
        }
    }

    deinit { release() }
}

/// The system's `write(2)`, named apart from `SiteSink.write`.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
