import Foundation
import KumikiDiagnostics

/// Prints diagnostics to standard error in the compiler format.
enum DiagnosticPrinter {
    static func print(_ diagnostics: DiagnosticList) {
        for diagnostic in diagnostics.sorted {
            printError(diagnostic.description)
        }
    }
}

/// A line on standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Whether standard error is a terminal (progress lines go only there).
var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }
