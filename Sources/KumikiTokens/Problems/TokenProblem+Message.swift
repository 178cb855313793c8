import KumikiSupport

// The words of every token-file problem. The tests pin these sentences;
// the reading and checking code only names the problem.

extension TokenProblem {
    /// A Japanese description that is not text and a use of a deprecated
    /// token are warnings; everything else makes the token file invalid.
    public var severity: Severity {
        switch self {
        case .japaneseDescriptionNotText, .usesDeprecatedToken, .modifierWithOneContext: .warning
        default: .error
        }
    }

    public var message: String {
        fileMessage ?? referenceMessage ?? valueMessage ?? resolverMessage ?? ""
    }

    private var resolverMessage: String? {
        switch self {
        case .resolverVersion(let found):
            "'version' must be \"2025.10\", the one version of the Resolver module, not \(found)"
        case .modifierWithoutContexts(let modifier):
            "modifier '\(modifier)' has no contexts; give it at least two, as \"contexts\": {\"light\": […], \"dark\": […]}"
        case .modifierWithOneContext(let modifier, let context):
            "modifier '\(modifier)' has one context ('\(context)'), so it is a set in all but name; give it another context or declare it under 'sets'"
        case .unknownDefault(let modifier, let context, let contexts, let suggestion):
            "the default '\(context)' is not a context of modifier '\(modifier)'"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "; its contexts are \(contexts.joined(separator: ", "))")
        case .modifierNeedsInput(let modifier, let contexts):
            "modifier '\(modifier)' has no default, so an input must choose one of its contexts (\(contexts.joined(separator: ", ")));"
                + " give it \"default\", or run 'kumiki tokens --input \(modifier)=CONTEXT' (the first context is used meanwhile)"
        case .unknownSet(let reference, let suggestion):
            "'\(reference)' names no set\(hint(suggestion))"
        case .unknownModifier(let reference, let suggestion):
            "'\(reference)' names no modifier\(hint(suggestion))"
        case .modifierInSource(let reference):
            "'\(reference)': only 'resolutionOrder' may name a modifier; a source is a token tree, a token file or a set ('#/sets/NAME')"
        case .referenceIntoResolutionOrder(let reference):
            "'\(reference)' points into 'resolutionOrder', which nothing may reference; declare the set or modifier under 'sets' or 'modifiers'"
        case .unreadPointer(let reference):
            "'\(reference)' is not a source Kumiki reads; a source names a set ('#/sets/NAME') or a token file ('theme/dark.tokens.json')"
        case .remoteSource(let reference):
            "'\(reference)' is not read: token files are read from the site's folder, not over the network"
        case .sourceOutsideSite(let reference):
            "'\(reference)' leads out of the site's folder; a source's path is relative to the resolver's folder"
        case .sourceIsResolver(let reference):
            "'\(reference)' is this resolver itself; a source is a token file, or a set of this document written '#/sets/NAME'"
        case .sourceIsSymbolicLink(let reference):
            "'\(reference)' is reached through a symbolic link, which Kumiki does not follow: token files are read from the site's folder only"
        case .sourceFileMissing(let path):
            "no token file '\(path)'; a source's path is relative to the resolver's folder"
        case .referenceWithSiblings(let key):
            "a source with \"$ref\" takes no other keys ('\(key)'); put those tokens in an inline source after it"
        case .setCycle(let chain):
            "sets include one another: \(chain.joined(separator: " → "))"
        case .duplicateOrderName(let name, let line):
            "'\(name)' is named twice in 'resolutionOrder' (first on line \(line)); each set and modifier there needs its own name"
        case .orderItemForm:
            "an item of 'resolutionOrder' is {\"$ref\": \"#/sets/NAME\"}, {\"$ref\": \"#/modifiers/NAME\"}, or a set or modifier written in place with \"type\" and \"name\""
        case .inlineItemType(let found):
            "\"type\" of a set or modifier written in 'resolutionOrder' is \"set\" or \"modifier\", not \(found)"
        case .sourceNotObject(let found):
            "a source is a token tree (an object of groups and tokens) or {\"$ref\": …}, not \(found)"
        default: nil
        }
    }

    private var fileMessage: String? {
        switch self {
        case .malformedJSON(let problem): "invalid JSON: \(problem.message)"
        case .duplicateKey(let key, let line): "'\(key)' appears twice in this object (first on line \(line))"
        case .documentNotObject(let found): "a token file holds one JSON object of groups and tokens, not \(found)"
        case .invalidName(let name, let fault): fault.message(name)
        case .unknownProperty(let name, let onToken, let suggestion):
            "unknown \(onToken ? "token" : "group") property '\(name)'"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "; names of tokens and groups cannot start with '$'")
        case .notTokenOrGroup(let name, let found):
            "'\(name)' must be an object (a token with \"$value\", or a group), not \(found)"
        case .tokenWithChildren(let token, let child):
            "'\(token)' has \"$value\", so it is a token and cannot hold tokens or groups ('\(child)'); put them in a group, with the value as its \"$root\""
        case .valueAndRef(let token): "'\(token)' has both \"$value\" and \"$ref\"; give one"
        case .rootIsGroup(let group):
            "\"$root\" of '\(group.isEmpty ? "the document" : group)' must be a token, with \"$value\""
        case .propertyForm(let property, let expected, let found): "'\(property)' must be \(expected), not \(found)"
        case .unknownType(let name, let suggestion):
            "unknown type '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" }
                ?? "; the types are \(TokenType.allCases.map(\.rawValue).joined(separator: ", "))")
        case .typeUndetermined(let token):
            "the type of '\(token)' cannot be determined: give it a \"$type\", alias a token that has one, or put it in a group with one"
        case .japaneseDescriptionNotText(let found): "'description_ja' must be a string, not \(found); it is ignored"
        default: nil
        }
    }

    private var referenceMessage: String? {
        switch self {
        case .malformedReference(let text):
            "'\(text)' is not a token reference: write '{group.token}', names joined by '.', none empty or starting with '$' (but a last '$root')"
        case .malformedPointer(let pointer):
            "'\(pointer)' is not a JSON Pointer into this document; write '#/group/token/$value/…'"
        case .unknownToken(let reference, let suggestion):
            "'\(reference)' names no token\(hint(suggestion.map { "{\($0)}" }))"
        case .aliasToGroup(let reference, let hasRoot):
            "'\(reference)' is an alias to a group, not a token"
                + (hasRoot ? "; did you mean '\(reference.dropLast()).$root}'?" : "")
        case .aliasTypeMismatch(let reference, let found, let expected):
            "'\(reference)' is a \(found.rawValue) token; \(article(expected.rawValue)) \(expected.rawValue) is expected here"
        case .referenceCycle(let chain): "reference cycle: \(chain.joined(separator: " → "))"
        case .referenceChainTooLong(let limit): "references here go more than \(limit) deep"
        case .pointerUnresolved(let pointer, let missing): "'\(pointer)' leads nowhere: there is no '\(missing)'"
        case .pointerToGroup(let pointer): "'\(pointer)' leads to a group, not to a token or a part of one"
        case .throughPointer(let pointer, let problem): "in the value '\(pointer)' leads to: \(problem.message)"
        case .listInList(let reference, let count, let item):
            "'\(reference)' holds \(count) \(item)s; an element of this list is one \(item) (lists are not flattened)"
        case .extendsUnresolved(let reference, let suggestion):
            "'$extends' names '\(reference)', which is no group\(hint(suggestion.map { "{\($0)}" }))"
        case .extendsToken(let reference): "'$extends' must name a group, and '\(reference)' is a token"
        case .extendsCycle(let chain): "'$extends' cycle: \(chain.joined(separator: " → "))"
        case .usesDeprecatedToken(let token, let reason):
            "'\(token)' is deprecated" + (reason.map { ": \($0)" } ?? "")
        default: nil
        }
    }

    private var valueMessage: String? {
        switch self {
        case .wrongKind(let expected, let found): "expected \(expected), found \(found)"
        case .legacyString(let text, let type, let replacement):
            "'\(text)' is the pre-2025 string form of \(article(type.rawValue)) \(type.rawValue); use \(replacement)"
        case .missingKey(let key, let what): "\(what) needs \"\(key)\""
        case .unknownKey(let key, let what, let allowed, let suggestion):
            "unknown key \"\(key)\" in \(what)"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "; expected one of \(allowed.joined(separator: ", "))")
        case .unknownKeyword(let word, let what, let allowed, let suggestion):
            "unknown \(what) '\(word)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; expected one of \(allowed.joined(separator: ", "))")
        case .componentCount(let space, let found):
            "colors in '\(space.rawValue)' have \(space.components.count) components (\(space.components.map(\.name).joined(separator: ", "))), not \(found)"
        case .componentOutOfRange(let space, let component, let value, let range):
            "\(component) of a color in '\(space.rawValue)' must be in \(range), not \(number(value))"
        case .alphaOutOfRange(let value): "alpha must be in [0, 1], not \(number(value))"
        case .hexWithAlpha(let hex, let alpha):
            "'\(hex)' has eight digits; \"hex\" is six, \"#rrggbb\": give the alpha apart, as \"alpha\": \(number(alpha))"
        case .malformedHex(let text): "'\(text)' is not a hex color \"#rrggbb\" (six digits)"
        case .fontWeightOutOfRange(let value): "a font weight is from 1 to 1000, not \(number(value))"
        case .measureTooLarge(let value, let type, let limit):
            "a \(type.rawValue)'s value is from -\(number(limit)) to \(number(limit)), not \(number(value))"
        case .cubicBezierCount(let found): "a cubic Bézier is four numbers [x1, y1, x2, y2], not \(found)"
        case .cubicBezierXOutOfRange(let point, let value): "x\(point) of a cubic Bézier must be in [0, 1], not \(number(value))"
        case .emptyList(let what): "\(what) needs at least one element"
        default: nil
        }
    }

    private func hint(_ suggestion: String?) -> String {
        Suggestions.hint(suggestion.map { [$0] } ?? [])
    }

    private func number(_ value: Double) -> String {
        JSONValue.number(value).written()
    }

    private func article(_ word: String) -> String {
        word.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }
}

