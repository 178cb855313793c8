/// The tableau behind `Solver` (internal): Cassowary's incremental simplex
/// (Badros, Borning & Stuckey 2001) over sparse rows keyed by integer symbols.
///
/// ## The two parts of the tableau
/// As in the paper, the solved form splits into the *restricted* rows, whose
/// basic symbol is a slack, error or dummy (`≥ 0`), and the *unrestricted*
/// rows, whose basic symbol is a user variable. Only the restricted rows and
/// the objective take part in the simplex; an unrestricted variable is never
/// chosen to leave the basis and never appears in the objective.
///
/// kiwi keeps both parts fully substituted: every pivot rewrites every row
/// that mentions the entering symbol, including long unrestricted rows such
/// as `l[i] = w[0] + … + w[i−1] + 5·i`, which makes a chain of N views cost
/// O(N²) per pivot. Here the unrestricted rows are *lazy*: they are written
/// in terms of any symbols, basic or not, and pivots never touch them.
/// Values are found by evaluating them in dependency order. Two invariants
/// make this sound:
///
/// 1. Restricted rows and the objective mention only parametric (non-basic)
///    symbols, and never an external one.
/// 2. The lazy rows form an acyclic dependency graph, evaluated in the order
///    `materializedOrder` reversed, then `rawOrder`:
///    - a *raw* row is added as written when its subject is a variable the
///      solver had never seen; it can only mention older basic symbols, and
///      goes to the end of `rawOrder`;
///    - any other new row is first *materialized* (every basic symbol expanded
///      away), so it mentions only parametric symbols; it is pushed on
///      `materializedOrder` and evaluated before every older lazy row.
struct SolverCore: Sendable {
    // MARK: Symbol tables, indexed by symbol id

    /// The kind of each symbol.
    var kinds: [SymbolKind] = []
    /// The slot of the row whose basic symbol this is, or -1 when parametric.
    var slotOfBasic: [Int32] = []
    /// The current value of each external symbol (0 for every other kind).
    var values: [Double] = []
    /// The variable of each external symbol.
    var variables: [Variable?] = []
    /// The symbol of each variable the solver has seen.
    var symbolOfVariable = VariableTable()

    // MARK: Rows

    /// Row storage; a slot is free when `basicOfSlot` is -1.
    var rows: [Row] = []
    /// The basic symbol of each slot, or -1 when the slot is free.
    var basicOfSlot: [Int32] = []
    /// Free slots, reused first.
    var freeSlots: [Int32] = []
    /// The slots of the restricted rows, in no particular order.
    var restrictedSlots: [Int32] = []
    /// The position of each slot in `restrictedSlots`, or -1.
    var restrictedPosition: [Int32] = []
    /// Basic externals whose rows were materialized, oldest first (evaluate newest first).
    var materializedOrder: [Int32] = []
    /// Basic externals whose rows were added raw, oldest first (evaluate oldest first).
    var rawOrder: [Int32] = []

    /// Σ weight·error over the preferences, in terms of parametric symbols.
    var objective = ObjectiveRow()
    /// The objective of the artificial phase, while one runs.
    var artificial: Row?
    /// Basic symbols whose row constant went negative, for `dualOptimize`.
    var infeasibleRows: [Int32] = []
    /// The work of the simplex so far: each substitution (a pivot, a new
    /// row) counts the restricted rows it visits and the cells of the rows
    /// it rewrites, objective included, and each choice of a leaving row
    /// the rows it reads. The simplex's time grows with it,
    /// so a caller that must stop a system before it runs for minutes
    /// (`ConstraintSystemFile`) budgets it.
    var simplexWork = 0

    // MARK: Scratch space for `materialize`, reused between calls

    private var scratchCoefficient: [Double] = []
    private var scratchMagnitude: [Double] = []
    private var scratchStamp: [UInt32] = []
    private var scratchVisit: [UInt32] = []
    private var scratchGeneration: UInt32 = 0

    /// Why `add` refused a constraint.
    enum AddFailure: Error {
        /// The constraint cannot hold; `involved` lists the symbols of the
        /// infeasibility certificate (markers of the constraints it used).
        case unsatisfiable(involved: [Int32])
    }

