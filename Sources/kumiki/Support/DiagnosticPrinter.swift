import Foundation
import KumikiSupport

/// Prints diagnostics to standard error in the compiler format.
enum DiagnosticPrinter {
    static func print(_ diagnostics: DiagnosticList) {
        for diagnostic in diagnostics.sorted {
            // One line per diagnostic and per note, control characters
            // already escaped by `Diagnostic.description`.
            writeToStandardError(diagnostic.description)
        }
    }
}

/// A line on standard error. Control characters in it (a path or an id the
/// user typed may hold a line break or an ESC) are escaped, so it stays one
/// line and cannot drive the terminal.
func printError(_ line: String) {
    writeToStandardError(line.escapingControlCharacters)
}

private func writeToStandardError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Whether standard error is a terminal (progress lines go only there).
var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }
