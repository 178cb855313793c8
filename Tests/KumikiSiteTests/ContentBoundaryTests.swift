import Foundation
import KumikiSite
import Testing
import KumikiTestSupport

/// A page can link to and show only files inside the content folder. A
/// link or image that leads out of it, by `..` or through a symbolic link,
/// is an error at the place it is written, and the file it names is never
/// read or copied into the site.
///
/// Each fixture site keeps a file next to `Content/` (in the site's own
/// temporary folder), so a link that escaped would find something to copy.
@Suite struct ContentBoundaryTests {
    private static let secret = Data("not for the site".utf8)

    /// A site with `secret.png` and `outside.md` beside its content folder.
    private func site(_ pages: [String: String]) throws -> TemporarySite {
        let site = try TemporarySite(pages)
        try Self.secret.write(to: site.root.appendingPathComponent("secret.png"))
        try Data(page(["title: Outside"]).utf8).write(to: site.root.appendingPathComponent("outside.md"))
        return site
    }

    /// The errors as the command line prints them (the one-language
    /// paragraphs of these pages also give warnings).
    private func errors(_ result: BuildResult) -> [String] {
        result.printed.filter { $0.contains(": error: ") }
    }

    private func holdsTheSecret(_ result: BuildResult) -> Bool {
        result.site.paths.contains { result.site[$0] == Self.secret }
    }

