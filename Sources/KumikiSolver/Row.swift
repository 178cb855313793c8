/// A sparse linear row `constant + Σ coefficient·symbol` (internal).
///
/// As a tableau row it reads `basic = constant + Σ cells`; while a constraint
/// is being added it reads `0 = constant + Σ cells`. Cells are two parallel
/// arrays sorted by symbol id, so lookups are binary searches, adding rows is
/// a linear merge, and a symbol created after every symbol of the row (the
/// common case while building) is appended in O(1). A cell whose coefficient
/// cancels to rounding noise is removed at once (`Tolerance.sum`), so rows
/// stay sparse.
struct Row: Sendable {
    /// Symbol ids of the cells, strictly increasing.
    var symbols: [Int32]
    /// Coefficients of the cells, parallel to `symbols`; never zero.
    var coefficients: [Double]
    /// The constant part.
    var constant: Double

    init(constant: Double = 0) {
        symbols = []
        coefficients = []
        self.constant = constant
    }

    /// An empty row with room for `capacity` cells, so that filling it
    /// does not reallocate.
    init(constant: Double, capacity: Int) {
        self.init(constant: constant)
        symbols.reserveCapacity(capacity)
        coefficients.reserveCapacity(capacity)
    }

    /// The number of cells.
    var count: Int { symbols.count }

    /// The position of `symbol`'s cell, or `nil`.
    @inline(__always)
    func index(of symbol: Int32) -> Int? {
        let count = symbols.count
        if count == 0 { return nil }
        // Rows built in id order are often queried for a symbol newer than all their cells.
        if symbol > symbols[count - 1] || symbol < symbols[0] { return nil }
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) >> 1
            let value = symbols[middle]
            if value < symbol {
                low = middle + 1
            } else if value > symbol {
                high = middle
            } else {
                return middle
            }
        }
        return nil
    }

    /// The coefficient of `symbol`, 0 when the row has no such cell.
    @inline(__always)
    func coefficient(for symbol: Int32) -> Double {
        guard let index = index(of: symbol) else { return 0 }
        return coefficients[index]
    }

    /// Adds `coefficient` to `symbol`'s cell, creating or removing the cell as needed.
    mutating func insert(_ symbol: Int32, _ coefficient: Double) {
        if coefficient == 0 { return }
        if symbols.isEmpty || symbol > symbols[symbols.count - 1] {
            symbols.append(symbol)
            coefficients.append(coefficient)
            return
        }
        var low = 0
        var high = symbols.count
        while low < high {
            let middle = (low + high) >> 1
            if symbols[middle] < symbol { low = middle + 1 } else { high = middle }
        }
        if symbols[low] == symbol {
            let sum = Tolerance.sum(coefficients[low], coefficient)
            if sum == 0 {
                symbols.remove(at: low)
                coefficients.remove(at: low)
            } else {
                coefficients[low] = sum
            }
        } else {
            symbols.insert(symbol, at: low)
            coefficients.insert(coefficient, at: low)
        }
    }

    /// Removes `symbol`'s cell if there is one.
    mutating func remove(_ symbol: Int32) {
        guard let index = index(of: symbol) else { return }
        symbols.remove(at: index)
        coefficients.remove(at: index)
    }

    /// Adds `factor · other` (cells and constant) to this row.
    mutating func add(_ other: Row, times factor: Double) {
        constant = Tolerance.sum(constant, factor * other.constant)
        let otherCount = other.symbols.count
        if otherCount == 0 { return }
        let count = symbols.count
        if count == 0 {
            symbols = other.symbols
            coefficients = other.coefficients
            if factor != 1 {
                for index in coefficients.indices { coefficients[index] *= factor }
            }
            return
        }
        if other.symbols[0] > symbols[count - 1] {
            // Every cell of `other` is newer: append.
            symbols.append(contentsOf: other.symbols)
            coefficients.reserveCapacity(count + otherCount)
            for coefficient in other.coefficients { coefficients.append(coefficient * factor) }
            return
        }
        // Merge in place, from the back: count the new cells, grow once, then
        // fill from the end so no cell is overwritten before it is read.
        var newCells = 0
        other.symbols.withUnsafeBufferPointer { theirs in
            symbols.withUnsafeBufferPointer { mine in
                var i = 0
                for j in 0..<otherCount {
                    let symbol = theirs[j]
                    while i < count && mine[i] < symbol { i += 1 }
                    if i < count && mine[i] == symbol { i += 1 } else { newCells += 1 }
                }
            }
        }
        if newCells > 0 {
            symbols.append(contentsOf: repeatElement(0, count: newCells))
            coefficients.append(contentsOf: repeatElement(0, count: newCells))
        }
        var cancelled = 0
        symbols.withUnsafeMutableBufferPointer { mine in
            coefficients.withUnsafeMutableBufferPointer { myCoefficients in
                other.symbols.withUnsafeBufferPointer { theirs in
                    other.coefficients.withUnsafeBufferPointer { theirCoefficients in
                        var write = count + newCells - 1
                        var i = count - 1
                        var j = otherCount - 1
                        while j >= 0 {
                            let b = theirs[j]
                            if i >= 0 && mine[i] > b {
                                mine[write] = mine[i]
                                myCoefficients[write] = myCoefficients[i]
                                i -= 1
                            } else if i >= 0 && mine[i] == b {
                                let sum = Tolerance.sum(myCoefficients[i], theirCoefficients[j] * factor)
                                mine[write] = b
                                myCoefficients[write] = sum
                                if sum == 0 { cancelled += 1 }
                                i -= 1
                                j -= 1
                            } else {
                                mine[write] = b
                                myCoefficients[write] = theirCoefficients[j] * factor
                                j -= 1
                            }
                            write -= 1
                        }
                    }
                }
            }
        }
        if cancelled > 0 {
            // Drop the cells that cancelled (zero is never stored otherwise).
            var kept = 0
            for index in 0..<symbols.count where coefficients[index] != 0 {
                symbols[kept] = symbols[index]
                coefficients[kept] = coefficients[index]
                kept += 1
            }
            symbols.removeSubrange(kept...)
            coefficients.removeSubrange(kept...)
        }
    }

    /// Replaces `symbol` by `row` (the row that defines it), if the symbol has a cell here.
    /// - Returns: Whether the row changed.
    @discardableResult
    mutating func substitute(_ symbol: Int32, with row: Row) -> Bool {
        guard let index = index(of: symbol) else { return false }
        let coefficient = coefficients[index]
        symbols.remove(at: index)
        coefficients.remove(at: index)
        add(row, times: coefficient)
        return true
    }

    /// Multiplies the row, constant included, by −1.
    mutating func reverseSign() {
        constant = -constant
        for index in coefficients.indices { coefficients[index] = -coefficients[index] }
    }

    /// Rewrites `0 = row` as `symbol = row'`.
    ///
    /// The symbol *must* have a cell in the row.
    mutating func solve(for symbol: Int32) {
        guard let index = index(of: symbol) else { return }
        let factor = -1 / coefficients[index]
        symbols.remove(at: index)
        coefficients.remove(at: index)
        constant *= factor
        for position in coefficients.indices { coefficients[position] *= factor }
    }

    /// Rewrites `lhs = row` as `rhs = row'`.
    ///
    /// `rhs` *must* have a cell in the row and `lhs` must not.
    mutating func solve(for rhs: Int32, replacing lhs: Int32) {
        insert(lhs, -1)
        solve(for: rhs)
    }
}
