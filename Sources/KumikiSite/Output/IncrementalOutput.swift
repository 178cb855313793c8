import Foundation
import KumikiSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An output folder brought up to date in place, when the build store holds
/// the manifest of the folder as the last build left it.
///
/// A file whose fingerprint is unchanged, and whose stamp shows it was not
/// touched since, is kept where it is: after a one-page edit, a build of a
/// thousand pages writes a handful of files instead of copying a thousand
/// into a new folder and deleting the old one (the two costs that grow
/// with the site when nothing else does).
///
/// What changed is written into the staging folder first, exactly as a
/// full build writes it, so a build that fails leaves the output as it was.
/// `commit()` then moves each new file over the old one (each rename is
/// atomic: a reader sees the old file or the new one, never part of one)
/// and removes files the site no longer has. The manifest is deleted
/// before the first move and stored again after the last, so if a commit is
/// interrupted, the next build finds no manifest and replaces the folder
/// whole.
public final class IncrementalOutput: SiteOutput {
    private let staged: StagedOutput
    private let previous: OutputManifest
    private let manifestURL: URL
    private let kept = LockedValue<[String: OutputManifest.Entry]>([:])

    public var destination: URL { staged.destination }

    init(staged: StagedOutput, previous: OutputManifest, manifestURL: URL) {
        self.staged = staged
        self.previous = previous
        self.manifestURL = manifestURL
    }

    public func keepsCurrentFile(at path: String, fingerprint: String) -> Bool {
        guard let entry = previous.entries[path], entry.fingerprint == fingerprint,
              FileStamp(path: destination.path + "/" + path) == entry.stamp else { return false }
        kept.withValue { $0[path] = entry }
        return true
    }

    public func write(_ data: Data, to path: String) throws(SiteWriteError) {
        try write(data, to: path, fingerprint: OutputManifest.fingerprint(of: data))
    }

    public func write(_ data: Data, to path: String, fingerprint: String) throws(SiteWriteError) {
        if keepsCurrentFile(at: path, fingerprint: fingerprint) { return }
        try staged.write(data, to: path, fingerprint: fingerprint)
    }

    /// Moves the changed files into place, removes the files the new site
    /// does not have, stores the new manifest and releases the lock.
    public func commit() throws(SiteWriteError) {
        defer {
            try? FileManager.default.removeItem(at: staged.staging)
            staged.releaseLock()
        }
        unlink(manifestURL.path)
        let written = staged.writtenFiles
        let kept = self.kept.current
        // Removals first: a file that becomes a folder (or the reverse)
        // then finds its name free.
        let removed = previous.entries.keys.filter { written[$0] == nil && kept[$0] == nil }
        for path in removed.sorted().reversed() {
            removeFile(path)
        }
        for path in written.keys.sorted() {
            try moveIntoPlace(path)
        }
        var manifest = OutputManifest(destination: destination.path, folderInode: previous.folderInode)
        manifest.entries = kept.merging(written) { _, new in new }
        manifest.store(at: manifestURL)
    }

    public func abandon() {
        staged.abandon()
    }

    /// Removes a file of the old site and the folders it leaves empty.
    private func removeFile(_ path: String) {
        unlink(destination.path + "/" + path)
        var folders = path.split(separator: "/").dropLast()
        while !folders.isEmpty {
            guard rmdir(destination.path + "/" + folders.joined(separator: "/")) == 0 else { return }
            folders = folders.dropLast()
        }
    }

    /// Renames a staged file over its old version, creating its folders.
    private func moveIntoPlace(_ path: String) throws(SiteWriteError) {
        var folder = destination.path
        for component in path.split(separator: "/").dropLast() {
            folder += "/" + component
            if mkdir(folder, 0o755) != 0 && errno != EEXIST {
                throw failure("cannot create \(folder): \(String(cString: strerror(errno)))")
            }
        }
        let target = destination.path + "/" + path
        if rename(staged.staging.path + "/" + path, target) != 0 {
            // A folder of the old site where the new one has a file.
            if errno == EISDIR || errno == ENOTEMPTY || errno == EEXIST {
                try? FileManager.default.removeItem(atPath: target)
                if rename(staged.staging.path + "/" + path, target) == 0 { return }
            }
            throw failure("cannot move \(path) into \(destination.path): \(String(cString: strerror(errno)))")
        }
    }

    private func failure(_ message: String) -> SiteWriteError {
        SiteWriteError("\(message); the output folder was partly updated, and the next build replaces it whole")
    }
}

/// Opens the output folder for a build: in place when the build store
/// knows the folder as the last build left it, otherwise as a whole new
/// folder swapped in at the end.
public enum OutputFolder {
    /// `manifests` is the build store's folder of output manifests, or
    /// `nil` (no cache) to always build a whole new folder.
    public static func prepare(_ output: URL, manifests: URL?) throws(SiteWriteError) -> any SiteOutput {
        let staged = try StagedOutput.prepare(output, manifests: manifests)
        guard let manifestURL = staged.manifestURL,
              let previous = OutputManifest.load(from: manifestURL, destination: staged.destination) else { return staged }
        return IncrementalOutput(staged: staged, previous: previous, manifestURL: manifestURL)
    }
}
