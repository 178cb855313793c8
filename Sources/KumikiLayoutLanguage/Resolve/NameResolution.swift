import KumikiSupport

/// Checks, once the whole block is read, that every name a line uses is
/// declared and is the right sort of thing: constraints relate views,
/// stacks and guides; properties belong to views that have them; `hide`
/// takes views; a stack arranges views, each in one stack only.
enum NameResolution {
    static func problems(in program: LayoutProgram, uses: NameUses) -> [Diagnostic] {
        let viewNames = Set(program.views.map(\.name))
        let allStacks = program.stacks + program.variants.flatMap(\.stacks)
        let stackNames = Set(allStacks.map(\.name))
        let guideNames = program.guides.map(\.name)
        let known = viewNames.union(stackNames).union(SystemGuide.all).union(guideNames)
        let candidates = program.views.map(\.name) + allStacks.map(\.name) + guideNames + SystemGuide.all
        var diagnostics: [Diagnostic] = []
        var reported: Set<SourceLocation> = []
        for use in uses.items where !known.contains(use.name) && !reported.contains(use.location) {
            reported.insert(use.location)
            let suggestion = Suggestions.closest(to: use.name, among: candidates).first
            diagnostics.append(LayoutLanguageError.unknownName(use.name, suggestion: suggestion).diagnostic(at: use.location))
        }
        for use in uses.properties {
            if let problem = propertyProblem(use.view, use.property, program: program, known: known, stackNames: stackNames) {
                diagnostics.append(problem.diagnostic(at: use.location))
            }
        }
        for use in uses.hidden where !viewNames.contains(use.name) {
            let suggestion = Suggestions.closest(to: use.name, among: program.views.map(\.name)).first
            diagnostics.append(LayoutLanguageError.hiddenNameNotAView(use.name, suggestion: suggestion).diagnostic(at: use.location))
        }
        diagnostics += stackProblems(allStacks, stackNames: stackNames, guideNames: guideNames)
        return diagnostics
    }

    /// What is wrong with setting `property` on the item named `view`, if anything.
    private static func propertyProblem(
        _ view: String, _ property: ViewProperty, program: LayoutProgram, known: Set<String>, stackNames: Set<String>
    ) -> LayoutLanguageError? {
        if let declaration = program.views.first(where: { $0.name == view }) {
            if property == .lines, declaration.kind != .label { return .linesOnNonLabel(view: view, declaration.kind) }
            if property == .fill { return nil }
            if property == .textColor || property == .font {
                return declaration.kind.carriesContent ? nil : .textStyleOnBackdrop(view: view, declaration.kind, property)
            }
            if property != .lines, !declaration.kind.hasIntrinsicContentSize {
                return .contentPriorityWithoutIntrinsicSize(view: view, declaration.kind, property)
            }
            return nil
        }
        // An unknown name is reported once, as such.
        guard known.contains(view) else { return nil }
        return .propertyOnNonView(property, name: view, isStack: stackNames.contains(view))
    }

    /// Stacked items must be views, each in one stack only.
    private static func stackProblems(_ stacks: [StackDeclaration], stackNames: Set<String>, guideNames: [String]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var arranged: [String: StackDeclaration] = [:]
        for stack in stacks {
            var listed: Set<String> = []
            for (place, member) in stack.views.enumerated() {
                // At the member in the list, not the statement's start.
                let location = memberLocation(place, of: stack)
                if SystemGuide.all.contains(member) || stackNames.contains(member) || guideNames.contains(member) {
                    diagnostics.append(LayoutLanguageError.stackMemberNotAView(member).diagnostic(at: location))
                } else if !listed.insert(member).inserted {
                    diagnostics.append(LayoutLanguageError.listedTwiceInStack(member, stack: stack.name).diagnostic(at: location))
                } else if let previous = arranged[member], previous.name != stack.name || previous.location != stack.location {
                    diagnostics.append(LayoutLanguageError.alreadyArranged(member, stack: previous.name, line: previous.location.line)
                        .diagnostic(at: location))
                }
                arranged[member] = stack
            }
        }
        return diagnostics
    }

    /// Where the stack's `place`-th member is written in `[a, b, c]`; the
    /// statement's start when the text does not show it.
    static func memberLocation(_ place: Int, of stack: StackDeclaration) -> SourceLocation {
        guard let open = stack.text.firstIndex(of: "[") else { return stack.location }
        var column = stack.location.column + stack.text.distance(from: stack.text.startIndex, to: open) + 1
        for (index, item) in stack.text[stack.text.index(after: open)...].prefix(while: { $0 != "]" })
            .split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            let leading = item.prefix(while: { $0 == " " || $0 == "\t" }).count
            if index == place {
                return SourceLocation(file: stack.location.file, line: stack.location.line, column: column + leading)
            }
            column += item.count + 1
        }
        return stack.location
    }
}
