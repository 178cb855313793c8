import KumikiSupport

/// Turns a block's statements, one at a time and in source order, into
/// the parts of a `LayoutProgram`.
///
/// Lowering knows what the grammar does not: which statements may stand
/// inside a `when` block, which names are taken, what a statement lowers
/// to (sugar, stacks, the visual format language expanded), and which
/// names were used, for `NameResolution` once the block is read.
struct BlockLowering {
    let source: LayoutBlockSource

    // What the block declares, in source order.
    private(set) var title: LocalizedText?
    private(set) var views: [ViewDeclaration] = []
    private(set) var constraints: [LayoutConstraint] = []
    private(set) var stacks: [StackDeclaration] = []
    private(set) var guides: [GuideDeclaration] = []
    private(set) var variants: [TraitVariant] = []
    private(set) var environmentLines: [EnvironmentLine] = []
    private(set) var lineLimits: [LineLimit] = []
    /// `fill`, `textColor` and `font` lines, in source order.
    private(set) var styleLines: [ViewStyleLine] = []
    private(set) var shownEnvironment: EnvironmentLine?
    /// Every name used, with where it was used, for name resolution.
    private(set) var uses = NameUses()
    /// The variant being read, between `when … {` and `}`.
    private var openVariant: TraitVariant?
    /// Constraints stated so far, counted against `LayoutLimits.maximumConstraints`.
    private(set) var constraintCount = 0
    /// Warnings found while lowering the last statement (a title in one language).
    private var warnings: [Diagnostic] = []

    init(source: LayoutBlockSource) {
        self.source = source
    }

