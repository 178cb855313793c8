import Foundation
import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage
import KumikiMarkdown
import KumikiSearch

/// Reads every Markdown page of a content folder.
struct PageLoader {
    /// The content folder.
    var source: any SiteSource
    var includeDrafts: Bool
    /// A folder on disk inside the content folder to leave out: the site's
    /// own output.
    var excluded: URL?
    /// The session: the preview's keeps pages parsed by an earlier build,
    /// reused while their bytes match.
    var session: BuildSession?
    /// What earlier builds found of pages, by `DiskStore.summaryKey`: a
    /// page found here is not parsed until it has to be rendered.
    var summaries: [String: PageSummary] = [:]
    /// How many bytes of Markdown keep their parsed trees after loading.
    var parsedMarkdownBudget = Self.parsedMarkdownBudget

    /// The pages in path order, the index page apart, the other files, the
    /// symbolic links (which are not followed), the drafts left out, and
    /// the problems found.
    func load() -> (pages: [Page], index: Page?, assets: [String], symbolicLinks: [String], drafts: [String],
                    diagnostics: [Diagnostic], summaries: [PageSummary]) {
        var diagnostics: [Diagnostic] = []
        let (markdown, assets, symbolicLinks, undecodable) = files()
        diagnostics.append(contentsOf: undecodable.map { $0.coded(.fileNameNotUTF8) })
        // A link is never followed (it could lead outside the content
        // folder); said here, or a linked page would silently be missing.
        for link in symbolicLinks {
            diagnostics.append(.warning(
                "'\(link)' is a symbolic link, which Kumiki does not follow (it could lead outside the content folder), "
                    + "so it is left out of the site; put the file itself in the content folder",
                at: SourceLocation(file: source.displayPath(of: link), line: 1)))
        }
        let source = source, displayDirectory = source.displayPath
        let keepsTree = Self.keptTrees(sizes: markdown.map { source.size(of: $0) ?? 0 }, budget: parsedMarkdownBudget)
        var pages: [Page] = []
        var index: Page?
        var drafts: [String] = []
        // Reading and parsing is most of loading: done on every core, the
        // results kept in path order.
        let parsed = concurrentMap(markdown.count) { number -> (page: Page?, diagnostics: [Diagnostic], summary: PageSummary?) in
            let relative = markdown[number]
            let display = displayDirectory.isEmpty ? relative : "\(displayDirectory)/\(relative)"
            // A page past the limit is refused by its size, before it is
            // read: a file of gigabytes would be read whole to be refused.
            if let size = source.size(of: relative), size > MarkdownLimits.maximumPageBytes {
                return (nil, [.error(MarkdownLimits.pageSizeMessage(bytes: Int(size)), at: SourceLocation(file: display, line: 1),
                                     code: .pageTooLarge)], nil)
            }
            guard let (data, key) = read(relative, displayPath: display) else {
                return (nil, [.error("cannot read the file", at: SourceLocation(file: display, line: 1), code: .unreadableFile)], nil)
            }
            // A summary without the page's token-naming blocks cannot say
            // which tokens it uses (`TokenUsage`): such a page is parsed.
            if let summary = summaries[key], summary.tokenBlocks != nil {
                return (Self.page(relativePath: relative, displayPath: display, data: data, summary: summary), summary.diagnostics, summary)
            }
            let (page, problems) = session?.page(at: relative, data: data) {
                makePage(relativePath: relative, displayPath: display, data: data)
            } ?? makePage(relativePath: relative, displayPath: display, data: data)
            let summary = PageSummary(key: key, frontMatter: page.frontMatter, slug: page.slug, headings: page.headings,
                                      translation: page.translation, diagnostics: problems,
                                      links: page.linkDestinations, tokenNames: page.tokenNames,
                                      tokenBlocks: page.tokenBlocks)
            if !keepsTree[number] { page.releaseParsedBody() }
            return (page, problems, summary)
        }
        let found = parsed.compactMap(\.summary)
        for (relative, result) in zip(markdown, parsed) {
            diagnostics.append(contentsOf: result.diagnostics)
            guard let page = result.page else { continue }
            if page.frontMatter.draft && !includeDrafts {
                drafts.append(relative)
                continue
            }
            if relative == Self.homePath { index = page } else { pages.append(page) }
        }
        diagnostics.append(contentsOf: duplicateSlugs(pages))
        session?.keepFiles(only: Set(markdown))
        return (pages, index, assets, symbolicLinks, drafts, diagnostics, found)
    }

