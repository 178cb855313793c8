/// A problem the front end found in a layout block: what is wrong, with
/// the facts the message needs, and nothing of how it is worded.
///
/// Syntax errors are thrown with the column they are at (`LineError`);
/// the problems found once the whole block is read (unknown names, lints)
/// carry their own locations. `LayoutLanguageError+Message.swift` words
/// every case, so that the parsing code never builds a sentence.
public enum LayoutLanguageError: Hashable, Sendable {
    // Lexical
    case malformedNumber(String)
    case unterminatedString(closingQuote: String)
    case notARelation(String)
    case unexpectedCharacter(String)
    /// A combining mark after a name's letter (`e` and U+0301, as some
    /// editors write `é`): invisible on its own, so named by its code.
    case combiningMark(code: String)
    case limit(LayoutLimitViolation)
    case unterminatedTokenReference
    case malformedTokenReference(String)

    // Design tokens
    case unknownToken(String, suggestion: String?)
    /// A token the token files declare but leave out for an error of its
    /// own or of a token it aliases, reported there.
    case tokenWithError(String)
    /// A token whose type cannot stand where it is named: its path, its
    /// type, and the type (or types) the place takes.
    case tokenOfWrongType(String, type: String, expected: String)
    case tokenAsPriority(String)
    case deprecatedToken(String, reason: String?)

    // Statements
    case expectedStatement(found: String)
    case unknownViewKind(String, suggestion: String?)
    case expectedAnchorAfterWord(String)
    case expectedDotAfterWord(String)
    case unexpected(String)

    // Settings
    case titleInVariant
    case duplicateTitle
    case titleInOneLanguage
    case unknownSetting(String, suggestion: String?)
    case settingInVariant(key: String)
    case showInVariant
    case settingAlreadySet(key: String, line: Int)
    case expectedShownEnvironment
    case moreThanOneShownEnvironment

    // Declarations
    case declarationInVariant
    case expectedDeclaredName(kind: ViewKind)
    case expectedQuotedLabel(found: String)
    case tooManyLabels
    case reservedName(String)
    case nameWithDot
    case alreadyDeclared(String, line: Int)
    case guideInVariant
    case expectedGuideName

    // Variants
    case unclosedVariant
    case textAfterClosingBrace
    case closingBraceWithoutVariant
    case nestedVariant
    case expectedOpeningBrace
    case textAfterOpeningBrace
    case expectedTrait
    case expectedIs(after: String)
    case expectedSizeClass
    case expectedTextSizeRelation
    case expectedTextSize
    case unknownTrait(String, suggestion: String?)
    case hideOutsideVariant
    case expectedHiddenView
    case expectedHiddenViewSeparator

    // Stacks
    case expectedStackName
    case expectedStackAxis
    case unknownStackAxis(String)
    case expectedStackOpening
    case expectedStackMember
    case expectedStackClosing
    case expectedStackSeparator
    case expectedAlignment
    case unknownAlignment(String, suggestion: String?)
    case expectedDistribution
    case unknownDistribution(String, suggestion: String?)
    case unknownStackOption(String, suggestion: String?)

    // Anchors, relations, numbers
    case expectedAnchor(after: String)
    case propertyUsedAsAnchor(property: ViewProperty, item: String)
    case unknownProperty(String, suggestion: String)
    case unknownAnchor(String, suggestion: String?)
    case strictRelation(String)
    case expectedRelation(found: String)
    case expectedNumber
    case expectedNumberFound(String)
    case divisionByZero

    // Priorities
    case priority(PriorityProblem, PriorityContext)

    // Constraints
    case expectedItemName
    case expectedRelationAfter(String)
    case ratioOutsideAspect(item: String)
    case multiplierOfWhat(String)
    case insetWithoutAnchor(item: String)
    case insetAfterConstant
    case singleAnchorToCompound(LayoutAttribute, CompoundAnchor)
    case positionNeedsReference(item: String, attribute: LayoutAttribute, constant: Double)
    case insetBetweenDifferentEdges(item: String)
    case compoundNeedsReference(item: String, CompoundAnchor)
    case cannotRelateCompound(CompoundAnchor, to: String)
    case offsetOnEdges(item: String, CompoundAnchor, reference: String)
    case multiplierOnCompound(CompoundAnchor)
    case insetOnSize
    case centerNeedsReference(item: String)
    case offsetOnCenter
    case differentAxes(LayoutAttribute, LayoutAttribute)
    case differentDirections(LayoutAttribute, LayoutAttribute)

