/// The symbol of each variable a solver has seen (internal).
///
/// An open-addressing hash table (linear probing, at most half full) indexed
/// by `Variable`'s cached name hash, so a lookup costs one masked index and a
/// string comparison, with no `Hasher` round: reading every value after each
/// suggestion is a hot path.
struct VariableTable: Sendable {
    private var keys: [Variable?] = Array(repeating: nil, count: 16)
    private var symbols: [Int32] = Array(repeating: -1, count: 16)
    private(set) var count = 0

    /// The symbol of `variable`, or `nil`.
    @inline(__always)
    func symbol(for variable: Variable) -> Int32? {
        let mask = keys.count - 1
        var index = variable.nameHash & mask
        while let key = keys[index] {
            if key == variable { return symbols[index] }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Records `variable`'s symbol; the variable must not be present yet.
    mutating func insert(_ variable: Variable, symbol: Int32) {
        if (count + 1) * 2 > keys.count { grow() }
        let mask = keys.count - 1
        var index = variable.nameHash & mask
        while keys[index] != nil { index = (index + 1) & mask }
        keys[index] = variable
        symbols[index] = symbol
        count += 1
    }

    /// Every variable with its symbol, in no particular order.
    var entries: [(variable: Variable, symbol: Int32)] {
        var result: [(Variable, Int32)] = []
        result.reserveCapacity(count)
        for index in keys.indices { if let key = keys[index] { result.append((key, symbols[index])) } }
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
        let oldSymbols = symbols
        keys = Array(repeating: nil, count: oldKeys.count * 2)
        symbols = Array(repeating: -1, count: oldSymbols.count * 2)
        let mask = keys.count - 1
        for slot in oldKeys.indices {
            guard let key = oldKeys[slot] else { continue }
            var index = key.nameHash & mask
            while keys[index] != nil { index = (index + 1) & mask }
            keys[index] = key
            symbols[index] = oldSymbols[slot]
        }
    }
}
