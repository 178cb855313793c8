extension Solver {
    /// The variables whose value the constraints do not determine, sorted by name.
    ///
    /// A variable is *ambiguous* when the set of optimal solutions (every
    /// required constraint holds and the weighted violation of the preferences
    /// is minimal) contains two solutions with different values for it, that
    /// is, when some direction of zero objective change that keeps every
    /// constraint satisfied moves it. `p + q == 100` alone makes both `p` and
    /// `q` ambiguous; adding `q == 30` (of any strength) makes neither so.
    ///
    /// How it is decided, from the optimal tableau:
    /// - A parametric user variable appears in no restricted row and not in
    ///   the objective, so it can move freely: it and every variable whose
    ///   expansion mentions it are ambiguous.
    /// - A parametric slack or error with a positive objective coefficient
    ///   cannot move without making things worse; one with a zero coefficient
    ///   can increase, unless a restricted row at zero (degenerate) blocks it.
    ///   The directions that stay optimal form a cone; a small auxiliary linear
    ///   program (solved by a fresh `Solver`) finds the symbols and degenerate
    ///   rows that can become positive in it, which gives the cone's linear
    ///   span. A variable is ambiguous when its expansion is not orthogonal to
    ///   that span (Gaussian elimination).
    ///
    /// Tolerance: a restricted row counts as degenerate when its constant is
    /// at most `1e-8` times the largest magnitude in the row (or 1); a
    /// residual coefficient counts as zero below `1e-9` times the largest
    /// coefficient of the variable's expansion.
    /// - Returns: The ambiguous variables, sorted by name.
    /// - Complexity: Expands every user variable's row; meant for diagnostics, not hot loops.
    public func ambiguousVariables() -> [Variable] {
        ambiguousVariables(isZero: { core.objective.coefficient(for: $0) == 0 })
    }

    /// The variables that would be ambiguous if the preferences `isTieBreak`
    /// selects were removed, read from this solver's solution, or `nil` when
    /// that cannot be read from it.
    ///
    /// A caller that adds very weak preferences only to make the optimum
    /// unique (a tie-break) would otherwise need a second solver without
    /// them to ask `ambiguousVariables()`. Dropping a preference changes only
    /// the objective: the cost of each parametric symbol without the
    /// tie-break's part is the objective minus the weighted expansion of the
    /// tie-break's error symbols. When no such cost is negative, the solution
    /// is also optimal without the tie-break, its optimal face is the same
    /// set of solutions, and the analysis of `ambiguousVariables()` on that
    /// objective gives the answer a solver without the tie-break would give.
    /// When one is negative, the tie-break decided more than ties and the
    /// method returns `nil`.
    ///
    /// Tolerance: a cost counts as zero when it is at most `1e-12` times the
    /// largest weight of a preference in the solver (at least 1): the
    /// objective is built from those weights, so that is the scale of its
    /// rounding noise, while real costs are sums of weights, many orders of
    /// magnitude larger. Tie-break weights must stay well above it.
    /// - Parameters:
    ///   - candidates: The variables to examine (every variable the solver
    ///     knows when nil); the others are left out of the answer.
    ///   - isTieBreak: Selects the preferences to disregard (required
    ///     constraints are never disregarded).
    /// - Returns: The ambiguous variables, sorted by name, or `nil`.
    public func ambiguousVariables(among candidates: [Variable]? = nil, ignoring isTieBreak: (Constraint) -> Bool) -> [Variable]? {
        // The costs without the tie-break, accumulated densely by symbol.
        var reduced = [Double](repeating: 0, count: core.symbolCount)
        for cell in core.objective.cells { reduced[Int(cell.symbol)] = cell.coefficient }
        var largestWeight = 1.0
        for record in edits.values { largestWeight = max(largestWeight, record.strength.weight) }
        for (constraint, record) in constraints where !constraint.strength.isRequired {
            let weightBelow = (constraint.strengthBelow ?? constraint.strength).weight
            largestWeight = max(largestWeight, constraint.strength.weight, weightBelow)
            guard isTieBreak(constraint) else { continue }
            // `marker` is the error above zero, `other` the one below.
            for (error, weight) in [(record.tag.marker, constraint.strength.weight), (record.tag.other, weightBelow)]
            where error != invalidSymbol && core.kinds[Int(error)] == .error {
                let slot = core.slotOfBasic[Int(error)]
                if slot < 0 {
                    reduced[Int(error)] -= weight
                } else {
                    let row = core.rows[Int(slot)]
                    for cell in 0..<row.count { reduced[Int(row.symbols[cell])] -= weight * row.coefficients[cell] }
                }
            }
        }
        let noise = 1e-12 * largestWeight
        for symbol in reduced.indices where reduced[symbol] < -noise && core.kinds[symbol] != .dummy {
            // Only parametric symbols have costs; a basic one's entry is 0.
            return nil
        }
        return ambiguousVariables(among: candidates) { symbol in
            abs(reduced[Int(symbol)]) <= noise
        }
    }

    /// `ambiguousVariables()` over `candidates` (all variables when nil),
    /// where `isZero` tells which parametric symbols cost nothing to move.
    private func ambiguousVariables(among candidates: [Variable]? = nil, isZero: (Int32) -> Bool) -> [Variable] {
        // At a unique optimum nothing can move: no user variable is
        // parametric and every parametric slack or error costs something.
        // Checking that is linear in the symbols, while the analysis below
        // expands every variable; most well-posed systems stop here.
        if !hasMovableParametricSymbol(isZero: isZero) { return [] }
        let entries: [(variable: Variable, symbol: Int32)]
        if let candidates {
            entries = candidates.compactMap { variable in core.symbolOfVariable.symbol(for: variable).map { (variable, $0) } }
        } else {
            entries = core.symbolOfVariable.entries
        }

        // Expansion of every variable in parametric symbols.
        let rows = core.expansions(of: entries.map(\.symbol))
        let expansions = zip(entries, rows).map { (variable: $0.variable, row: $1) }

        // Restricted parametric symbols that can move at no cost.
        var zeroCost = Set<Int32>()
        func isFreeToIncrease(_ symbol: Int32) -> Bool {
            let kind = core.kinds[Int(symbol)]
            return (kind == .slack || kind == .error) && core.slotOfBasic[Int(symbol)] < 0
                && isZero(symbol)
        }
        var result: [Variable] = []
        var pending: [(variable: Variable, row: Row)] = []
        for expansion in expansions {
            if expansion.row.symbols.contains(where: { core.kinds[Int($0)] == .external }) {
                result.append(expansion.variable)
            } else if expansion.row.symbols.contains(where: isFreeToIncrease) {
                pending.append(expansion)
                for symbol in expansion.row.symbols where isFreeToIncrease(symbol) { zeroCost.insert(symbol) }
            }
        }

        if !pending.isEmpty {
            // Degenerate restricted rows restrict the zero-cost directions.
            var oneSided: [Row] = []
            var twoSided: [Row] = []
            for slot in core.restrictedSlots {
                let row = core.rows[Int(slot)]
                var restricted = Row()
                for index in 0..<row.count where isFreeToIncrease(row.symbols[index]) {
                    restricted.insert(row.symbols[index], row.coefficients[index])
                }
                guard !restricted.symbols.isEmpty else { continue }
                let largest = row.coefficients.map(abs).max() ?? 1
                if core.kinds[Int(core.basicOfSlot[Int(slot)])] == .dummy {
                    twoSided.append(restricted)
                } else if row.constant <= Tolerance.check * max(largest, 1) {
                    oneSided.append(restricted)
                }
                for symbol in restricted.symbols { zeroCost.insert(symbol) }
            }
            var pairs: [(Int32, Int32)] = []
            for (constraint, record) in constraints where constraint.relation == .equal && !constraint.strength.isRequired {
                pairs.append((record.tag.marker, record.tag.other))
            }
            for record in edits.values { pairs.append((record.tag.marker, record.tag.other)) }
            let cone = ZeroCostCone(columns: zeroCost.sorted(), oneSided: oneSided, twoSided: twoSided, pairs: pairs)
            for expansion in pending where !cone.isDetermined(expansion.row) { result.append(expansion.variable) }
        }
        return result.sorted { $0.name.unicodeScalars.lexicographicallyPrecedes($1.name.unicodeScalars) }
    }

    /// Whether some parametric symbol could move at no cost: a user variable
    /// (which nothing restricts), or a slack or error whose cost `isZero`.
    private func hasMovableParametricSymbol(isZero: (Int32) -> Bool) -> Bool {
        for index in 0..<core.symbolCount where core.slotOfBasic[index] < 0 {
            switch core.kinds[index] {
            case .external: return true
            case .slack, .error: if isZero(Int32(index)) { return true }
            case .dummy: continue
            }
        }
        return false
    }

    /// Which coordinates and which one-sided rows can be positive in the cone
    /// `{d ≥ 0 : oneSided·d ≥ 0, twoSided·d = 0}`, found with one auxiliary
    /// program: maximise Σ t with 0 ≤ t ≤ 1 and each t below its coordinate or row.
    static func supportOfCone(
        columns: [Int32], oneSided: [Row], twoSided: [Row]
    ) -> (columns: Set<Int32>, rows: Set<Int>) {
        var solver = Solver()
        let direction = Dictionary(uniqueKeysWithValues: columns.map { ($0, Variable("d\($0)")) })
        func expression(_ row: Row) -> Expression {
            Expression(terms: (0..<row.count).map { Term(direction[row.symbols[$0]] ?? Variable("?"), coefficient: row.coefficients[$0]) })
        }
        var tags = 0
        func add(_ expression: Expression, _ relation: Relation, _ strength: Strength = .required) {
            tags += 1
            try? solver.addConstraint(Constraint(expression, relation, strength: strength, tag: tags))
        }
        var witnesses: [(Variable, Expression)] = columns.map { ("t\($0)", Expression(direction[$0] ?? Variable("?"))) }
            .map { (Variable($0.0), $0.1) }
        for symbol in columns { add(Expression(direction[symbol] ?? Variable("?")), .greaterThanOrEqual) }
        for row in twoSided { add(expression(row), .equal) }
        for (index, row) in oneSided.enumerated() {
            add(expression(row), .greaterThanOrEqual)
            witnesses.append((Variable("u\(index)"), expression(row)))
        }
        for (witness, bound) in witnesses {
            add(Expression(witness) - bound, .lessThanOrEqual)
            add(Expression(witness), .greaterThanOrEqual)
            add(Expression(witness) - Expression(1), .lessThanOrEqual)
            add(Expression(witness) - Expression(1), .equal, .weak)
        }
        var positiveColumns = Set<Int32>()
        for symbol in columns where solver.value(of: Variable("t\(symbol)")) > 0.5 { positiveColumns.insert(symbol) }
        var positiveRows = Set<Int>()
        for index in oneSided.indices where solver.value(of: Variable("u\(index)")) > 0.5 { positiveRows.insert(index) }
        return (positiveColumns, positiveRows)
    }

    /// A row-echelon basis of the span of `rows` (partial pivoting; tiny pivots count as zero).
    static func rowEchelon(_ rows: [[Double]]) -> [(pivot: Int, row: [Double])] {
        var remaining = rows
        var basis: [(Int, [Double])] = []
        guard let width = rows.first?.count else { return [] }
        for column in 0..<width {
            var best = -1
            var bestMagnitude = 0.0
            for (index, row) in remaining.enumerated() {
                let scale = row.map(abs).max() ?? 0
                if abs(row[column]) > max(bestMagnitude, 1e-9 * scale) {
                    best = index
                    bestMagnitude = abs(row[column])
                }
            }
            guard best >= 0 else { continue }
            let pivotRow = remaining.remove(at: best)
            let normalized = pivotRow.map { $0 / pivotRow[column] }
            for index in remaining.indices where remaining[index][column] != 0 {
                let factor = remaining[index][column]
                for position in 0..<width { remaining[index][position] -= factor * normalized[position] }
                remaining[index][column] = 0
            }
            basis.append((column, normalized))
        }
        return basis
    }

    /// Whether `vector` is a combination of the echelon `basis`, up to `1e-9`
    /// of `scale` (by default its largest entry).
    static func isInRowSpace(_ vector: [Double], of basis: [(pivot: Int, row: [Double])], scale: Double? = nil) -> Bool {
        var residual = vector
        let scale = scale ?? vector.map(abs).max() ?? 0
        if scale == 0 { return true }
        for (pivot, row) in basis where residual[pivot] != 0 {
            let factor = residual[pivot]
            for position in residual.indices { residual[position] -= factor * row[position] }
            residual[pivot] = 0
        }
        return residual.allSatisfy { abs($0) <= 1e-9 * scale }
    }
}