    // MARK: - Symbols

    var symbolCount: Int { kinds.count }

    mutating func newSymbol(_ kind: SymbolKind) -> Int32 {
        let id = Int32(kinds.count)
        kinds.append(kind)
        slotOfBasic.append(-1)
        values.append(0)
        variables.append(nil)
        return id
    }

    /// Makes room for `symbols` more symbols and `rows` more rows, so that a
    /// batch of additions appends to the tables without growing them again
    /// and again.
    mutating func reserveCapacity(symbols: Int, rows rowCount: Int) {
        let symbolTotal = kinds.count + symbols
        kinds.reserveCapacity(symbolTotal)
        slotOfBasic.reserveCapacity(symbolTotal)
        values.reserveCapacity(symbolTotal)
        variables.reserveCapacity(symbolTotal)
        let rowTotal = rows.count + rowCount
        rows.reserveCapacity(rowTotal)
        basicOfSlot.reserveCapacity(rowTotal)
        restrictedPosition.reserveCapacity(rowTotal)
        restrictedSlots.reserveCapacity(rowTotal)
    }

    /// The symbol of `variable`, created on first use.
    mutating func symbol(for variable: Variable) -> Int32 {
        if let symbol = symbolOfVariable.symbol(for: variable) { return symbol }
        let symbol = newSymbol(.external)
        variables[Int(symbol)] = variable
        symbolOfVariable.insert(variable, symbol: symbol)
        return symbol
    }

    /// Forgets every symbol created since the table had `count` symbols.
    ///
    /// Only valid when none of them is in a row or in the objective.
    mutating func truncateSymbols(to count: Int) {
        guard kinds.count > count else { return }
        if variables[count...].contains(where: { $0 != nil }) { symbolOfVariable.removeSymbols(from: Int32(count)) }
        kinds.removeSubrange(count...)
        slotOfBasic.removeSubrange(count...)
        values.removeSubrange(count...)
        variables.removeSubrange(count...)
    }

    /// The current value of a symbol: a lazy external's evaluated value, a restricted basic row's constant, else 0.
    @inline(__always)
    func value(ofSymbol symbol: Int32) -> Double {
        let index = Int(symbol)
        if kinds[index] == .external { return values[index] }
        let slot = slotOfBasic[index]
        return slot < 0 ? 0 : rows[Int(slot)].constant
    }

    // MARK: - Row slots

