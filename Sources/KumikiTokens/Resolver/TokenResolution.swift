import KumikiSupport

/// A resolver with the token files it names: what resolves any of the
/// token sets it describes.
///
/// Reading files is the caller's (the build session reads a site's files
/// through its source): it reads the resolver (`readDocument`), then every
/// file of `ResolverDocument.files`, whatever the input, so that one value
/// answers for every choice of contexts (a `tokens` block's `compare:`).
public struct TokenResolution: Sendable {
    /// One file a source names, as the caller found it.
    public enum SourceFile: Sendable {
        /// Its text, and its path as diagnostics print it.
        case text(String, displayPath: String)
        /// There is no such file: an error at each `$ref` that names it.
        case missing
        /// It could not be read (not UTF-8, say), and the caller said so:
        /// left out without another word.
        case unreadable
        /// It is a symbolic link (or lies in a linked folder), which is
        /// not followed.
        case symbolicLink
    }

    public var document: ResolverDocument
    private var files: [String: SourceFile]

    /// - Parameters:
    ///   - document: The resolver.
    ///   - files: Each file of `document.files`, by its path from the
    ///     site's folder; a file not given is missing.
    public init(document: ResolverDocument, files: [String: SourceFile]) {
        self.document = document
        self.files = files
    }

    /// Reads a resolver document.
    ///
    /// - Parameters:
    ///   - text: The resolver's text.
    ///   - path: Its path from the site's folder; its sources' paths are
    ///     taken from its folder.
    ///   - displayPath: Its path as diagnostics print it.
    /// - Returns: The document (`nil` when it is not a JSON object) and
    ///   every problem of its shape.
    public static func readDocument(_ text: String, path: String, displayPath: String) -> (ResolverDocument?, [Diagnostic]) {
        let (document, problems) = ResolverReader.read(text, path: path, displayPath: displayPath)
        return (document, problems.map(\.diagnostic))
    }

    // MARK: Inputs

    /// The inputs `given` completes: a context for every modifier, the
    /// given one, else the modifier's default. A name or context that the
    /// resolver does not have is a problem (with the closest as a
    /// suggestion), matched without regard to case when only that differs;
    /// a modifier with neither an input nor a default is an error at its
    /// name, and its first context is used meanwhile.
    public func inputs(
        choosing given: [(modifier: String, context: String)]
    ) -> (ResolverInputs, [ResolverInputProblem], [Diagnostic]) {
        let modifiers = document.modifiers
        var chosen: [String: String] = [:]
        var problems: [ResolverInputProblem] = []
        if modifiers.isEmpty && !given.isEmpty { problems.append(.noModifiers) }
        for (name, context) in given where !modifiers.isEmpty {
            guard let modifier = Self.match(name, in: modifiers.map(\.name)).flatMap(document.modifier(named:)) else {
                problems.append(.unknownModifier(name, modifiers: modifiers.map(\.name),
                                                 suggestion: Suggestions.closest(to: name, among: modifiers.map(\.name)).first))
                continue
            }
            guard let found = Self.match(context, in: modifier.contexts) else {
                problems.append(.unknownContext(modifier: modifier.name, context: context, contexts: modifier.contexts,
                                                suggestion: Suggestions.closest(to: context, among: modifier.contexts).first))
                continue
            }
            chosen[modifier.name] = found
        }
        var unchosen: [Diagnostic] = []
        let choices = modifiers.map { modifier -> ResolverInputs.Choice in
            if let context = chosen[modifier.name] ?? modifier.defaultContext {
                return ResolverInputs.Choice(modifier: modifier.name, context: context)
            }
            // A default written wrong is reported where it is written.
            guard !modifier.hasReportedDefault else { return ResolverInputs.Choice(modifier: modifier.name, context: modifier.contexts[0]) }
            unchosen.append(LocatedTokenProblem(.modifierNeedsInput(modifier: modifier.name, contexts: modifier.contexts),
                                                at: modifier.position.location(in: document.displayPath)).diagnostic)
            return ResolverInputs.Choice(modifier: modifier.name, context: modifier.contexts[0])
        }
        return (ResolverInputs(choices), problems, unchosen)
    }

