import Foundation
import KumikiSupport
import Mustache

/// The site's Mustache templates, loaded once per build.
///
/// Every `*.mustache` file below the templates folder is a template named by
/// its path without the extension (`page`, `partials/nav`). A template that
/// does not parse is reported at its line and column.
struct TemplateLibrary {
    private var library: MustacheLibrary
    /// Every template as a plan Kumiki renders itself (`TemplatePlan`);
    /// nil when one of them holds a form only swift-mustache renders, or
    /// when `KUMIKI_TEMPLATE_ENGINE=mustache` asks for swift-mustache.
    private var plans: [String: TemplatePlan]?
    private(set) var names: Set<String>
    /// The templates whose files are there but could not be used (they do
    /// not parse, or cannot be read): reported as such, not as missing.
    private(set) var unusable: Set<String> = []
    /// A hash of every template's name and text: pages rendered with the
    /// same signature are rendered the same.
    private(set) var signature: String = ""

    static func load(from source: any SiteSource) -> (TemplateLibrary, [Diagnostic]) {
        var library = MustacheLibrary()
        var parsed: [String: MustacheTemplate] = [:]
        var names: Set<String> = []
        var diagnostics: [Diagnostic] = []
        var hash = StableHash()
        var unusable: Set<String> = []
        let entries = source.entries(excluding: nil)
        for entry in entries.sorted(by: { $0.path < $1.path }) {
            if case .nameNotUTF8(let folder) = entry.kind { diagnostics.append(source.nameNotUTF8(at: entry.path, folder: folder)) }
            if entry.kind == .symbolicLink, entry.path.hasSuffix(".mustache") {
                diagnostics.append(symbolicLinkProblem(at: entry.path, in: source))
                unusable.insert(String(entry.path.dropLast(".mustache".count)))
            }
        }
        let files = entries.filter { $0.kind == .file }.map(\.path).filter { $0.hasSuffix(".mustache") }.sorted()
        for relative in files {
            let name = String(relative.dropLast(".mustache".count))
            let display = "\(source.displayPath)/\(relative)"
            guard let data = source.contents(of: relative) else {
                diagnostics.append(.error("cannot read the template", at: SourceLocation(file: display, line: 1)))
                unusable.insert(name)
                continue
            }
            let input = InputText(decoding: data, path: display)
            if let problem = input.problem {
                diagnostics.append(problem)
                unusable.insert(name)
                continue
            }
            let text = input.text
            hash.combine(name)
            hash.combine(data)
            do {
                let template = try MustacheTemplate(string: text)
                library.register(template, named: name)
                parsed[name] = template
                names.insert(name)
            } catch let error as MustacheTemplate.ParserError {
                diagnostics.append(.error(
                    "the template does not parse: \(Self.words(for: error.error))",
                    at: SourceLocation(file: display, line: error.context.lineNumber, column: max(1, error.context.columnNumber))))
                unusable.insert(name)
            } catch {
                diagnostics.append(.error("the template does not parse: \(Self.words(for: error))", at: SourceLocation(file: display, line: 1)))
                unusable.insert(name)
            }
        }
        // A theme made before section pages or search existed has no
        // `section` or `search` template: the built-in one stands in,
        // inheriting the theme's `base`.
        for name in ["section", "search"] where !names.contains(name) {
            guard let builtIn = EmbeddedTheme.source.contents(of: "\(name).mustache"),
                  let template = try? MustacheTemplate(string: String(decoding: builtIn, as: UTF8.self)) else { continue }
            library.register(template, named: name)
            parsed[name] = template
            names.insert(name)
            hash.combine(name)
            hash.combine(builtIn)
        }
        var templates = TemplateLibrary(library: library, plans: Self.plans(of: parsed), names: names)
        templates.signature = hash.hex
        templates.unusable = unusable.subtracting(names)
        return (templates, diagnostics)
    }

    /// A symbolic link in the templates folder, a template's or an asset's:
    /// not followed, as in the content folder, since what a theme holds is
    /// rendered into every page or published as it is, and a link could
    /// lead to any file of the machine that builds the site.
    static func symbolicLinkProblem(at path: String, in source: any SiteSource) -> Diagnostic {
        .error("'\(path)' in the templates folder is a symbolic link, which Kumiki does not follow (it could lead outside the site); "
                + "put the file itself there", at: SourceLocation(file: source.displayPath(of: path), line: 1), code: .templates)
    }

    /// What swift-mustache's parse error means, for a theme's author: its
    /// errors are enum cases (`expectedSectionEnd`), not sentences.
    static func words(for error: any Error) -> String {
        switch error {
        case MustacheTemplate.Error.sectionCloseNameIncorrect:
            return "a section is closed ({{/name}}) with another name than the one it was opened with"
        case MustacheTemplate.Error.unfinishedName: return "a tag's name is not finished; close the tag with '}}'"
        case MustacheTemplate.Error.expectedSectionEnd: return "a section ({{#name}} or {{^name}}) is never closed with {{/name}}"
        case MustacheTemplate.Error.invalidSetDelimiter: return "a set-delimiter tag ({{=<% %>=}}) is malformed"
        case MustacheTemplate.Error.transformAppliedToInheritanceSection: return "a transform cannot be applied to an inherited section"
        case MustacheTemplate.Error.illegalTokenInsideInheritSection,
             MustacheTemplate.Error.textInsideInheritSection:
            return "inside a partial's inheritance ({{<name}}) only block definitions ({{$name}}) may stand"
        case MustacheTemplate.Error.invalidConfigVariableSyntax, MustacheTemplate.Error.unrecognisedConfigVariable:
            return "a configuration tag ({{% ...}}) is malformed or unknown"
        default:
            // The parser's own error at the end of the text: a tag left open.
            return String(describing: error) == "overflow" ? "the template ends inside a tag; close it with '}}'" : "\(error)"
        }
    }

    /// Each template's plan, or nil when one has none (then every template
    /// renders through swift-mustache, so partials and parents agree).
    private static func plans(of templates: [String: MustacheTemplate]) -> [String: TemplatePlan]? {
        if ProcessInfo.processInfo.environment["KUMIKI_TEMPLATE_ENGINE"] == "mustache" { return nil }
        var plans: [String: TemplatePlan] = [:]
        for (name, template) in templates {
            guard let plan = TemplatePlan(template) else { return nil }
            plans[name] = plan
        }
        return plans
    }

    /// The named template rendered with `context`, or `nil` when there is no
    /// such template. Rendered by Kumiki's plan when the context's values
    /// all have a `TemplateValue`, else by swift-mustache: the same bytes.
    func render(_ context: [String: Any], template name: String) -> String? {
        guard names.contains(name) else { return nil }
        return renderThroughPlan(context, template: name) ?? library.render(TemplateValue.mustacheContext(context), withTemplate: name)
    }

    /// The named template rendered by its plan; nil when there is none, or
    /// when the context holds what only swift-mustache renders.
    func renderThroughPlan(_ context: [String: Any], template name: String) -> String? {
        guard let plans, let value = TemplateValue(context) else { return nil }
        var renderer = TemplateRenderer(plans: plans)
        return renderer.render(name, context: value)
    }
}
