/// The stable name of the rule a diagnostic reports, such as
/// `link.unknown-anchor` or `layout.unknown-view-kind`: what an editor shows
/// beside the message, what a script filters on, and what a quick fix keys
/// on. The sentence may be reworded; the code stays.
///
/// This is the one registry of codes. A code is its family and its rule,
/// in lower case with hyphens. Families whose problems are typed values
/// (the layout language's errors, a layout block's problems, token
/// problems, guideline findings) take the rule from the value's case
/// (`code(_:naming:)`), so a new case has a code without being listed; the
/// other rules are named here, one constant each.
public struct DiagnosticCode: RawRepresentable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public init(_ family: Family, _ rule: String) { rawValue = "\(family.rawValue).\(rule)" }

    public var description: String { rawValue }

    public static func < (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Where a rule belongs: one family per kind of input or stage.
    public enum Family: String, Sendable, CaseIterable {
        /// Reading a file: its encoding, its size.
        case input
        /// Markdown: fences, nesting, the front matter's fences.
        case markdown
        /// A page's front matter.
        case frontMatter = "front-matter"
        /// `kumiki.yml`.
        case configuration = "config"
        /// Links and images of a page.
        case link
        /// A page's two languages and their rows.
        case bilingual
        /// Japanese typography.
        case typography
        /// The layout language of a `layout` block.
        case layout
        /// A solved layout block: conflicts, ambiguity, environments.
        case block
        /// A guideline check's finding in a solved layout block.
        case finding
        /// Design-token files and resolver documents.
        case token
        /// The device catalog and its overrides.
        case devices
        /// Fenced blocks other than `layout` (`devices`, `materials`,
        /// `tokens`) and their options.
        case fencedBlock = "fenced-block"
        /// Pages as a site: slugs, sections, navigation.
        case site
    }

    /// The code of a typed problem: `family` and the name of `problem`'s
    /// enum case (`unknownAnchor` → `unknown-anchor`); for a value with a
    /// string raw value, that value (`touch-target`).
    public static func code(_ family: Family, naming problem: some Any) -> DiagnosticCode {
        if let raw = problem as? any RawRepresentable, let text = raw.rawValue as? String {
            return DiagnosticCode(family, text)
        }
        let mirror = Mirror(reflecting: problem)
        let name = mirror.displayStyle == .enum ? mirror.children.first?.label ?? String(describing: problem) : String(describing: problem)
        return DiagnosticCode(family, hyphenated(name))
    }

    /// `unknownViewKind` → `unknown-view-kind`.
    static func hyphenated(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isUppercase {
                if !result.isEmpty { result.append("-") }
                result += character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }

    // MARK: - Rules named here

    public static let invalidUTF8 = DiagnosticCode(.input, "invalid-utf8")
    public static let unreadableFile = DiagnosticCode(.input, "unreadable-file")
    public static let fileNameNotUTF8 = DiagnosticCode(.input, "file-name-not-utf8")
    public static let pageTooLarge = DiagnosticCode(.input, "page-too-large")

    public static let unclosedFrontMatter = DiagnosticCode(.markdown, "unclosed-front-matter")
    public static let misplacedFrontMatter = DiagnosticCode(.markdown, "misplaced-front-matter")
    public static let unsupportedExtension = DiagnosticCode(.markdown, "unsupported-extension")
    public static let unclosedCodeBlock = DiagnosticCode(.markdown, "unclosed-code-block")
    public static let nestingTooDeep = DiagnosticCode(.markdown, "nesting-too-deep")

    public static let unknownFrontMatterKey = DiagnosticCode(.frontMatter, "unknown-key")
    public static let frontMatter = DiagnosticCode(.frontMatter, "value")

    public static let unknownConfigurationKey = DiagnosticCode(.configuration, "unknown-key")
    public static let configuration = DiagnosticCode(.configuration, "value")

    public static let unknownLinkedPage = DiagnosticCode(.link, "unknown-page")
    public static let linkToDraft = DiagnosticCode(.link, "draft")
    public static let unknownAnchor = DiagnosticCode(.link, "unknown-anchor")
    public static let unknownLinkedFile = DiagnosticCode(.link, "unknown-file")
    public static let linkFromServerRoot = DiagnosticCode(.link, "from-server-root")
    public static let linkWithBackslash = DiagnosticCode(.link, "backslash")
    public static let linkOutsideContent = DiagnosticCode(.link, "outside-content")
    public static let linkThroughSymbolicLink = DiagnosticCode(.link, "symbolic-link")
    public static let imageWithoutDescription = DiagnosticCode(.link, "image-without-description")

    public static let untranslated = DiagnosticCode(.bilingual, "untranslated")
    public static let outdatedTranslation = DiagnosticCode(.bilingual, "outdated")
    public static let typography = DiagnosticCode(.typography, "latin-spacing")
    public static let mixedPunctuation = DiagnosticCode(.typography, "mixed-punctuation")
    public static let rawHTML = DiagnosticCode(.markdown, "raw-html")
    public static let invalidSlug = DiagnosticCode(.frontMatter, "slug")
    public static let tokenSources = DiagnosticCode(.token, "sources")
    public static let blockPastLimit = DiagnosticCode(.fencedBlock, "past-limit")
    public static let nestedFencedBlock = DiagnosticCode(.fencedBlock, "nested")

    public static let devices = DiagnosticCode(.devices, "catalog")
    public static let unknownBlockOption = DiagnosticCode(.fencedBlock, "unknown-option")
    public static let fencedBlock = DiagnosticCode(.fencedBlock, "value")
    public static let duplicateSlug = DiagnosticCode(.site, "duplicate-slug")
    public static let site = DiagnosticCode(.site, "structure")
    public static let templates = DiagnosticCode(.site, "templates")
}
