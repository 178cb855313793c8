import KumikiLayoutLanguage

import Foundation
import KumikiSolver

/// The solver's linear expression (Foundation has a type of the same name).
typealias Expression = KumikiSolver.Expression

/// How the engine weighs constraints: Auto Layout priorities as kiwi-style
/// summed weights.
///
/// Every optional constraint adds `weight × |violation|` to the error the
/// solver minimises; required constraints (priority 1000) must hold. The
/// weight of priority p is `10^((p − 250) / 125)`: 1 at 250 (`@low`,
/// content hugging), 100 at 500, 10 000 at 750 (`@high`, compression
/// resistance), about 10⁶ at 999. So each 125 priority levels weigh ten
/// times more, and a constraint at 750 outweighs ten thousand points of
/// error at 250 — in practice a strict order, yet numerically tame.
/// Tiers are not strictly lexicographic: enough error at a lower priority
/// can, in principle, outweigh a higher one; this is documented and tested.
enum Weights {
    static func weight(priority: Int) -> Double {
        let p = Double(min(max(priority, 1), 999))
        return pow(10, (p - 250) / 125)
    }

    /// The environment's values (guides, intrinsic sizes) are edit
    /// variables at this strength: above any sum of optional constraints a
    /// block can reasonably hold, below required. If they move anyway,
    /// required constraints conflict in that environment and the engine
    /// solves it again with the environment pinned (see `LayoutEngine`).
    static let environment = 1e7

    /// The tie-break: each free variable is pulled, very weakly, towards
    /// its guide's leading or top edge (positions) or towards its intrinsic
    /// size or zero (sizes). The k-th variable weighs `base × (1 + k/(2n))`,
    /// all different, so that no two tie-break directions cost the same and
    /// the optimum is unique; then the solution cannot depend on the order
    /// in which environments are solved.
    static let tieBreakBase = 1e-3
}

/// The four solver variables of an item: left, top, width, height.
struct ItemVariables: Sendable {
    var x: Variable
    var y: Variable
    var width: Variable
    var height: Variable

    init(_ name: String) {
        x = Variable("\(name).x")
        y = Variable("\(name).y")
        width = Variable("\(name).width")
        height = Variable("\(name).height")
    }

    var all: [Variable] { [x, y, width, height] }

    /// The anchor as a linear expression. Leading and trailing are left and
    /// right: Kumiki lays out left to right (see `LayoutAttribute`).
    func expression(_ attribute: LayoutAttribute) -> Expression {
        switch attribute {
        case .left, .leading: Expression(x)
        case .right, .trailing: Expression(terms: [Term(x), Term(width)])
        case .centerX: Expression(terms: [Term(x), Term(width, coefficient: 0.5)])
        case .top: Expression(y)
        case .bottom: Expression(terms: [Term(y), Term(height)])
        case .centerY: Expression(terms: [Term(y), Term(height, coefficient: 0.5)])
        case .width: Expression(width)
        case .height: Expression(height)
        }
    }

    func frame(_ value: (Variable) -> Double) -> Rect {
        Rect(x: value(x), y: value(y), width: value(width), height: value(height))
    }
}

/// What a block needs from an environment: the guides' rectangles and the
/// intrinsic sizes of its text, which change with the text size.
struct EnvironmentValues {
    /// Intrinsic sizes by body point size, measured once per text size.
    private var intrinsicCache: [Double: [Double?]] = [:]
    /// For a block that sets fonts: intrinsic sizes by the fonts of the
    /// measured views at the environment's text size (fonts may differ
    /// between environments with the same text size, through modes).
    private var styledCache: [[SizedFont]: [Double?]] = [:]

