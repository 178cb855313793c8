import Foundation

/// Writes a site held in memory to disk, all or nothing, through the same
/// staging folder and lock a streaming build uses (`StagedOutput`).
public enum AtomicSiteWriter {
    public typealias WriteError = SiteWriteError

    public static func write(_ site: SiteFiles, to output: URL) throws(WriteError) {
        let staged = try StagedOutput.prepare(output)
        do {
            for path in site.paths {
                guard let data = site[path] else { continue }
                try staged.write(data, to: path)
            }
        } catch {
            staged.abandon()
            throw SiteWriteError("cannot write the site to \(output.path): \(error.description)")
        }
        try staged.commit()
    }
}
