#if os(Linux)
import Glibc

/// Hands freed heap pages back to the system after a rebuild.
///
/// Each rebuild holds two sites for a moment (the one served and the new
/// one); glibc keeps the freed one's pages for reuse, so without this the
/// server's resident size settles well above what it holds. `malloc_trim`
/// is not in Swift's Glibc module, hence the lookup.
enum MemoryTrim {
    private typealias Trim = @convention(c) (Int) -> Int32

    private static let trim: Trim? = {
        guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: Trim.self)
    }()

    static func release() { _ = trim?(0) }
}
#else
enum MemoryTrim {
    static func release() {}
}
#endif
