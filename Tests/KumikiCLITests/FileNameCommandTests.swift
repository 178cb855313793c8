import Foundation
import Testing
import KumikiTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Names a build cannot use: a slug longer than a file name may be (a
/// page's, or a section's made of its name), and a content file whose name
/// is not UTF-8. `kumiki check` and `kumiki build`
/// read a site the same way, so both print the same located error, and the
/// build writes nothing.
@Suite struct FileNameCommandTests {
    private static let body = "Hello.\n\nこんにちは。\n"

    /// What `check` and `build` print on standard error for the project.
    private func checkAndBuild(_ project: FixtureProject) throws -> (check: KumikiProcess.Outcome, build: KumikiProcess.Outcome) {
        let check = try KumikiProcess.run(["check", "--content", "Content", "--templates", Repository.templates.path], in: project.root)
        return (check, try project.build())
    }

    /// Both commands fail with exactly `diagnostics`, and the build leaves no site.
    private func expectBothRefuse(_ project: FixtureProject, with diagnostics: [String],
                                  sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let (check, build) = try checkAndBuild(project)
        let errors = diagnostics.count == 1 ? "1 error" : "\(diagnostics.count) errors"
        #expect(check.status == 1, sourceLocation: sourceLocation)
        #expect(check.errorLines == diagnostics, sourceLocation: sourceLocation)
        #expect(check.standardOutput == "\(errors), 0 warnings; 100% translated\n", sourceLocation: sourceLocation)
        #expect(build.status == 1, sourceLocation: sourceLocation)
        #expect(build.errorLines == diagnostics + ["kumiki: build failed with \(errors); Site was left as it was"],
                sourceLocation: sourceLocation)
        let configuration = FileManager.default.fileExists(atPath: project.root.appendingPathComponent("kumiki.yml").path)
        #expect(project.entries == [".kumiki-cache", "Content"] + (configuration ? ["kumiki.yml"] : []),
                sourceLocation: sourceLocation)
    }

    // MARK: Slugs

    /// A build writes `SLUG/index.html` and `search/p/SLUG.js`, and most file
    /// systems allow a name of 255 bytes: a slug has at most 252.
    @Test func aSlugTooLongForAFileNameIsAnErrorAtItsValue() throws {
        let slug = String(repeating: "a", count: 300)
        let project = try FixtureProject(["a.md": page(["title: A", "slug: \(slug)"], Self.body)])
        try expectBothRefuse(project, with: [
            "Content/a.md:3:7: error: the slug is 300 bytes long in UTF-8; a slug may be at most 252 bytes, "
                + "since the page's files are named after it; shorten it",
        ])
    }

    /// The limit is in bytes: a Japanese character takes three.
    @Test func aJapaneseSlugIsMeasuredInUTF8Bytes() throws {
        let project = try FixtureProject([
            "a.md": page(["title: A", "slug: \(String(repeating: "日", count: 84))"], Self.body),
            "b.md": page(["title: B", "slug:  \"\(String(repeating: "本", count: 85))\""], Self.body),
        ])
        try expectBothRefuse(project, with: [
            "Content/b.md:3:8: error: the slug is 255 bytes long in UTF-8; a slug may be at most 252 bytes, "
                + "since the page's files are named after it; shorten it",
        ])
    }

    @Test func aSlugOfTheLongestLengthBuilds() throws {
        let slug = String(repeating: "日", count: 84)
        let project = try FixtureProject(["a.md": page(["title: A", "slug: \(slug)"], Self.body)])
        let (check, build) = try checkAndBuild(project)
        #expect(check.status == 0, "\(check.standardError)")
        #expect(build.status == 0, "\(build.standardError)")
        #expect(project.siteSnapshot()["\(slug)/index.html"] != nil)
        #expect(project.siteSnapshot()["search/p/\(slug).js"] != nil)
    }

    /// Without `slug:`, the slug is the page's path with `/` as `-`: no one
    /// name of it is too long, but a folder and a file together can be.
    @Test func aSlugMadeOfALongPathIsAnErrorAtTheStartOfThePage() throws {
        let folder = String(repeating: "f", count: 200)
        let file = String(repeating: "日", count: 20)
        let project = try FixtureProject(["\(folder)/\(file).md": page(["title: A"], Self.body)])
        try expectBothRefuse(project, with: [
            "Content/\(folder)/\(file).md:1:1: error: the slug made of the file's path is 261 bytes long in UTF-8; "
                + "a slug may be at most 252 bytes, since the page's files are named after it; "
                + "give the page a shorter 'slug:' or a shorter file name",
        ])
    }

    /// A page whose `slug:` is refused is built under its path's slug to
    /// find its other problems; when that is too long as well, the build
    /// still reports nothing more than check.
    @Test func aBadSlugOnAPageWithALongPathIsItsOnlyError() throws {
        let folder = String(repeating: "f", count: 200)
        let file = String(repeating: "g", count: 60)
        let project = try FixtureProject(["\(folder)/\(file).md": page(["title: A", "slug: ../x"], Self.body)])
        try expectBothRefuse(project, with: [
            "Content/\(folder)/\(file).md:3:7: error: the slug '../x' would place the page outside its own folder "
                + "of the site; use letters, digits and '-'",
        ])
    }

    // MARK: Section names

    /// What a section name too long for its folder's name makes both
    /// commands say, `length` the bytes of the slug made of it.
    private static func sectionError(_ length: Int) -> String {
        "the slug made of the section's name is \(length) bytes long in UTF-8; a section's slug may be at most 255 bytes, "
            + "since the folder of the section's page is named after it; shorten the name everywhere the section is named"
    }

    /// A build writes `sections/SLUG/index.html`, SLUG made of the section's
    /// name: past 255 bytes it is an error at the `section:` value of every
    /// page that names the section, each of which has to change.
    @Test func aSectionNameTooLongForAFolderIsAnErrorOnEveryPageThatNamesIt() throws {
        let name = String(repeating: "s", count: 300)
        let project = try FixtureProject([
            "a.md": page(["title: A", "section: \(name)"], Self.body),
            "b.md": page(["title: B", "order: 2", "section: \(name)"], Self.body),
            "c.md": page(["title: C", "section: Foundations"], Self.body),
        ])
        try expectBothRefuse(project, with: [
            "Content/a.md:3:10: error: " + Self.sectionError(300),
            "Content/b.md:4:10: error: " + Self.sectionError(300),
        ])
    }

    /// The limit is in bytes of the slug: a Japanese character takes three,
    /// and the error points at the value, after its quote, counted in
    /// characters.
    @Test func aJapaneseSectionNameIsMeasuredInUTF8Bytes() throws {
        let project = try FixtureProject([
            "a.md": page(["title: A", "section: \(String(repeating: "日", count: 85))"], Self.body),
            "b.md": page(["title: 本", "section:  \"\(String(repeating: "本", count: 86))\""], Self.body),
        ])
        try expectBothRefuse(project, with: ["Content/b.md:3:11: error: " + Self.sectionError(258)])
    }

    @Test func aSectionNameOfTheLongestLengthBuilds() throws {
        let name = String(repeating: "日", count: 85)
        let project = try FixtureProject(["a.md": page(["title: A", "section: \(name)"], Self.body)])
        let (check, build) = try checkAndBuild(project)
        #expect(check.status == 0, "\(check.standardError)")
        #expect(build.status == 0, "\(build.standardError)")
        #expect(project.siteSnapshot()["sections/\(name)/index.html"] != nil)
    }

    /// Two names of the longest length that make the same slug: the second
    /// section's folder is numbered within the same 255 bytes, not refused.
    @Test func aNumberedSectionSlugStaysWithinTheLimit() throws {
        let project = try FixtureProject([
            "a.md": page(["title: A", "section: \(String(repeating: "S", count: 255))"], Self.body),
            "b.md": page(["title: B", "section: \(String(repeating: "s", count: 255))"], Self.body),
        ])
        let (check, build) = try checkAndBuild(project)
        #expect(check.status == 0, "\(check.standardError)")
        #expect(build.status == 0, "\(build.standardError)")
        let sections = Set(project.siteSnapshot().keys.filter { $0.hasPrefix("sections/") })
        #expect(sections == ["sections/\(String(repeating: "s", count: 255))/index.html",
                             "sections/\(String(repeating: "s", count: 253))-2/index.html"])
    }

    /// Two long names that make the same slug are each reported, and the
    /// build (which still writes both sections somewhere) says nothing more.
    @Test func longSectionNamesOfTheSameSlugAreEachReported() throws {
        let project = try FixtureProject([
            "a.md": page(["title: A", "section: \(String(repeating: "S", count: 300))"], Self.body),
            "b.md": page(["title: B", "section: \(String(repeating: "s", count: 300))"], Self.body),
        ])
        try expectBothRefuse(project, with: [
            "Content/a.md:3:10: error: " + Self.sectionError(300),
            "Content/b.md:3:10: error: " + Self.sectionError(300),
        ])
    }

    /// A name in `kumiki.yml`'s `sections:` is checked there, as a plain
    /// name or a mapping's `name:`, whether or not a page names it yet.
    @Test func aSectionNameTooLongInTheConfigurationIsAnErrorThere() throws {
        let long = String(repeating: "x", count: 256)
        let japanese = String(repeating: "節", count: 90)
        let project = try FixtureProject([
            "a.md": page(["title: A", "section: \(japanese)"], Self.body),
        ], config: "sections:\n  - Foundations\n  - \(long)\n  - name: \(japanese)\n    name_ja: \(japanese)\n")
        try expectBothRefuse(project, with: [
            "Content/a.md:3:10: error: " + Self.sectionError(270),
            "kumiki.yml:3:5: error: " + Self.sectionError(256),
            "kumiki.yml:4:11: error: " + Self.sectionError(270),
        ])
    }

    // MARK: Names that are not UTF-8

    /// Creates a file or folder of the content folder whose name is `name`,
    /// bytes that need not be UTF-8 (Foundation's paths are text).
    private func create(_ name: [UInt8], in project: FixtureProject, folder: Bool = false, text: String = "") throws {
        #expect(project.folder.create(named: name, folder: folder, text: text), "cannot create \(name)")
    }

    /// The names as the file system holds them (`ls`), their bytes escaped.
    private func listing(_ project: FixtureProject) -> [String] {
        guard let stream = opendir(project.root.appendingPathComponent("Content").path) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: UInt8.self, capacity: Int(NAME_MAX) + 1) { bytes in
                    (0..<strlen(UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self))).map {
                        bytes[$0] < 0x80 ? String(UnicodeScalar(bytes[$0])) : "\\x" + String(bytes[$0], radix: 16, uppercase: true)
                    }.joined()
                }
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    /// The name is shown with each byte that is not UTF-8 as `\xFF`; the
    /// valid characters around it stay as they are.
    @Test func aPageWhoseNameIsNotUTF8IsNamedWithItsBytesEscaped() throws {
        let project = try FixtureProject(["index.md": page(["title: Home"], Self.body)])
        try create([0xFF] + Array("ページ".utf8) + [0xE3, 0x83] + Array(".md".utf8), in: project,
                   text: page(["title: A"], Self.body))
        #expect(listing(project) == ["\\xFF\\xE3\\x83\\x9A\\xE3\\x83\\xBC\\xE3\\x82\\xB8\\xE3\\x83.md", "index.md"])
        try expectBothRefuse(project, with: [
            "Content/\\xFFページ\\xE3\\x83.md:1:1: error: the file name is not valid UTF-8 "
                + "(each byte that is not is shown as \\xNN); rename the file",
        ])
    }

    /// An image is refused the same way, rather than left out of the site.
    @Test func anyFileWhoseNameIsNotUTF8IsRefused() throws {
        let project = try FixtureProject(["index.md": page(["title: Home"], Self.body)])
        try create(Array("logo".utf8) + [0xC0, 0xAF] + Array(".png".utf8), in: project)
        try expectBothRefuse(project, with: [
            "Content/logo\\xC0\\xAF.png:1:1: error: the file name is not valid UTF-8 "
                + "(each byte that is not is shown as \\xNN); rename the file",
        ])
    }

    /// A folder has no line to point at: it is named in the message, and
    /// nothing in it is read.
    @Test func aFolderWhoseNameIsNotUTF8IsRefusedByName() throws {
        let project = try FixtureProject(["index.md": page(["title: Home"], Self.body)])
        try create(Array("guides".utf8) + [0xFE], in: project, folder: true)
        try create(Array("guides".utf8) + [0xFE] + Array("/a.md".utf8), in: project, text: page(["colour: red"], Self.body))
        try expectBothRefuse(project, with: [
            "kumiki: error: the folder name 'Content/guides\\xFE' is not valid UTF-8 "
                + "(each byte that is not is shown as \\xNN); rename the folder: nothing in it is read",
        ])
    }

    /// Text written decomposed (NFD, as macOS writes file names: が as か
    /// and U+3099) is the same text composed: a page so named gets the
    /// composed slug, and a heading so written the composed anchor, which
    /// a link written either way reaches in a browser, byte for byte.
    @Test func decomposedNamesAndHeadingsAreComposed() throws {
        let decomposed = "\u{304B}\u{3099}\u{304D}\u{3099}", composed = "\u{304C}\u{304E}"
        let project = try FixtureProject([
            "a.md": page(["title: A", "title_ja: エー"], "See [b](b.md#\(composed)) and [c](\(decomposed).md).\n\n[b](b.md#\(decomposed))を参照。\n"),
            "b.md": page(["title: B", "title_ja: ビー"], "Text.\n\n本文。\n\n## \(decomposed)\n\nテキスト。\n"),
            "\(decomposed).md": page(["title: C", "title_ja: シー"], Self.body),
        ])
        let built = try project.build()
        #expect(built.status == 0, "\(built.standardError)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: project.site.path)
        #expect(folders.contains { Array($0.unicodeScalars) == Array(composed.unicodeScalars) })
        let b = try String(contentsOf: project.site.appendingPathComponent("b/index.html"), encoding: .utf8)
        let a = try String(contentsOf: project.site.appendingPathComponent("a/index.html"), encoding: .utf8)
        #expect(b.utf8.contains("id=\"\(composed)\"".utf8))
        // The heading's text stays as written; its id and the links to it are composed.
        let attributes = b.matches(of: /(?:id|href)="([^"]*)"/).map { String($0.1) }
        #expect(!attributes.isEmpty)
        #expect(!attributes.contains { $0.unicodeScalars.contains("\u{3099}") }, "\(attributes)")
        let encoded = composed.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        #expect(a.components(separatedBy: "href=\"../b/index.html#\(encoded)\"").count == 3, "\(a)")
    }


    /// Slugs that differ only in case name one folder on macOS and Windows.
    @Test func slugsThatDifferOnlyInCaseAreAnError() throws {
        let project = try FixtureProject([
            "Guide.md": page(["title: A", "title_ja: エー"], Self.body),
            "guide.md": page(["title: B", "title_ja: ビー"], Self.body),
        ])
        let check = try KumikiProcess.run(["check", "--templates", Repository.templates.path], in: project.root)
        #expect(check.status == 1)
        #expect(check.errorLines == [
            "Content/guide.md:1:1: error: two pages have slugs that differ only in case, 'Guide' and 'guide'; "
                + "on a file system that ignores case (macOS, Windows) one page would replace the other",
            "Content/Guide.md:1:1: note: the other page is here",
        ])
    }

}