    private mutating func storeRow(_ row: Row, basic: Int32) -> Int32 {
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
            rows[Int(slot)] = row
            basicOfSlot[Int(slot)] = basic
        } else {
            slot = Int32(rows.count)
            rows.append(row)
            basicOfSlot.append(basic)
            restrictedPosition.append(-1)
        }
        slotOfBasic[Int(basic)] = slot
        if kinds[Int(basic)].isRestricted {
            restrictedPosition[Int(slot)] = Int32(restrictedSlots.count)
            restrictedSlots.append(slot)
        }
        return slot
    }

    /// Removes the row of slot `slot` and returns it; its basic symbol becomes parametric.
    private mutating func takeRow(_ slot: Int32) -> Row {
        let index = Int(slot)
        let row = rows[index]
        rows[index] = Row()
        slotOfBasic[Int(basicOfSlot[index])] = -1
        basicOfSlot[index] = -1
        let position = restrictedPosition[index]
        if position >= 0 {
            let last = restrictedSlots.removeLast()
            if last != slot {
                restrictedSlots[Int(position)] = last
                restrictedPosition[Int(last)] = position
            }
            restrictedPosition[index] = -1
        }
        freeSlots.append(slot)
        return row
    }

    // MARK: - Adding a constraint

    /// Adds `expression relation 0` with the given strength.
    ///
    /// On failure the core is exactly as before the call.
    /// - Returns: The symbols created for the constraint.
    /// - Throws: `AddFailure.unsatisfiable` when a required constraint cannot hold.
    /// - Parameters:
    ///   - updatingValues: `false` leaves the variables' values stale (for a
    ///     batch of calls followed by one `updateValues()`).
    ///   - optimizing: `false` leaves the tableau feasible but not optimal
    ///     (for a batch of calls followed by one `optimize()`): optimizing
    ///     after each constraint pivots towards optima that the next one
    ///     moves again.
    mutating func add(
        _ expression: Expression, _ relation: Relation, _ strength: Strength, below: Strength? = nil,
        updatingValues: Bool = true, optimizing: Bool = true
    ) throws(AddFailure) -> ConstraintTag {
        let symbolCountBefore = kinds.count
        // Room for the terms and the (at most two) markers.
        var row = Row(constant: expression.constant, capacity: expression.terms.count + 2)
        for term in expression.terms where term.coefficient != 0 {
            row.insert(symbol(for: term.variable), term.coefficient)
        }
        let tag = addMarkers(&row, relation, strength, below: below)

        // Fast path: a variable never seen before can absorb the constraint on
        // its own, so the row goes in as written and nothing else changes.
        for index in 0..<row.count where Int(row.symbols[index]) >= symbolCountBefore {
            let symbol = row.symbols[index]
            guard kinds[Int(symbol)] == .external else { continue }
            row.solve(for: symbol)
            _ = storeRow(row, basic: symbol)
            rawOrder.append(symbol)
            values[Int(symbol)] = evaluate(row)
            return tag
        }

        let scale: Double
        (row, scale) = materialize(row)
        if row.constant < 0 { row.reverseSign() }
        var subject = chooseSubject(row, tag)
        if subject == invalidSymbol {
            if row.symbols.allSatisfy({ kinds[Int($0)] == .dummy }) {
                if !isNearZeroResidual(row.constant, scale: scale) {
                    let involved = row.symbols.filter { $0 != tag.marker }
                    truncateSymbols(to: symbolCountBefore)
                    throw .unsatisfiable(involved: involved)
                }
                subject = tag.marker  // a redundant equality: its dummy becomes basic
            } else {
                let saved = self
                if let certificate = addWithArtificialVariable(row, scale: scale) {
                    self = saved
                    truncateSymbols(to: symbolCountBefore)
                    throw .unsatisfiable(involved: certificate.filter { $0 != tag.marker })
                }
                if optimizing { optimize() }
                if updatingValues { updateValues() }
                return tag
            }
        }

        row.solve(for: subject)
        if kinds[Int(subject)] == .external {
            // By invariant 1 no restricted row or objective mentions an external symbol.
            _ = storeRow(row, basic: subject)
            materializedOrder.append(subject)
        } else {
            substitute(subject, with: row)
            _ = storeRow(row, basic: subject)
            if optimizing { optimize() }
        }
        if updatingValues { updateValues() }
        return tag
    }

    /// Whether a residual that should be zero is zero, for a quantity built from magnitudes up to `scale`.
    func isNearZeroResidual(_ residual: Double, scale: Double) -> Bool {
        abs(residual) <= Tolerance.check * max(scale, 1)
    }

    /// Adds the slack, error or dummy symbols of a constraint to its row (kiwi's `createRow`).
    private mutating func addMarkers(_ row: inout Row, _ relation: Relation, _ strength: Strength, below: Strength?) -> ConstraintTag {
        // New symbols have the largest ids, so these inserts are appends.
        switch relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = relation == .lessThanOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            row.insert(slack, sign)
            guard !strength.isRequired else { return ConstraintTag(marker: slack, other: invalidSymbol) }
            let error = newSymbol(.error)
            row.insert(error, -sign)
            objective.insert(error, strength.weight)
            return ConstraintTag(marker: slack, other: error)
        case .equal:
            guard !strength.isRequired else {
                let dummy = newSymbol(.dummy)
                row.insert(dummy, 1)
                return ConstraintTag(marker: dummy, other: invalidSymbol)
            }
            let plus = newSymbol(.error)
            let minus = newSymbol(.error)
            row.insert(plus, -1)  // expression = plus − minus
            row.insert(minus, 1)
            objective.insert(plus, strength.weight)
            objective.insert(minus, (below ?? strength).weight)
            return ConstraintTag(marker: plus, other: minus)
        }
    }

    /// Chooses the symbol a new, materialized row is solved for (kiwi's `chooseSubject`).
    ///
    /// 1. Any external symbol (it is parametric: the row is materialized).
    /// 2. The constraint's own slack or error symbol, if its coefficient is
    ///    negative (the row's constant is ≥ 0, so the new basic value is ≥ 0).
    /// 3. Otherwise `invalidSymbol`.
    private func chooseSubject(_ row: Row, _ tag: ConstraintTag) -> Int32 {
        for symbol in row.symbols where kinds[Int(symbol)] == .external { return symbol }
        if kinds[Int(tag.marker)] != .dummy, row.coefficient(for: tag.marker) < 0 { return tag.marker }
        if tag.other != invalidSymbol, row.coefficient(for: tag.other) < 0 { return tag.other }
        return invalidSymbol
    }

    /// Adds a row that has no valid subject through an artificial variable (phase one of the simplex).
    ///
    /// - Returns: `nil` on success; on failure the cells of the final
    ///   artificial objective (an infeasibility certificate), leaving the core
    ///   modified (the caller restores it).
    private mutating func addWithArtificialVariable(_ row: Row, scale: Double) -> [Int32]? {
        let art = newSymbol(.slack)
        _ = storeRow(row, basic: art)
        artificial = row
        optimize(artificialPhase: true)
        let final = artificial ?? Row()
        artificial = nil
        guard isNearZeroResidual(final.constant, scale: scale) else { return final.symbols }

        let slot = slotOfBasic[Int(art)]
        if slot >= 0 {
            var artRow = takeRow(slot)
            if !artRow.symbols.isEmpty {
                // Pivot the artificial variable out of the basis.
                guard let entering = artRow.symbols.first(where: {
                    let kind = kinds[Int($0)]
                    return kind == .slack || kind == .error
                }) else { return final.symbols }
                artRow.solve(for: entering, replacing: art)
                substitute(entering, with: artRow)
                _ = storeRow(artRow, basic: entering)
            }
        }
        // The artificial variable is now parametric at 0: drop its column.
        // It stays 0 and never enters the basis again, as a dummy does; so
        // it is one, and no query mistakes it for a slack free to move.
        for slot in restrictedSlots { rows[Int(slot)].remove(art) }
        objective.remove(art)
        kinds[Int(art)] = .dummy
        return nil
    }

    // MARK: - Simplex

    /// Replaces `symbol` by `row` in every restricted row and the objectives,
    /// noting restricted rows that become infeasible (kiwi's `substitute`).
    mutating func substitute(_ symbol: Int32, with row: Row) {
        let basicOfSlot = self.basicOfSlot
        let restrictedSlots = self.restrictedSlots
        var infeasible: [Int32] = []
        var work = restrictedSlots.count + objective.count + row.count
        rows.withUnsafeMutableBufferPointer { rows in
            for slot in restrictedSlots {
                let index = Int(slot)
                guard rows[index].substitute(symbol, with: row) else { continue }
                work += rows[index].count + row.count
                if rows[index].constant < 0 { infeasible.append(basicOfSlot[index]) }
            }
        }
        simplexWork += work
        infeasibleRows.append(contentsOf: infeasible)
        objective.substitute(symbol, with: row)
        if artificial != nil { artificial?.substitute(symbol, with: row) }
    }

    /// Makes `entering` basic in place of the basic symbol of `slot`.
    private mutating func pivot(slot: Int32, entering: Int32) {
        let leaving = basicOfSlot[Int(slot)]
        var row = takeRow(slot)
        row.solve(for: entering, replacing: leaving)
        substitute(entering, with: row)
        _ = storeRow(row, basic: entering)
    }

    /// Primal simplex on the objective (or the artificial objective) until no improving symbol is left.
    mutating func optimize(artificialPhase: Bool = false) {
        while true {
            let entering = enteringSymbol(artificialPhase: artificialPhase)
            if entering == invalidSymbol { return }
            // Choosing the leaving row reads every restricted row.
            simplexWork += restrictedSlots.count
            let slot = leavingSlot(entering)
            // The objective is bounded below (errors are ≥ 0), so a leaving row always exists.
            if slot < 0 { return }
            pivot(slot: slot, entering: entering)
        }
    }

    /// The first (lowest-id) non-dummy symbol with a negative objective coefficient (Bland's rule), or `invalidSymbol`.
    private func enteringSymbol(artificialPhase: Bool) -> Int32 {
        guard artificialPhase else {
            let kinds = self.kinds
            return objective.firstNegative { kinds[Int($0)] != .dummy }
        }
        let objective = artificial ?? Row()
        for index in 0..<objective.count where objective.coefficients[index] < 0 {
            let symbol = objective.symbols[index]
            if kinds[Int(symbol)] != .dummy { return symbol }
        }
        return invalidSymbol
    }

    /// The restricted row with the smallest ratio `−constant / coefficient` among
    /// those where `entering` has a negative coefficient; ties go to the lowest basic id.
    private func leavingSlot(_ entering: Int32) -> Int32 {
        var best: Int32 = -1
        var bestRatio = Double.greatestFiniteMagnitude
        var bestBasic = Int32.max
        rows.withUnsafeBufferPointer { rows in
            for slot in restrictedSlots {
                let coefficient = rows[Int(slot)].coefficient(for: entering)
                guard coefficient < 0 else { continue }
                let ratio = -rows[Int(slot)].constant / coefficient
                let basic = basicOfSlot[Int(slot)]
                if ratio < bestRatio || (ratio == bestRatio && basic < bestBasic) {
                    best = slot
                    bestRatio = ratio
                    bestBasic = basic
                }
            }
        }
        return best
    }

    /// Dual simplex: restores feasibility of the rows in `infeasibleRows` while keeping the objective optimal.
    mutating func dualOptimize() {
        while let leaving = infeasibleRows.popLast() {
            let slot = slotOfBasic[Int(leaving)]
            guard slot >= 0, rows[Int(slot)].constant < 0 else { continue }
            let entering = dualEnteringSymbol(slot: slot)
            // A feasible system always has one; without it there is nothing sound to do.
            if entering == invalidSymbol { continue }
            pivot(slot: slot, entering: entering)
        }
    }

    /// Among the row's non-dummy cells with a positive coefficient, the one with the smallest
    /// `objective coefficient / coefficient`; ties go to the lowest id.
    private func dualEnteringSymbol(slot: Int32) -> Int32 {
        // Reading the row through its slot (not as an argument) spares a copy of the whole core.
        let row = rows[Int(slot)]
        var best = invalidSymbol
        var bestRatio = Double.greatestFiniteMagnitude
        for index in 0..<row.count {
            let coefficient = row.coefficients[index]
            guard coefficient > 0 else { continue }
            let symbol = row.symbols[index]
            guard kinds[Int(symbol)] != .dummy else { continue }
            let cost = objective.coefficient(for: symbol)
            let ratio = cost / coefficient
            if ratio < bestRatio {
                best = symbol
                bestRatio = ratio
            }
        }
        return best
    }

    // MARK: - Edits

    /// Moves an edit constraint's target by `delta` and re-optimizes (kiwi's `suggestValue`).
    ///
    /// The edit constraint reads `v − c = plus − minus`. Moving `c` by δ is the
    /// renaming `plus_old = plus_new + δ` (or `minus_old = minus_new − δ`):
    /// every row that mentions the renamed symbol shifts its constant by its
    /// coefficient × (±δ), and the renamed symbol's own row, if it is basic,
    /// shifts by ∓δ. In a fully substituted tableau a basic symbol occurs only
    /// in its own row; lazy rows may still mention it, so they are scanned too.
    /// With `updatingValues: false` the values stay stale (see `add`).
    mutating func suggest(delta: Double, tag: ConstraintTag, updatingValues: Bool = true) {
        let plus = tag.marker
        let minus = tag.other
        let renamed: Int32
        let shift: Double
        if slotOfBasic[Int(plus)] < 0 && slotOfBasic[Int(minus)] >= 0 {
            (renamed, shift) = (minus, -delta)
        } else {
            (renamed, shift) = (plus, delta)
        }
        let ownSlot = slotOfBasic[Int(renamed)]
        if ownSlot >= 0 {
            rows[Int(ownSlot)].constant = Tolerance.sum(rows[Int(ownSlot)].constant, -shift)
            if rows[Int(ownSlot)].constant < 0 { infeasibleRows.append(renamed) }
            // Restricted rows never mention a basic symbol: only lazy rows can.
            shiftConstants(of: materializedOrder, mentioning: renamed, by: shift)
            shiftConstants(of: rawOrder, mentioning: renamed, by: shift)
        } else {
            let kinds = self.kinds
            let basicOfSlot = self.basicOfSlot
            var infeasible: [Int32] = []
            rows.withUnsafeMutableBufferPointer { rows in
                for slot in 0..<rows.count {
                    let basic = basicOfSlot[slot]
                    guard basic >= 0 else { continue }
                    let coefficient = rows[slot].coefficient(for: renamed)
                    guard coefficient != 0 else { continue }
                    rows[slot].constant = Tolerance.sum(rows[slot].constant, coefficient * shift)
                    if rows[slot].constant < 0 && kinds[Int(basic)].isRestricted { infeasible.append(basic) }
                }
            }
            infeasibleRows.append(contentsOf: infeasible)
        }
        dualOptimize()
        if updatingValues { updateValues() }
    }

    /// Moves several edit constraints' targets at once, then re-optimizes
    /// once (the batch form of `suggest(delta:tag:)`).
    ///
    /// Every renaming is applied to the same tableau, in one pass over the
    /// rows that accumulates each cell's shift from a dense table, instead
    /// of one scan of every row per edit. The optimum reached is the one the
    /// suggestions one at a time reach whenever it is unique; the tableau
    /// (which basis represents it) may differ.
    mutating func suggest(_ deltas: [(delta: Double, tag: ConstraintTag)], updatingValues: Bool = true) {
        guard !deltas.isEmpty else { return }
        var shiftOf = [Double](repeating: 0, count: kinds.count)
        for (delta, tag) in deltas where delta != 0 {
            let plus = tag.marker
            let minus = tag.other
            let renamed: Int32
            let shift: Double
            if slotOfBasic[Int(plus)] < 0 && slotOfBasic[Int(minus)] >= 0 {
                (renamed, shift) = (minus, -delta)
            } else {
                (renamed, shift) = (plus, delta)
            }
            let ownSlot = slotOfBasic[Int(renamed)]
            if ownSlot >= 0 { rows[Int(ownSlot)].constant = Tolerance.sum(rows[Int(ownSlot)].constant, -shift) }
            shiftOf[Int(renamed)] += shift
        }
        let basicOfSlot = self.basicOfSlot
        rows.withUnsafeMutableBufferPointer { rows in
            shiftOf.withUnsafeBufferPointer { shiftOf in
                for slot in 0..<rows.count where basicOfSlot[slot] >= 0 {
                    var constant = rows[slot].constant
                    rows[slot].symbols.withUnsafeBufferPointer { symbols in
                        rows[slot].coefficients.withUnsafeBufferPointer { coefficients in
                            for cell in 0..<symbols.count {
                                let shift = shiftOf[Int(symbols[cell])]
                                if shift != 0 { constant = Tolerance.sum(constant, coefficients[cell] * shift) }
                            }
                        }
                    }
                    rows[slot].constant = constant
                }
            }
        }
        for slot in restrictedSlots where rows[Int(slot)].constant < 0 { infeasibleRows.append(basicOfSlot[Int(slot)]) }
        dualOptimize()
        if updatingValues { updateValues() }
    }

    /// Adds `coefficient(symbol) × shift` to the constant of each listed external's row.
    private mutating func shiftConstants(of externals: [Int32], mentioning symbol: Int32, by shift: Double) {
        let slotOfBasic = self.slotOfBasic
        rows.withUnsafeMutableBufferPointer { rows in
            for external in externals {
                let slot = Int(slotOfBasic[Int(external)])
                let coefficient = rows[slot].coefficient(for: symbol)
                if coefficient != 0 { rows[slot].constant = Tolerance.sum(rows[slot].constant, coefficient * shift) }
            }
        }
    }

    // MARK: - Values

    /// `constant + Σ coefficient · value(symbol)` with the current values.
    func evaluate(_ row: Row) -> Double {
        var sum = row.constant
        for index in 0..<row.count {
            sum += row.coefficients[index] * value(ofSymbol: row.symbols[index])
        }
        return sum
    }

    /// Re-evaluates every basic external in dependency order (invariant 2).
    mutating func updateValues() {
        // One pass over raw buffers: this runs after every suggestion, over every lazy row.
        let kinds = self.kinds
        let slotOfBasic = self.slotOfBasic
        let rows = self.rows
        let materializedOrder = self.materializedOrder
        let rawOrder = self.rawOrder
        values.withUnsafeMutableBufferPointer { values in
            kinds.withUnsafeBufferPointer { kinds in
                slotOfBasic.withUnsafeBufferPointer { slotOfBasic in
                    rows.withUnsafeBufferPointer { rows in
                        func evaluate(_ symbol: Int32) {
                            let row = rows[Int(slotOfBasic[Int(symbol)])]
                            var sum = row.constant
                            row.symbols.withUnsafeBufferPointer { symbols in
                                row.coefficients.withUnsafeBufferPointer { coefficients in
                                    for index in 0..<symbols.count {
                                        let cell = Int(symbols[index])
                                        let value: Double
                                        if kinds[cell] == .external {
                                            value = values[cell]
                                        } else {
                                            let slot = slotOfBasic[cell]
                                            value = slot < 0 ? 0 : rows[Int(slot)].constant
                                        }
                                        sum += coefficients[index] * value
                                    }
                                }
                            }
                            values[Int(symbol)] = sum
                        }
                        for symbol in materializedOrder.reversed() { evaluate(symbol) }
                        for symbol in rawOrder { evaluate(symbol) }
                    }
                }
            }
        }
    }

    // MARK: - Materializing

    /// Each symbol's value as a row of parametric symbols: a parametric
    /// symbol is itself, a restricted basic one its row, and a basic external
    /// its lazy row with every basic symbol expanded.
    ///
    /// The lazy rows the symbols depend on are expanded once each, in the
    /// dependency order of `updateValues`, reusing the expansions of the
    /// rows they mention, instead of one walk of the dependency graph per
    /// symbol as `materialize` does.
    func expansions(of symbols: [Int32]) -> [Row] {
        // The basic externals the symbols depend on.
        var needed = [Bool](repeating: false, count: kinds.count)
        var stack: [Int32] = []
        for symbol in symbols where kinds[Int(symbol)] == .external && slotOfBasic[Int(symbol)] >= 0 && !needed[Int(symbol)] {
            needed[Int(symbol)] = true
            stack.append(symbol)
        }
        while let symbol = stack.popLast() {
            let row = rows[Int(slotOfBasic[Int(symbol)])]
            for cell in row.symbols
            where kinds[Int(cell)] == .external && slotOfBasic[Int(cell)] >= 0 && !needed[Int(cell)] {
                needed[Int(cell)] = true
                stack.append(cell)
            }
        }
        var expanded = [Row?](repeating: nil, count: kinds.count)
        func expand(_ symbol: Int32) {
            guard needed[Int(symbol)] else { return }
            let row = rows[Int(slotOfBasic[Int(symbol)])]
            var result = Row(constant: row.constant)
            for index in 0..<row.count {
                let cell = row.symbols[index]
                let coefficient = row.coefficients[index]
                let slot = slotOfBasic[Int(cell)]
                if slot < 0 {
                    result.insert(cell, coefficient)
                } else if kinds[Int(cell)] == .external {
                    result.add(expanded[Int(cell)] ?? Row(), times: coefficient)
                } else {
                    result.add(rows[Int(slot)], times: coefficient)
                }
            }
            expanded[Int(symbol)] = result
        }
        for symbol in materializedOrder.reversed() { expand(symbol) }
        for symbol in rawOrder { expand(symbol) }
        return symbols.map { symbol in
            let slot = slotOfBasic[Int(symbol)]
            if slot < 0 {
                var row = Row()
                row.insert(symbol, 1)
                return row
            }
            if kinds[Int(symbol)] == .external { return expanded[Int(symbol)] ?? Row() }
            return rows[Int(slot)]
        }
    }

    /// The row with every basic symbol expanded away, so it mentions only parametric symbols,
    /// and the largest magnitude that went into its constant.
    ///
    /// Lazy rows form a DAG; the basic symbols reachable from `raw` are
    /// visited depth-first and then expanded parents-first, each exactly once,
    /// accumulating coefficients in dense scratch arrays.
    mutating func materialize(_ raw: Row) -> (Row, scale: Double) {
        var scale = abs(raw.constant)
        guard raw.symbols.contains(where: { slotOfBasic[Int($0)] >= 0 }) else { return (raw, scale) }
        let symbolTotal = kinds.count
        if scratchCoefficient.count < symbolTotal {
            let extra = symbolTotal - scratchCoefficient.count + 64
            scratchCoefficient.append(contentsOf: repeatElement(0, count: extra))
            scratchMagnitude.append(contentsOf: repeatElement(0, count: extra))
            scratchStamp.append(contentsOf: repeatElement(0, count: extra))
            scratchVisit.append(contentsOf: repeatElement(0, count: extra))
        }
        scratchGeneration &+= 1
        if scratchGeneration == 0 {
            for index in scratchStamp.indices { scratchStamp[index] = 0; scratchVisit[index] = 0 }
            scratchGeneration = 1
        }
        let generation = scratchGeneration

        // Post-order of the basic symbols reachable from the raw row.
        var postOrder: [Int32] = []
        var stack: [(symbol: Int32, next: Int)] = []
        for root in raw.symbols where slotOfBasic[Int(root)] >= 0 && scratchVisit[Int(root)] != generation {
            scratchVisit[Int(root)] = generation
            stack.append((root, 0))
            while let top = stack.last {
                let row = rows[Int(slotOfBasic[Int(top.symbol)])]
                var next = top.next
                var pushed = false
                // A restricted row mentions only parametric symbols: it is a leaf.
                if kinds[Int(top.symbol)] == .external {
                    while next < row.count {
                        let child = row.symbols[next]
                        next += 1
                        if slotOfBasic[Int(child)] >= 0 && scratchVisit[Int(child)] != generation {
                            scratchVisit[Int(child)] = generation
                            stack[stack.count - 1].next = next
                            stack.append((child, 0))
                            pushed = true
                            break
                        }
                    }
                }
                if !pushed {
                    postOrder.append(top.symbol)
                    stack.removeLast()
                }
            }
        }

        var touched: [Int32] = []
        func accumulate(_ symbol: Int32, _ amount: Double) {
            let index = Int(symbol)
            if scratchStamp[index] != generation {
                scratchStamp[index] = generation
                scratchCoefficient[index] = amount
                scratchMagnitude[index] = abs(amount)
                touched.append(symbol)
            } else {
                scratchCoefficient[index] += amount
                scratchMagnitude[index] = max(scratchMagnitude[index], abs(amount))
            }
        }
        var constant = raw.constant
        for index in 0..<raw.count { accumulate(raw.symbols[index], raw.coefficients[index]) }
        for symbol in postOrder.reversed() {
            let index = Int(symbol)
            // A symbol reached in the walk may have cancelled out or never been reached with a factor.
            guard scratchStamp[index] == generation else { continue }
            let factor = scratchCoefficient[index]
            scratchCoefficient[index] = 0
            guard factor != 0 else { continue }
            let row = rows[Int(slotOfBasic[index])]
            let contribution = factor * row.constant
            constant += contribution
            scale = max(scale, abs(contribution))
            for cell in 0..<row.count { accumulate(row.symbols[cell], factor * row.coefficients[cell]) }
        }
        touched.sort()
        var result = Row(constant: Tolerance.isNearZero(constant, scale: scale) ? 0 : constant, capacity: touched.count)
        for symbol in touched where slotOfBasic[Int(symbol)] < 0 {
            let coefficient = scratchCoefficient[Int(symbol)]
            if coefficient != 0 && !Tolerance.isNearZero(coefficient, scale: scratchMagnitude[Int(symbol)]) {
                result.symbols.append(symbol)
                result.coefficients.append(coefficient)
            }
        }
        return (result, scale)
    }
}
