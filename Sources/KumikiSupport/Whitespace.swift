extension StringProtocol {
    /// The text without white space (`Character.isWhitespace`: spaces,
    /// tabs, line breaks and the other Unicode spaces) at either end.
    public var trimmingWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }

    /// The text without white space at its end.
    public var trimmingTrailingWhitespace: String {
        guard let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[...last])
    }
}
