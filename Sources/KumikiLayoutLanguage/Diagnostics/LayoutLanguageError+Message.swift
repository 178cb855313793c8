import KumikiSupport

// The words of every front-end problem. The tests pin these sentences;
// the parsing code only names the problem.

extension LayoutLanguageError {
    /// Warnings leave the block usable; everything else is an error.
    public var severity: Severity {
        switch self {
        case .titleInOneLanguage, .proportionWithRequiredLimit, .deprecatedToken, .unknownTextStyle: .warning
        case .proportionIsHere: .note
        default: .error
        }
    }

    /// The problem as a located diagnostic.
    /// A misspelt word is the range of the diagnostic, and its
    /// suggestion a replacement of it.
    public func diagnostic(at location: SourceLocation, notes: [Diagnostic] = []) -> Diagnostic {
        let diagnostic = Diagnostic(severity, message, at: location, notes: notes, code: code)
        guard let (word, suggestion) = misspelling else { return diagnostic }
        return diagnostic.spanning(word.count, replacements: suggestion.map { [$0] } ?? [])
    }

    public var message: String {
        lexicalOrStatementMessage ?? settingOrDeclarationMessage ?? variantOrStackMessage
            ?? anchorOrConstraintMessage ?? propertyOrVisualFormatMessage ?? resolutionMessage
    }

    private var lexicalOrStatementMessage: String? {
        switch self {
        case .malformedNumber(let digits): "malformed number '\(digits)'"
        case .unterminatedString(let close): "unterminated string; close it with \(close)"
        case .notARelation(let pair): "'\(pair)' is not a relation; write '=', '<=' or '>='"
        case .unexpectedCharacter(let character): "unexpected character '\(character)'"
        case .combiningMark(let code):
            "a combining mark (\(code)) cannot stand in a name; write the letter and its accent as one character (é, not e and U+0301)"
        case .limit(let violation): violation.message
        case .unterminatedTokenReference: "unterminated token reference; close it with '}' on the same line"
        case .malformedTokenReference(let text):
            "'\(text)' is not a token reference; write a token's dotted path in braces, as in '{spacing.m}'"
        case .unknownToken(let path, let suggestion): "unknown token '\(path)'\(hint(suggestion))"
        case .tokenWithError(let path): "token '\(path)' has no value: the token files report an error in it or in a token it aliases"
        case .tokenOfWrongType(let path, let type, let expected): "token '\(path)' is a \(type); a \(expected) stands here"
        case .tokenAsPriority(let path): "a priority is a number from 1 to 1000 or a priority's name, not a token ('{\(path)}')"
        case .deprecatedToken(let path, let reason?): "token '\(path)' is deprecated: \(reason)"
        case .deprecatedToken(let path, nil): "token '\(path)' is deprecated"
        case .expectedStatement(let found): "expected a declaration, a constraint or a setting, found '\(found)'"
        case .unknownViewKind(let word, let suggestion): "unknown view kind '\(word)'\(hint(suggestion))"
        case .expectedAnchorAfterWord(let word): "expected an anchor after '\(word)', as in '\(word).top = safe.top'"
        case .expectedDotAfterWord(let word): "expected '.' and an anchor after '\(word)'"
        case .unexpected(let text): "unexpected '\(text)'"
        default: nil
        }
    }

    private var settingOrDeclarationMessage: String? {
        switch self {
        case .titleInVariant: "a title belongs outside 'when' blocks"
        case .duplicateTitle: "the block already has a title"
        case .titleInOneLanguage: "the title has one language; write 'title: English | 日本語'"
        case .unknownSetting(let key, let suggestion): "unknown setting '\(key)'\(hint(suggestion))"
        case .settingInVariant(let key):
            "'\(key):' chooses the environments of the whole block; move it outside the 'when' block"
        case .showInVariant: "'show:' chooses where the block's gallery opens; move it outside the 'when' block"
        case .settingAlreadySet(let key, let line): "'\(key):' is already set on line \(line)"
        case .expectedShownEnvironment: "expected an environment after 'show:', as in 'show: iphone-x/portrait'"
        case .moreThanOneShownEnvironment: "'show:' names one environment, as in 'show: iphone-x/portrait'"
        case .declarationInVariant: "declare views outside 'when' blocks; use 'hide' to remove one in a variant"
        case .expectedDeclaredName(let kind):
            "expected a name after '\(kind.rawValue)', as in '\(kind.rawValue) hero \"Hero\" \"ヒーロー\"'"
        case .expectedQuotedLabel(let found): "expected a quoted label, found '\(found)'"
        case .tooManyLabels: "a view has at most two labels: English, then Japanese"
        case .reservedName(let name): "'\(name)' is a reserved word; choose another name"
        case .nameWithDot: "a name cannot contain '.'"
        case .alreadyDeclared(let name, let line): "'\(name)' is already declared on line \(line)"
        case .guideInVariant: "declare guides outside 'when' blocks"
        case .expectedGuideName: "expected a name after 'guide'"
        default: nil
        }
    }

