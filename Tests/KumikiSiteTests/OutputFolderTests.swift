import Foundation
import KumikiSite
import Testing
import KumikiTestSupport

/// Writing a site replaces its output folder as a whole, so the builder
/// refuses an output folder that is, or holds, a folder it reads; and an
/// output folder inside the content folder is never read as content.
@Suite struct OutputFolderTests {
    private func site() throws -> TemporarySite {
        try TemporarySite(["a.md": page(["title: A"], bilingualParagraph("Hello.", "こんにちは。"))])
    }

    @Test func theContentFolderItselfIsRefused() throws {
        let site = try site()
        let result = site.build(output: site.content)
        #expect(!result.succeeded)
        #expect(result.site.count == 0)
        #expect(result.printed == [
            "kumiki: error: the output folder '\(site.content.path)' would replace the content folder; choose another --output",
        ])
    }

    @Test func aFolderHoldingTheContentFolderIsRefused() throws {
        let site = try site()
        let result = site.build(output: site.root)
        #expect(result.printed == [
            "kumiki: error: the output folder '\(site.root.path)' would replace the content folder; choose another --output",
        ])
    }

    @Test func theTemplatesFolderIsRefused() throws {
        let site = try site()
        let templates = try site.copyTemplates(replacing: [:])
        let result = site.build(templates: templates, output: templates)
        #expect(result.printed == [
            "kumiki: error: the output folder '\(templates.path)' would replace the templates folder; choose another --output",
        ])
    }

    @Test func theFolderOfTheConfigurationIsRefused() throws {
        let site = try site()
        let elsewhere = try TemporarySite(["a.md": page(["title: A"], bilingualParagraph("Hello.", "こんにちは。"))])
        let options = BuildOptions(
            contentDirectory: elsewhere.content, templatesDirectory: Repository.templates,
            configDirectory: site.root, outputDirectory: site.root)
        let result = SiteBuilder(options: options).build()
        #expect(result.printed == [
            "kumiki: error: the output folder '\(site.root.path)' would replace the current folder; choose another --output",
        ])
    }

    @Test func aFolderWhoseNameOnlyBeginsLikeTheContentFolderIsAccepted() throws {
        let site = try site()
        let result = site.build(output: site.root.appendingPathComponent("Cont"))
        #expect(result.succeeded, "\(result.printed)")
        #expect(result.printed == [])
    }

    @Test func anOutputFolderInsideTheContentFolderIsNeverReadAsContent() throws {
        let site = try site()
        try site.write("Site/old.md", Data(page(["title: Old"], bilingualParagraph("Old.", "古い。")).utf8))
        try site.write("Site/a/index.html", Data("<p>an earlier build</p>\n".utf8))
        // An earlier build's home and 404 pages: a folder inside the content
        // that holds anything else is refused as output.
        try site.write("Site/index.html", Data("<p>home</p>\n".utf8))
        try site.write("Site/404.html", Data("<p>not found</p>\n".utf8))
        try site.write("Site/picture.png", Data([9]))
        let result = site.build(output: site.content.appendingPathComponent("Site"))
        #expect(result.succeeded, "\(result.printed)")
        #expect(result.printed == [])
        #expect(result.pageCount == 1)
        #expect(result.site["old/index.html"] == nil)
        #expect(result.site.paths.filter { $0.hasPrefix("Site/") } == [])
    }

    @Test func withoutAnOutputFolderEveryFolderOfTheContentIsRead() throws {
        let site = try site()
        try site.write("Site/old.md", Data(page(["title: Old"], bilingualParagraph("Old.", "古い。")).utf8))
        let result = site.build()
        #expect(result.succeeded, "\(result.printed)")
        #expect(result.pageCount == 2)
    }
}
