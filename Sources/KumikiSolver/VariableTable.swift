/// The symbol of each variable a solver has seen (internal).
///
/// An open-addressing hash table (linear probing, at most half full) indexed
/// by `Variable`'s cached name hash, so a lookup costs one masked index and a
/// string comparison, with no `Hasher` round: reading every value after each
/// suggestion is a hot path. The slots are parallel arrays, a free slot being
/// one whose symbol is -1: a probe reads the hashes and the symbols, plain
/// integers, and touches a stored variable (its name) only when the hashes
/// match.
struct VariableTable: Sendable {
    private var keys: [Variable] = Array(repeating: VariableTable.vacant, count: 16)
    private var hashes: [Int] = Array(repeating: 0, count: 16)
    private var symbols: [Int32] = Array(repeating: -1, count: 16)
    private(set) var count = 0

    /// What a free slot holds in `keys`.
    private static let vacant = Variable("")

    /// The symbol of `variable`, or `nil`.
    @inline(__always)
    func symbol(for variable: Variable) -> Int32? {
        let mask = symbols.count - 1
        let hash = variable.nameHash
        var index = hash & mask
        while true {
            let symbol = symbols[index]
            if symbol < 0 { return nil }
            if hashes[index] == hash && keys[index].name == variable.name { return symbol }
            index = (index + 1) & mask
        }
    }

    /// Records `variable`'s symbol; the variable must not be present yet.
    mutating func insert(_ variable: Variable, symbol: Int32) {
        if (count + 1) * 2 > symbols.count { grow() }
        let mask = symbols.count - 1
        var index = variable.nameHash & mask
        while symbols[index] >= 0 { index = (index + 1) & mask }
        keys[index] = variable
        hashes[index] = variable.nameHash
        symbols[index] = symbol
        count += 1
    }

    /// Every variable with its symbol, in no particular order.
    var entries: [(variable: Variable, symbol: Int32)] {
        var result: [(Variable, Int32)] = []
        result.reserveCapacity(count)
        for index in symbols.indices where symbols[index] >= 0 { result.append((keys[index], symbols[index])) }
        return result
    }

    /// Keeps only the variables whose symbol is below `limit` (rebuilds the table).
    mutating func removeSymbols(from limit: Int32) {
        let kept = entries.filter { $0.symbol < limit }
        self = VariableTable()
        for entry in kept { insert(entry.variable, symbol: entry.symbol) }
    }

    /// Doubles the table, moving the entries in slot order (the order
    /// `entries` lists them in) without copying them out first.
    private mutating func grow() {
        let oldKeys = keys
        let oldHashes = hashes
        let oldSymbols = symbols
        let size = oldSymbols.count * 2
        keys = Array(repeating: Self.vacant, count: size)
        hashes = Array(repeating: 0, count: size)
        symbols = Array(repeating: -1, count: size)
        let mask = size - 1
        for slot in oldSymbols.indices where oldSymbols[slot] >= 0 {
            var index = oldHashes[slot] & mask
            while symbols[index] >= 0 { index = (index + 1) & mask }
            keys[index] = oldKeys[slot]
            hashes[index] = oldHashes[slot]
            symbols[index] = oldSymbols[slot]
        }
    }
}