    /// The value in `environment` of every environment variable of `layout`,
    /// in the order of `ConstraintSystem.environmentVariables`; nil where the
    /// environment has none (a view whose text cannot be measured).
    mutating func values(
        layout: ConstraintSystem.Layout, environment: Environment, program: LayoutProgram, style: BlockStyle = .plain
    ) -> [Double?] {
        var values: [Double?] = []
        values.reserveCapacity(layout.guides.count * 4 + layout.intrinsic.count * 2)
        for guide in layout.guides where layout.items[guide] != nil {
            if let rect = ConstraintSystem.rect(of: guide, in: environment) {
                values += [rect.x, rect.y, rect.width, rect.height]
            } else {
                values += [nil, nil, nil, nil]
            }
        }
        if !style.views.isEmpty {
            let measuredViews = layout.views.filter { layout.intrinsic[$0] != nil }
            let fonts = measuredViews.map { style.font(of: $0).sized(at: environment.textSize) }
            if let cached = styledCache[fonts] { return values + cached }
            var measured: [Double?] = []
            for (name, font) in zip(measuredViews, fonts) {
                if let view = program.view(named: name),
                   let size = intrinsicContentSize(kind: view.kind, label: view.label, labelJapanese: view.labelJapanese, font: font) {
                    measured += [size.width, size.height]
                } else {
                    measured += [nil, nil]
                }
            }
            styledCache[fonts] = measured
            return values + measured
        }
        let pointSize = environment.textSize.bodyPointSize
        if let cached = intrinsicCache[pointSize] {
            values += cached
        } else {
            var measured: [Double?] = []
            for name in layout.views where layout.intrinsic[name] != nil {
                if let view = program.view(named: name),
                   let size = intrinsicContentSize(kind: view.kind, label: view.label, labelJapanese: view.labelJapanese,
                                                   bodyPointSize: pointSize) {
                    measured += [size.width, size.height]
                } else {
                    measured += [nil, nil]
                }
            }
            intrinsicCache[pointSize] = measured
            values += measured
        }
        return values
    }
}

/// A block's constraints for one set of active trait variants, compiled
/// once and re-solved per environment through edit variables.
struct ConstraintSystem {
    /// The variables and constraints of one compiled system, independent of
    /// any solver.
    struct Layout {
        /// Every item's variables: views, stacks, spacers, guides.
        var items: [String: ItemVariables]
        /// The shown views, in declaration order.
        var views: [String]
        /// The block's own guides, its stacks and their spacers.
        var stacks: [String]
        /// The guides the block uses (always including `safe`), sorted.
        var guides: [String]
        /// Intrinsic width and height variables of the views that have them.
        var intrinsic: [String: (width: Variable, height: Variable)]
        /// The block's constraints in force, in source order, with the
        /// content hugging and compression resistance its lines set.
        var constraints: [LayoutConstraint]
        /// The same, as solver constraints (tag = index in `constraints`).
        var solverConstraints: [Constraint]
        /// UIKit's default content hugging and compression resistance, on
        /// the dimensions the block does not set (tag −1).
        var intrinsicConstraints: [Constraint]
        /// The shown labels that may wrap (`lines` other than 1), with their
        /// line limit (0: as many as needed).
        var lineLimits: [String: Int]
        var hidden: [String]

        /// The tie-break preferences (tag −2), in a fixed variable order:
        /// views, stacks, spacers. Only solvers of environments where some
        /// item is free need them.
        var tieBreaks: [Constraint] {
            var tieBreaks: [Constraint] = []
            guard let safe = items["safe"] else { return tieBreaks }
            let free = views + stacks
            let count = Double(max(1, free.count * 4))
            var k = 0.0
            func prefer(_ expression: Expression) {
                tieBreaks.append(Constraint(
                    expression, .equal, strength: Strength(Weights.tieBreakBase * (1 + k / (2 * count))),
                    tag: ConstraintSystem.tieBreakTag))
                k += 1
            }
            for name in free {
                guard let vars = items[name] else { continue }
                prefer(Expression(terms: [Term(vars.x), Term(safe.x, coefficient: -1)]))
                prefer(Expression(terms: [Term(vars.y), Term(safe.y, coefficient: -1)]))
                if let content = intrinsic[name] {
                    prefer(Expression(terms: [Term(vars.width), Term(content.width, coefficient: -1)]))
                    prefer(Expression(terms: [Term(vars.height), Term(content.height, coefficient: -1)]))
                } else {
                    prefer(Expression(vars.width))
                    prefer(Expression(vars.height))
                }
            }
            return tieBreaks
        }
    }