    /// The Markdown location of a 0-based column on a 0-based block line.
    func location(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: source.firstLine.file, line: source.firstLine.line + line, column: source.firstLine.column + column)
    }

    /// Checks that a statement of this family, introducing this name, may
    /// stand here, before its body is read.
    func admit(_ head: StatementHead) throws(LineError) {
        switch head {
        case .title(let key):
            guard openVariant == nil else { throw LineError(key.column, .titleInVariant) }
            if title != nil { throw LineError(key.column, .duplicateTitle) }
        case .show(let key):
            guard openVariant == nil else { throw LineError(key.column, .showInVariant) }
            if let previous = shownEnvironment {
                throw LineError(key.column, .settingAlreadySet(key: "show", line: previous.location.line))
            }
        case .environmentSetting(let key):
            guard openVariant == nil else { throw LineError(key.column, .settingInVariant(key: key.text)) }
            if let previous = environmentLines.first(where: { $0.key == key.text }) {
                throw LineError(key.column, .settingAlreadySet(key: key.text, line: previous.location.line))
            }
        case .openVariant(let column):
            guard openVariant == nil else { throw LineError(column, .nestedVariant) }
        case .hide(let column):
            guard openVariant != nil else { throw LineError(column, .hideOutsideVariant) }
        case .stack(let name):
            if let name { try checkNewName(name) }
        case .guide(let column, let name):
            guard openVariant == nil else { throw LineError(column, .guideInVariant) }
            if let name { try checkNewName(name) }
        case .declaration(_, let column, let name):
            guard openVariant == nil else { throw LineError(column, .declarationInVariant) }
            if let name { try checkNewName(name) }
        case .closeVariant, .visualFormat, .constraint:
            break
        }
    }

    private func checkNewName(_ name: Name) throws(LineError) {
        if reservedWords.contains(name.text) { throw LineError(name.column, .reservedName(name.text)) }
        if name.text.contains(".") { throw LineError(name.column, .nameWithDot) }
        let previous = views.first(where: { $0.name == name.text })?.location
            ?? guides.first(where: { $0.name == name.text })?.location
            ?? (stacks.first(where: { $0.name == name.text }) ?? variants.lazy.flatMap(\.stacks).first(where: { $0.name == name.text })
                ?? openVariant?.stacks.first(where: { $0.name == name.text }))?.location
        if let previous { throw LineError(name.column, .alreadyDeclared(name.text, line: previous.line)) }
    }

    /// Adds what a statement says to the block.
    mutating func lower(_ located: LocatedStatement) throws(LineError) {
        let line = located.line
        /// The statement's first column: its keyword, or its first item.
        let start = located.columns.lowerBound
        switch located.statement {
        case .title(let title):
            lowerTitle(title, line: line)
        case .setting(let setting):
            let entry = EnvironmentLine(
                key: setting.key, value: setting.value, location: location(line, setting.keyColumn),
                valueLocation: location(line, setting.valueColumn))
            if setting.key == "show" { shownEnvironment = entry } else { environmentLines.append(entry) }
        case .declaration(let declaration):
            views.append(ViewDeclaration(
                name: declaration.name.text, kind: declaration.kind, label: declaration.labels.first ?? "",
                labelJapanese: declaration.labels.count > 1 ? declaration.labels[1] : "",
                location: location(line, declaration.kindColumn)))
        case .guide(let name):
            guides.append(GuideDeclaration(name: name.text, location: location(line, start)))
        case .openVariant(let conditions):
            openVariant = TraitVariant(conditions: conditions, constraints: [], stacks: [], hidden: [], location: location(line, start))
        case .closeVariant:
            guard let open = openVariant else { throw LineError(start, .closingBraceWithoutVariant) }
            variants.append(open)
            openVariant = nil
        case .hide(let names):
            openVariant?.hidden += names.map(\.text)
        case .stack(let stack):
            lowerStack(stack, line: line)
        case .constraint(let constraint):
            for lowered in try ConstraintLowering.constraints(of: constraint, at: location(line, start)) {
                emit(lowered)
            }
        case .property(let property):
            try lowerProperty(property, line: line)
        case .visualFormat(let format):
            for lowered in VisualFormatLowering.constraints(of: format, at: location(line, start)) { emit(lowered) }
        }
    }

    /// The warnings the statements lowered so far gave, once.
    mutating func takeWarnings() -> [Diagnostic] {
        defer { warnings = [] }
        return warnings
    }

    /// Records the names a line used (whether or not it lowered).
    mutating func record(_ lineUses: [NameUse], line: Int) {
        for use in lineUses {
            let entry = (name: use.name, location: location(line, use.column))
            switch use.role {
            case .item: uses.items.append(entry)
            case .hidden: uses.hidden.append(entry)
            }
        }
    }

    private mutating func lowerTitle(_ statement: TitleStatement, line: Int) {
        let parts = statement.value.split(separator: "|", maxSplits: 1).map { String($0).trimmingSpaces() }
        if parts.count == 2 {
            title = LocalizedText(english: parts[0], japanese: parts[1])
        } else {
            title = LocalizedText(english: statement.value, japanese: statement.value)
            warnings.append(LayoutLanguageError.titleInOneLanguage.diagnostic(at: location(line, statement.column)))
        }
    }

    private mutating func lowerStack(_ statement: StackStatement, line: Int) {
        let stack = StackDeclaration(
            name: statement.name.text, axis: statement.axis, views: statement.members.map(\.text), spacing: statement.spacing,
            alignment: statement.alignment, distribution: statement.distribution,
            location: location(line, statement.keywordColumn), text: statement.text)
        constraintCount += stack.views.count
        if openVariant != nil { openVariant?.stacks.append(stack) } else { stacks.append(stack) }
    }

    /// A content priority compiles to content-size constraints, one per
    /// dimension, keyed so that a variant's line replaces the base one per
    /// axis; `lines` is kept apart, as it is not a constraint.
    private mutating func lowerProperty(_ statement: PropertyStatement, line: Int) throws(LineError) {
        let view = statement.view.text
        let here = location(line, statement.view.column)
        uses.properties.append((view, statement.property, here))
        if let token = statement.token {
            guard openVariant == nil else { throw LineError(statement.propertyColumn, .styleInVariant(statement.property)) }
            if let previous = styleLines.first(where: { $0.view == view && $0.property == statement.property }) {
                throw LineError(statement.propertyColumn, .styleAlreadySet(view: view, statement.property, line: previous.location.line))
            }
            styleLines.append(ViewStyleLine(view: view, property: statement.property, token: token, location: here))
            return
        }
        guard let (relation, dimensions) = statement.property.contentPriority else {
            let scopeLimits = openVariant?.lineLimits ?? lineLimits
            if let previous = scopeLimits.first(where: { $0.view == view }) {
                throw LineError(statement.propertyColumn, .lineCountAlreadySet(view: view, line: previous.location.line))
            }
            let limit = LineLimit(view: view, lines: statement.value, location: here)
            if openVariant != nil { openVariant?.lineLimits.append(limit) } else { lineLimits.append(limit) }
            return
        }
        let scopeConstraints = openVariant?.constraints ?? constraints
        for dimension in dimensions {
            let key = ViewProperty.key(view: view, relation: relation, dimension: dimension)
            if let previous = scopeConstraints.first(where: { $0.isContentSize && $0.key == key }) {
                throw LineError(statement.propertyColumn,
                    .contentPriorityAlreadySet(view: view, relation, dimension, line: previous.location.line))
            }
        }
        for dimension in dimensions {
            emit(LayoutConstraint(
                ItemAnchor(view, dimension), relation, nil, priority: statement.value, location: here, text: statement.text,
                key: ViewProperty.key(view: view, relation: relation, dimension: dimension), isContentSize: true))
        }
    }

    private mutating func emit(_ constraint: LayoutConstraint) {
        constraintCount += 1
        if openVariant != nil { openVariant?.constraints.append(constraint) } else { constraints.append(constraint) }
    }

    /// Opens an empty variant for a `when` line that did not read, so that
    /// its `}` does not cascade into a second error.
    mutating func openPlaceholderVariant(line: Int, column: Int) {
        guard openVariant == nil else { return }
        openVariant = TraitVariant(conditions: [], constraints: [], stacks: [], hidden: [], location: location(line, column))
    }

    /// Closes a variant left open at the end of the block; its location,
    /// for the error.
    mutating func closeUnfinishedVariant() -> SourceLocation? {
        guard let open = openVariant else { return nil }
        variants.append(open)
        openVariant = nil
        return open.location
    }
}

/// The names a block uses, collected while lowering.
struct NameUses {
    /// Views, stacks and guides that constraints, stacks and visual-format lines relate.
    var items: [(name: String, location: SourceLocation)] = []
    /// Views `hide` removes.
    var hidden: [(name: String, location: SourceLocation)] = []
    /// Property lines, checked against their view's kind.
    var properties: [(view: String, property: ViewProperty, location: SourceLocation)] = []
}

/// Words that cannot name a view.
let reservedWords: Set<String> =
    Set(SystemGuide.all + ["when", "hide", "stack", "guide", "title", "inset", "standard", "and", "H", "V", "in"])
