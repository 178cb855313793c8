import Foundation
import Testing
import KumikiTestSupport

/// `kumiki translations ack` takes a row's place as `check` prints it:
/// `PATH:LINE`, or the whole `PATH:LINE:COLUMN:` a diagnostic starts with.
@Suite struct TranslationsAckCommandTests {
    private static let original = "---\ntitle: A\n---\n\nHello.\n\nこんにちは。\n"

    @Test(arguments: ["Content/a.md:5", "Content/a.md:5:1", "Content/a.md:5:1:", "a.md:5"])
    func aRowIsAcknowledgedByItsPlace(_ place: String) throws {
        let fixture = try GitFixture()
        try fixture.commit("a.md", Self.original, day: 2)
        try fixture.commit("a.md", Self.original.replacingOccurrences(of: "Hello.", with: "Hello there."), day: 5)
        let outcome = try KumikiProcess.run(["translations", "ack", place], in: fixture.site.root)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == "Acknowledged a.md:5 (Hello there.)\n")
    }

    @Test(arguments: ["Content/a.md", "Content/a.md:0", "Content/a.md:"])
    func aPlaceWithoutALineIsRefused(_ place: String) throws {
        let fixture = try GitFixture()
        try fixture.commit("a.md", Self.original, day: 2)
        let outcome = try KumikiProcess.run(["translations", "ack", place], in: fixture.site.root)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines == ["kumiki: error: '\(place)' is not PATH:LINE"])
    }

    /// A path outside the content folder names no page: nothing is read
    /// from there and nothing is written.
    @Test(arguments: ["../outside.md:5", "/etc/hostname:1"])
    func aPathOutsideTheContentFolderIsRefused(_ place: String) throws {
        let fixture = try GitFixture()
        try fixture.commit("a.md", Self.original, day: 2)
        try Data(Self.original.utf8).write(to: fixture.site.root.appendingPathComponent("outside.md"))
        let outcome = try KumikiProcess.run(["translations", "ack", place], in: fixture.site.root)
        #expect(outcome.status == 1)
        let path = place.split(separator: ":").first.map(String.init) ?? ""
        #expect(outcome.errorLines == [
            "kumiki: error: '\(path)' is not a page of the content folder; give a page's path as 'kumiki check' prints it"])
        #expect(!FileManager.default.fileExists(atPath: fixture.site.root.appendingPathComponent("translations-checked.txt").path))
    }

    /// What was checked is the pair of texts: a page renamed after its row
    /// was acknowledged keeps the acknowledgement.
    @Test func anAcknowledgementFollowsARenamedPage() throws {
        let fixture = try GitFixture()
        try fixture.commit("a.md", Self.original, day: 2)
        try fixture.commit("a.md", Self.original.replacingOccurrences(of: "Hello.", with: "Hello there."), day: 5)
        let before = try KumikiProcess.run(["translations"], in: fixture.site.root)
        #expect(before.standardOutput.hasSuffix("0 untranslated, 1 possibly out of date\n"), "\(before.standardOutput)")
        #expect(try KumikiProcess.run(["translations", "ack", "Content/a.md:5"], in: fixture.site.root).status == 0)
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "ack", day: 6)
        try fixture.git("mv", "Content/a.md", "Content/b.md")
        try fixture.git("commit", "-q", "-m", "rename", day: 7)
        let after = try KumikiProcess.run(["translations"], in: fixture.site.root)
        #expect(after.standardOutput == "0 untranslated, 0 possibly out of date\n", "\(after.standardOutput)")
    }
}
