/// The directions in which an optimal solution can move without leaving the
/// optimal set (internal), and the test of whether a variable changes along
/// them: the second half of `Solver.ambiguousVariables()`.
///
/// The cone is `{d ≥ 0 : oneSided·d ≥ 0, twoSided·d = 0}` over the
/// zero-cost parametric symbols (its columns). Its linear span is the null
/// space of its implicit equalities: the columns and one-sided rows that stay
/// at zero everywhere in the cone, and the two-sided rows. A variable whose
/// expansion is orthogonal to the span (lies in the row space of those
/// equalities) is determined.
///
/// Rows couple only the columns they mention, so the cone is the product of
/// the cones of the connected components of the column–row incidence graph,
/// and each component is analysed on its own: most are a single column or
/// the two errors of one preference, settled without a linear program, and
/// the Gaussian elimination runs on small dense blocks instead of one matrix
/// as wide as every column.
struct ZeroCostCone {
    /// The zero-cost parametric symbols, sorted.
    let columns: [Int32]
    let oneSided: [Row]
    let twoSided: [Row]

    /// The equalities of each component restricted to its support columns,
    /// in echelon form, and the support columns' positions.
    private var components: [Component] = []
    /// The component of each column (by position in `columns`), or -1 when the
    /// column can move freely in both directions of the span (no equality).
    private var componentOfColumn: [Int] = []
    /// Whether each column can be positive somewhere in the cone.
    private var inSupport: [Bool] = []

    private struct Component {
        /// Positions (in `columns`) of the support columns, sorted.
        var supportColumns: [Int]
        var basis: [(pivot: Int, row: [Double])]
    }

