/// A page with front matter lines and a body; the body starts on the line
/// after the closing `---` and a blank line.
public func page(_ matter: [String], _ body: String = "") -> String {
    "---\n" + matter.joined(separator: "\n") + "\n---\n\n" + body
}

/// One English paragraph and its Japanese partner.
public func bilingualParagraph(_ english: String, _ japanese: String) -> String {
    "\(english)\n\n\(japanese)\n\n"
}
