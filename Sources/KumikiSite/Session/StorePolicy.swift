import Foundation

/// How a build session uses the store on disk (`.kumiki-cache/`): one value
/// instead of switches, since only these combinations make sense.
public enum StorePolicy: Sendable, Equatable {
    /// The disk is neither read nor written (`--no-cache`): every page and
    /// block is computed.
    case off
    /// The disk is read and never written (`kumiki check`, `kumiki render`):
    /// what an earlier build stored answers, and nothing is left behind.
    case readOnly
    /// The disk is read and written, and pruned within `bound` after a
    /// successful build (`kumiki build`).
    case readWrite(StoreBound = StoreBound())
    /// The preview (`kumiki serve`): the disk is read; what the session
    /// computes is kept in memory between its builds and written to disk
    /// when `BuildSession.persist()` is asked (once the preview answers),
    /// since making every saved page durable on every save cost a tenth of
    /// a rebuild.
    case preview(StoreBound = StoreBound())
    /// The language server (`kumiki lsp`): the disk is read and never
    /// written; what the session computes is kept in memory between its
    /// checks. An editor's unsaved text changes on every keystroke, and
    /// none of those versions belongs in the store that builds share.
    case editor

    /// Whether entries are looked up on disk.
    var readsDisk: Bool { self != .off }

    /// Whether a build writes what it computes to disk as it goes.
    var writesDuringBuild: Bool {
        if case .readWrite = self { return true }
        return false
    }

    /// Whether the session keeps values in memory between its builds.
    var keepsMemory: Bool {
        switch self {
        case .preview, .editor: true
        case .off, .readOnly, .readWrite: false
        }
    }

    /// Whether the memory tier keeps only what the last build used even
    /// when that build found errors. The language server checks text as it
    /// is typed, which is often wrong for a while, and every version of a
    /// page would otherwise stay in memory; its checks read every page, so
    /// what they did not use is not needed.
    var trimsMemoryAfterErrors: Bool { self == .editor }

    /// The bound the store is pruned to, for the policies that write.
    var bound: StoreBound? {
        switch self {
        case .readWrite(let bound), .preview(let bound): bound
        case .off, .readOnly, .editor: nil
        }
    }
}

/// How much the store on disk may hold. Several commands share one store
/// (`build`, `serve`, and a build of another revision), so no command may
/// remove what it did not use itself: entries go when they are old or the
/// store is too large, the least recently used first.
public struct StoreBound: Sendable, Equatable {
    /// The most bytes of entries kept.
    public var maximumBytes: Int64
    /// Entries unused for longer are removed, and so are the stores of
    /// other builds of Kumiki.
    public var maximumAge: TimeInterval
    /// Pruning lists every entry, so it runs at most this often.
    public var interval: TimeInterval

    /// 1 GiB, 30 days, every 10 minutes: the 1,000-page scale site with
    /// blocks stores about 60 MB, so the bound holds many revisions of a
    /// large site.
    public init(maximumBytes: Int64 = 1 << 30, maximumAge: TimeInterval = 30 * 86_400, interval: TimeInterval = 600) {
        self.maximumBytes = maximumBytes
        self.maximumAge = maximumAge
        self.interval = interval
    }
}
