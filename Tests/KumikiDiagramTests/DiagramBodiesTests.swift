import KumikiLayout
import Testing
@testable import KumikiDiagram

/// A block's diagrams draw their views and marks once for every solution
/// that places them alike; each diagram must stay exactly the one drawn
/// alone.
@Suite struct DiagramBodiesTests {
    @Test func diagramsDrawnWithSharedBodiesAreTheDiagramsDrawnAlone() throws {
        for block in Blocks.all {
            let solution = try solve(block)
            let findings = BlockFindings(solution)
            var bodies = DiagramBodies()
            let frames = FrameDrawings()
            var shared = DiagramDefinitions(), alone = DiagramDefinitions()
            for environment in solution.environments {
                let diagram = LayoutDiagram(solution: environment, program: solution.program, findings: findings)
                let drawn = diagram.svg(scale: 0.4, sharing: &shared, frames: frames, bodies: &bodies)
                #expect(drawn == diagram.svg(scale: 0.4, sharing: &alone), "\(environment.environment.id)")
            }
            #expect(shared == alone)
            #expect(bodies.count < solution.environments.count)
        }
    }

    /// The iPhone X and the 12 mini have the same screen: a photo and a
    /// button placed by the screen's edges are drawn once, each diagram
    /// keeping its own title and frame.
    @Test func twoEnvironmentsThatPlaceTheViewsAlikeShareOneBody() throws {
        let solution = try solve(Blocks.cornerButton, environments: ["iphone-x/portrait", "iphone-12-mini/portrait"])
        let findings = BlockFindings(solution)
        var bodies = DiagramBodies()
        var definitions = DiagramDefinitions()
        let svgs = solution.environments.map { environment in
            LayoutDiagram(solution: environment, program: solution.program, findings: findings)
                .svg(scale: 0.5, sharing: &definitions, frames: FrameDrawings(), bodies: &bodies)
        }
        #expect(bodies.count == 1)
        #expect(svgs[0] != svgs[1])
        #expect(svgs[0].contains("<title>iPhone X / XS / 11 Pro, portrait"))
        #expect(svgs[1].contains("<title>iPhone 12 mini / 13 mini, portrait"))
    }

    /// A deeper safe area moves the views: two bodies.
    @Test func environmentsThatPlaceTheViewsDifferentlyDoNotShare() throws {
        let solution = try solve(Blocks.form, environments: ["iphone-x/portrait", "iphone-12-mini/portrait"])
        let findings = BlockFindings(solution)
        var bodies = DiagramBodies()
        var definitions = DiagramDefinitions()
        for environment in solution.environments {
            _ = LayoutDiagram(solution: environment, program: solution.program, findings: findings)
                .svg(scale: 0.5, sharing: &definitions, frames: nil, bodies: &bodies)
        }
        #expect(bodies.count == 2)
    }

    /// The frame drawings answer an environment by its id only when it is
    /// the same environment: one with the same id and other values (a
    /// catalog loaded twice with different data) is drawn as itself.
    @Test func aFrameIsReusedOnlyForTheSameEnvironment() throws {
        let solution = try solve(Blocks.form, environments: ["iphone-x/portrait"])
        let findings = BlockFindings(solution)
        var moved = solution.environments[0]
        moved.environment.screen.width += 10
        let frames = FrameDrawings()
        var first = DiagramDefinitions(), second = DiagramDefinitions()
        let original = LayoutDiagram(solution: solution.environments[0], program: solution.program, findings: findings)
        let other = LayoutDiagram(solution: moved, program: solution.program, findings: findings)
        _ = original.svg(sharing: &first, frames: frames)
        let drawn = other.svg(sharing: &second, frames: frames)
        var alone = DiagramDefinitions()
        #expect(drawn == other.svg(sharing: &alone))
        #expect(second == alone)
    }
}