    /// The solver variables of the items of one block, named once for all
    /// its compiled systems.
    struct Variables: Sendable {
        private var items: [String: ItemVariables] = [:]
        private var intrinsic: [String: (width: Variable, height: Variable)] = [:]

        init() {}

        /// The variables of every view, guide and stack the program
        /// declares and of the system guides, named ahead of compiling (a
        /// system's spacers are named when it is compiled).
        init(naming program: LayoutProgram) {
            // Sized once: the tables would otherwise be rehashed several times.
            items.reserveCapacity(program.views.count + program.guides.count + SystemGuide.all.count)
            intrinsic.reserveCapacity(program.views.count)
            for view in program.views {
                _ = item(view.name)
                if view.kind.hasIntrinsicContentSize { _ = intrinsicSize(view.name) }
            }
            for name in program.guides.map(\.name) + SystemGuide.all.sorted() { _ = item(name) }
        }

        mutating func item(_ name: String) -> ItemVariables {
            if let known = items[name] { return known }
            let made = ItemVariables(name)
            items[name] = made
            return made
        }

        mutating func intrinsicSize(_ name: String) -> (width: Variable, height: Variable) {
            if let known = intrinsic[name] { return known }
            let made = (Variable("\(name).intrinsicWidth"), Variable("\(name).intrinsicHeight"))
            intrinsic[name] = made
            return made
        }
    }

    static let intrinsicTag = -1
    static let tieBreakTag = -2
    static let environmentTag = -3

    /// The rectangle of a system guide in an environment. A bar that is
    /// not shown is an empty rectangle at the safe area's edge it would
    /// occupy, so lines that use it still solve.
    static func rect(of guide: String, in environment: Environment) -> Rect? {
        let safe = environment.safeArea
        switch guide {
        case "screen": return environment.screen
        case "window": return environment.window
        case "safe": return environment.safeArea
        case "margins": return environment.margins
        case "readable": return environment.readable
        case "statusBar":
            return environment.statusBarFrame ?? Rect(x: environment.window.x, y: environment.window.y, width: environment.window.width, height: 0)
        case "navigationBar":
            return environment.navigationBarFrame ?? Rect(x: safe.x, y: safe.y, width: safe.width, height: 0)
        case "tabBar":
            return environment.tabBarFrame ?? Rect(x: environment.window.x, y: safe.maxY, width: environment.window.width, height: 0)
        case "toolbar":
            return environment.toolbarFrame ?? Rect(x: environment.window.x, y: safe.maxY, width: environment.window.width, height: 0)
        case "homeIndicator":
            return environment.homeIndicator
                ?? Rect(x: environment.screen.midX, y: environment.screen.maxY, width: 0, height: 0)
        default: return nil
        }
    }

    /// Compiles the block's constraints for the variants at `activeVariants`.
    static func compile(_ program: LayoutProgram, activeVariants: [Int]) -> Layout {
        var variables = Variables()
        return compile(program, activeVariants: activeVariants, variables: &variables)
    }

