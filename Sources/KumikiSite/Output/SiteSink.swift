import Foundation
import KumikiSupport

/// Where a build puts each file of the site as soon as it is rendered.
///
/// Pages render on every core at once, so `write` is called from several
/// threads, each path once. A build never reads back what it wrote: the
/// site is never held whole in memory unless the sink chooses to hold it.
public protocol SiteSink: Sendable {
    func write(_ data: Data, to path: String) throws(SiteWriteError)

    /// Writes a file whose bytes `fingerprint` stands for: two writes with
    /// the same fingerprint have the same bytes (a word: no spaces or line
    /// breaks, as the output manifest stores it). A sink that remembers the
    /// output of the last build keeps the file already there instead.
    func write(_ data: Data, to path: String, fingerprint: String) throws(SiteWriteError)

    /// Whether the file the last build left at `path` was made from
    /// `fingerprint` and is still there as it was left. If so, the sink
    /// keeps it as this build's file, and the build need not make it.
    func keepsCurrentFile(at path: String, fingerprint: String) -> Bool
}

extension SiteSink {
    public func write(_ data: Data, to path: String, fingerprint: String) throws(SiteWriteError) {
        try write(data, to: path)
    }

    public func keepsCurrentFile(at path: String, fingerprint: String) -> Bool { false }
}

/// An output folder being built: `commit()` publishes what was written,
/// `abandon()` leaves the folder as it was.
public protocol SiteOutput: SiteSink {
    func commit() throws(SiteWriteError)
    func abandon()
}

/// A file or folder of the output that could not be written.
public struct SiteWriteError: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(_ description: String) { self.description = description }
}

/// Keeps the site in memory: the preview server serves it from there, and
/// tests read it.
public final class MemorySink: SiteSink {
    private let files = LockedValue(SiteFiles())

    public init() {}

    public func write(_ data: Data, to path: String) throws(SiteWriteError) {
        files.withValue { $0.add(path, data) }
    }

    /// Everything written so far.
    public var site: SiteFiles { files.current }
}

/// Forgets every file: `kumiki check` runs the whole build and writes nothing.
public struct DiscardingSink: SiteSink {
    public init() {}

    public func write(_ data: Data, to path: String) throws(SiteWriteError) {}
}
