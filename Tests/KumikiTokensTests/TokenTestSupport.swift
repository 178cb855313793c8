import KumikiSupport
import KumikiTokens

/// Reads one file, `core.tokens.json`, and gives its tokens and its
/// diagnostics as printed.
func read(_ text: String, path: String = "core.tokens.json") -> (TokenSet, [String]) {
    let (set, diagnostics) = TokenSet.read(files: [(path: path, text: text)])
    return (set, diagnostics.map(\.description))
}

/// The diagnostics of one file, as printed.
func diagnostics(_ text: String, path: String = "core.tokens.json") -> [String] {
    read(text, path: path).1
}

/// A file with one token of `type` whose `$value` is `value` (JSON text),
/// the value on line 3 at column 14.
func oneToken(_ type: String, _ value: String) -> String {
    """
    {
      "token": {
        "$value": \(value),
        "$type": "\(type)"
      }
    }
    """
}