    /// Compiles the block's constraints for the variants at `activeVariants`,
    /// taking the items' variables from `variables`.
    static func compile(_ program: LayoutProgram, activeVariants: [Int], variables: inout Variables) -> Layout {
        let hidden = program.hiddenViews(activeVariants: activeVariants)
        let constraints = program.constraints(activeVariants: activeVariants)
        let views = program.views.map(\.name).filter { !hidden.contains($0) }
        let stackDeclarations = program.stacks(activeVariants: activeVariants)
        let stacks = program.guides.map(\.name) + stackDeclarations.map(\.name)
            + stackDeclarations.flatMap { $0.spacerNames(hiding: hidden) }
        var guideSet: Set<String> = ["safe"]
        let systemGuides = Set(SystemGuide.all)
        for constraint in constraints {
            if systemGuides.contains(constraint.first.item) { guideSet.insert(constraint.first.item) }
            if let second = constraint.second, systemGuides.contains(second.item) { guideSet.insert(second.item) }
        }
        let guides = guideSet.sorted()
        var items: [String: ItemVariables] = [:]
        items.reserveCapacity(views.count + stacks.count + guides.count)
        for name in views + stacks + guides { items[name] = variables.item(name) }
        var intrinsic: [String: (width: Variable, height: Variable)] = [:]
        for view in program.views where view.kind.hasIntrinsicContentSize && items[view.name] != nil && !hidden.contains(view.name) {
            intrinsic[view.name] = variables.intrinsicSize(view.name)
        }

        var solverConstraints: [Constraint] = []
        for (index, c) in constraints.enumerated() {
            guard let first = items[c.first.item] else { continue }
            var expression = first.expression(c.first.attribute)
            if c.isContentSize {
                // Hugging or resistance the block sets: size against intrinsic size.
                guard let content = intrinsic[c.first.item] else { continue }
                expression.terms.append(Term(c.first.attribute == .width ? content.width : content.height, coefficient: -1))
            } else if let second = c.second, let vars = items[second.item] {
                let rhs = vars.expression(second.attribute)
                for term in rhs.terms {
                    expression.terms.append(Term(term.variable, coefficient: -c.multiplier * term.coefficient))
                }
            }
            expression.constant -= c.constant
            let relation: Relation = switch c.relation {
            case .equal: .equal
            case .lessThanOrEqual: .lessThanOrEqual
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
            let strength = c.isRequired ? Strength.required : Strength(Weights.weight(priority: c.priority))
            solverConstraints.append(Constraint(expression, relation, strength: strength, tag: index))
        }

        // UIKit's defaults, where the block's lines do not set a priority.
        let setByLines = Set(constraints.lazy.filter(\.isContentSize).map(\.key))
        var intrinsicConstraints: [Constraint] = []
        for name in views {
            guard let content = intrinsic[name], let vars = items[name] else { continue }
            let hugging = Strength(Weights.weight(priority: LayoutPriority.hugging))
            let resistance = Strength(Weights.weight(priority: LayoutPriority.compressionResistance))
            for (dimension, size, content) in [(LayoutAttribute.width, vars.width, content.width), (.height, vars.height, content.height)] {
                let difference = Expression(terms: [Term(size), Term(content, coefficient: -1)])
                let hugs = setByLines.isEmpty
                    || !setByLines.contains(ViewProperty.key(view: name, relation: .lessThanOrEqual, dimension: dimension))
                let resists = setByLines.isEmpty
                    || !setByLines.contains(ViewProperty.key(view: name, relation: .greaterThanOrEqual, dimension: dimension))
                if hugs && resists {
                    // Hugging weighs growing past the content, resistance
                    // shrinking below it: one row with an error on each side.
                    intrinsicConstraints.append(.asymmetric(difference, above: hugging, below: resistance, tag: intrinsicTag))
                } else if hugs {
                    intrinsicConstraints.append(Constraint(difference, .lessThanOrEqual, strength: hugging, tag: intrinsicTag))
                } else if resists {
                    intrinsicConstraints.append(Constraint(difference, .greaterThanOrEqual, strength: resistance, tag: intrinsicTag))
                }
            }
        }
        // The parser lets only labels set `lines`; hidden ones have no intrinsic size here.
        let lineLimits = program.lineLimits(activeVariants: activeVariants).filter { intrinsic[$0.key] != nil && $0.value != 1 }

        return Layout(
            items: items, views: views, stacks: stacks, guides: guides, intrinsic: intrinsic,
            constraints: constraints, solverConstraints: solverConstraints,
            intrinsicConstraints: intrinsicConstraints, lineLimits: lineLimits, hidden: program.views.map(\.name).filter { hidden.contains($0) })
    }

    /// The environment's variables: the guides' and the intrinsic sizes'.
    static func environmentVariables(_ layout: Layout) -> [Variable] {
        var result: [Variable] = []
        for guide in layout.guides { result += layout.items[guide]?.all ?? [] }
        for name in layout.views { if let i = layout.intrinsic[name] { result += [i.width, i.height] } }
        return result
    }
}