    private var variantOrStackMessage: String? {
        switch self {
        case .unclosedVariant: "'when' block is not closed; add a line with '}'"
        case .textAfterClosingBrace: "expected nothing after '}'"
        case .closingBraceWithoutVariant: "'}' without a 'when' block to close"
        case .nestedVariant: "'when' blocks cannot nest; combine the conditions with 'and'"
        case .expectedOpeningBrace: "expected '{' to open the variant"
        case .textAfterOpeningBrace: "put the variant's lines on their own lines after '{'"
        case .expectedTrait: "expected a trait: 'width is compact', 'landscape', 'pad', 'textSize >= AX1'"
        case .expectedIs(let word): "expected 'is' after '\(word)', as in '\(word) is compact'"
        case .expectedSizeClass: "expected 'compact' or 'regular'"
        case .expectedTextSizeRelation: "expected a relation after 'textSize', as in 'textSize >= AX1'"
        case .expectedTextSize: "expected a text size: \(TextSize.allCases.map(\.languageName).joined(separator: ", "))"
        case .unknownTrait(let word, let suggestion): "unknown trait '\(word)'\(hint(suggestion))"
        case .hideOutsideVariant: "'hide' belongs inside a 'when' block"
        case .expectedHiddenView: "expected a view name to hide"
        case .expectedHiddenViewSeparator: "separate the views to hide with ','"
        case .expectedStackName: "expected a stack name, as in 'stack buttons H [cancel, ok] spacing 8'"
        case .expectedStackAxis: "expected the stack's axis: 'H' or 'V'"
        case .unknownStackAxis(let word): "expected the stack's axis 'H' or 'V', found '\(word)'"
        case .expectedStackOpening: "expected '[' and the stacked views, as in '[cancel, ok]'"
        case .expectedStackMember: "expected a view name in the stack"
        case .expectedStackClosing: "expected ']' to close the stack"
        case .expectedStackSeparator: "separate stacked views with ','"
        case .expectedAlignment: "expected an alignment: fill, leading, center, trailing"
        case .unknownAlignment(let word, let suggestion): "unknown alignment '\(word)'\(hint(suggestion))"
        case .expectedDistribution: "expected a distribution: fill, fillEqually, equalSpacing"
        case .unknownDistribution(let word, let suggestion): "unknown distribution '\(word)'\(hint(suggestion))"
        case .unknownStackOption(let word, let suggestion): "unknown stack option '\(word)'\(hint(suggestion))"
        default: nil
        }
    }

