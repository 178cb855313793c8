extension SolverCore {
    /// The tableau invariants that are broken, as human-readable lines; empty when the tableau is sound.
    ///
    /// Checks invariant 1 (restricted rows and the objective mention only
    /// parametric, non-external symbols), feasibility (restricted constants ≥ 0)
    /// and optimality (no improving symbol left in the objective).
    func invariantViolations() -> [String] {
        var problems: [String] = []
        func checkParametric(_ row: Row, _ name: String) {
            for symbol in row.symbols {
                if slotOfBasic[Int(symbol)] >= 0 { problems.append("\(name) mentions basic symbol \(symbol)") }
                if kinds[Int(symbol)] == .external { problems.append("\(name) mentions external symbol \(symbol)") }
            }
        }
        for slot in restrictedSlots {
            let row = rows[Int(slot)]
            let basic = basicOfSlot[Int(slot)]
            checkParametric(row, "row of \(basic)")
            if row.constant < 0 { problems.append("row of \(basic) is infeasible (\(row.constant))") }
        }
        checkParametric(objective.row, "objective")
        for cell in objective.cells where cell.coefficient < 0 && kinds[Int(cell.symbol)] != .dummy {
            problems.append("objective can still improve through \(cell.symbol)")
        }
        return problems
    }

    /// The tableau as text, one row per line, for debugging.
    func dump() -> String {
        func name(_ symbol: Int32) -> String {
            let kind = kinds[Int(symbol)]
            switch kind {
            case .external: return variables[Int(symbol)]?.name ?? "v\(symbol)"
            case .slack: return "s\(symbol)"
            case .error: return "e\(symbol)"
            case .dummy: return "d\(symbol)"
            }
        }
        func text(_ row: Row) -> String {
            var parts = ["\(row.constant)"]
            for index in 0..<row.count { parts.append("\(row.coefficients[index])·\(name(row.symbols[index]))") }
            return parts.joined(separator: " + ")
        }
        var lines = ["objective: " + text(objective.row)]
        for slot in 0..<rows.count where basicOfSlot[slot] >= 0 {
            lines.append("\(name(basicOfSlot[slot])) = " + text(rows[slot]))
        }
        return lines.joined(separator: "\n")
    }
}

extension Solver {
    /// The tableau as text, one row per line: for debugging, not a stable format.
    public var tableauDescription: String { core.dump() }
}
