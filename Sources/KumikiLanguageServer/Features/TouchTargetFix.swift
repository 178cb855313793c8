import Foundation
import KumikiLayout
import KumikiLayoutLanguage
import KumikiSupport

/// The quick fix of a `touch-target` finding: the constant of the line
/// that sizes the control (`go.width = 30`) raised to the minimum, 44.
///
/// Offered where a control is declared or sized, when the block, solved as
/// hover solves it (`ViewFrames`), has the finding on that control, and
/// only for a required `=` or `<=` line that gives the width or height as
/// a number below the minimum: a size that follows from other lines has
/// no one constant to raise.
enum TouchTargetFix {
    struct Fix {
        var view: String
        /// The page's 1-based line, and the character columns of each
        /// number to raise on it.
        var line: Int
        var columns: [Range<Int>]
    }

    /// - Parameter catalog: the site's devices, read only when a line
    ///   could need a fix (editors ask for code actions at every move).
    static func fixes(in block: LayoutBlockOutline, lines: ClosedRange<Int>, lineText: (Int) -> Substring?,
                      catalog: () -> DeviceCatalog) -> [Fix] {
        guard let program = block.program else { return [] }
        let minimum = Finding.minimumTouchTarget
        let small = program.constraints.filter { constraint in
            [.width, .height].contains(constraint.first.attribute) && constraint.second == nil && constraint.isRequired
                && constraint.relation != .greaterThanOrEqual && constraint.constant < minimum
        }
        let views = Set(small.map(\.first.item))
        let touched = small.filter { constraint in
            lines.contains(constraint.location.line)
                || block.declaration(named: constraint.first.item).map { lines.contains($0.line) } == true
        }
        guard !touched.isEmpty else { return [] }
        let engine = LayoutEngine(catalog: catalog())
        let solution = engine.solve(program, environments: ViewFrames.representatives(of: engine.environments(for: program).environments))
        let found = Set(solution.environments.flatMap { $0.findings.filter { $0.kind == .touchTarget }.flatMap(\.views) })
        var fixes: [Fix] = []
        for constraint in touched where views.contains(constraint.first.item) && found.contains(constraint.first.item) {
            guard let text = lineText(constraint.location.line) else { continue }
            let columns = numbers(equalTo: constraint.constant, in: text, from: constraint.location.column)
            guard !columns.isEmpty else { continue }
            if let index = fixes.firstIndex(where: { $0.line == constraint.location.line }) {
                fixes[index].columns = Array(Set(fixes[index].columns + columns)).sorted { $0.lowerBound < $1.lowerBound }
            } else {
                fixes.append(Fix(view: constraint.first.item, line: constraint.location.line, columns: columns))
            }
        }
        return fixes
    }

    /// The 1-based character columns of the number literals on a line, from
    /// `column` on, whose value is `value`.
    private static func numbers(equalTo value: Double, in line: Substring, from column: Int) -> [Range<Int>] {
        let characters = Array(line)
        var found: [Range<Int>] = []
        var index = max(0, column - 1)
        while index < characters.count {
            guard characters[index].isASCII, characters[index].isNumber,
                  index == 0 || !(characters[index - 1].isLetter || characters[index - 1] == "_" || characters[index - 1] == "." || characters[index - 1] == "{") else {
                index += 1
                continue
            }
            var end = index
            while end < characters.count, characters[end].isASCII, characters[end].isNumber || characters[end] == "." { end += 1 }
            if Double(String(characters[index..<end])) == value { found.append((index + 1)..<(end + 1)) }
            index = end
        }
        return found
    }
}