    /// How much Markdown a build keeps parsed between loading and rendering.
    ///
    /// Loading parses every page for the site's index (titles, headings,
    /// coverage); rendering needs the trees again. Holding them all made a
    /// build's memory grow with the site, so only the pages within this many
    /// bytes of Markdown, in path order, keep theirs; the others are parsed
    /// again when they are rendered. A tree takes about three times its
    /// Markdown (35 KB for a page of 11 KB), so the trees never hold more
    /// than about 400 MB. The 10,000-page scale site (111 MB of Markdown)
    /// fits: parsed once, it builds in 7.2 s and 1.18 GB; with half its
    /// pages parsed twice (a budget of 48 MiB), 8.1 s and 0.98 GB. Hugo
    /// takes 1.49 GB for the same site.
    static let parsedMarkdownBudget: Int64 = 128 << 20

    /// For each page, in path order, whether it keeps its parsed tree.
    static func keptTrees(sizes: [Int64], budget: Int64 = parsedMarkdownBudget) -> [Bool] {
        var total: Int64 = 0
        return sizes.map { size in
            defer { total += size }
            return total + size <= budget
        }
    }

    /// A file's bytes and their summary key. A preview rebuild (a session
    /// that keeps memory) takes both from the cache while the file's size, modification
    /// time and inode are those it had when last read: reading and hashing
    /// every page of a large site on every save was a fifth of a rebuild.
    private func read(_ relativePath: String, displayPath: String) -> (Data, String)? {
        let stamp = session?.keepsMemory == true ? source.stamp(of: relativePath) : nil
        if let stamp, let known = session?.file(at: relativePath, stamp: stamp) { return (known.data, known.summaryKey) }
        guard let data = source.contents(of: relativePath) else { return nil }
        let key = DiskStore.summaryKey(relativePath: relativePath, displayPath: displayPath, data: data)
        if let stamp { session?.remember(BuildSession.File(stamp: stamp, data: data, summaryKey: key), at: relativePath) }
        return (data, key)
    }

    /// A page known from its summary; its Markdown is parsed when asked for.
    static func page(relativePath: String, displayPath: String, data: Data, summary: PageSummary) -> Page {
        Page(relativePath: relativePath, displayPath: displayPath, frontMatter: summary.frontMatter, slug: summary.slug,
             headings: summary.headings, translation: summary.translation, data: data,
             linkDestinations: summary.links, tokenNames: summary.tokenNames, tokenBlocks: summary.tokenBlocks, body: ParsedBody(parsed: nil) { parseBody(displayPath: displayPath, data: data) })
    }

    /// A page's Markdown tree and its bilingual segments.
    static func parseBody(displayPath: String, data: Data) -> ParsedBody.Value {
        let document = MarkdownDocument.parse(path: displayPath, data: data)
        return (document, BilingualSegmenter.segment(document.root.children))
    }

