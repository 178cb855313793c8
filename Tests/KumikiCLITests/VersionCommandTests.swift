import Foundation
import Testing
import KumikiTestSupport

/// `kumiki --version`: the release tag, or the commit the binary was built
/// from, as the VersionStamp plugin (Scripts/stamp-version) derives them.
@Suite struct VersionCommandTests {
    /// What git says about the repository the tests belong to, or nil when
    /// git is missing or fails.
    static func git(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", Repository.root.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The version the checkout should stamp, without the suffix that marks
    /// uncommitted changes (the tree may have changed since the build).
    static var expectedVersion: String {
        guard let top = git(["rev-parse", "--show-toplevel"]),
              URL(fileURLWithPath: top).resolvingSymlinksInPath() == Repository.root.resolvingSymlinksInPath()
        else { return "0.0.0-dev" }
        if let tag = git(["describe", "--tags", "--exact-match", "HEAD"]) {
            return tag.hasPrefix("v") ? String(tag.dropFirst()) : tag
        }
        if let commit = git(["rev-parse", "--short=12", "HEAD"]) { return "0.0.0-dev+\(commit)" }
        return "0.0.0-dev"
    }

    @Test func printsTheTagOrTheCommitItWasBuiltFrom() throws {
        let folder = try TemporaryFolder()
        let run = try KumikiProcess.run(["--version"], in: folder.root)
        #expect(run.status == 0 && run.standardError.isEmpty)
        let version = run.standardOutput.trimmingCharacters(in: .newlines)
        // A semantic version: a release, or 0.0.0-dev with build metadata.
        let shape = try Regex(#"[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?"#)
        #expect(version.wholeMatch(of: shape) != nil, "\(version)")
        var committed = version
        for suffix in [".dirty", "+dirty"] where committed.hasSuffix(suffix) {
            committed.removeLast(suffix.count)
        }
        #expect(committed == Self.expectedVersion, "built as \(version); rebuild if HEAD moved since")
    }
}
