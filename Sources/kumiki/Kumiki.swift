import ArgumentParser

@main
struct Kumiki: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kumiki",
        abstract: "Build bilingual design-system guideline sites with solved layout diagrams.",
        version: kumikiVersion,
        subcommands: [
            Build.self,
            Check.self,
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
}
