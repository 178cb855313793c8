import Foundation
import Testing
import KumikiTestSupport

/// Kumiki renders templates through its own plan (`TemplatePlan`), made
/// from swift-mustache's parse of each template; the output must be the
/// bytes swift-mustache writes, for the built-in theme and for any theme a
/// user writes. `KUMIKI_TEMPLATE_ENGINE=mustache` renders through
/// swift-mustache, so each test builds the same site both ways.
@Suite struct TemplatePlanCommandTests {
    private let throughMustache = ["KUMIKI_TEMPLATE_ENGINE": "mustache"]

    /// Every file of a built output folder with its bytes.
    private func snapshot(_ folder: URL) -> [String: Data] {
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []
        var files: [String: Data] = [:]
        for name in names {
            var isFolder: ObjCBool = false
            let path = folder.appendingPathComponent(name).path
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            files[name] = FileManager.default.contents(atPath: path)
        }
        return files
    }

    private func expectSameFiles(_ plan: [String: Data], _ mustache: [String: Data], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(plan.keys.sorted() == mustache.keys.sorted(), sourceLocation: sourceLocation)
        for (name, bytes) in plan where mustache[name] != bytes {
            Issue.record("\(name) differs between the plan and swift-mustache", sourceLocation: sourceLocation)
        }
    }

    @Test func theBundledSiteIsTheSameByteForByte() throws {
        let scratch = try TemporaryFolder()
        let plan = try KumikiProcess.run(["build", "--no-cache", "--output", scratch.url("plan").path], in: Repository.root)
        let mustache = try KumikiProcess.run(["build", "--no-cache", "--output", scratch.url("mustache").path], in: Repository.root,
                                             environment: throughMustache)
        #expect(plan.status == 0, "\(plan.standardError)")
        #expect(mustache.status == 0, "\(mustache.standardError)")
        let files = snapshot(scratch.url("plan"))
        #expect(files.count > 20)
        expectSameFiles(files, snapshot(scratch.url("mustache")))
    }