    func makePage(relativePath: String, displayPath: String, data: Data) -> (Page, [Diagnostic]) {
        let (document, segments) = Self.parseBody(displayPath: displayPath, data: data)
        var diagnostics = document.diagnostics
        let (frontMatter, problems) = FrontMatter.parse(document.frontMatter, file: displayPath)
        diagnostics.append(contentsOf: problems.map { $0.coded(.frontMatter) })
        let fileSlug = Self.fileSlug(relativePath), givenSlug = frontMatter.slug.map(Self.composed)
        let start = SourceLocation(file: displayPath, line: 1)
        if let problem = Self.slugProblem(givenSlug ?? fileSlug) {
            diagnostics.append(.error(problem, at: frontMatter.slugValueLocation ?? start, code: .invalidSlug))
        } else if let problem = Self.slugLengthProblem(givenSlug ?? fileSlug, fromFileName: givenSlug == nil) {
            diagnostics.append(.error(problem, at: frontMatter.slugValueLocation ?? start, code: .invalidSlug))
        }
        let slug = Self.slug(relativePath: relativePath, given: frontMatter.slug)
        let headings = Self.headings(of: segments)
        let page = Page(
            relativePath: relativePath, displayPath: displayPath, frontMatter: frontMatter, slug: slug,
            headings: headings, translation: Page.coverage(of: segments), data: data,
            linkDestinations: Page.linkDestinations(in: document), tokenNames: Page.tokenNames(in: document),
            tokenBlocks: TokenUsage.Block.blocks(in: document, segments: segments, headings: headings),
            body: ParsedBody(parsed: (document, segments)) { Self.parseBody(displayPath: displayPath, data: data) })
        return (page, diagnostics)
    }

    /// The page that becomes the site's home page, `index.html`, rather
    /// than a folder of its own.
    static let homePath = "index.md"

    /// The slug of the page at `relativePath` whose front matter gives
    /// `given`: that one when it can name the page's folder, else one made
    /// from the path that can.
    static func slug(relativePath: String, given: String?) -> String {
        let fileSlug = fileSlug(relativePath)
        let slug = given.map(composed) ?? fileSlug
        if slugProblem(slug) != nil || slugLengthProblem(slug, fromFileName: given == nil) != nil {
            return writableSlug(fileSlug, relativePath: relativePath)
        }
        return slug
    }

    /// The slug a page's path gives: its folders joined by `-`, without
    /// `.md`, composed (`composed`).
    static func fileSlug(_ relativePath: String) -> String {
        composed(String(relativePath.dropLast(3)).replacingOccurrences(of: "/", with: "-"))
    }

    /// `text` in Unicode's composed form (NFC): a file name written on
    /// macOS holds が as か and a combining mark, and a slug is the same
    /// slug, and the same URL, however its name was written.
    static func composed(_ text: String) -> String {
        text.precomposedStringWithCanonicalMapping
    }

