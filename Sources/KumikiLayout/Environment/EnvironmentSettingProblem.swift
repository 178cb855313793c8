import KumikiSupport

/// A problem with a block's environment lines (`devices:`, `orientations:`,
/// `splits:`, `text-sizes:`, `bars:`) or its `show:` line, as data: what
/// was wrong, the words involved, the suggestions found and where.
/// KumikiDiagram's `EnvironmentSettingProblem.diagnostic` words them.
public enum EnvironmentSettingProblem: Error, Hashable, Sendable {
    /// A line for a key given earlier; this one replaces it.
    case repeatedLine(EnvironmentSettings.Key, at: SourceLocation, earlier: SourceLocation)
    /// A line with nothing after its colon.
    case missingValue(EnvironmentSettings.Key, at: SourceLocation)
    /// An empty item in a comma-separated list (`half,`).
    case emptyItem(EnvironmentSettings.Key, at: SourceLocation)
    /// A part of `kumiki devices --environments` without a colon.
    case missingColon(at: SourceLocation)
    /// A part of `kumiki devices --environments`, or a block's line, whose
    /// name is not an environment setting.
    case unknownSetting(name: String, suggestions: [String], at: SourceLocation)
    /// A word given twice in one line.
    case repeatedWord(String, at: SourceLocation)
    /// A word the line's key does not know; for `devices:`, also a device
    /// id missing from the catalog the settings are expanded in (whose
    /// place is the line's, when it has one).
    case unknownWord(EnvironmentSettings.Key, word: String, suggestions: [String], at: SourceLocation?)
    /// An orientation naming upside-down portrait, which is not an environment.
    case upsideDownPortrait(at: SourceLocation)
    /// A device name that is part of several devices' names.
    case ambiguousDevice(name: String, matches: [Device], at: SourceLocation)
    /// Two navigation bar styles in one `bars:` line: `word` after `earlier`.
    case conflictingNavigationBars(word: String, earlier: String, at: SourceLocation)
    /// `none` beside other bars.
    case noneWithOtherBars(at: SourceLocation)
    /// Settings that select no environment: no selected device offers
    /// these splits.
    case selectsNothing(splits: [Split], at: SourceLocation?)
    /// A `show:` line naming an environment the block does not have; with
    /// the closest ids it has, and the first of them.
    case shownEnvironmentMissing(name: String, suggestions: [String], first: String, at: SourceLocation)

    /// Warnings leave the settings usable; errors mean a line was not
    /// (wholly) understood.
    public var severity: Severity {
        switch self {
        case .repeatedLine, .repeatedWord: .warning
        default: .error
        }
    }

    /// Where the problem is, to the column of the word it is about.
    public var location: SourceLocation? {
        switch self {
        case .repeatedLine(_, let location, _), .missingValue(_, let location), .emptyItem(_, let location),
             .missingColon(let location), .unknownSetting(_, _, let location), .repeatedWord(_, let location),
             .upsideDownPortrait(let location), .ambiguousDevice(_, _, let location),
             .conflictingNavigationBars(_, _, let location), .noneWithOtherBars(let location),
             .shownEnvironmentMissing(_, _, _, let location):
            location
        case .unknownWord(_, _, _, let location), .selectsNothing(_, let location):
            location
        }
    }
}