    private var anchorOrConstraintMessage: String? {
        switch self {
        case .expectedAnchor(let item): "expected an anchor after '\(item).'"
        case .propertyUsedAsAnchor(let property, let item):
            "'\(property.rawValue)' is a property of '\(item)', not an anchor; set it on a line of its own, as in '\(item).\(property.rawValue) = \(property.example)'"
        case .unknownProperty(let word, let suggestion): "unknown property '\(word)'\(hint(suggestion))"
        case .unknownAnchor(let word, let suggestion): "unknown anchor '\(word)'\(hint(suggestion))"
        case .strictRelation(let symbol):
            "strict '\(symbol)' is not supported: a constraint is solved as an equality or a non-strict inequality; write '\(symbol)='"
        case .expectedRelation(let found): "expected a relation '=', '<=' or '>=', found '\(found)'"
        case .expectedNumber: "expected a number"
        case .expectedNumberFound(let found): "expected a number, found '\(found)'"
        case .divisionByZero: "division by zero"
        case .priority(let problem, let context): Self.message(problem, context)
        case .expectedItemName: "expected a view or guide name"
        case .expectedRelationAfter(let anchor): "expected a relation '=', '<=' or '>=' after '\(anchor)'"
        case .ratioOutsideAspect(let item):
            "a ratio such as 4:3 only sets an aspect ('\(item).aspect = 4:3'); write a multiplier as 4/3 or 133%"
        case .multiplierOfWhat(let text): "'\(text)' of what? name the anchor, as in '\(text) safe.width'"
        case .insetWithoutAnchor(let item):
            "'inset' follows an anchor, as in '\(item).edges = safe.edges inset 16'; it replaces '+ constant'"
        case .insetAfterConstant: "'inset' follows an anchor and replaces '+ constant'"
        case .singleAnchorToCompound(let attribute, let compound):
            "cannot relate the single anchor '\(attribute.rawValue)' to '\(compound.rawValue)'"
        case .positionNeedsReference(let item, let attribute, let constant):
            "a position needs a reference: write '\(item).\(attribute.rawValue) = safe.\(attribute.rawValue) + \(formatNumber(constant))'"
        case .insetBetweenDifferentEdges(let item):
            "'inset' measures inward between the same edges, as in '\(item).bottom = safe.bottom inset 16'"
        case .compoundNeedsReference(let item, let compound):
            "'\(compound.rawValue)' needs a view or guide, as in '\(item).\(compound.rawValue) = safe inset 16'"
        case .cannotRelateCompound(let compound, let other): "cannot relate '\(compound.rawValue)' to '\(other)'"
        case .offsetOnEdges(let item, let compound, let reference):
            "write an inward distance with 'inset', as in '\(item).\(compound.rawValue) = \(reference) inset 16'"
        case .multiplierOnCompound(let compound): "'\(compound.rawValue)' takes no multiplier"
        case .insetOnSize: "'inset' applies to edges, not to 'size'"
        case .centerNeedsReference(let item): "a position needs a reference: write '\(item).center = safe.center'"
        case .offsetOnCenter: "'center' takes no offset; set centerX and centerY on separate lines"
        case .differentAxes(let a, let b): "cannot relate \(Self.describe(a)) to \(Self.describe(b))"
        case .differentDirections(let a, let b):
            "cannot relate '\(a.rawValue)' to '\(b.rawValue)': leading and trailing follow the text direction, left and right do not; use the same pair on both sides"
        case .expectedRatio: "expected a ratio such as 4:3"
        case .expectedDenominator(let numerator): "expected a number after '\(numerator)'"
        case .zeroAspect: "an aspect ratio cannot be zero"
        case .notARatio(let found): "an aspect is a ratio such as 4:3, 16/9 or 1.5 (width ÷ height), found '\(found)'"
        default: nil
        }
    }

    private var propertyOrVisualFormatMessage: String? {
        let lineCount = "'lines' is 0 (as many lines as the text needs) or the most lines to use"
        switch self {
        case .expectedPropertyValue(let item, let property):
            return "expected '=' and a value after '\(item).\(property.rawValue)', as in '\(item).\(property.rawValue) = \(property.example)'"
        case .propertyWithRelation(let item, let property):
            return "'\(property.rawValue)' is a value set with '=', not a constraint; write '\(item).\(property.rawValue) = \(property.example)'"
        case .expectedLineCount: return "expected a number: \(lineCount)"
        case .lineCountNotWhole(let found): return "\(lineCount), a whole number; found '\(found)'"
        case .lineCountNotANumber(let found): return "\(lineCount); found '\(found)'"
        case .lineCountAlreadySet(let view, let line): return "the line count of '\(view)' is already set on line \(line)"
        case .expectedTokenReference(let property, let type, let found):
            let what = found.map { "; found '\($0)'" } ?? ""
            return "'\(property)' takes a \(type) token in braces, as in '\(property) = \(type == "color" ? "{color.accent}" : "{typography.body}")'\(what)"
        case .styleAlreadySet(let view, let property, let line):
            return "the \(property.rawValue) of '\(view)' is already set on line \(line)"
        case .styleInVariant(let property):
            return "'\(property.rawValue)' is set once for the block, outside 'when' blocks: colours and type do not follow the environment's traits"
        case .contentPriorityAlreadySet(let view, let relation, let dimension, let line):
            return "the \(ViewProperty.describe(relation: relation, dimension: dimension)) of '\(view)' is already set on line \(line)"
        case .expectedVisualFormatAxis: return "expected 'H:' or 'V:'"
        case .expectedViewOrContainerEdge: return "expected '[' to start a view or '|' for the container's edge"
        case .expectedContainer: return "expected a guide or view after 'in', as in 'in screen'"
        case .expectedViewOpening: return "expected '[' to start a view"
        case .expectedViewName: return "expected a view name after '['"
        case .expectedViewClosing(let view): return "expected ']' to close the view '\(view)'"
        case .expectedAfterDash: return "expected a view or '|' after '-'"
        case .expectedSpacing(let found): return "expected a number or '(' after '-', found '\(found)'"
        case .expectedDashAfterSpacing: return "expected '-' after the spacing"
        case .strictPredicateRelation(let symbol): return "strict '\(symbol)' is not supported; write '\(symbol)='"
        case .expectedPredicateObject: return "expected a number or a view"
        case .expectedPredicateObjectFound(let found): return "expected a number or a view, found '\(found)'"
        case .viewAsSpacing: return "a spacing is a number; Kumiki's visual format has no metrics dictionary"
        case .expectedPredicateClosing: return "expected ')'"
        case .expectedPredicateSeparator: return "expected ',' or ')'"
        default: return nil
        }
    }