    /// Why a slug cannot name a folder of the site, or `nil` when it can.
    ///
    /// A slug is one path segment of letters, digits, `-`, `_` and `.`, not
    /// starting with a dot, so no page can be written outside `Site/` or over
    /// its assets.
    static func slugProblem(_ slug: String) -> String? {
        if slug.isEmpty { return "the slug is empty" }
        if slug.hasPrefix(".") || slug.contains("/") || slug.contains("\\") {
            return "the slug '\(slug)' would place the page outside its own folder of the site; use letters, digits and '-'"
        }
        let allowed = slug.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar)
        }
        if !allowed { return "the slug '\(slug)' may contain only letters, digits, '-', '_' and '.'" }
        if SiteOwnNames.reservedSlugs.contains(slug) {
            return "the slug '\(slug)' is reserved for the site's own files"
        }
        return nil
    }

    /// The most UTF-8 bytes a slug may have.
    ///
    /// Most file systems allow a file name of at most 255 bytes, and a
    /// build names files after each page's slug: its folder `SLUG/` and its
    /// search script `search/p/SLUG.js`, the longest.
    static let longestSlug = 255 - PageSearchEntries.scriptSuffix.utf8.count

    /// Why a slug is too long to name the page's files, or `nil` when it is
    /// not; `fromFileName` when the slug is the page's path (no `slug:`).
    static func slugLengthProblem(_ slug: String, fromFileName: Bool) -> String? {
        let length = slug.utf8.count
        guard length > longestSlug else { return nil }
        let what = fromFileName ? "the slug made of the file's path" : "the slug"
        let fix = fromFileName ? "give the page a shorter 'slug:' or a shorter file name" : "shorten it"
        return "\(what) is \(length) bytes long in UTF-8; a slug may be at most \(longestSlug) bytes, "
            + "since the page's files are named after it; \(fix)"
    }

    /// The slug a page with a bad slug is built under, so that the build
    /// goes on to report every other problem: the one its path makes, or,
    /// when that is too long to name a file, its start with a hash of the
    /// path (no other page's).
    static func writableSlug(_ fileSlug: String, relativePath: String) -> String {
        guard fileSlug.utf8.count > longestSlug else { return fileSlug }
        var hash = StableHash()
        hash.combine(relativePath)
        let suffix = "-" + hash.hex
        var start = ""
        for character in fileSlug {
            if start.utf8.count + character.utf8.count + suffix.utf8.count > longestSlug { break }
            start.append(character)
        }
        return start + suffix
    }

    /// Two pages whose slugs are the same, or differ only in case: on a
    /// file system that ignores case (macOS's and Windows' by default) one
    /// page's folder would be the other's.
    private func duplicateSlugs(_ pages: [Page]) -> [Diagnostic] {
        var first: [String: Page] = [:]
        var diagnostics: [Diagnostic] = []
        for page in pages {
            let key = page.slug.lowercased()
            if let earlier = first[key] {
                let message = earlier.slug == page.slug ? "two pages have the slug '\(page.slug)'"
                    : "two pages have slugs that differ only in case, '\(earlier.slug)' and '\(page.slug)'; "
                        + "on a file system that ignores case (macOS, Windows) one page would replace the other"
                diagnostics.append(.error(
                    message,
                    at: page.frontMatter.slugLocation ?? SourceLocation(file: page.displayPath, line: 1),
                    notes: [.note("the other page is here", at: earlier.frontMatter.slugLocation ?? SourceLocation(file: earlier.displayPath, line: 1))],
                    code: .duplicateSlug))
            } else {
                first[key] = page
            }
        }
        return diagnostics
    }

    /// Markdown files and other files (images) below the folder, in a
    /// stable order, skipping hidden files, the symbolic links found, and
    /// an error for each file or folder whose name is not UTF-8.
    ///
    /// Symbolic links are never followed, to a file or to a folder: one
    /// could lead outside the content folder, and the site must hold only
    /// what the folder holds. They are listed so that a link to one is
    /// refused by name rather than as a missing file. A name that is not
    /// UTF-8 can be neither read nor linked to, and is refused by name
    /// (its bytes escaped) rather than as a file that cannot be read.
    private func files() -> (markdown: [String], assets: [String], symbolicLinks: [String], undecodable: [Diagnostic]) {
        var markdown: [String] = []
        var assets: [String] = []
        var symbolicLinks: [String] = []
        var undecodable: [(path: String, folder: Bool)] = []
        for entry in source.entries(excluding: excluded) {
            switch entry.kind {
            case .symbolicLink: symbolicLinks.append(entry.path)
            case .file where entry.path.hasSuffix(".md"): markdown.append(entry.path)
            case .file: assets.append(entry.path)
            case .nameNotUTF8(let folder): undecodable.append((entry.path, folder))
            }
        }
        let problems = undecodable.sorted { $0.path < $1.path }.map { source.nameNotUTF8(at: $0.path, folder: $0.folder) }
        return (markdown.sorted(), assets.sorted(), symbolicLinks.sorted(), problems)
    }

    static func headings(of segments: [BilingualSegment]) -> [Page.Heading] {
        var registry = Anchor.Registry()
        var headings: [Page.Heading] = []
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .row(let en, let ja):
                guard case .heading(let level) = en.kind else { continue }
                headings.append(Page.Heading(
                    anchor: registry.claim(en.plainText), level: level,
                    text: Bilingual(en.plainText, ja.plainText), segmentIndex: index))
            case .untranslated(let node, let script):
                guard case .heading(let level) = node.kind else { continue }
                headings.append(Page.Heading(
                    anchor: registry.claim(node.plainText), level: level,
                    text: Bilingual(script == .english ? node.plainText : nil, script == .japanese ? node.plainText : nil),
                    segmentIndex: index))
            case .span:
                continue
            }
        }
        return headings
    }
}
