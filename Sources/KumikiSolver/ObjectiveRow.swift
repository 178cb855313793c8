/// The objective of the simplex (internal): `constant + Σ coefficient·symbol`
/// over parametric symbols, kept densely, one coefficient per symbol id.
///
/// Every preference adds one or two error symbols to the objective, so it is
/// by far the longest row of the tableau, and every pivot substitutes the
/// entering symbol's row into it. Sparse, that is a merge of the whole
/// objective each time; dense, it touches only the cells of the substituted
/// row, and looking up a symbol's cost is one read. The arithmetic is the
/// sparse row's, cell for cell (`Row.add`): the same sums in the same order,
/// a cell that cancels to zero being absent.
struct ObjectiveRow: Sendable {
    /// The coefficient of each symbol id, 0 where the row has no cell (ids
    /// past the end have none).
    private var dense: [Double] = []
    /// The constant part.
    private(set) var constant: Double = 0
    /// The number of cells (non-zero coefficients).
    private(set) var count = 0

    /// The coefficient of `symbol`, 0 when the row has no such cell.
    @inline(__always)
    func coefficient(for symbol: Int32) -> Double {
        let index = Int(symbol)
        return index < dense.count ? dense[index] : 0
    }

    /// The cells in increasing symbol order.
    var cells: [(symbol: Int32, coefficient: Double)] {
        var result: [(symbol: Int32, coefficient: Double)] = []
        result.reserveCapacity(count)
        for index in dense.indices where dense[index] != 0 { result.append((Int32(index), dense[index])) }
        return result
    }

    /// The row as a sparse `Row`, for checks and dumps.
    var row: Row {
        var row = Row(constant: constant, capacity: count)
        for cell in cells {
            row.symbols.append(cell.symbol)
            row.coefficients.append(cell.coefficient)
        }
        return row
    }

    /// The lowest symbol with a negative coefficient for which `isCandidate`
    /// holds, or `invalidSymbol`.
    func firstNegative(where isCandidate: (Int32) -> Bool) -> Int32 {
        for index in dense.indices where dense[index] < 0 && isCandidate(Int32(index)) { return Int32(index) }
        return invalidSymbol
    }

    /// Sets `symbol`'s cell to `value` (0 removes it), keeping `count`.
    @inline(__always)
    private mutating func set(_ index: Int, _ value: Double) {
        if index >= dense.count {
            guard value != 0 else { return }
            dense.append(contentsOf: repeatElement(0, count: max(index + 1 - dense.count, dense.count)))
        }
        let old = dense[index]
        if old == 0 && value != 0 { count += 1 } else if old != 0 && value == 0 { count -= 1 }
        dense[index] = value
    }

    /// Adds `coefficient` to `symbol`'s cell, creating or removing the cell
    /// as needed (`Row.insert`).
    mutating func insert(_ symbol: Int32, _ coefficient: Double) {
        if coefficient == 0 { return }
        let index = Int(symbol)
        let old = self.coefficient(for: symbol)
        set(index, old == 0 ? coefficient : Tolerance.sum(old, coefficient))
    }

    /// Removes `symbol`'s cell if there is one.
    mutating func remove(_ symbol: Int32) {
        let index = Int(symbol)
        if index < dense.count { set(index, 0) }
    }

    /// Replaces `symbol` by `row` (the row that defines it), if the symbol
    /// has a cell here (`Row.substitute`).
    mutating func substitute(_ symbol: Int32, with row: Row) {
        let factor = coefficient(for: symbol)
        guard factor != 0 else { return }
        set(Int(symbol), 0)
        constant = Tolerance.sum(constant, factor * row.constant)
        for cell in 0..<row.count {
            let index = Int(row.symbols[cell])
            let product = row.coefficients[cell] * factor
            let old = index < dense.count ? dense[index] : 0
            set(index, old == 0 ? product : Tolerance.sum(old, product))
        }
    }
}
