import Foundation
import PackagePlugin

/// Gives the `kumiki` target a generated `kumikiVersion`: the release tag, or
/// the commit the binary is built from (see `Scripts/stamp-version`).
///
/// A prebuild command rather than a build command, because the version
/// depends on git's state, which no list of input files describes; the
/// script runs before every build and rewrites its file only when the
/// version changed, so an unchanged version recompiles nothing. Being a
/// plugin, it works for a plain `swift build` from a fresh clone as well as
/// for `make`, with nothing generated to commit.
@main
struct VersionStamp: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let packageRoot = context.package.directoryURL
        let outputFolder = context.pluginWorkDirectoryURL.appendingPathComponent("Generated")
        let script = packageRoot.appendingPathComponent("Scripts/stamp-version")
        // The script finds git on the PATH the build was started with.
        var environment: [String: String] = [:]
        if let path = ProcessInfo.processInfo.environment["PATH"] { environment["PATH"] = path }
        return [
            .prebuildCommand(
                displayName: "Stamping kumiki's version",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [
                    script.path,
                    outputFolder.appendingPathComponent("GeneratedVersion.swift").path,
                    packageRoot.path,
                ],
                environment: environment,
                outputFilesDirectory: outputFolder
            )
        ]
    }
}
