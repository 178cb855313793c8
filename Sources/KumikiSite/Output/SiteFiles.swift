import Foundation

/// The files of a built site, held in memory until the build has succeeded.
///
/// Paths are relative to the site root and use `/`. Holding the site in
/// memory first is what makes a build all-or-nothing: nothing touches the
/// disk until every page rendered without an error, and the preview server
/// can serve the same value without writing at all.
public struct SiteFiles: Sendable, Hashable {
    public private(set) var files: [String: Data] = [:]

    public init() {}

    public mutating func add(_ path: String, _ data: Data) { files[path] = data }
    public mutating func add(_ path: String, text: String) { files[path] = Data(text.utf8) }

    public subscript(path: String) -> Data? { files[path] }
    public var paths: [String] { files.keys.sorted() }
    public var count: Int { files.count }
    public var totalBytes: Int { files.values.reduce(0) { $0 + $1.count } }
}
