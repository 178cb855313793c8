import Foundation
import KumikiDiagram
import KumikiLayout
import KumikiLayoutLanguage
import KumikiSite
import KumikiSupport

/// A view's solved frame in a few environments that tell a layout's story
/// (the smallest iPhone in portrait, the largest in landscape, an iPad),
/// with the findings on it there: what hover shows of a view.
///
/// The block is solved by the same engine as the build, on the site's
/// devices, in those environments only, so a hover costs three solves, not
/// the block's every environment.
enum ViewFrames {
    /// The environments shown, among those the block's lines select (at the
    /// default text size, full screen): the smallest iPhone in portrait,
    /// the largest iPhone in landscape and the smallest iPad in portrait;
    /// the block's first environment when it selects none of those.
    static func representatives(of environments: [Environment]) -> [Environment] {
        let plain = environments.filter { $0.textSize == .default && $0.split == .full }
        func area(_ environment: Environment) -> Double { environment.device.width * environment.device.height }
        let phones = plain.filter { $0.device.family == .phone }
        let chosen = [
            phones.filter { $0.orientation == .portrait }.min { area($0) < area($1) },
            phones.filter { $0.orientation != .portrait }.max { area($0) < area($1) },
            plain.filter { $0.device.family == .pad && $0.orientation == .portrait }.min { area($0) < area($1) },
        ].compactMap { $0 }
        return chosen.isEmpty ? Array(environments.prefix(1)) : chosen
    }

    /// The Markdown hover adds for `view`: a table of its frames and the
    /// findings on it; `nil` when the block has no program (an error) or
    /// selects no environment.
    static func markdown(of view: String, in program: LayoutProgram, catalog: DeviceCatalog) -> String? {
        let engine = LayoutEngine(catalog: catalog)
        let shown = representatives(of: engine.environments(for: program).environments)
        guard !shown.isEmpty else { return nil }
        let solution = engine.solve(program, environments: shown)
        var lines = ["| environment · 環境 | x | y | width · 幅 | height · 高さ |", "|---|--:|--:|--:|--:|"]
        var texts = FindingTexts(program: program)
        var findings: [String] = []
        var kinds: [Finding.Kind] = []
        for solved in solution.environments {
            let name = EnvironmentNames.name(of: solved.environment)
            if let frame = solved.frames[view] {
                lines.append("| \(name.english) | \(frame.x.pointText) | \(frame.y.pointText) | \(frame.width.pointText) | \(frame.height.pointText) |")
            } else {
                let why = solved.hiddenViews.contains(view) ? "hidden · 非表示" : "not solved · 未解決"
                lines.append("| \(name.english) | \(why) | | | |")
            }
            if solved.ambiguous.contains(view) {
                findings.append("- \(name.english): ambiguous: its frame has more than one solution · 位置や大きさが一つに決まりません")
            }
            for finding in solved.findings where finding.views.contains(view) {
                let text = texts.text(of: finding)
                findings.append("- \(name.english): \(text.english) · \(text.japanese)")
                if !kinds.contains(finding.kind) { kinds.append(finding.kind) }
            }
        }
        var markdown = lines.joined(separator: "\n")
        if !findings.isEmpty {
            markdown += "\n\n**Findings · 指摘**\n\n" + findings.joined(separator: "\n")
            markdown += kinds.map { "\n\n" + Hover.guideline(of: $0) }.joined()
        }
        return markdown
    }
}