extension ResolverInputProblem {
    public var message: String {
        switch self {
        case .noModifiers: "the resolver has no modifiers, so there are no contexts to choose"
        case .unknownModifier(let name, let modifiers, let suggestion):
            "the resolver has no modifier '\(name)'"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "; its modifiers are \(modifiers.joined(separator: ", "))")
        case .unknownContext(let modifier, let context, let contexts, let suggestion):
            "modifier '\(modifier)' has no context '\(context)'"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "; its contexts are \(contexts.joined(separator: ", "))")
        }
    }
}

extension TokenProblem.NameFault {
    func message(_ name: String) -> String {
        switch self {
        case .empty: "a token or group name cannot be empty"
        case .startsWithDollar: "'\(name)': token and group names cannot start with '$'"
        case .contains(let character): "'\(name)': token and group names cannot contain '\(character)'"
        }
    }
}

extension JSONSyntaxProblem {
    public var message: String {
        switch self {
        case .emptyDocument: "the file is empty; a token file holds one JSON object"
        case .unexpectedEnd(let expected): "the file ends where \(expected.words) should be"
        case .unexpectedCharacter(let character, let expected):
            "expected \(expected.words), found \(Self.describe(character))"
        case .trailingContent(let character):
            "unexpected \(Self.describe(character)) after the end of the JSON value"
        case .unterminatedString: "the string is not closed by '\"' on its line"
        case .controlCharacterInString: "a control character in a string; escape it (\\n, \\t, \\u0000)"
        case .invalidEscape(let text): "invalid escape '\(text)'"
        case .invalidUnicodeEscape: "'\\u' must be followed by four hex digits"
        case .loneSurrogate: "a '\\u' escape of half a surrogate pair"
        case .malformedNumber(let text): "malformed number '\(text)'"
        case .numberOutOfRange(let text): "the number '\(text)' is too large"
        case .tooDeep(let limit): "arrays and objects are nested more than \(limit) deep"
        }
    }
}

extension JSONSyntaxProblem {
    /// A character quoted, or named when it cannot be seen.
    static func describe(_ character: Character) -> String {
        if character == "\n" { return "a line break" }
        if character.isWhitespace || character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "U+" + String(character.unicodeScalars.first.map(\.value) ?? 0, radix: 16, uppercase: true)
        }
        return "'\(character)'"
    }
}

extension JSONSyntaxProblem.Expected {
    var words: String {
        switch self {
        case .value: "a value"
        case .key: "a key in double quotes"
        case .colon: "':'"
        case .commaOrBrace: "',' or '}'"
        case .commaOrBracket: "',' or ']'"
        }
    }
}