    /// `word` among `names`: as written, else the one name that differs
    /// from it only in case (the Resolver module asks inputs to be read
    /// without regard to case).
    private static func match(_ word: String, in names: [String]) -> String? {
        if names.contains(word) { return word }
        let folded = names.filter { $0.lowercased() == word.lowercased() }
        return folded.count == 1 ? folded[0] : nil
    }

    /// Every choice of contexts for `modifiers`, the first modifier's
    /// contexts varying slowest; the other modifiers keep `base`'s.
    public func combinations(of modifiers: [String], base: ResolverInputs) -> [ResolverInputs] {
        var results = [base]
        for name in modifiers {
            guard let modifier = document.modifier(named: name) else { continue }
            results = results.flatMap { inputs in
                modifier.contexts.map { context in
                    var next = inputs
                    next.choose(context, for: name)
                    return next
                }
            }
        }
        return results
    }

    /// The files `inputs` reads, as diagnostics print their paths (the
    /// resolver's own, for its inline sources).
    public func displayPaths(readFor inputs: ResolverInputs) -> Set<String> {
        var paths: Set<String> = []
        for source in document.sources(for: inputs) {
            switch source {
            case .inline: paths.insert(document.displayPath)
            case .file(let path, _, _, _):
                if case .text(_, let displayPath)? = files[path] { paths.insert(displayPath) }
            }
        }
        return paths
    }

    // MARK: Resolving

    /// The token set `inputs` chooses: the sources of every step of
    /// `resolutionOrder`, merged in order as `TokenSet.read(files:)` merges
    /// files (a later token wins, aliases resolve after the merge), and
    /// every problem of those sources, each in its file. The document's own
    /// problems are `readDocument`'s, not repeated here.
    public func read(_ inputs: ResolverInputs) -> (TokenSet, [Diagnostic]) {
        var problems: [LocatedTokenProblem] = []
        var sources: [TokenSource] = []
        for source in document.sources(for: inputs) {
            switch source {
            case .inline(let node):
                sources.append(TokenSource(path: document.displayPath, content: .tree(node)))
            case .file(let path, let fragment, let reference, let position):
                switch files[path] ?? .missing {
                case .unreadable: continue
                case .missing:
                    problems.append(LocatedTokenProblem(.sourceFileMissing(path: reference), at: position.location(in: document.displayPath)))
                case .symbolicLink:
                    problems.append(LocatedTokenProblem(.sourceIsSymbolicLink(reference: reference), at: position.location(in: document.displayPath)))
                case .text(let text, let displayPath):
                    guard let fragment else {
                        sources.append(TokenSource(path: displayPath, content: .text(text)))
                        continue
                    }
                    if let tree = part(of: text, at: fragment, displayPath: displayPath, reference: reference, position: position,
                                       problems: &problems) {
                        sources.append(TokenSource(path: displayPath, content: .tree(tree)))
                    }
                }
            }
        }
        let (set, tokenProblems) = TokenSet.readProblems(sources: sources)
        let ordered = TokenSet.ordered(problems + tokenProblems, paths: [document.displayPath] + sources.map(\.path))
        return (set, ordered.map(\.diagnostic))
    }

    /// The part of a file a `$ref`'s fragment points to. The file's JSON
    /// problems are reported in it, a fragment that leads nowhere at the
    /// `$ref`.
    private func part(
        of text: String, at fragment: [String], displayPath: String, reference: String, position: TextPosition,
        problems: inout [LocatedTokenProblem]
    ) -> JSONNode? {
        let json = TokenDocumentJSON(text)
        for (problem, place) in json.problems { problems.append(LocatedTokenProblem(problem, at: place.location(in: displayPath))) }
        guard var node = json.node else { return nil }
        for segment in fragment {
            let next: JSONNode? = switch node.value {
            case .object: node[segment]
            case .array(let elements): Int(segment).flatMap { elements.indices.contains($0) ? elements[$0] : nil }
            default: nil
            }
            guard let next else {
                problems.append(LocatedTokenProblem(.pointerUnresolved(pointer: reference, missing: segment),
                                                    at: position.location(in: document.displayPath)))
                return nil
            }
            node = next
        }
        guard node.members != nil else {
            problems.append(LocatedTokenProblem(.sourceNotObject(found: node.kindName), at: position.location(in: document.displayPath)))
            return nil
        }
        return node
    }
}
