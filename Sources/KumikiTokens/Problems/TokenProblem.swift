import KumikiSupport

/// One problem in a set of token files, as data: what is wrong, with what
/// was written. `TokenProblem+Message.swift` words them; the reading and
/// checking code only names them.
public indirect enum TokenProblem: Hashable, Sendable {
    /// Why a name cannot be a token's or a group's.
    public enum NameFault: Hashable, Sendable {
        case empty
        case startsWithDollar
        case contains(Character)
    }

    // MARK: The file

    case malformedJSON(JSONSyntaxProblem)
    case duplicateKey(String, firstLine: Int)
    case documentNotObject(found: String)

    // MARK: Groups and tokens

    case invalidName(String, NameFault)
    case unknownProperty(String, onToken: Bool, suggestion: String?)
    case notTokenOrGroup(String, found: String)
    case tokenWithChildren(token: String, child: String)
    case valueAndRef(token: String)
    case rootIsGroup(group: String)
    case propertyForm(property: String, expected: String, found: String)
    case unknownType(String, suggestion: String?)
    case typeUndetermined(token: String)
    case japaneseDescriptionNotText(found: String)

    // MARK: References

    case malformedReference(String)
    case malformedPointer(String)
    case unknownToken(reference: String, suggestion: String?)
    case aliasToGroup(reference: String, hasRoot: Bool)
    case aliasTypeMismatch(reference: String, found: TokenType, expected: TokenType)
    case referenceCycle([String])
    case referenceChainTooLong(limit: Int)
    case pointerUnresolved(pointer: String, missing: String)
    case pointerToGroup(pointer: String)
    case throughPointer(pointer: String, TokenProblem)
    case listInList(reference: String, count: Int, item: String)
    case extendsUnresolved(reference: String, suggestion: String?)
    case extendsToken(reference: String)
    case extendsCycle([String])

    // MARK: Values

    case wrongKind(expected: String, found: String)
    case legacyString(String, type: TokenType, replacement: String)
    case missingKey(String, in: String)
    case unknownKey(String, in: String, allowed: [String], suggestion: String?)
    case unknownKeyword(String, of: String, allowed: [String], suggestion: String?)
    case componentCount(ColorSpace, found: Int)
    case componentOutOfRange(ColorSpace, component: String, value: Double, range: String)
    case alphaOutOfRange(Double)
    case hexWithAlpha(String, alpha: Double)
    case malformedHex(String)
    case fontWeightOutOfRange(Double)
    case measureTooLarge(Double, type: TokenType, limit: Double)
    case cubicBezierCount(found: Int)
    case cubicBezierXOutOfRange(point: Int, value: Double)
    case emptyList(String)

    // MARK: Resolvers

    case resolverVersion(found: String)
    case modifierWithoutContexts(modifier: String)
    case modifierWithOneContext(modifier: String, context: String)
    case unknownDefault(modifier: String, context: String, contexts: [String], suggestion: String?)
    case modifierNeedsInput(modifier: String, contexts: [String])
    case unknownSet(reference: String, suggestion: String?)
    case unknownModifier(reference: String, suggestion: String?)
    case modifierInSource(reference: String)
    case referenceIntoResolutionOrder(reference: String)
    case unreadPointer(reference: String)
    case remoteSource(reference: String)
    case sourceOutsideSite(reference: String)
    case sourceIsResolver(reference: String)
    case sourceIsSymbolicLink(reference: String)
    case sourceFileMissing(path: String)
    case referenceWithSiblings(key: String)
    case setCycle([String])
    case duplicateOrderName(String, firstLine: Int)
    case orderItemForm
    case inlineItemType(found: String)
    case sourceNotObject(found: String)

    // MARK: Uses

    /// A token's value names a deprecated token (a warning, given by
    /// `TokenSet.deprecationWarnings()`, not by reading).
    case usesDeprecatedToken(token: String, reason: String?)
}

/// A problem and the place it was found.
public struct LocatedTokenProblem: Hashable, Sendable {
    public var problem: TokenProblem
    public var location: SourceLocation

    public init(_ problem: TokenProblem, at location: SourceLocation) {
        self.problem = problem
        self.location = location
    }

    /// `path:line:column: error: message`.
    ///
    /// A misspelt property or type is the JSON string written at the
    /// location (its quotes included), and the closest name, written as a
    /// JSON string, its replacement.
    public var diagnostic: Diagnostic {
        let diagnostic = Diagnostic(problem.severity, problem.message, at: location, code: .code(.token, naming: problem))
        switch problem {
        case .unknownProperty(let name, _, let suggestion), .unknownType(let name, let suggestion):
            return diagnostic.spanning(name.jsonStringLiteral.count, replacements: suggestion.map { [$0.jsonStringLiteral] } ?? [])
        default:
            return diagnostic
        }
    }
}
