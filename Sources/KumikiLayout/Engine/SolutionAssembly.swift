import KumikiLayoutLanguage
import KumikiSupport
import KumikiSolver

/// Reads frames from a solved system and runs the guideline checks.
func makeSolution(
    program: LayoutProgram, activeVariants: [Int], layout: ConstraintSystem.Layout, dense: DenseLayout, labels: LabelTexts,
    environment: Environment, style: BlockStyle, values: [Double], broken: [BrokenConstraint], ambiguous: [String: [String]]
) -> EnvironmentSolution {
    let viewFrames = dense.views.map { $0.frame(values) }
    var frames: [String: Rect] = [:]
    frames.reserveCapacity(viewFrames.count + SystemGuide.reported.count)
    for (view, frame) in zip(dense.views, viewFrames) { frames[view.name] = frame }
    for guide in SystemGuide.reported {
        frames[guide] = ConstraintSystem.rect(of: guide, in: environment)
    }
    var guideFrames: [String: Rect] = [:]
    for stack in dense.drawnStacks { guideFrames[stack.name] = stack.frame(values) }
    let findings = GuidelineChecks.findings(
        declarations: dense.declarations, frames: viewFrames, environment: environment)
        + labels.truncations(
            frames: viewFrames, declarations: dense.declarations, solved: values, dense: dense,
            style: style, textSize: environment.textSize)
        + LowContrastCheck.findings(
            declarations: dense.declarations, frames: viewFrames, style: style, textSize: environment.textSize)
    return EnvironmentSolution(
        environment: environment,
        activeVariants: activeVariants,
        frames: frames, guideFrames: guideFrames, views: layout.views, hiddenViews: layout.hidden,
        broken: broken, ambiguous: layout.views.filter { ambiguous[$0] != nil },
        ambiguousAttributes: ambiguous, findings: findings, style: style)
}
