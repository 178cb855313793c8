import KumikiLayout
import KumikiLayoutLanguage
import KumikiSupport
import KumikiTokens

/// The design tokens as a site's layout blocks read them: the token table
/// of each environment.
///
/// Without `tokens.modes`, every environment reads one table: the site's
/// tokens with every modifier at its default. A modifier bound to `width`,
/// `height` or `textSize` takes the context the environment's trait gives,
/// so environments may read different tables (`key(for:)`); one bound to
/// `appearance` gives each colour its light and its dark value, and no
/// frame depends on it.
public struct LayoutBlockTokens: Sendable {
    /// The table of the modifiers' defaults (the frame traits' default
    /// contexts): what a block is read with for its cost, its words and its
    /// diagnostics, and what every environment reads without modes.
    public var base: LayoutTokenTable
    /// A digest of everything the tables hold, for a store key.
    public var digest: String
    /// The points per rem and the bindings, which every value depends on.
    private var settings = ""
    /// The bindings to `width`, `height` and `textSize`, in the order written.
    private var frameModes: [ModeBinding] = []
    private var tables: TableCache?
    /// The colour token under every block's screen (`tokens.background`).
    public var background: String?

    public init(base: LayoutTokenTable = .empty, digest: String = "", background: String? = nil) {
        self.base = base
        self.digest = digest + (background.map { " background " + $0 } ?? "")
        self.background = background
    }

    /// A block's colours and type in each environment it is solved in,
    /// from the table that environment reads.
    public func styles(of program: LayoutProgram) -> BlockStyles {
        guard !program.styleLines.isEmpty || background != nil else { return .none }
        guard followsEnvironments else {
            let style = BlockStyle(program, tokens: base, background: background)
            return BlockStyles { _ in style }
        }
        let tokens = self
        return BlockStyles { environment in
            BlockStyle(program, tokens: tokens.table(for: environment), background: tokens.background)
        }
    }

    /// A site without tokens.
    public static let none = LayoutBlockTokens()

    /// Whether environments may read different tables.
    public var followsEnvironments: Bool { !frameModes.isEmpty }

    /// The contexts `environment` gives the bound modifiers: environments
    /// with the same key read the same table.
    public func key(for environment: Environment) -> [String] {
        frameModes.compactMap { $0.trait.context(in: environment) }
    }

    /// The table of the environments whose key is `key`.
    public func table(for key: [String]) -> LayoutTokenTable {
        tables?.table(for: key) ?? base
    }

    /// The table `environment` reads.
    public func table(for environment: Environment) -> LayoutTokenTable {
        followsEnvironments ? table(for: key(for: environment)) : base
    }

    /// A digest of the values of the tokens at `paths` in every table an
    /// environment may read: what a block naming them reads of the tokens,
    /// so that a change to another token leaves its key alone. A path no
    /// table has reads every name (its error suggests the closest), so it
    /// takes the whole digest.
    public func digest(of paths: [String]) -> String {
        guard !paths.isEmpty else { return "" }
        // A block that names tokens may set a text colour, whose contrast is
        // measured over the background token: its value is read too.
        let paths = paths + (background.map { [$0] } ?? [])
        var hash = StableHash()
        hash.combine(field: settings)
        let tables = [base] + allKeys.map(table(for:))
        for path in paths {
            hash.combine(field: path)
            guard base[path] != nil else {
                hash.combine(field: "unknown " + digest)
                continue
            }
            for table in tables { hash.combine(field: table[path].map { String(describing: $0) } ?? "none") }
        }
        return hash.hex
    }

    /// Every key an environment may have: each bound modifier's trait's
    /// contexts, the first varying slowest.
    private var allKeys: [[String]] {
        guard followsEnvironments else { return [] }
        return frameModes.reduce([[]]) { keys, binding in
            keys.flatMap { key in binding.trait.contexts.map { key + [$0] } }
        }
    }

    fileprivate init(tokens: SiteTokens) {
        let frameModes = tokens.modes.filter { $0.trait != .appearance }
        let appearance = tokens.modes.first { $0.trait == .appearance }
        let resolve: @Sendable ([String]) -> LayoutTokenTable = { key in
            var inputs = tokens.inputs
            for (binding, context) in zip(frameModes, key) { inputs.choose(context, for: binding.modifier) }
            guard let appearance else { return LayoutTokenTable(tokens.set(for: inputs), remSize: tokens.remSize) }
            var light = inputs, dark = inputs
            light.choose("light", for: appearance.modifier)
            dark.choose("dark", for: appearance.modifier)
            return LayoutTokenTable(tokens.set(for: light), dark: tokens.set(for: dark), remSize: tokens.remSize)
        }
        let defaults = frameModes.map { binding in tokens.inputs[binding.modifier] ?? "" }
        var hash = StableHash()
        hash.combine(field: tokens.digest)
        for binding in tokens.modes { hash.combine(field: "\(binding.modifier) follows \(binding.trait.rawValue)") }
        self.init(base: tokens.modes.isEmpty ? LayoutTokenTable(tokens.set, remSize: tokens.remSize) : resolve(defaults),
                  digest: hash.hex, background: tokens.background)
        self.frameModes = frameModes
        settings = "rem \(tokens.remSize) " + tokens.modes.map { "\($0.modifier) follows \($0.trait.rawValue)" }.joined(separator: ", ")
        if !frameModes.isEmpty { tables = TableCache(resolve: resolve) }
    }
}

/// The tables of the environments' keys, resolved on first use and kept.
private final class TableCache: Sendable {
    private let tables = LockedValue<[[String]: LayoutTokenTable]>([:])
    private let resolve: @Sendable ([String]) -> LayoutTokenTable

    init(resolve: @escaping @Sendable ([String]) -> LayoutTokenTable) {
        self.resolve = resolve
    }

    func table(for key: [String]) -> LayoutTokenTable {
        if let known = tables.withValue({ $0[key] }) { return known }
        let table = resolve(key)
        tables.withValue { $0[key] = table }
        return table
    }
}

extension SiteTokens {
    /// The tokens as layout blocks read them.
    public var layoutTokens: LayoutBlockTokens { LayoutBlockTokens(tokens: self) }
}
