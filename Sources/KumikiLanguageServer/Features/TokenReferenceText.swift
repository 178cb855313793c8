/// `{token.path}` references as written on a line of a layout block, for
/// completion and go to definition; the layout language reads them from
/// the parsed block, an editor needs them while they are half typed.
enum TokenReferenceText {
    /// The name typed after an unclosed `{` before the position, or `nil`
    /// when the position is not inside braces.
    static func typed(before prefix: Substring) -> Substring? {
        guard let open = prefix.lastIndex(of: "{") else { return nil }
        let typed = prefix[prefix.index(after: open)...]
        guard !typed.contains("}"), typed.allSatisfy(isNameCharacter) else { return nil }
        return typed
    }

    /// The name between the braces the 1-based `column` is in, or `nil`.
    static func name(at column: Int, in line: Substring) -> String? {
        let characters = Array(line)
        var index = 0
        while index < characters.count {
            guard characters[index] == "{" else {
                index += 1
                continue
            }
            var end = index + 1
            while end < characters.count, characters[end] != "}", characters[end] != "{" { end += 1 }
            // Columns of the braces themselves count as in the reference.
            if end < characters.count, characters[end] == "}", index + 1 <= column, column <= end + 1 {
                let name = String(characters[(index + 1)..<end])
                return name.isEmpty || !name.allSatisfy(isNameCharacter) ? nil : name
            }
            index = end
        }
        return nil
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || "._-$".contains(character)
    }
}
