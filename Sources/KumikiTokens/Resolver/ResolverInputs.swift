/// The context chosen for each modifier of a resolver: one token set of
/// the many it describes.
public struct ResolverInputs: Hashable, Sendable {
    public struct Choice: Hashable, Sendable {
        public var modifier: String
        public var context: String

        public init(modifier: String, context: String) {
            self.modifier = modifier
            self.context = context
        }
    }

    /// One choice per modifier, in the resolver's order of modifiers.
    public var choices: [Choice]

    public init(_ choices: [Choice] = []) {
        self.choices = choices
    }

    /// The context chosen for `modifier`.
    public subscript(modifier: String) -> String? {
        choices.first { $0.modifier == modifier }?.context
    }

    /// Chooses `context` for `modifier`, in its place when it has one.
    public mutating func choose(_ context: String, for modifier: String) {
        if let index = choices.firstIndex(where: { $0.modifier == modifier }) {
            choices[index].context = context
        } else {
            choices.append(Choice(modifier: modifier, context: context))
        }
    }
}

/// Why an input (`--input NAME=CONTEXT`) cannot be used. Inputs are given
/// on the command line, so these have no place in a file; they are worded
/// in `TokenProblem+Message.swift` with the others.
public enum ResolverInputProblem: Hashable, Sendable {
    case noModifiers
    case unknownModifier(String, modifiers: [String], suggestion: String?)
    case unknownContext(modifier: String, context: String, contexts: [String], suggestion: String?)
}