    @Test func aLinkToAPageAboveTheContentFolderIsRefusedAtItsDestination() throws {
        let site = try site(["a.md": page(["title: A"], "See [outside](../outside.md).\n")])
        let result = site.build()
        #expect(errors(result) == [
            "\(site.displayPath("a.md")):5:15: error: '../outside.md' points outside the content folder; a page can link and show only files inside it",
        ])
        #expect(result.site.count == 0)
    }

    @Test func anImageAboveTheContentFolderIsRefusedAndNotCopied() throws {
        let site = try site(["a.md": page(["title: A"], "![A secret](../secret.png)\n")])
        let result = site.build()
        #expect(errors(result) == [
            "\(site.displayPath("a.md")):5:13: error: '../secret.png' points outside the content folder; a page can link and show only files inside it",
        ])
        #expect(!holdsTheSecret(result))
    }

    @Test func climbingOutOfASubfolderIsRefusedWithTheColumnInCharacters() throws {
        let site = try site([
            "guides/a.md": page(["title: A"], "日本語の ![画像](../../etc/passwd) と [上](../../outside.md)\n"),
        ])
        let result = site.build()
        // "日本語の " is five characters (and thirteen bytes); the image's
        // destination starts after "![画像](", in column 12.
        #expect(errors(result) == [
            "\(site.displayPath("guides/a.md")):5:12: error: '../../etc/passwd' points outside the content folder; a page can link and show only files inside it",
            "\(site.displayPath("guides/a.md")):5:36: error: '../../outside.md' points outside the content folder; a page can link and show only files inside it",
        ])
    }

    @Test func aPercentEncodedClimbIsRefusedToo() throws {
        let site = try site(["a.md": page(["title: A"], "![x](%2E%2E/secret.png) [y](..%2Foutside.md)\n")])
        let result = site.build()
        #expect(result.errors.map(\.message) == [
            "'%2E%2E/secret.png' points outside the content folder; a page can link and show only files inside it",
            "'..%2Foutside.md' points outside the content folder; a page can link and show only files inside it",
        ])
        #expect(!holdsTheSecret(result))
    }

    @Test func aReferenceLinkIsReportedWhereTheLinkIsWritten() throws {
        let site = try site(["a.md": page(["title: A"], "Read [this][out] first.\n\n[out]: ../outside.md\n")])
        let result = site.build()
        #expect(errors(result) == [
            "\(site.displayPath("a.md")):5:6: error: '../outside.md' points outside the content folder; a page can link and show only files inside it",
        ])
    }

    @Test func aDestinationAfterALineBreakIsReportedOnItsOwnLine() throws {
        let site = try site(["a.md": page(["title: A"], "> A [quoted link](\n>   ../outside.md)\n")])
        let result = site.build()
        #expect(errors(result) == [
            "\(site.displayPath("a.md")):6:5: error: '../outside.md' points outside the content folder; a page can link and show only files inside it",
        ])
    }

    @Test func aSecondLinkOnALineIsReportedAtItsOwnDestination() throws {
        let site = try site(["a.md": page(["title: A"], "[fine](https://swift.org) and [out](../outside.md) and ![x](../secret.png)\n")])
        let result = site.build()
        #expect(result.errors.map(\.location?.column) == [37, 61])
    }

    @Test func aLinkThatClimbsAndComesBackStaysInside() throws {
        let site = try site([
            "guides/a.md": page(["title: A"], "See [b](../guides/../b.md).\n\n[b](../guides/../b.md)を見て。\n"),
            "b.md": page(["title: B"]),
        ])
        let result = site.build()
        #expect(result.succeeded, "\(result.printed)")
        #expect(result.text("guides-a/index.html").contains("<a href=\"../b/index.html\">b</a>"))
    }

    @Test func aBackslashSeparatedPathIsRefused() throws {
        let site = try site(["a.md": page(["title: A"], "[x](..\\\\secret.png)\n")])
        let result = site.build()
        #expect(result.errors.map(\.message) == ["'..\\secret.png' separates folders with '\\', which browsers read as '/'; write '/' instead"])
    }

    @Test func aSymbolicLinkToAFileOutsideIsNeitherFollowedNorCopied() throws {
        let site = try site(["a.md": page(["title: A"], "![A picture](picture.png)\n")])
        try FileManager.default.createSymbolicLink(
            at: site.content.appendingPathComponent("picture.png"),
            withDestinationURL: site.root.appendingPathComponent("secret.png"))
        let result = site.build()
        #expect(errors(result) == [
            "\(site.displayPath("a.md")):5:14: error: 'picture.png' is a symbolic link, which Kumiki does not follow (it could lead outside the content folder); put the file itself in the content folder",
        ])
        #expect(!holdsTheSecret(result))
    }

    @Test func anUnlinkedSymbolicLinkIsLeftOutOfTheSite() throws {
        let site = try site(["a.md": page(["title: A"], "Words.\n\n言葉。\n")])
        try FileManager.default.createSymbolicLink(
            at: site.content.appendingPathComponent("picture.png"),
            withDestinationURL: site.root.appendingPathComponent("secret.png"))
        let result = site.build()
        #expect(result.succeeded, "\(result.printed)")
        #expect(result.site["picture.png"] == nil)
        #expect(!holdsTheSecret(result))
        // Said, so a linked page is never silently missing.
        #expect(result.printed.contains("\(site.displayPath("picture.png")):1:1: warning: 'picture.png' is a symbolic link, which Kumiki "
            + "does not follow (it could lead outside the content folder), so it is left out of the site; put the file itself in the content folder"))
    }

    /// The theme's assets are published and served as they are: a link
    /// there could publish any file of the machine that builds the site.
    @Test func aSymbolicLinkAmongTheThemesAssetsIsAnErrorAndNotCopied() throws {
        let site = try site(["a.md": page(["title: A"], "Words.\n\n言葉。\n")])
        try site.copyTemplates()
        try FileManager.default.createSymbolicLink(
            at: site.templates.appendingPathComponent("assets/extra.css"),
            withDestinationURL: site.root.appendingPathComponent("secret.png"))
        let result = site.build(templates: site.templates)
        #expect(result.errors.map(\.message) == [
            "'assets/extra.css' in the templates folder is a symbolic link, which Kumiki does not follow (it could lead outside the site); "
                + "put the file itself there",
        ])
        #expect(!holdsTheSecret(result))
    }

    @Test func aSymbolicLinkToAFolderOutsideIsNotEntered() throws {
        let site = try site(["a.md": page(["title: A"], "![x](shared/secret.png)\n")])
        try FileManager.default.createSymbolicLink(at: site.content.appendingPathComponent("shared"), withDestinationURL: site.root)
        let result = site.build()
        #expect(result.errors.map(\.message) == [
            "'shared/secret.png' is inside 'shared', a symbolic link, which Kumiki does not follow (it could lead outside the content folder); put the file itself in the content folder",
        ])
        #expect(!holdsTheSecret(result))
        // The folder's own pages are not loaded either.
        #expect(!result.printed.contains { $0.contains("outside.md") })
    }
}
