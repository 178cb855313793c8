/// A DTCG 2025.10 resolver document, read and checked: its modifiers, and
/// the steps of its `resolutionOrder` with every set reference expanded
/// into the sources it stands for.
///
/// A resolver describes many token sets, one per choice of a context for
/// each modifier; `sources(for:)` lists the sources of one, in the order
/// they merge (later sources win). `ResolverReader` builds it.
public struct ResolverDocument: Sendable {
    /// Where one source's tokens come from.
    enum Source: Hashable, Sendable {
        /// A token tree written in the resolver itself.
        case inline(JSONNode)
        /// A token file: its path from the site's folder (the `$ref` taken
        /// from the resolver's folder), the segments of the `$ref`'s
        /// fragment when it has one, the `$ref` as written and where.
        case file(path: String, fragment: [String]?, reference: String, position: TextPosition)
    }

    /// A modifier: named contexts, each a list of sources, one of which an
    /// input chooses.
    public struct Modifier: Sendable {
        public var name: String
        /// The contexts' names, in the order written.
        public var contexts: [String]
        var sources: [[Source]]
        /// The context used when no input chooses one.
        public var defaultContext: String?
        /// Where its name is written.
        var position: TextPosition
        /// Whether the file gives a default that is reported wrong (not one
        /// of the contexts, or under a misspelt key): the modifier is then
        /// not also said to have none.
        var hasReportedDefault = false
    }

    /// One item of `resolutionOrder`.
    enum Step: Sendable {
        case set([Source])
        case modifier(name: String)
    }

    /// The resolver's path from the site's folder, as it was loaded.
    public var path: String
    /// The resolver's path as diagnostics print it.
    public var displayPath: String
    /// Every modifier: those `resolutionOrder` names, in its order, then
    /// those it leaves out.
    public internal(set) var modifiers: [Modifier]
    var steps: [Step]
    /// Every token file a source names, once each, in the order first
    /// named: what the resolver may read, whatever the input.
    public internal(set) var files: [String]

    /// The modifier named `name`, if there is one.
    public func modifier(named name: String) -> Modifier? {
        modifiers.first { $0.name == name }
    }

    /// The sources of the token set `inputs` chooses, in the order they
    /// merge: each set's sources, and each modifier's chosen context's.
    func sources(for inputs: ResolverInputs) -> [Source] {
        steps.flatMap { step -> [Source] in
            switch step {
            case .set(let sources): return sources
            case .modifier(let name):
                guard let modifier = modifier(named: name) else { return [] }
                let context = inputs[name] ?? modifier.defaultContext ?? modifier.contexts.first
                guard let index = context.flatMap(modifier.contexts.firstIndex(of:)) else { return [] }
                return modifier.sources[index]
            }
        }
    }
}
