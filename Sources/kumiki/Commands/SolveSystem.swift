import ArgumentParser
import Foundation
import KumikiSolver

extension Kumiki {
    /// `kumiki solve-system FILE.json`: solves a raw constraint system in the interchange format.
    struct SolveSystem: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "solve-system",
            abstract: "Solve a raw constraint system (Kumiki's JSON interchange format) and print its solutions.",
            discussion: """
                Adds the constraints in order, then the edit variables, then for each step suggests every \
                edit variable's value and prints every variable. Exits 1 with the unsatisfiable constraint \
                and its conflicts as JSON on standard output; exits 2 on a malformed file.
                """
        )

        @Argument(help: "The JSON file describing the system.")
        var file: String

        func run() throws {
            let system: ConstraintSystemFile
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: file))
                system = try ConstraintSystemFile(json: data)
            } catch let error as ConstraintSystemFile.FormatError {
                FileHandle.standardError.write(Data("\(file): error: \(error.message)\n".utf8))
                throw ExitCode(2)
            } catch {
                FileHandle.standardError.write(Data("\(file): error: cannot read the file: \(error.localizedDescription)\n".utf8))
                throw ExitCode(2)
            }
            let outcome = system.solve()
            FileHandle.standardOutput.write(Data(ConstraintSystemFile.json(for: outcome).utf8))
            if case .unsatisfiable = outcome { throw ExitCode(1) }
        }
    }
}
