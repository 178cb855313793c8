import Foundation
@testable import KumikiSite
import Testing
import KumikiTestSupport
import KumikiSupport

/// The build store keeps each page's summary (in the page index) and what
/// its entry holds beside the HTML as binary records written by hand. A
/// record reads back as the value it was written from, every property of
/// it; a damaged, truncated or older index is ignored with a note and the
/// pages are parsed again.
@Suite struct StoredRecordTests {
    private static let location = SourceLocation(file: "Content/a.md", line: 3, column: 5)

    /// A diagnostic with every property set, and a note nested in it.
    private static let diagnostic = Diagnostic(
        .warning, "unknown key 'titel'", at: location,
        notes: [.note("first defined here", at: SourceLocation(file: "Content/b.md", line: 1, column: 2))],
        code: .unknownFrontMatterKey, end: SourceLocation(file: "Content/a.md", line: 3, column: 10),
        suggestions: [SuggestedEdit(replacing: 5, at: location, with: "title")])

    private static let summary: PageSummary = {
        var matter = FrontMatter()
        matter.title = Bilingual("Buttons", "ボタン")
        matter.section = Bilingual("Components", "部品")
        matter.order = -2
        matter.summary = Bilingual("How to press.", "押し方。")
        matter.slug = "buttons"
        matter.draft = true
        matter.slugLocation = SourceLocation(file: "Content/a.md", line: 6, column: 1)
        matter.slugValueLocation = SourceLocation(file: "Content/a.md", line: 6, column: 7)
        matter.sectionValueLocation = SourceLocation(file: "Content/a.md", line: 4, column: 10)
        return PageSummary(
            key: "0123456789abcdef", frontMatter: matter, slug: "buttons",
            headings: [Page.Heading(anchor: "press", level: 2, text: Bilingual("Press", "押す"), segmentIndex: 4),
                       Page.Heading(anchor: "only-english", level: 3, text: Bilingual("Only English", nil), segmentIndex: 7)],
            translation: Coverage(rows: 12, untranslated: 3),
            diagnostics: [diagnostic, .error("bad", at: nil), .note("\u{1F600} 絵文字", at: location)],
            links: ["other/#part", "../images/a.png"], tokenNames: ["color.accent"],
            tokenBlocks: [TokenUsage.Block(line: 40, number: 2, anchor: "layout-2", title: Bilingual("A button", "ボタン"),
                                           tokens: ["color.accent", "space.large"])])
    }()

    private static let metadata = DiskStore.Metadata(
        diagnostics: [diagnostic], fencedBlockCount: 3,
        translations: PageTranslations(
            lastChange: .committed(id: "a1b2c3d4e5f6", time: 1_764_000_000),
            gaps: [TranslationGap(kind: .outdated, behind: "ja", location: location, anchor: "row-3", english: "Press it.",
                                  japanese: "押す。", newer: .committed(id: "ffff0000", time: -86_400), older: .uncommitted,
                                  segmentIndex: 9),
                   TranslationGap(kind: .untranslated, behind: "en", location: location, anchor: nil, english: "",
                                  japanese: "未訳。", newer: nil, older: nil, segmentIndex: 1)]))

    /// The index's magic line and its number of records.
    private static func header(count: UInt32) -> Data {
        Data("KUMIKI-PAGES 3\n".utf8) + withUnsafeBytes(of: count.littleEndian) { Data($0) }
    }

    @Test func aPageSummaryReadsBackWithEveryPropertyItWasWrittenWith() throws {
        #expect(Self.unsetProperties(of: Self.summary, ignoring: ["PageSummary.record"]).isEmpty)
        let index = Self.header(count: 1) + DiskStore.record(of: Self.summary)
        var read = try #require(DiskStore.decodeRecords(index)?.first)
        #expect(read.record == DiskStore.record(of: Self.summary))
        read.record = nil
        #expect(read == Self.summary)
    }

    @Test func whatAnEntryKeepsBesideTheHTMLReadsBackWithEveryPropertyItWasWrittenWith() {
        #expect(Self.unsetProperties(of: Self.metadata).isEmpty)
        #expect(DiskStore.Metadata(stored: Self.metadata.stored) == Self.metadata)
        let page = StoredPage(html: Data("<p>x</p>".utf8), diagnostics: Self.metadata.diagnostics,
                              fencedBlockCount: Self.metadata.fencedBlockCount, translations: Self.metadata.translations)
        let read = DiskStore.decode(DiskStore.encode(page, key: "k1"), key: "k1")
        #expect(read?.diagnostics == page.diagnostics)
        #expect(read?.fencedBlockCount == page.fencedBlockCount)
        #expect(read?.translations == page.translations)
    }

