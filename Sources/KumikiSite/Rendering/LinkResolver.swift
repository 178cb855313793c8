import Foundation
import KumikiSupport

/// Rewrites the links of one page to the built site and checks them.
///
/// Authors link pages as they lie next to each other in `Content/`
/// (`[Modality](modality.md#sheets)`); the built page lives at
/// `SLUG/index.html`, so the link becomes `../modality/index.html#sheets`.
/// Links to a missing page, a missing heading or a missing file are errors.
/// External links (`https:`, `mailto:` …) are left as they are.
///
/// A link or image may lead only to a file inside the content folder: one
/// that climbs out of it with `..` (percent-encoded or not), or goes through
/// a symbolic link, is refused without the file ever being looked at, so a
/// page cannot pull `../../etc/passwd` into the site.
package struct LinkResolver {
    /// Every page by its path relative to the content folder, with its slug
    /// and anchors.
    var targets: [String: (slug: String, anchors: Set<String>)]
    /// Files of the content folder that are copied to the site.
    var assets: Set<String>
    /// Symbolic links in the content folder, files or folders; they are not
    /// followed.
    var symbolicLinks: Set<String> = []
    /// Pages of the content folder left out of this build as drafts.
    var drafts: Set<String> = []

    /// The page's own path relative to the content folder.
    var pagePath: String
    /// From the page's folder to the site root: `../`, or empty for the index.
    var rootPrefix: String

    enum Resolution: Equatable {
        case rewritten(String)
        case problem(String, code: DiagnosticCode, fix: Fix? = nil)
    }

    /// A replacement of part of a destination as written: `length`
    /// characters from `offset` become `text`.
    struct Fix: Equatable {
        var offset: Int
        var length: Int
        var text: String
    }

    func resolve(_ destination: String) -> Resolution {
        if destination.isEmpty { return .rewritten(destination) }
        if let scheme = URL(string: destination)?.scheme, !scheme.isEmpty { return .rewritten(destination) }
        if destination.hasPrefix("//") { return .rewritten(destination) }
        if destination.hasPrefix("/") {
            return .problem("'\(destination)' starts at the root of the web server, which breaks when the site is published under a sub-path; link relative to this page instead", code: .linkFromServerRoot)
        }
        let (pathPart, fragment) = split(destination)
        let decodedPath = pathPart.removingPercentEncoding ?? pathPart
        if decodedPath.isEmpty {
            // A link within the page.
            guard let fragment else { return .rewritten(destination) }
            let own = targets[pagePath]?.anchors ?? []
            return own.contains(fragment) ? .rewritten(destination.precomposedStringWithCanonicalMapping)
                : .problem("no heading with the anchor '#\(fragment)' on this page\(suggestion(fragment, own))",
                           code: .unknownAnchor, fix: anchorFix(destination, fragment, own))
        }
        if decodedPath.contains("\\") {
            return .problem("'\(destination)' separates folders with '\\', which browsers read as '/'; write '/' instead",
                            code: .linkWithBackslash,
                            fix: Fix(offset: 0, length: destination.count, text: destination.replacingOccurrences(of: "\\", with: "/")))
        }
        guard let target = normalize(decodedPath) else {
            return .problem("'\(destination)' points outside the content folder; a page can link and show only files inside it",
                            code: .linkOutsideContent)
        }
        if let link = symbolicLink(containing: target) {
            let what = link == target ? "is a symbolic link" : "is inside '\(link)', a symbolic link"
            return .problem("'\(destination)' \(what), which Kumiki does not follow (it could lead outside the content folder); put the file itself in the content folder",
                            code: .linkThroughSymbolicLink)
        }
        if target.hasSuffix(".md") {
            guard let page = targets[target] else {
                if drafts.contains(target) {
                    return .problem("'\(decodedPath)' is a draft, left out of the site unless it is built with --drafts; link to it once it is published",
                                    code: .linkToDraft)
                }
                let known = targets.keys.sorted()
                return .problem("no page '\(decodedPath)' in the content folder\(suggestion(target, Set(known)))",
                                code: .unknownLinkedPage, fix: pageFix(pathPart, target, known))
            }
            if let fragment, !page.anchors.contains(fragment) {
                return .problem("'\(decodedPath)' has no heading with the anchor '#\(fragment)'\(suggestion(fragment, page.anchors))",
                                code: .unknownAnchor, fix: anchorFix(destination, fragment, page.anchors))
            }
            let href = page.slug == "" ? "\(rootPrefix)index.html" : "\(rootPrefix)\(page.slug)/index.html"
            return .rewritten(fragment.map { "\(href)#\($0)" } ?? href)
        }
        guard assets.contains(target) else {
            return .problem("no file '\(decodedPath)' next to this page", code: .unknownLinkedFile)
        }
        let encoded = target.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? target
        return .rewritten("\(rootPrefix)\(encoded)" + (fragment.map { "#\($0)" } ?? ""))
    }

    private func split(_ destination: String) -> (String, String?) {
        var path = destination
        if let query = path.firstIndex(of: "?") { path = String(path[..<query]) }
        guard let hash = destination.firstIndex(of: "#") else { return (path, nil) }
        let fragment = String(destination[destination.index(after: hash)...])
        // Composed, as anchors are (`Anchor.slug`).
        return (String(path.prefix { $0 != "#" }), (fragment.removingPercentEncoding ?? fragment).precomposedStringWithCanonicalMapping)
    }

    /// The target path relative to the content folder, or `nil` if `..`
    /// climbs out of it.
    private func normalize(_ path: String) -> String? {
        Self.contentPath(of: path, from: pagePath)
    }

    /// The path relative to the content folder of a link's (decoded) path
    /// written on the page at `pagePath`, or `nil` if `..` climbs out of
    /// the folder: the one reading of relative links, which the language
    /// server's completion and hover share.
    package static func contentPath(of path: String, from pagePath: String) -> String? {
        RelativePath.resolve(path, from: pagePath)
    }

    /// The target itself or the folder above it that is a symbolic link.
    private func symbolicLink(containing target: String) -> String? {
        guard !symbolicLinks.isEmpty else { return nil }
        var path = ""
        for component in target.split(separator: "/") {
            path += path.isEmpty ? String(component) : "/\(component)"
            if symbolicLinks.contains(path) { return path }
        }
        return nil
    }

    private func suggestion(_ word: String, _ candidates: Set<String>) -> String {
        Suggestions.hint(for: word, among: candidates.sorted())
    }

    /// The closest anchor in place of the fragment as written (after `#`).
    private func anchorFix(_ destination: String, _ fragment: String, _ anchors: Set<String>) -> Fix? {
        guard let closest = Suggestions.closest(to: fragment, among: anchors.sorted()).first,
              let hash = destination.firstIndex(of: "#") else { return nil }
        let offset = destination.distance(from: destination.startIndex, to: hash) + 1
        return Fix(offset: offset, length: destination.count - offset, text: closest)
    }

    /// The closest page in place of the path as written, when it lies in
    /// the linking page's folder (the fix then is its file name) or the
    /// linking page lies at the content folder's top (its path).
    private func pageFix(_ pathPart: String, _ target: String, _ known: [String]) -> Fix? {
        guard let closest = Suggestions.closest(to: target, among: known).first else { return nil }
        let folder = pagePath.split(separator: "/").dropLast().joined(separator: "/")
        let relative: String
        if folder.isEmpty {
            relative = closest
        } else if closest.hasPrefix(folder + "/") {
            relative = String(closest.dropFirst(folder.count + 1))
        } else {
            return nil
        }
        return Fix(offset: 0, length: pathPart.count, text: relative)
    }
}
