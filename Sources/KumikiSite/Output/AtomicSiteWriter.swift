import Foundation

/// Writes a site to disk so that the output folder is either the old site or
/// the new one, never a mixture.
///
/// The files are written into a hidden sibling of the output folder. Only
/// when that has fully succeeded is the old folder renamed aside, the new one
/// renamed into place, and the old one removed. (Linux and macOS have no
/// portable atomic exchange of two directories; the two renames leave a
/// window of microseconds in which the folder is missing, never one in which
/// it is half-written.)
public enum AtomicSiteWriter {
    public struct WriteError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    public static func write(_ site: SiteFiles, to output: URL) throws(WriteError) {
        let fileManager = FileManager.default
        let parent = output.deletingLastPathComponent()
        let name = output.lastPathComponent
        let token = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt64(Date().timeIntervalSince1970 * 1000))"
        let staging = parent.appendingPathComponent(".\(name).building-\(token)")
        let retired = parent.appendingPathComponent(".\(name).old-\(token)")
        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
            for path in site.paths {
                let url = staging.appendingPathComponent(path)
                try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                guard let data = site[path] else { continue }
                try data.write(to: url)
            }
        } catch {
            try? fileManager.removeItem(at: staging)
            throw WriteError(description: "cannot write the site to \(output.path): \(error.localizedDescription)")
        }
        let hadOld = fileManager.fileExists(atPath: output.path)
        do {
            if hadOld { try fileManager.moveItem(at: output, to: retired) }
        } catch {
            try? fileManager.removeItem(at: staging)
            throw WriteError(description: "cannot replace \(output.path): \(error.localizedDescription)")
        }
        do {
            try fileManager.moveItem(at: staging, to: output)
        } catch {
            // Put the old site back rather than leave nothing.
            if hadOld { try? fileManager.moveItem(at: retired, to: output) }
            try? fileManager.removeItem(at: staging)
            throw WriteError(description: "cannot move the new site into \(output.path): \(error.localizedDescription)")
        }
        if hadOld { try? fileManager.removeItem(at: retired) }
    }
}
