import Foundation

/// A temporary site made a git repository, committed to with fixed dates,
/// so that its history, and what is built from it, is the same on every run.
public final class GitFixture: Sendable {
    public let site: TemporarySite

    public init(_ pages: [String: String] = [:], config: String? = nil) throws {
        site = try TemporarySite(pages, config: config)
        try git("init", "-q", "-b", "main")
    }

    /// Runs git in the site's folder with a fixed author and the given
    /// day of November 2026 as both the author's and the committer's date.
    @discardableResult
    public func git(_ arguments: String..., day: Int = 1, in folder: URL? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", (folder ?? site.root).path] + arguments
        let date = "2026-11-\(day < 10 ? "0" : "")\(day)T12:00:00Z"
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in ["GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date, "GIT_AUTHOR_NAME": "Writer",
                             "GIT_AUTHOR_EMAIL": "writer@example.org", "GIT_COMMITTER_NAME": "Writer",
                             "GIT_COMMITTER_EMAIL": "writer@example.org", "GIT_CONFIG_NOSYSTEM": "1",
                             "HOME": site.root.path] {
            environment[key] = value
        }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw GitFailure(arguments: arguments) }
        return String(decoding: data, as: UTF8.self)
    }

    public struct GitFailure: Error { public var arguments: [String] }

    /// Writes the page and commits everything on the given day.
    public func commit(_ path: String, _ text: String, day: Int) throws {
        try site.write(path, text)
        try git("add", "-A")
        try git("commit", "-q", "-m", "Edit \(path)", day: day)
    }
}
