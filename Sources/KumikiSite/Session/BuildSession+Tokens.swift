import Foundation
import KumikiSupport
import KumikiTokens

/// A site's design tokens as a session read them: what `kumiki.yml` names,
/// read, checked and resolved.
public struct SiteTokens: Sendable {
    public var set: TokenSet
    /// Every problem of the token files, and of `kumiki.yml`'s list of them.
    public var diagnostics: [Diagnostic]
    /// Points per rem.
    public var remSize: Double
    /// A digest of the files' paths and bytes: what a value made from the
    /// tokens reads of them.
    public var digest: String
}

extension BuildSession {
    /// The tokens `sources` names, read from the folder of `kumiki.yml`
    /// (`configuration`). The session keeps the last set it read, keyed by
    /// the files' paths and bytes, so a preview rebuild whose token files
    /// did not change reads nothing again.
    public func tokens(_ sources: TokenSources, configuration: any SiteSource) -> SiteTokens {
        var diagnostics: [Diagnostic] = []
        var files: [(path: String, text: String)] = []
        var hash = StableHash()
        for file in sources.files {
            let displayPath = configuration.displayPath(of: file.path)
            guard let data = configuration.contents(of: file.path) else {
                diagnostics.append(.error(
                    "no token file '\(file.path)'; token files are named from the folder of \(SiteConfig.fileName)",
                    at: file.location))
                continue
            }
            let input = InputText(decoding: data, path: displayPath)
            if let problem = input.problem {
                diagnostics.append(problem)
                continue
            }
            hash.combine(field: displayPath)
            hash.combine(bulk: data)
            files.append((displayPath, input.text))
        }
        hash.combine(field: "rem \(sources.remSize)")
        let digest = hash.hex
        if let known = rememberedTokens(digest: digest) {
            return SiteTokens(set: known.set, diagnostics: diagnostics + known.diagnostics, remSize: sources.remSize, digest: digest)
        }
        let (set, problems) = TokenSet.read(files: files)
        remember(SiteTokens(set: set, diagnostics: problems, remSize: sources.remSize, digest: digest))
        return SiteTokens(set: set, diagnostics: diagnostics + problems, remSize: sources.remSize, digest: digest)
    }
}
