import Foundation
import Testing
import KumikiTestSupport
import KumikiTokens

/// The files of `Conformance/`: each `valid/*.tokens.json` reads with no
/// diagnostics; each `invalid/*.tokens.json` gives exactly the diagnostics
/// of its `.expected` file, one a line, the path printed as
/// `invalid/NAME.tokens.json`. With `RECORD_CONFORMANCE=1` the expected
/// files are written from what the reader says (and the test fails, so a
/// recording is never taken for a pass).
///
/// Resolvers likewise: each `valid/*.resolver.json` resolves with its
/// defaults with no diagnostics, each `invalid/*.resolver.json` gives its
/// `.expected` lines (the document's problems and the defaults' by line,
/// then those of the sources the defaults choose). Their token files are
/// in `resolver-sources/`.
@Suite struct ConformanceTests {
    static let folder = Repository.root.appendingPathComponent("Tests/KumikiTokensTests/Conformance")

    /// The cases of both folders whose names end in `suffix`, as `kind/name`.
    static func cases(endingIn suffix: String) -> [String] {
        ["valid", "invalid"].flatMap { kind in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(kind).path)) ?? []
            return names.filter { $0.hasSuffix(suffix) }.sorted().map { "\(kind)/\($0)" }
        }
    }

    static var cases: [String] { cases(endingIn: ".tokens.json") }

    @Test func theFoldersHoldCases() {
        #expect(Self.cases.filter { $0.hasPrefix("valid/") }.count >= 4)
        #expect(Self.cases.filter { $0.hasPrefix("invalid/") }.count >= 10)
    }

    static var resolverCases: [String] { cases(endingIn: ".resolver.json") }

    @Test func theFoldersHoldResolverCases() {
        #expect(Self.resolverCases.filter { $0.hasPrefix("valid/") }.count >= 2)
        #expect(Self.resolverCases.filter { $0.hasPrefix("invalid/") }.count >= 4)
    }

    @Test(arguments: resolverCases)
    func resolvesAsExpected(_ path: String) throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent(path), encoding: .utf8)
        let (document, documentProblems) = TokenResolution.readDocument(text, path: path, displayPath: path)
        var printed = documentProblems
        if let document {
            var files: [String: TokenResolution.SourceFile] = [:]
            for file in document.files {
                let contents = try? String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
                files[file] = contents.map { .text($0, displayPath: file) } ?? .missing
            }
            let resolution = TokenResolution(document: document, files: files)
            let (inputs, _, unchosen) = resolution.inputs(choosing: [])
            printed = (printed + unchosen).sorted { ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0) }
            printed += resolution.read(inputs).1
        }
        try compare(printed.map(\.description), for: path, suffix: ".resolver.json")
    }

    private func compare(_ printed: [String], for path: String, suffix: String) throws {
        guard path.hasPrefix("invalid/") else {
            #expect(printed == [], "\(path)")
            return
        }
        let expectedURL = Self.folder.appendingPathComponent(path.replacingOccurrences(of: suffix, with: ".expected"))
        if ProcessInfo.processInfo.environment["RECORD_CONFORMANCE"] == "1" {
            try (printed.joined(separator: "\n") + "\n").write(to: expectedURL, atomically: true, encoding: .utf8)
            Issue.record("recorded \(expectedURL.lastPathComponent)")
            return
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(!expected.isEmpty, "\(path) has no expected diagnostics")
        #expect(printed == expected, "\(path)")
    }

    @Test(arguments: cases)
    func readsAsExpected(_ path: String) throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent(path), encoding: .utf8)
        let printed = TokenSet.read(files: [(path: path, text: text)]).1.map(\.description)
        guard path.hasPrefix("invalid/") else {
            #expect(printed == [], "\(path)")
            return
        }
        let expectedURL = Self.folder.appendingPathComponent(path.replacingOccurrences(of: ".tokens.json", with: ".expected"))
        if ProcessInfo.processInfo.environment["RECORD_CONFORMANCE"] == "1" {
            try (printed.joined(separator: "\n") + "\n").write(to: expectedURL, atomically: true, encoding: .utf8)
            Issue.record("recorded \(expectedURL.lastPathComponent)")
            return
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(!expected.isEmpty, "\(path) has no expected diagnostics")
        #expect(printed == expected, "\(path)")
    }
}