    /// Records of unchanged pages are copied as they are, so a record read
    /// back keeps its exact bytes and the index written again is the same.
    @Test func anIndexWrittenFromTheRecordsItWasReadFromIsTheSame() throws {
        var other = Self.summary
        other.key = "fedcba9876543210"
        other.diagnostics = []
        let index = Self.header(count: 2) + DiskStore.record(of: Self.summary) + DiskStore.record(of: other)
        let read = try #require(DiskStore.decodeRecords(index))
        #expect(read.map(\.key) == [Self.summary.key, other.key])
        #expect(Self.header(count: 2) + read.compactMap(\.record).reduce(Data(), +) == index)
    }

    /// Any one byte of a record changed, or the index cut anywhere, makes
    /// the whole index unreadable: never a summary that says something else.
    @Test func aChangedByteOrACutIndexIsNeverReadAsAnotherSummary() {
        let index = Self.header(count: 1) + DiskStore.record(of: Self.summary)
        for offset in index.indices {
            var damaged = index
            damaged[offset] ^= 0x20
            #expect(DiskStore.decodeRecords(damaged) == nil, "byte \(offset)")
        }
        for length in 0..<index.count {
            #expect(DiskStore.decodeRecords(index.prefix(length)) == nil, "cut at \(length)")
        }
    }

    private func makeSite() throws -> TemporarySite {
        try TemporarySite([
            "a.md": page(["title: A"], bilingualParagraph("Alpha.", "アルファ。")),
            "b.md": page(["title: B"], bilingualParagraph("Beta.", "ベータ。")),
        ])
    }

    private func cacheFolder(_ site: TemporarySite) -> URL { site.root.appendingPathComponent(".kumiki-cache") }

    private func indexURL(_ site: TemporarySite) throws -> URL {
        let path = try #require(FileManager.default.subpathsOfDirectory(atPath: cacheFolder(site).path).first { $0.hasSuffix("pages.index") })
        return cacheFolder(site).appendingPathComponent(path)
    }

    /// The index as the previous version wrote it: JSON lines.
    private static let previousVersionIndex = "KUMIKI-PAGES 2\n{\"key\":\"0123456789abcdef\",\"slug\":\"a\"}\n"

    @Test(arguments: ["a byte changed", "truncated", "the previous version"])
    func anIndexThatCannotBeReadIsIgnoredWithANoteAndWrittenAgain(_ damage: String) throws {
        let site = try makeSite()
        let cold = site.build()
        _ = site.build(cacheDirectory: cacheFolder(site))
        let url = try indexURL(site)
        let index = try Data(contentsOf: url)
        switch damage {
        case "a byte changed":
            var changed = index
            changed[changed.count - 3] ^= 0x01
            try changed.write(to: url)
        case "truncated": try index.prefix(index.count - 5).write(to: url)
        default: try Data(Self.previousVersionIndex.utf8).write(to: url)
        }
        let warm = site.build(cacheDirectory: cacheFolder(site))
        #expect(warm.site == cold.site)
        #expect(warm.explanation.computedPages.isEmpty)
        let notes = warm.diagnostics.items.filter { $0.severity == .note }
        #expect(notes.map(\.message) == ["ignored the damaged page index of the build store; every page is parsed again"])
        // The index was written again, whole: the next build reads it.
        #expect(try Data(contentsOf: url) == index)
        let next = site.build(cacheDirectory: cacheFolder(site))
        #expect(next.diagnostics.items.filter { $0.severity == .note }.isEmpty)
        #expect(next.site == cold.site)
    }

    /// The stored properties of `value` and of the values in it that are
    /// never set to anything but their default (nil, empty, zero, false)
    /// anywhere in it, as `Type.property`: a property added to a type and
    /// not to the value above shows here, so the round trip covers it.
    private static func unsetProperties(of value: Any, ignoring ignored: Set<String> = []) -> Set<String> {
        var seen: Set<String> = [], set: Set<String> = []
        func isSet(_ value: Any) -> Bool {
            let mirror = Mirror(reflecting: value)
            switch value {
            case let number as Int: return number != 0
            case let flag as Bool: return flag
            case let text as String: return !text.isEmpty
            default: break
            }
            switch mirror.displayStyle {
            case .optional, .collection, .dictionary, .set: return !mirror.children.isEmpty
            default: return true
            }
        }
        func visit(_ value: Any) {
            let mirror = Mirror(reflecting: value)
            if value is String || value is Int || value is Bool { return }
            let type = String(describing: Swift.type(of: value))
            for child in mirror.children {
                if let label = child.label, mirror.displayStyle == .struct {
                    let name = "\(type).\(label)"
                    guard !ignored.contains(name) else { continue }
                    seen.insert(name)
                    if isSet(child.value) { set.insert(name) }
                }
                visit(child.value)
            }
        }
        visit(value)
        return seen.subtracting(set)
    }
}