    /// Analyses the cone.
    /// - Parameter pairs: Pairs of columns known to move together (the two
    ///   errors of an equality preference): `d = e_j + e_k` is tried as a
    ///   direction of the cone before any linear program runs.
    init(columns: [Int32], oneSided: [Row], twoSided: [Row], pairs: [(Int32, Int32)]) {
        self.columns = columns
        self.oneSided = oneSided
        self.twoSided = twoSided
        let count = columns.count
        var position: [Int32: Int] = [:]
        position.reserveCapacity(count)
        for (index, symbol) in columns.enumerated() { position[symbol] = index }

        // Rows as (position, coefficient) cells; rows 0..<oneSided.count are one-sided.
        let rows: [[(column: Int, coefficient: Double)]] = (oneSided + twoSided).map { row in
            (0..<row.count).compactMap { cell in position[row.symbols[cell]].map { ($0, row.coefficients[cell]) } }
        }
        let oneSidedCount = oneSided.count
        var rowsOfColumn = [[Int]](repeating: [], count: count)
        for (index, row) in rows.enumerated() {
            for cell in row { rowsOfColumn[cell.column].append(index) }
        }

        // Connected components (union–find over the columns of each row).
        var parent = Array(0..<count)
        func find(_ column: Int) -> Int {
            var root = column
            while parent[root] != root { root = parent[root] }
            var current = column
            while parent[current] != root {
                let next = parent[current]
                parent[current] = root
                current = next
            }
            return root
        }
        for row in rows {
            guard let first = row.first?.column else { continue }
            for cell in row.dropFirst() {
                let a = find(first), b = find(cell.column)
                if a != b { parent[a] = b }
            }
        }

        // Directions found without a linear program: a single column, or a pair.
        var supportColumn = [Bool](repeating: false, count: count)
        var supportRow = [Bool](repeating: false, count: rows.count)
        func tryDirection(_ direction: [(column: Int, amount: Double)]) {
            var touched: Set<Int> = []
            for (column, _) in direction { touched.formUnion(rowsOfColumn[column]) }
            var positiveRows: [Int] = []
            for index in touched {
                var sum = 0.0
                var magnitude = 0.0
                for cell in rows[index] {
                    for (column, amount) in direction where column == cell.column {
                        sum += amount * cell.coefficient
                        magnitude = max(magnitude, abs(amount * cell.coefficient))
                    }
                }
                let zero = abs(sum) <= 1e-9 * magnitude
                if index < oneSidedCount {
                    if sum < 0 && !zero { return }
                    if !zero { positiveRows.append(index) }
                } else if !zero {
                    return
                }
            }
            for (column, _) in direction { supportColumn[column] = true }
            for index in positiveRows { supportRow[index] = true }
        }
        for column in 0..<count {
            // One column alone: every row it is in must allow it to grow.
            var allowed = true
            for index in rowsOfColumn[column] where index >= oneSidedCount || rows[index].contains(where: { $0.column == column && $0.coefficient < 0 }) {
                allowed = false
                break
            }
            guard allowed else { continue }
            supportColumn[column] = true
            for index in rowsOfColumn[column] { supportRow[index] = true }
        }
        for (a, b) in pairs {
            guard let j = position[a], let k = position[b], !(supportColumn[j] && supportColumn[k]) else { continue }
            tryDirection([(j, 1), (k, 1)])
        }

        // Components with anything left unknown: one auxiliary program each.
        var membersOfRoot: [Int: [Int]] = [:]
        for column in 0..<count { membersOfRoot[find(column), default: []].append(column) }
        var rowsOfRoot: [Int: [Int]] = [:]
        for (index, row) in rows.enumerated() {
            guard let first = row.first?.column else { continue }
            rowsOfRoot[find(first), default: []].append(index)
        }
        for root in membersOfRoot.keys.sorted() {
            let members = membersOfRoot[root] ?? []
            let memberRows = rowsOfRoot[root] ?? []
            var unknown = members.contains { !supportColumn[$0] }
                || memberRows.contains { $0 < oneSidedCount && !supportRow[$0] }
            guard unknown else { continue }
            // What plain sign reasoning settles: zero columns and rows that stay zero.
            let settled = Self.settleBySigns(rows: memberRows.map { (rows[$0], $0 >= oneSidedCount) })
            unknown = members.contains { !supportColumn[$0] && !settled.zeroColumns.contains($0) }
                || memberRows.indices.contains { memberRows[$0] < oneSidedCount && !supportRow[memberRows[$0]] && !settled.zeroRows.contains($0) }
            guard unknown else { continue }
            let local = Solver.supportOfCone(
                columns: members.map { columns[$0] },
                oneSided: memberRows.filter { $0 < oneSidedCount }.map { oneSided[$0] },
                twoSided: memberRows.filter { $0 >= oneSidedCount }.map { twoSided[$0 - oneSidedCount] })
            for column in members where local.columns.contains(columns[column]) { supportColumn[column] = true }
            for (localIndex, index) in memberRows.filter({ $0 < oneSidedCount }).enumerated()
            where local.rows.contains(localIndex) {
                supportRow[index] = true
            }
        }
        inSupport = supportColumn

        // Per component: the equalities on its support columns, in echelon form.
        componentOfColumn = [Int](repeating: -1, count: count)
        for root in membersOfRoot.keys.sorted() {
            let support = (membersOfRoot[root] ?? []).filter { supportColumn[$0] }
            let equalities = (rowsOfRoot[root] ?? []).filter { $0 >= oneSidedCount || !supportRow[$0] }
            guard !support.isEmpty, !equalities.isEmpty else { continue }
            var local: [Int: Int] = [:]
            for (index, column) in support.enumerated() { local[column] = index }
            let dense: [[Double]] = equalities.map { index in
                var vector = [Double](repeating: 0, count: support.count)
                for cell in rows[index] { if let at = local[cell.column] { vector[at] = cell.coefficient } }
                return vector
            }
            let basis = Solver.rowEchelon(dense)
            for column in support { componentOfColumn[column] = components.count }
            components.append(Component(supportColumns: support, basis: basis))
        }
    }