    // Aspect ratios
    case expectedRatio
    case expectedDenominator(after: String)
    case zeroAspect
    case notARatio(found: String)

    // Properties
    case expectedPropertyValue(item: String, ViewProperty)
    case propertyWithRelation(item: String, ViewProperty)
    case expectedLineCount
    case lineCountNotWhole(found: String)
    case lineCountNotANumber(found: String)
    case lineCountAlreadySet(view: String, line: Int)
    /// `save.fill = #0a84ff`: a property set by a design token, given
    /// something else (nil: nothing).
    case expectedTokenReference(String, type: String, found: String?)
    case styleAlreadySet(view: String, ViewProperty, line: Int)
    case styleInVariant(ViewProperty)
    case contentPriorityAlreadySet(view: String, LayoutRelation, LayoutAttribute, line: Int)

    // Visual format
    case expectedVisualFormatAxis
    case expectedViewOrContainerEdge
    case expectedContainer
    case expectedViewOpening
    case expectedViewName
    case expectedViewClosing(view: String)
    case expectedAfterDash
    case expectedSpacing(found: String)
    case expectedDashAfterSpacing
    case strictPredicateRelation(String)
    case expectedPredicateObject
    case expectedPredicateObjectFound(String)
    case viewAsSpacing
    case expectedPredicateClosing
    case expectedPredicateSeparator

    // Names, once the whole block is read
    case unknownName(String, suggestion: String?)
    case linesOnNonLabel(view: String, ViewKind)
    /// `textColor` or `font` on a view without text of its own.
    case textStyleOnBackdrop(view: String, ViewKind, ViewProperty)
    case contentPriorityWithoutIntrinsicSize(view: String, ViewKind, ViewProperty)
    case propertyOnNonView(ViewProperty, name: String, isStack: Bool)
    case hiddenNameNotAView(String, suggestion: String?)
    case stackMemberNotAView(String)
    case alreadyArranged(String, stack: String, line: Int)
    case listedTwiceInStack(String, stack: String)

    // Lints
    case proportionWithRequiredLimit(anchor: String, proportionLine: Int)
    /// A `font` token whose `textStyle` is none of Kumiki's Dynamic Type styles.
    case unknownTextStyle(String, style: String, suggestion: String?)
    case proportionIsHere
}

/// What is wrong with a priority, wherever it is written: the one reading
/// of priorities (`PriorityTerm`) reports it, and the place it was read
/// (`PriorityContext`) chooses the words.
public enum PriorityProblem: Hashable, Sendable {
    /// Nothing where the priority should be.
    case missing
    /// A number that is not a whole number from 1 to 1000.
    case outOfRange(String)
    /// A word that names no priority.
    case unknownWord(String, suggestion: String?)
    /// `@` where the value of a property line is the priority itself.
    case atSign
    /// A minus sign, with the text of the token after it (`-5`).
    case negative(following: String?)
    /// Any other token.
    case other(String)
}

/// Where a priority was written.
public enum PriorityContext: Hashable, Sendable {
    /// After `@` on a constraint line; the column of the `@` is known.
    case afterAt
    /// The value of a content-priority property line (`title.hugging = 251`).
    case propertyValue(name: String)
    /// In a visual-format predicate (`[a(>=44@750)]`).
    case visualFormat
}

/// A syntax error on one line of a block, at a 0-based column.
public struct LineError: Error, Hashable, Sendable {
    public var column: Int
    public var error: LayoutLanguageError

    public init(_ column: Int, _ error: LayoutLanguageError) {
        self.column = column
        self.error = error
    }
}