    /// A theme of the user's own: a parent with blocks, partials indented
    /// and not, sections over lists, objects, booleans and strings,
    /// inverted sections, dotted and `.` names, transforms, the loop's
    /// `first()`/`last()`/`index()`, escaping (a quote a combining mark
    /// joins is not escaped), triple mustaches and `&`, missing names.
    @Test func aThemeUsingEveryMustacheFormRendersTheSame() throws {
        let project = try FixtureProject([
            "index.md": "# Home\n\nWelcome.\n\nようこそ。\n",
            "guide.md": """
                ---
                title: "Quotes \\" & <tags> 'here' e\\u0301"
                title_ja: 案内 & <記号>
                summary: A summary
                ---
                # Guide

                ## First part

                Text.

                本文。

                ## Second part

                More.

                続き。
                """,
        ], config: "title: Theme test\ntitle_ja: テーマ\n")
        let templates = project.root.appendingPathComponent("Theme")
        try FileManager.default.copyItem(at: Repository.templates, to: templates)
        try Data("""
            <!doctype html>
            <title>{{$title}}Untitled{{/title}}</title>
            <body class="{{$bodyclass}}plain{{/bodyclass}}">
              {{$main}}nothing{{/main}}
              {{> footer}}
            </body>

            """.utf8).write(to: templates.appendingPathComponent("base.mustache"))
        try Data("""
            <footer>
              {{#site}}{{title}} · {{title_ja}}{{/site}} {{site.generator}} {{missing}}{{missing.deeper}}
              {{! a comment }}
            </footer>

            """.utf8).write(to: templates.appendingPathComponent("footer.mustache"))
        try Data("""
            {{<base}}
            {{$title}}{{page.title}} / {{{page.title}}} / {{&page.title_ja}}{{/title}}
            {{$main}}
            <h1>{{page.title}}</h1>
              {{> toc-list}}
            {{#nav}}
            <p>{{section}}{{#open}} open{{/open}}{{^open}} closed{{/open}}{{#current_section}} current{{/current_section}}</p>
            {{#pages}}<i data-i="{{index()}}">{{#first()}}first {{/first()}}{{#last()}}last {{/last()}}{{title}}{{#current}}*{{/current}}</i>{{/pages}}
            {{^pages}}<i>none</i>{{/pages}}
            {{#earlier}}{{count}} earlier{{/earlier}}{{#later}}{{count}} later{{/later}}
            {{/nav}}
            {{#page.summary}}{{^empty(.)}}<p>{{.}}</p>{{/empty(.)}}{{/page.summary}}
            {{#toc}}{{#first()}}<ol>{{/first()}}<li class="{{level}}">{{en}} · {{ja}}</li>{{#last()}}</ol>{{/last()}}{{/toc}}
            {{^toc}}<p>no headings</p>{{/toc}}
            {{#coverage}}{{percent}}% of {{rows}}{{^outdated}}, none outdated{{/outdated}}{{/coverage}}
            {{#prev}}<a href="{{href}}">{{title}}</a>{{/prev}}{{^prev}}<span>first page</span>{{/prev}}
            {{#search}}search on{{/search}} {{root}} {{.root}}
            {{{content}}}
            {{/main}}
            {{/base}}

            """.utf8).write(to: templates.appendingPathComponent("page.mustache"))
        try Data("""
            <ul>
              {{#toc}}
              <li>{{anchor}}</li>
              {{/toc}}
            </ul>

            """.utf8).write(to: templates.appendingPathComponent("toc-list.mustache"))
        for (output, environment) in [("plan", [String: String]()), ("mustache", throughMustache)] {
            let outcome = try KumikiProcess.run(["build", "--no-cache", "--templates", "Theme", "--output", output], in: project.root,
                                                environment: environment)
            #expect(outcome.status == 0, "\(outcome.standardError)")
        }
        let plan = snapshot(project.root.appendingPathComponent("plan"))
        expectSameFiles(plan, snapshot(project.root.appendingPathComponent("mustache")))
        let guide = String(decoding: plan["guide/index.html"] ?? Data(), as: UTF8.self)
        #expect(guide.contains("Quotes &quot; &amp; &lt;tags&gt; &#39;here&#39; e\u{301}"))
        #expect(guide.contains("<h1>Quotes"))
        #expect(guide.contains("<li>first-part</li>") && guide.contains("<li>second-part</li>"),
                "the indented partial lists every heading (indented as swift-mustache indents it)")
    }

    /// A transform only swift-mustache has (`capitalized`) makes the page
    /// render through swift-mustache, with the same result.
    @Test func aFormThePlanDoesNotStandForRendersThroughSwiftMustache() throws {
        let project = try FixtureProject(["index.md": "# Home\n\nhello world\n\nこんにちは\n"],
                                         config: "title: lower case title\n")
        let templates = project.root.appendingPathComponent("Theme")
        try FileManager.default.copyItem(at: Repository.templates, to: templates)
        try Data("""
            {{<base}}
            {{$main}}<p>{{capitalized(site.title)}}</p>{{{content}}}{{/main}}
            {{/base}}

            """.utf8).write(to: templates.appendingPathComponent("index.mustache"))
        for (output, environment) in [("plan", [String: String]()), ("mustache", throughMustache)] {
            let outcome = try KumikiProcess.run(["build", "--no-cache", "--templates", "Theme", "--output", output], in: project.root,
                                                environment: environment)
            #expect(outcome.status == 0, "\(outcome.standardError)")
        }
        let plan = snapshot(project.root.appendingPathComponent("plan"))
        expectSameFiles(plan, snapshot(project.root.appendingPathComponent("mustache")))
        #expect(String(decoding: plan["index.html"] ?? Data(), as: UTF8.self).contains("<p>Lower Case Title</p>"))
    }
}