    /// The columns that must be zero everywhere in the cone and the rows
    /// (by position in `rows`) that must stay zero, found by sign reasoning
    /// alone: a one-sided row with no positive coefficient on the columns
    /// left (they are all `≥ 0`) pins them and itself to zero; so does a row
    /// that must stay zero with coefficients all of one sign; two one-sided
    /// rows that are opposites must both stay zero. Repeated until nothing
    /// changes. Whatever it leaves open is for `Solver.supportOfCone`.
    static func settleBySigns(
        rows: [(cells: [(column: Int, coefficient: Double)], twoSided: Bool)]
    ) -> (zeroColumns: Set<Int>, zeroRows: Set<Int>) {
        var zeroColumns: Set<Int> = []
        var zeroRows: Set<Int> = []
        var changed = true
        func live(_ index: Int) -> [(column: Int, coefficient: Double)] {
            rows[index].cells.filter { !zeroColumns.contains($0.column) }
        }
        while changed {
            changed = false
            for index in rows.indices {
                let cells = live(index)
                let mustStayZero = rows[index].twoSided || zeroRows.contains(index)
                let pins: Bool
                if cells.isEmpty {
                    pins = !rows[index].twoSided
                } else if mustStayZero {
                    pins = cells.allSatisfy { $0.coefficient > 0 } || cells.allSatisfy { $0.coefficient < 0 }
                } else {
                    pins = cells.allSatisfy { $0.coefficient < 0 }
                }
                guard pins else { continue }
                if !rows[index].twoSided && !zeroRows.contains(index) {
                    zeroRows.insert(index)
                    changed = true
                }
                for cell in cells where !zeroColumns.contains(cell.column) {
                    zeroColumns.insert(cell.column)
                    changed = true
                }
            }
            let oneSided = rows.indices.filter { !rows[$0].twoSided && !zeroRows.contains($0) }
            for (position, a) in oneSided.enumerated() {
                let cellsA = live(a)
                for b in oneSided[(position + 1)...] where !zeroRows.contains(b) {
                    let cellsB = live(b)
                    guard cellsA.count == cellsB.count, !cellsA.isEmpty else { continue }
                    let opposite = zip(cellsA, cellsB).allSatisfy { x, y in
                        x.column == y.column && abs(x.coefficient + y.coefficient) <= 1e-9 * max(abs(x.coefficient), abs(y.coefficient))
                    }
                    if opposite {
                        zeroRows.insert(a)
                        zeroRows.insert(b)
                        changed = true
                        break
                    }
                }
            }
        }
        return (zeroColumns, zeroRows)
    }

    /// Whether a variable whose expansion in parametric symbols is `row`
    /// keeps its value along every direction of the cone (up to `1e-9` of
    /// the expansion's largest coefficient on the columns).
    func isDetermined(_ row: Row) -> Bool {
        var scale = 0.0
        var byComponent: [Int: [(Int, Double)]] = [:]
        var cellsOnColumns: [(position: Int, coefficient: Double)] = []
        var cursor = 0
        for index in 0..<row.count {
            let symbol = row.symbols[index]
            while cursor < columns.count && columns[cursor] < symbol { cursor += 1 }
            guard cursor < columns.count && columns[cursor] == symbol else { continue }
            cellsOnColumns.append((cursor, row.coefficients[index]))
            scale = max(scale, abs(row.coefficients[index]))
        }
        if scale == 0 { return true }
        for (position, coefficient) in cellsOnColumns where inSupport[position] {
            // A support column that no equality mentions moves the variable.
            guard abs(coefficient) > 1e-9 * scale else { continue }
            let component = componentOfColumn[position]
            if component < 0 { return false }
            byComponent[component, default: []].append((position, coefficient))
        }
        for (component, cells) in byComponent {
            let support = components[component].supportColumns
            var vector = [Double](repeating: 0, count: support.count)
            for (position, coefficient) in cells {
                if let at = support.firstIndex(of: position) { vector[at] = coefficient }
            }
            if !Solver.isInRowSpace(vector, of: components[component].basis, scale: scale) { return false }
        }
        return true
    }
}
