import KumikiSupport

/// Reads a resolver document (`*.resolver.json`, the 2025.10 Resolver
/// module) into a `ResolverDocument`, reporting every problem of its shape
/// at its key or value: the version, unknown keys, sets and their sources,
/// modifiers without contexts or with a default that is none of them,
/// references to sets and modifiers that do not exist or may not be named
/// there, sets that include one another, names given twice in
/// `resolutionOrder`.
///
/// Token trees are not read here: an inline source is kept as JSON and a
/// file as its path, and both are read as token sources when a set of
/// tokens is resolved, so their problems are reported where they are
/// written.
struct ResolverReader {
    static let version = "2025.10"
    static let documentKeys = ["$schema", "name", "version", "description", "sets", "modifiers", "resolutionOrder", "$defs", "$extensions"]
    static let setKeys = ["description", "sources", "$extensions"]
    static let modifierKeys = ["description", "contexts", "default", "$extensions"]
    /// What a set or modifier written in `resolutionOrder` has besides.
    static let inlineKeys = ["type", "name"]

    private let path: String
    private let displayPath: String
    private var problems: [LocatedTokenProblem] = []
    private var files: [String] = []
    private var setNodes: [String: JSONNode.Member] = [:]
    private var setNames: [String] = []
    private var expandedSets: [String: [ResolverDocument.Source]] = [:]
    // The sets being expanded, innermost last: a set met again here
    // includes itself.
    private var expanding: [String] = []
    // Modifiers declared with a problem that leaves them out: a reference
    // to one is not reported again as naming nothing.
    private var rejectedModifiers: Set<String> = []

    private init(path: String, displayPath: String) {
        self.path = path
        self.displayPath = displayPath
    }

    /// Reads a resolver document.
    ///
    /// - Parameters:
    ///   - text: The document.
    ///   - path: Its path from the site's folder, from which its sources'
    ///     paths are taken.
    ///   - displayPath: Its path as diagnostics print it.
    /// - Returns: The document, `nil` when it is not a JSON object; and its
    ///   problems, by line and column.
    static func read(_ text: String, path: String, displayPath: String) -> (ResolverDocument?, [LocatedTokenProblem]) {
        var reader = ResolverReader(path: path, displayPath: displayPath)
        let json = TokenDocumentJSON(text)
        for (problem, position) in json.problems { reader.report(problem, at: position) }
        guard let node = json.node else { return (nil, reader.sortedProblems) }
        guard let members = node.members else {
            reader.report(.wrongKind(expected: "a resolver document (one JSON object)", found: node.kindName), at: node.position)
            return (nil, reader.sortedProblems)
        }
        let document = reader.readDocument(node, members: members)
        return (document, reader.sortedProblems)
    }

    private var sortedProblems: [LocatedTokenProblem] {
        problems.enumerated().sorted { a, b in
            a.element.location != b.element.location ? a.element.location < b.element.location : a.offset < b.offset
        }.map(\.element)
    }

    private mutating func report(_ problem: TokenProblem, at position: TextPosition) {
        problems.append(LocatedTokenProblem(problem, at: position.location(in: displayPath)))
    }

    // MARK: The document

