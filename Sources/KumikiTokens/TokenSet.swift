import KumikiSupport

/// The tokens of one or more DTCG 2025.10 token files, read, checked and
/// resolved.
///
/// Files are merged in order, as a resolver merges its sources: a later
/// file's token replaces an earlier one's of the same name (and is listed
/// where the later file has it), a later group's properties replace an
/// earlier one's, and aliases resolve after the merge, so a file may alias
/// a token only another file defines. Then `$extends` is applied, types
/// and values are resolved and checked.
public struct TokenSet: Sendable {
    /// The tokens that have a type and a valid value, in file order: files
    /// in order, each depth-first as written. A token with a problem is
    /// reported and left out.
    public private(set) var tokens: [Token]
    /// The tokens declared but left out for a problem of their own or of a
    /// token they alias, in file order.
    public private(set) var withheldNames: [String]
    private var index: [String: Int]

    init(tokens: [Token], withheldNames: [String] = []) {
        self.tokens = tokens
        self.withheldNames = withheldNames
        index = Dictionary(tokens.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The token with the dotted name `name` (`color.accent.$root`).
    public func token(named name: String) -> Token? {
        index[name].map { tokens[$0] }
    }

    /// Reads, merges and resolves token files.
    ///
    /// - Parameter files: Each file's path (as diagnostics print it) and
    ///   text, earliest first.
    /// - Returns: The tokens, and every problem as a diagnostic
    ///   (`path:line:column: error: message`), files in order, each by line
    ///   and column.
    public static func read(files: [(path: String, text: String)]) -> (TokenSet, [Diagnostic]) {
        let (set, problems) = readProblems(files: files)
        return (set, problems.map(\.diagnostic))
    }

    /// `read(files:)` with the problems as data.
    public static func readProblems(files: [(path: String, text: String)]) -> (TokenSet, [LocatedTokenProblem]) {
        readProblems(sources: files.map { TokenSource(path: $0.path, content: .text($0.text)) })
    }

    /// Reads, merges and resolves sources in order: files, and token trees
    /// already read (a resolver's inline sources and `$ref` fragments).
    static func readProblems(sources: [TokenSource]) -> (TokenSet, [LocatedTokenProblem]) {
        var problems: [LocatedTokenProblem] = []
        let merged = GroupNode(path: [], file: 0, keyPosition: TextPosition(line: 1, column: 1))
        var replaced: [TokenDeclaration] = []
        for (number, source) in sources.enumerated() {
            let (root, fileProblems) = switch source.content {
            case .text(let text): TokenFileReader.read(text, file: number, path: source.path)
            case .tree(let node): TokenFileReader.read(node: node, file: number, path: source.path)
            }
            problems += fileProblems
            if let root { TokenMerge.merge(root, into: merged, replaced: &replaced) }
        }
        let paths = sources.map(\.path)
        problems += GroupExtension.apply(in: merged, paths: paths)
        let flat = TokenMerge.flatten(merged)
        let declarations = Dictionary(flat.map { ($0.declaration.name, $0.declaration) }, uniquingKeysWith: { first, _ in first })
        let names = flat.map(\.declaration.name)
        let resolver = TokenResolver(
            paths: paths, root: merged, declarations: declarations,
            groupTypes: Dictionary(flat.map { ($0.declaration.name, $0.type) }, uniquingKeysWith: { first, _ in first }),
            tokenNames: names)
        var tokens: [Token] = []
        var withheld: [String] = []
        for entry in flat {
            let declaration = entry.declaration
            guard let resolved = resolver.resolve(declaration.name) else {
                withheld.append(declaration.name)
                continue
            }
            tokens.append(Token(
                name: declaration.name, path: declaration.path, type: resolved.type, value: resolved.value,
                references: references(in: declaration, resolver: resolver),
                description: declaration.description, japaneseDescription: declaration.japaneseDescription,
                deprecation: declaration.deprecation ?? entry.deprecation ?? .current, extensions: declaration.extensions,
                location: resolver.location(declaration.keyPosition, declaration.file),
                valueLocation: resolver.location(declaration.value.position, declaration.file)))
        }
        problems += resolver.problems
        problems += ReplacedTokenCheck.check(replaced, paths: paths, root: merged, declarations: declarations)
        return (TokenSet(tokens: tokens, withheldNames: withheld), ordered(problems, paths: paths))
    }

    /// Each problem once, files in the order given, then by line and column.
    static func ordered(_ problems: [LocatedTokenProblem], paths: [String]) -> [LocatedTokenProblem] {
        var seen: Set<LocatedTokenProblem> = []
        let unique = problems.filter { seen.insert($0).inserted }
        let rank = Dictionary(paths.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return unique.enumerated().sorted { a, b in
            let left = a.element.location, right = b.element.location
            let keyA = (rank[left.file] ?? 0, left.line, left.column), keyB = (rank[right.file] ?? 0, right.line, right.column)
            return keyA != keyB ? keyA < keyB : a.offset < b.offset
        }.map(\.element)
    }

    /// Every reference in a token's own `$value`, depth-first.
    private static func references(in declaration: TokenDeclaration, resolver: TokenResolver) -> [TokenReference] {
        var found: [TokenReference] = []
        var stack = [declaration.value]
        while let node = stack.popLast() {
            let here = resolver.location(node.position, declaration.file)
            switch Reference.of(node) {
            case .alias(let path):
                let name = path.joined(separator: ".")
                found.append(TokenReference(written: name, isPointer: false, token: resolver.declarations[name] != nil ? name : nil, location: here))
                continue
            case .pointer(let pointer):
                let target = Reference.pointerSegments(pointer).flatMap { tokenName(along: $0, in: resolver.root) }
                found.append(TokenReference(written: pointer, isPointer: true, token: target, location: here))
                continue
            default: break
            }
            switch node.value {
            case .array(let elements): stack += elements.reversed()
            case .object(let members): stack += members.map(\.value).reversed()
            default: break
            }
        }
        return found
    }

    /// The token a pointer's segments lead into, if any.
    private static func tokenName(along segments: [String], in root: GroupNode) -> String? {
        var group = root
        for segment in segments {
            switch group[segment] {
            case .group(let next)?: group = next
            case .token(let token)?: return token.name
            case nil: return nil
            }
        }
        return nil
    }

    // MARK: Deprecation

    /// The uses of deprecated tokens: each reference, in a token's own
    /// value, to a token that is deprecated, with its reason.
    public var deprecatedUses: [(user: Token, reference: TokenReference, deprecation: Deprecation)] {
        tokens.flatMap { user in
            user.references.compactMap { reference in
                guard let name = reference.token, let used = token(named: name), used.deprecation.isDeprecated else { return nil }
                return (user, reference, used.deprecation)
            }
        }
    }

    /// A warning at each use of a deprecated token (`deprecatedUses`).
    public func deprecationWarnings() -> [Diagnostic] {
        deprecatedUses.map { use in
            LocatedTokenProblem(.usesDeprecatedToken(token: use.reference.token ?? use.reference.written,
                                                     reason: use.deprecation.reason),
                                at: use.reference.location).diagnostic
        }
    }
}
