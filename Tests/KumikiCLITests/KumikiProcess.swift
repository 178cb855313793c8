import Foundation
import Testing
import KumikiTestSupport

/// The real `kumiki` executable, built next to the tests, run as a
/// subprocess in a fixture folder.
enum KumikiProcess {
    struct Outcome {
        var status: Int32
        var standardOutput: String
        var standardError: String
        /// Whether the process exited rather than being ended by a signal.
        var terminatedNormally = true
        /// Standard error split into lines, without the empty last one.
        var errorLines: [String] { standardError.split(separator: "\n").map(String.init) }
    }

    /// The products folder of the build that made the test bundle holds the
    /// executable; the repository's `.build/debug` is the fallback.
    static let executable: URL? = {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0])
        let candidates = [
            testBinary.deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
            testBinary.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent(),
            Repository.root.appendingPathComponent(".build/debug"),
        ]
        return candidates.map { $0.appendingPathComponent("kumiki") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs `kumiki arguments…` in `directory` and waits for it; with a
    /// `launcher` (`["/usr/bin/taskset", "-c", "0"]`), through it.
    static func run(_ arguments: [String], in directory: URL, launcher: [String] = [],
                    environment: [String: String] = [:]) throws -> Outcome {
        guard let executable else { throw MissingExecutable() }
        let process = Process()
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        if let program = launcher.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = Array(launcher.dropFirst()) + [executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory
        // Files, not pipes: nothing can block on a full pipe buffer.
        let scratch = FileManager.default.temporaryDirectory
        let outURL = scratch.appendingPathComponent("kumiki-stdout-\(UUID().uuidString)")
        let errURL = scratch.appendingPathComponent("kumiki-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        let text = { (url: URL) in String(decoding: FileManager.default.contents(atPath: url.path) ?? Data(), as: UTF8.self) }
        return Outcome(
            status: process.terminationStatus, standardOutput: text(outURL), standardError: text(errURL),
            terminatedNormally: process.terminationReason == .exit)
    }

    struct MissingExecutable: Error, CustomStringConvertible {
        var description: String { "no built 'kumiki' next to the tests; run 'swift build --build-tests' first" }
    }
}

/// A fixture project: a folder with `Content/` and, optionally, `kumiki.yml`,
/// removed when the value goes away, built by the real executable.
final class FixtureProject {
    let folder: TemporarySite
    var root: URL { folder.root }

    init(_ pages: [String: String], config: String? = nil) throws {
        folder = try TemporarySite(pages, config: config)
    }

    func write(_ path: String, _ text: String) throws {
        try folder.write(path, text)
    }

    /// `kumiki build` with the repository's templates and any extra arguments.
    func build(_ extra: [String] = []) throws -> KumikiProcess.Outcome {
        try KumikiProcess.run(["build", "--content", "Content", "--templates", Repository.templates.path, "--output", "Site"] + extra, in: root)
    }

    var site: URL { root.appendingPathComponent("Site") }

    /// Every file of the built site with its bytes.
    func siteSnapshot() -> [String: Data] {
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: site.path)) ?? []
        var files: [String: Data] = [:]
        for name in names {
            var isDirectory: ObjCBool = false
            let path = site.appendingPathComponent(name).path
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            files[name] = FileManager.default.contents(atPath: path)
        }
        return files
    }

    /// The entries of the project folder, hidden ones included.
    var entries: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).sorted() }
}

extension FixtureProject {
    /// `kumiki tokens`, `kumiki check` and `kumiki build` each fail with
    /// exactly `errors`, at the same places, since all three read the
    /// site's tokens through the build session; `build` then says
    /// `buildSummary`.
    func expectTokensCheckAndBuildFail(with errors: [String], buildSummary: String,
                                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        for arguments in [["tokens"], ["check", "--templates", Repository.templates.path]] {
            let outcome = try KumikiProcess.run(arguments, in: root)
            #expect(outcome.status == 1, "\(arguments[0])", sourceLocation: sourceLocation)
            #expect(outcome.errorLines == errors, "\(arguments[0])", sourceLocation: sourceLocation)
        }
        let built = try build()
        #expect(built.status == 1, sourceLocation: sourceLocation)
        #expect(built.errorLines == errors + [buildSummary], sourceLocation: sourceLocation)
    }
}