    private mutating func readDocument(_ node: JSONNode, members: [JSONNode.Member]) -> ResolverDocument {
        for member in members where !Self.documentKeys.contains(member.key) {
            report(.unknownKey(member.key, in: "a resolver document", allowed: Self.documentKeys,
                               suggestion: Suggestions.closest(to: member.key, among: Self.documentKeys).first),
                   at: member.keyPosition)
        }
        for key in ["name", "description", "$schema"] {
            if let member = node.member(key), member.value.string == nil {
                report(.propertyForm(property: key, expected: "a string", found: member.value.kindName), at: member.value.position)
            }
        }
        if let version = node.member("version") {
            if version.value.string != Self.version {
                let found = version.value.string.map { "\"\($0)\"" } ?? version.value.kindName
                report(.resolverVersion(found: found), at: version.value.position)
            }
        } else {
            report(.missingKey("version", in: "a resolver document"), at: node.position)
        }

        // Sets first: sources may name them, wherever they are.
        if let sets = node.member("sets") {
            if let entries = sets.value.members {
                for entry in entries where setNodes[entry.key] == nil {
                    setNodes[entry.key] = entry
                    setNames.append(entry.key)
                }
                for name in setNames { _ = expandSet(name, at: setNodes[name]?.keyPosition ?? sets.keyPosition) }
            } else {
                report(.propertyForm(property: "sets", expected: "an object of named sets", found: sets.value.kindName),
                       at: sets.value.position)
            }
        }
        var declared: [ResolverDocument.Modifier] = []
        if let modifiers = node.member("modifiers") {
            if let entries = modifiers.value.members {
                for entry in entries {
                    if let modifier = readModifier(entry.key, at: entry.keyPosition, entry.value, inline: false) {
                        declared.append(modifier)
                    } else {
                        rejectedModifiers.insert(entry.key)
                    }
                }
            } else {
                report(.propertyForm(property: "modifiers", expected: "an object of named modifiers", found: modifiers.value.kindName),
                       at: modifiers.value.position)
            }
        }

        var steps: [ResolverDocument.Step] = []
        var ordered: [ResolverDocument.Modifier] = []
        if let order = node.member("resolutionOrder") {
            if let items = order.value.elements {
                var named: [String: TextPosition] = [:]
                for item in items {
                    guard let (step, name, position, modifier) = readStep(item, declared: declared) else { continue }
                    if let first = named[name] {
                        report(.duplicateOrderName(name, firstLine: first.line), at: position)
                        continue
                    }
                    named[name] = position
                    steps.append(step)
                    if let modifier { ordered.append(modifier) }
                }
            } else {
                report(.propertyForm(property: "resolutionOrder", expected: "an array of sets and modifiers", found: order.value.kindName),
                       at: order.value.position)
            }
        } else {
            report(.missingKey("resolutionOrder", in: "a resolver document"), at: node.position)
        }
        // Modifiers the order leaves out are still listed (and accepted as
        // inputs), after the ones it uses.
        for modifier in declared where !ordered.contains(where: { $0.name == modifier.name }) {
            ordered.append(modifier)
        }
        return ResolverDocument(path: path, displayPath: displayPath, modifiers: ordered, steps: steps, files: files)
    }

    /// One item of `resolutionOrder`: the step, the name it goes by there,
    /// where that name is written, and the modifier when it is one.
    private mutating func readStep(
        _ item: JSONNode, declared: [ResolverDocument.Modifier]
    ) -> (ResolverDocument.Step, String, TextPosition, ResolverDocument.Modifier?)? {
        guard let members = item.members else {
            report(.orderItemForm, at: item.position)
            return nil
        }
        if let reference = item.member("$ref") {
            for member in members where member.key != "$ref" {
                report(.referenceWithSiblings(key: member.key), at: member.keyPosition)
                break
            }
            guard let text = reference.value.string else {
                report(.propertyForm(property: "$ref", expected: "a string", found: reference.value.kindName), at: reference.value.position)
                return nil
            }
            let position = reference.value.position
            let segments = Reference.pointerSegments(text) ?? []
            switch (segments.first, segments.count) {
            case ("sets", 2):
                guard let sources = referencedSet(segments[1], reference: text, at: position) else { return nil }
                return (.set(sources), segments[1], position, nil)
            case ("modifiers", 2):
                guard let modifier = declared.first(where: { $0.name == segments[1] }) else {
                    if rejectedModifiers.contains(segments[1]) { return nil }
                    let suggestion = Suggestions.closest(to: segments[1], among: declared.map(\.name)).first.map { "#/modifiers/\($0)" }
                    report(.unknownModifier(reference: text, suggestion: suggestion), at: position)
                    return nil
                }
                return (.modifier(name: modifier.name), modifier.name, position, modifier)
            case ("resolutionOrder", _):
                report(.referenceIntoResolutionOrder(reference: text), at: position)
                return nil
            default:
                report(.orderItemForm, at: position)
                return nil
            }
        }
        // A set or modifier written in place: "type" and "name" besides.
        guard let type = item.member("type") else {
            report(.missingKey("type", in: "a set or modifier written in 'resolutionOrder'"), at: item.position)
            return nil
        }
        guard let nameMember = item.member("name") else {
            report(.missingKey("name", in: "a set or modifier written in 'resolutionOrder'"), at: item.position)
            return nil
        }
        guard let name = nameMember.value.string else {
            report(.propertyForm(property: "name", expected: "a string", found: nameMember.value.kindName), at: nameMember.value.position)
            return nil
        }
        let position = nameMember.value.position
        switch type.value.string {
        case "set":
            checkKeys(members, allowed: Self.setKeys + Self.inlineKeys, in: "set '\(name)'")
            return (.set(readSetSources(item, name: name, at: position)), name, position, nil)
        case "modifier":
            guard let modifier = readModifier(name, at: position, item, inline: true) else { return nil }
            return (.modifier(name: name), name, position, modifier)
        default:
            let found = type.value.string.map { "\"\($0)\"" } ?? type.value.kindName
            report(.inlineItemType(found: found), at: type.value.position)
            return nil
        }
    }

