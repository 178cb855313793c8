import Foundation
import KumikiSupport
import KumikiTokens

/// A site's design tokens as a session read them: what `kumiki.yml` names,
/// read, checked and resolved.
public struct SiteTokens: Sendable {
    public var set: TokenSet
    /// Every problem of the token files (and the resolver), and of
    /// `kumiki.yml`'s list of them.
    public var diagnostics: [Diagnostic]
    /// Points per rem.
    public var remSize: Double
    /// The colour token `tokens.background` names.
    public var background: String?
    /// A digest of the paths and bytes of every file the tokens may be
    /// read from: the token files, or the resolver and every file it names
    /// in any context.
    public var digest: String
    /// The resolver with its files, when the tokens come from one: what
    /// resolves the set of any other choice of contexts.
    public var resolution: TokenResolution?
    /// The context `set` was resolved with, for each modifier.
    public var inputs = ResolverInputs()
    /// What was wrong with the inputs asked for (`kumiki tokens --input`).
    public var inputProblems: [ResolverInputProblem] = []
    /// The modifiers that follow an environment trait (`tokens.modes`),
    /// those the resolver has with every context their trait needs.
    public var modes: [ModeBinding] = []
    private var variants = TokenVariants()

    init(set: TokenSet, diagnostics: [Diagnostic], remSize: Double, digest: String,
         resolution: TokenResolution? = nil, inputs: ResolverInputs = ResolverInputs()) {
        self.set = set
        self.diagnostics = diagnostics
        self.remSize = remSize
        self.digest = digest
        self.resolution = resolution
        self.inputs = inputs
    }

    /// The set `inputs` chooses: `set` itself for its own inputs, else
    /// resolved once and kept (the pages of a build share it).
    public func set(for inputs: ResolverInputs) -> TokenSet {
        guard let resolution, inputs != self.inputs else { return set }
        return variants.set(for: inputs) { resolution.read(inputs).0 }
    }

    /// Keeps a set already resolved for `inputs`.
    fileprivate func keep(_ set: TokenSet, for inputs: ResolverInputs) {
        variants.keep(set, for: inputs)
    }
}

/// The sets of other choices of contexts, resolved on first use.
private final class TokenVariants: Sendable {
    private let sets = LockedValue<[ResolverInputs: TokenSet]>([:])

    func set(for inputs: ResolverInputs, resolve: () -> TokenSet) -> TokenSet {
        if let known = sets.withValue({ $0[inputs] }) { return known }
        let resolved = resolve()
        keep(resolved, for: inputs)
        return resolved
    }

    func keep(_ set: TokenSet, for inputs: ResolverInputs) {
        sets.withValue { $0[inputs] = set }
    }
}

extension BuildSession {
    /// The tokens `sources` names, read from the folder of `kumiki.yml`
    /// (`configuration`). The session keeps the last set it read, keyed by
    /// the files' paths and bytes, so a preview rebuild whose token files
    /// did not change reads nothing again.
    ///
    /// - Parameter inputs: Contexts chosen for a resolver's modifiers; the
    ///   others take their defaults. A site's pages use the defaults.
    public func tokens(
        _ sources: TokenSources, configuration: any SiteSource, inputs: [(modifier: String, context: String)] = []
    ) -> SiteTokens {
        var tokens = readTokens(sources, configuration: configuration, inputs: inputs)
        if let background = sources.background {
            tokens.background = background.token
            if let problem = Self.backgroundProblem(background, in: tokens.set) { tokens.diagnostics.append(problem) }
        }
        return tokens
    }

    /// An error at `tokens.background`'s value in `kumiki.yml` when the set
    /// has no such token (with the closest name) or it is not a colour.
    private static func backgroundProblem(_ background: TokenSources.Background, in set: TokenSet) -> Diagnostic? {
        guard let token = set.token(named: background.token) else {
            let hint = Suggestions.hint(for: background.token, among: set.tokens.map(\.name))
            return .error("'tokens.background' names no token '\(background.token)'\(hint)", at: background.location)
        }
        guard case .color = token.value else {
            return .error("'tokens.background' names '\(background.token)', a \(token.type.rawValue) token; it takes a color token",
                          at: background.location)
        }
        return nil
    }

