import KumikiSupport

/// Warns when an attribute has both a required proportion of another item
/// (`hero.width = 60% safe.width`) and a required cap or floor
/// (`hero.width <= 400`): wherever they disagree one of them must break,
/// and Auto Layout would pick which one. The percentage should yield.
enum ProportionWithLimitLint {
    static func warnings(in program: LayoutProgram) -> [Diagnostic] {
        // Most blocks have no required proportion at all: nothing to pair,
        // and no merged lists to build.
        guard program.constraints.contains(where: isRequiredProportion)
            || program.variants.contains(where: { $0.constraints.contains(where: isRequiredProportion) }) else { return [] }
        var warnings = warnings(program.constraints, variant: nil)
        for variant in program.variants {
            let keys = Set(variant.constraints.map(\.key))
            let merged = program.constraints.filter { !keys.contains($0.key) } + variant.constraints
            warnings += self.warnings(merged, variant: variant)
        }
        return warnings
    }

    private static func warnings(_ list: [LayoutConstraint], variant: TraitVariant?) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        let required = list.filter { $0.isRequired && !$0.isContentSize }
        for proportion in required where isRequiredProportion(proportion) {
            for cap in required where cap.first == proportion.first && cap.relation != .equal && cap.second == nil {
                // Report each pair once: in the base, or in the variant that introduced one of the two lines.
                if let variant, !variant.constraints.contains(proportion) && !variant.constraints.contains(cap) { continue }
                let note = LayoutLanguageError.proportionIsHere.diagnostic(at: proportion.location)
                warnings.append(LayoutLanguageError.proportionWithRequiredLimit(
                    anchor: proportion.first.description, proportionLine: proportion.location.line)
                    .diagnostic(at: cap.location, notes: [note]))
            }
        }
        return warnings
    }

    /// A required line that makes an attribute a proportion of another item's.
    private static func isRequiredProportion(_ constraint: LayoutConstraint) -> Bool {
        constraint.isRequired && !constraint.isContentSize && constraint.relation == .equal && constraint.multiplier != 1
            && constraint.second != nil && constraint.second?.item != constraint.first.item
    }
}