    private mutating func checkKeys(_ members: [JSONNode.Member], allowed: [String], in what: String) {
        for member in members where !allowed.contains(member.key) {
            report(.unknownKey(member.key, in: what, allowed: allowed, suggestion: Suggestions.closest(to: member.key, among: allowed).first),
                   at: member.keyPosition)
        }
    }

    // MARK: Sets

    /// The sources a set stands for, its own set references expanded; a
    /// set that includes itself, directly or not, is reported at the
    /// reference that closes the loop.
    private mutating func expandSet(_ name: String, at position: TextPosition) -> [ResolverDocument.Source] {
        if let known = expandedSets[name] { return known }
        if let start = expanding.firstIndex(of: name) {
            report(.setCycle(Array(expanding[start...]) + [name]), at: position)
            return []
        }
        guard let member = setNodes[name] else { return [] }
        expanding.append(name)
        defer { expanding.removeLast() }
        guard let members = member.value.members else {
            report(.propertyForm(property: name, expected: "a set, an object with \"sources\"", found: member.value.kindName),
                   at: member.value.position)
            expandedSets[name] = []
            return []
        }
        checkKeys(members, allowed: Self.setKeys, in: "set '\(name)'")
        let sources = readSetSources(member.value, name: name, at: member.keyPosition)
        expandedSets[name] = sources
        return sources
    }

    private mutating func readSetSources(_ node: JSONNode, name: String, at position: TextPosition) -> [ResolverDocument.Source] {
        checkDescription(node)
        guard let sources = node.member("sources") else {
            report(.missingKey("sources", in: "set '\(name)'"), at: position)
            return []
        }
        return readSources(sources)
    }

    private mutating func checkDescription(_ node: JSONNode) {
        if let description = node.member("description"), description.value.string == nil {
            report(.propertyForm(property: "description", expected: "a string", found: description.value.kindName),
                   at: description.value.position)
        }
        if let extensions = node.member("$extensions"), extensions.value.members == nil {
            report(.propertyForm(property: "$extensions", expected: "an object", found: extensions.value.kindName),
                   at: extensions.value.position)
        }
    }

    // MARK: Modifiers

    private mutating func readModifier(
        _ name: String, at position: TextPosition, _ node: JSONNode, inline: Bool
    ) -> ResolverDocument.Modifier? {
        guard let members = node.members else {
            report(.propertyForm(property: name, expected: "a modifier, an object with \"contexts\"", found: node.kindName), at: node.position)
            return nil
        }
        checkKeys(members, allowed: Self.modifierKeys + (inline ? Self.inlineKeys : []), in: "modifier '\(name)'")
        checkDescription(node)
        var contexts: [String] = []
        var sources: [[ResolverDocument.Source]] = []
        if let contextsMember = node.member("contexts") {
            if let entries = contextsMember.value.members {
                for entry in entries {
                    contexts.append(entry.key)
                    sources.append(readSources(entry))
                }
            } else {
                report(.propertyForm(property: "contexts", expected: "an object of named contexts", found: contextsMember.value.kindName),
                       at: contextsMember.value.position)
                return nil
            }
        }
        if contexts.isEmpty {
            report(.modifierWithoutContexts(modifier: name), at: position)
            return nil
        }
        if contexts.count == 1 {
            report(.modifierWithOneContext(modifier: name, context: contexts[0]), at: position)
        }
        var defaultContext: String?
        if let member = node.member("default") {
            if let text = member.value.string {
                if contexts.contains(text) {
                    defaultContext = text
                } else {
                    report(.unknownDefault(modifier: name, context: text, contexts: contexts,
                                           suggestion: Suggestions.closest(to: text, among: contexts).first),
                           at: member.value.position)
                }
            } else {
                report(.propertyForm(property: "default", expected: "the name of one of its contexts", found: member.value.kindName),
                       at: member.value.position)
            }
        }
        let misspeltDefault = (node.members ?? []).contains { $0.key != "default" && Suggestions.closest(to: $0.key, among: ["default"]).first != nil }
        var modifier = ResolverDocument.Modifier(name: name, contexts: contexts, sources: sources, defaultContext: defaultContext,
                                                 position: position)
        modifier.hasReportedDefault = defaultContext == nil && (node.member("default") != nil || misspeltDefault)
        return modifier
    }