    private func readTokens(
        _ sources: TokenSources, configuration: any SiteSource, inputs: [(modifier: String, context: String)]
    ) -> SiteTokens {
        if let resolver = sources.resolver {
            var tokens = resolvedTokens(resolver, remSize: sources.remSize, configuration: configuration, inputs: inputs)
            if let resolution = tokens.resolution {
                let (bound, problems) = Self.check(sources.modes, against: resolution.document)
                tokens.modes = bound
                tokens.diagnostics = problems + tokens.diagnostics
            }
            return tokens
        }
        var diagnostics: [Diagnostic] = []
        var files: [(path: String, text: String)] = []
        var hash = StableHash()
        for file in sources.files {
            let displayPath = configuration.displayPath(of: file.path)
            if let refusal = Self.refusal(of: file, what: "token file", in: configuration) {
                diagnostics.append(refusal)
                continue
            }
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
            var tokens = known
            tokens.diagnostics = diagnostics + known.diagnostics
            return tokens
        }
        let (set, problems) = TokenSet.read(files: files)
        remember(SiteTokens(set: set, diagnostics: problems, remSize: sources.remSize, digest: digest))
        return SiteTokens(set: set, diagnostics: diagnostics + problems, remSize: sources.remSize, digest: digest)
    }

    /// An error at a path of `kumiki.yml`'s `tokens` that names a file
    /// outside the site's folder, or one reached through a symbolic link:
    /// token files are read from the site's folder only, as the resolver's
    /// sources are and as the content is listed.
    private static func refusal(of file: TokenSources.File, what: String, in configuration: any SiteSource) -> Diagnostic? {
        guard RelativePath.file(file.path, from: SiteConfig.fileName) != nil else {
            return .error("'\(file.path)' is outside the site's folder; a \(what) is named from the folder of \(SiteConfig.fileName) "
                          + "and read from it only", at: file.location)
        }
        guard !configuration.isSymbolicLink(file.path) else {
            return .error("'\(file.path)' is reached through a symbolic link, which Kumiki does not follow: a \(what) is read from the site's folder only",
                          at: file.location)
        }
        return nil
    }

    /// The bindings of `tokens.modes` whose modifier the resolver has, with
    /// every context its trait needs; each other is an error at its line
    /// in `kumiki.yml`.
    static func check(_ modes: [ModeBinding], against document: ResolverDocument) -> ([ModeBinding], [Diagnostic]) {
        var bound: [ModeBinding] = []
        var problems: [Diagnostic] = []
        let names = document.modifiers.map(\.name)
        for binding in modes {
            guard let modifier = document.modifier(named: binding.modifier) else {
                problems.append(.error(
                    "the resolver has no modifier '\(binding.modifier)'"
                        + (names.isEmpty ? "" : "; its modifiers are \(names.joined(separator: ", "))")
                        + Suggestions.hint(for: binding.modifier, among: names),
                    at: binding.location))
                continue
            }
            let missing = binding.trait.contexts.filter { !modifier.contexts.contains($0) }
            guard missing.isEmpty else {
                problems.append(.error(
                    "modifier '\(modifier.name)' follows '\(binding.trait.rawValue)', whose contexts are "
                        + "\(binding.trait.contexts.joined(separator: ", ")); "
                        + (missing.count == binding.trait.contexts.count
                            ? "it has none of them" : "it has no " + missing.map { "'\($0)'" }.joined(separator: ", ")),
                    at: binding.location))
                continue
            }
            bound.append(binding)
        }
        return (bound, problems)
    }

