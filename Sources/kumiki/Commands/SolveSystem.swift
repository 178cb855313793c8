import ArgumentParser
import Foundation
import KumikiSolver
import KumikiTokens

extension Kumiki {
    /// `kumiki solve-system FILE.json`: solves a raw constraint system in the interchange format.
    struct SolveSystem: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "solve-system",
            abstract: "Solve a raw constraint system (Kumiki's JSON interchange format) and print its solutions.",
            discussion: """
                Adds the constraints in order, then the edit variables, then for each step suggests every \
                edit variable's value and prints every variable. Exits 1 with the unsatisfiable constraint \
                and its conflicts as JSON on standard output; exits 2 on a malformed file, numbers out of \
                range (0 or between 1e-9 and 1e9 in magnitude; weights up to 1e10), more than 20000 \
                constraints or more than 1000000 values (variables times steps) included; on a solution \
                that overflows; and on a system that needs more than the solver's work budget.
                """
        )

        @Argument(help: "The JSON file describing the system.")
        var file: String

        func run() throws {
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: file))
            } catch {
                printError("\(file): error: cannot read the file: \(error.localizedDescription)")
                throw ExitCode(2)
            }
            // Syntax first, at its line and column, as a token file's.
            if let (message, position) = JSONSyntaxCheck.firstProblem(in: String(decoding: data, as: UTF8.self)) {
                printError("\(file):\(position.line):\(position.column): error: \(message)")
                throw ExitCode(2)
            }
            let system: ConstraintSystemFile
            do {
                system = try ConstraintSystemFile(json: data)
            } catch {
                printError("\(file): error: \(error.message)")
                throw ExitCode(2)
            }
            let outcome = system.solve()
            if case .tooMuchWork(let place) = outcome {
                printError("""
                    \(file): error: \(place): solving stopped here, past the solver's budget of \
                    \(ConstraintSystemFile.maximumSimplexWork) steps; many weak constraints that pull the same \
                    variables apart cost that much: make fewer of them compete, or split the system
                    """)
                throw ExitCode(2)
            }
            // Numbers in range can still multiply past what a Double holds
            // along a chain of large coefficients; such a solution is
            // refused like a malformed file rather than printed as null.
            if case .solutions(let solutions) = outcome,
               let name = solutions.lazy.compactMap({ solution in
                   solution.keys.sorted().first { !(solution[$0] ?? 0).isFinite }
               }).first {
                printError("\(file): error: the solution overflows: \(name) is not a finite number; scale the coefficients down")
                throw ExitCode(2)
            }
            FileHandle.standardOutput.write(Data(ConstraintSystemFile.json(for: outcome).utf8))
            if case .unsatisfiable = outcome { throw ExitCode(1) }
        }
    }
}