    // MARK: Sources

    /// A list of sources (a set's `sources`, a context's): token trees
    /// written in place, token files, and sets.
    private mutating func readSources(_ member: JSONNode.Member) -> [ResolverDocument.Source] {
        guard let elements = member.value.elements else {
            report(.propertyForm(property: member.key, expected: "an array of sources", found: member.value.kindName), at: member.value.position)
            return []
        }
        var sources: [ResolverDocument.Source] = []
        for element in elements {
            guard let members = element.members else {
                report(.sourceNotObject(found: element.kindName), at: element.position)
                continue
            }
            guard let reference = element.member("$ref") else {
                sources.append(.inline(element))
                continue
            }
            if let other = members.first(where: { $0.key != "$ref" }) {
                report(.referenceWithSiblings(key: other.key), at: other.keyPosition)
            }
            guard let text = reference.value.string else {
                report(.propertyForm(property: "$ref", expected: "a string", found: reference.value.kindName), at: reference.value.position)
                continue
            }
            sources += readReference(text, at: reference.value.position)
        }
        return sources
    }

    /// The sources of the set a `#/sets/NAME` reference names; nil, said
    /// where the reference is, when no set has that name.
    private mutating func referencedSet(_ name: String, reference: String,
                                        at position: TextPosition) -> [ResolverDocument.Source]? {
        guard setNodes[name] != nil else {
            report(.unknownSet(reference: reference, suggestion: Suggestions.closest(to: name, among: setNames).first.map { "#/sets/\($0)" }),
                   at: position)
            return nil
        }
        return expandSet(name, at: position)
    }

    private mutating func readReference(_ text: String, at position: TextPosition) -> [ResolverDocument.Source] {
        if text.hasPrefix("#") {
            let segments = Reference.pointerSegments(text) ?? []
            switch (segments.first, segments.count) {
            case ("sets", 2):
                return referencedSet(segments[1], reference: text, at: position) ?? []
            case ("modifiers", _): report(.modifierInSource(reference: text), at: position)
            case ("resolutionOrder", _): report(.referenceIntoResolutionOrder(reference: text), at: position)
            default: report(.unreadPointer(reference: text), at: position)
            }
            return []
        }
        if text.contains("://") {
            report(.remoteSource(reference: text), at: position)
            return []
        }
        let (file, fragment) = Self.split(text)
        // The path from the site's folder; the resolver's own is one too.
        guard let filePath = RelativePath.file(file, from: path) else {
            report(.sourceOutsideSite(reference: text), at: position)
            return []
        }
        guard filePath != RelativePath.file(path, from: "") else {
            report(.sourceIsResolver(reference: text), at: position)
            return []
        }
        var segments: [String]?
        if let fragment, !fragment.isEmpty {
            guard let read = Reference.pointerSegments(fragment.hasPrefix("/") ? "#" + fragment : "#/" + fragment) else {
                report(.unreadPointer(reference: text), at: position)
                return []
            }
            segments = read
        }
        if !files.contains(filePath) { files.append(filePath) }
        return [.file(path: filePath, fragment: segments, reference: text, position: position)]
    }

    /// `theme/dark.tokens.json#/color` as the file and the fragment.
    static func split(_ reference: String) -> (file: String, fragment: String?) {
        guard let hash = reference.firstIndex(of: "#") else { return (reference, nil) }
        return (String(reference[..<hash]), String(reference[reference.index(after: hash)...]))
    }
}
