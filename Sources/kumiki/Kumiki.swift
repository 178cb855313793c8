import ArgumentParser
import Foundation

@main
struct Kumiki: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kumiki",
        abstract: "Build bilingual design-system guideline sites with solved layout diagrams.",
        version: kumikiVersion,
        subcommands: [
            Build.self,
            Check.self,
            CI.self,
            Devices.self,
            Diff.self,
            Init.self,
            LSP.self,
            Render.self,
            Serve.self,
            SolveSystem.self,
            Tokens.self,
            Translations.self,
        ]
    )

    /// Runs the command line. `kumiki diff` is meant for CI gates, whose
    /// contract is 1 for what `--fail-on` found and 2 for a usage error,
    /// where argument-parser exits 64 (`EX_USAGE`); other commands keep it.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.first == Diff.configuration.commandName ?? "diff" else {
            await main(nil)
            return
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