    /// The views a property may be set on, for messages.
    private static func appliesTo(_ property: ViewProperty) -> String {
        switch property {
        case .lines: "labels"
        case .fill: "views"
        case .textColor, .font: "labels and controls"
        default: "views with an intrinsic content size (labels, buttons, fields and toggles)"
        }
    }

    private var resolutionMessage: String {
        switch self {
        case .unknownName(let name, let suggestion): "unknown view or guide '\(name)'\(hint(suggestion))"
        case .linesOnNonLabel(let view, let kind): "'lines' applies to labels; '\(view)' is \(kind.withArticle)"
        case .textStyleOnBackdrop(let view, let kind, let property):
            "'\(property.rawValue)' applies to labels and controls; '\(view)' is \(kind.withArticle)"
        case .contentPriorityWithoutIntrinsicSize(let view, let kind, let property):
            "'\(view)' is \(kind.withArticle), which has no intrinsic content size; '\(property.rawValue)' applies to views that have one: labels, buttons, fields and toggles"
        case .propertyOnNonView(let property, let name, let isStack):
            "'\(property.rawValue)' applies to \(Self.appliesTo(property)); '\(name)' is \(isStack ? "a stack" : "a guide")"
        case .hiddenNameNotAView(let name, let suggestion): "'hide' takes a declared view; '\(name)' is not one\(hint(suggestion))"
        case .stackMemberNotAView(let member): "a stack arranges views; '\(member)' is not a view"
        case .listedTwiceInStack(let member, let stack):
            "'\(member)' is listed twice in stack '\(stack)'; a view takes one place in a stack"
        case .alreadyArranged(let member, let stack, let line):
            "'\(member)' is already arranged in stack '\(stack)' on line \(line)"
        case .unknownTextStyle(let token, let style, let suggestion):
            "token '\(token)' follows text style '\(style)', which is not a Dynamic Type style, so it scales as body\(hint(suggestion))"
        case .proportionWithRequiredLimit(let anchor, let line):
            "'\(anchor)' has a required proportion (line \(line)) and a required limit; where they disagree one must break: give the proportion a lower priority, such as @750"
        case .proportionIsHere: "the proportion is here"
        default: ""
        }
    }

    /// A priority problem in the words of the place it was written.
    private static func message(_ problem: PriorityProblem, _ context: PriorityContext) -> String {
        let range = "a priority is a whole number from 1 to 1000"
        let choices = "from 1 to 1000, 'required', 'high' or 'low'"
        switch (problem, context) {
        case (.missing, .visualFormat): return "expected a priority"
        case (_, .visualFormat): return "\(range), 'required', 'high' or 'low'"
        case (.missing, .afterAt): return "expected a priority after '@': a number \(choices)"
        case (.missing, .propertyValue): return "expected a priority \(choices)"
        case (.outOfRange(let text), _): return "\(range), found '\(text)'"
        case (.unknownWord(let word, let suggestion), _): return "unknown priority '\(word)'\(hint(suggestion))"
        case (.atSign, .propertyValue(let name)): return "the value is the priority itself; write it without '@', as in '\(name) = 251'"
        case (.negative(let following), .propertyValue): return "\(range), found '-\(following ?? "")'"
        case (.other(let found), .propertyValue): return "expected a priority \(choices), found '\(found)'"
        case (.atSign, .afterAt): return "expected a priority after '@', found '@'"
        case (.negative, .afterAt): return "expected a priority after '@', found '-'"
        case (.other(let found), .afterAt): return "expected a priority after '@', found '\(found)'"
        }
    }

    /// "x-axis anchor 'leading'", "dimension 'width'": an anchor in a sentence.
    private static func describe(_ attribute: LayoutAttribute) -> String {
        switch attribute.axis {
        case .horizontal: "x-axis anchor '\(attribute.rawValue)'"
        case .vertical: "y-axis anchor '\(attribute.rawValue)'"
        case .dimension: "dimension '\(attribute.rawValue)'"
        }
    }
}

/// `; did you mean 'x'?` or the empty string, worded by `Suggestions`.
private func hint(_ suggestion: String?) -> String {
    Suggestions.hint(suggestion.map { [$0] } ?? [])
}

extension ViewKind {
    /// "an image", "a label": the kind in a sentence.
    var withArticle: String { self == .image ? "an image" : "a \(rawValue)" }
}
