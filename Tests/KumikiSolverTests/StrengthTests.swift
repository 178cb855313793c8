import Testing
@testable import KumikiSolver

@Suite struct StrengthTests {
    @Test func namedStrengthsHaveKiwiWeights() {
        #expect(Strength.strong.weight == 1_000_000)
        #expect(Strength.medium.weight == 1_000)
        #expect(Strength.weak.weight == 1)
        #expect(Strength.required.weight == 1_001_001_000)
        #expect(Strength.weak < .medium && Strength.medium < .strong && Strength.strong < .required)
    }

    @Test func onlyRequiredIsRequired() {
        #expect(Strength.required.isRequired)
        #expect(!Strength.strong.isRequired)
        #expect(Strength(2e9).isRequired)
    }

    @Test func weightsAreClamped() {
        #expect(Strength(-5).weight == 0)
        #expect(Strength(5e12) == .required)
        #expect(Strength(.nan).weight == 0)
    }

    @Test func compositeStrengthFollowsKiwi() {
        #expect(Strength(strong: 1, medium: 2, weak: 3).weight == 1_002_003)
        #expect(Strength(strong: 1000, medium: 1000, weak: 1000) == .required)
    }

    @Test func autoLayoutPrioritiesMapOntoNamedStrengths() {
        #expect(Strength(priority: 1000) == .required)
        #expect(abs(Strength(priority: 750).weight - 1e6) < 1e-3)
        #expect(abs(Strength(priority: 500).weight - 1e3) < 1e-9)
        #expect(abs(Strength(priority: 250).weight - 1) < 1e-12)
        #expect(!Strength(priority: 999).isRequired)
        #expect(Strength(priority: 2000) == .required)
        #expect(Strength(priority: 1).weight > 0)
    }

    @Test func higherPrioritiesWeighMore() {
        var previous = Strength(priority: 1)
        for priority in 2...1000 {
            let strength = Strength(priority: priority)
            #expect(strength > previous)
            previous = strength
        }
    }
}