    /// The tokens of a resolver: the document, then every file it names
    /// (in any context, so that one digest and one reading answer for every
    /// choice of contexts), resolved with `inputs` and the defaults.
    private func resolvedTokens(
        _ resolver: TokenSources.File, remSize: Double, configuration: any SiteSource,
        inputs given: [(modifier: String, context: String)]
    ) -> SiteTokens {
        let displayPath = configuration.displayPath(of: resolver.path)
        var hash = StableHash()
        hash.combine(field: "resolver " + displayPath)
        hash.combine(field: "rem \(remSize)")
        if let refusal = Self.refusal(of: resolver, what: "resolver", in: configuration) {
            return SiteTokens(set: TokenSet.read(files: []).0, diagnostics: [refusal], remSize: remSize, digest: hash.hex)
        }
        guard let data = configuration.contents(of: resolver.path) else {
            return SiteTokens(set: TokenSet.read(files: []).0, diagnostics: [.error(
                "no resolver '\(resolver.path)'; a resolver is named from the folder of \(SiteConfig.fileName)",
                at: resolver.location)], remSize: remSize, digest: hash.hex)
        }
        let input = InputText(decoding: data, path: displayPath)
        hash.combine(bulk: data)
        var fileProblems: [Diagnostic] = []
        var files: [String: TokenResolution.SourceFile] = [:]
        let (document, documentProblems) = TokenResolution.readDocument(input.text, path: resolver.path, displayPath: displayPath)
        for path in document?.files ?? [] {
            hash.combine(field: path)
            if configuration.isSymbolicLink(path) {
                hash.combine(field: "link")
                files[path] = .symbolicLink
                continue
            }
            guard let fileData = configuration.contents(of: path) else {
                hash.combine(field: "missing")
                files[path] = .missing
                continue
            }
            hash.combine(bulk: fileData)
            let fileDisplayPath = configuration.displayPath(of: path)
            let text = InputText(decoding: fileData, path: fileDisplayPath)
            if let problem = text.problem {
                fileProblems.append(problem)
                files[path] = .unreadable
            } else {
                files[path] = .text(text.text, displayPath: fileDisplayPath)
            }
        }
        let digest = hash.hex
        let leading = (input.problem.map { [$0] } ?? []) + documentProblems
        guard let document, input.problem == nil else {
            return SiteTokens(set: TokenSet.read(files: []).0, diagnostics: leading, remSize: remSize, digest: digest)
        }
        let resolution = TokenResolution(document: document, files: files)
        let (inputs, inputProblems, unchosen) = resolution.inputs(choosing: given)
        // The site's own reading (every default) is kept; a command's
        // chosen contexts are read afresh.
        if given.isEmpty, let known = rememberedTokens(digest: digest) {
            return known
        }
        let (set, problems) = resolution.read(inputs)
        let ordered = (leading + unchosen).sorted { ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0) }
        var tokens = SiteTokens(set: set, diagnostics: ordered + fileProblems + problems, remSize: remSize, digest: digest,
                                resolution: resolution, inputs: inputs)
        if given.isEmpty {
            // Every context is checked too, each modifier's in turn with the
            // others at their defaults, so that a problem in a file only a
            // context other than the default names is reported by check and
            // build; the sets are kept for the blocks that compare contexts.
            var seen = Set(tokens.diagnostics.map(\.description))
            let defaultFiles = resolution.displayPaths(readFor: inputs)
            for modifier in resolution.document.modifiers {
                // A problem the defaults do not have, in a file they read
                // too, holds only in the contexts that have it (an alias
                // to a token another context's file defines): said so, or it
                // reads as a problem of the tokens `kumiki tokens` shows,
                // which have none. A problem in a file only other contexts
                // read is that file's, and its place says where.
                var found: [(problem: Diagnostic, contexts: [String])] = []
                for inputs in resolution.combinations(of: [modifier.name], base: inputs) where inputs != tokens.inputs {
                    let (variant, variantProblems) = resolution.read(inputs)
                    tokens.keep(variant, for: inputs)
                    let context = inputs[modifier.name] ?? ""
                    for problem in variantProblems where !seen.contains(problem.description) {
                        if let index = found.firstIndex(where: { $0.problem.description == problem.description }) {
                            found[index].contexts.append(context)
                        } else {
                            found.append((problem, [context]))
                        }
                    }
                }
                for (problem, contexts) in found {
                    seen.insert(problem.description)
                    var located = problem
                    if let file = problem.location?.file, defaultFiles.contains(file) {
                        located.message += " (with " + contexts.map { "\(modifier.name)=\($0)" }.joined(separator: ", ") + ")"
                    }
                    tokens.diagnostics.append(located)
                }
            }
            remember(tokens)
        }
        tokens.inputProblems = inputProblems
        return tokens
    }
}

extension TokenSources {
    /// Every file the tokens are read from, by its path from the folder of
    /// `kumiki.yml`: the token files, or the resolver and every token file
    /// it names in any context (what `kumiki serve` watches).
    public func filesRead(from configuration: any SiteSource) -> [String] {
        guard let resolver else { return files.map(\.path) }
        guard let data = configuration.contents(of: resolver.path) else { return [resolver.path] }
        let text = InputText(decoding: data, path: resolver.path).text
        let document = TokenResolution.readDocument(text, path: resolver.path, displayPath: resolver.path).0
        return [resolver.path] + (document?.files ?? [])
    }
}
