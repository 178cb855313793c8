import Foundation
import PackagePlugin

/// Gives the `kumiki` target a generated `kumikiVersion`: the release tag, or
/// the commit the binary is built from (see `Scripts/stamp-version`).
///
/// Being a plugin of the package, it works for a plain `swift build` from a
/// fresh clone as well as for `make`, with nothing generated to commit.
///
/// The version depends on git's state, which no list of input files
/// describes, so the script has to run before every build. A prebuild
/// command would say so, but SwiftPM skips them on incremental builds
/// (swiftlang/swift-package-manager#5476): a commit or a tag made since the
/// last change to the package's structure would go unnoticed. So this is a
/// build command whose inputs include a marker file the script touches each
/// time it runs, which leaves the command out of date for the next build.
/// The script rewrites its Swift file only when the version changed, so an
/// unchanged version recompiles nothing.
@main
struct VersionStamp: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let packageRoot = context.package.directoryURL
        let script = packageRoot.appendingPathComponent("Scripts/stamp-version")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Generated/GeneratedVersion.swift")
        let marker = context.pluginWorkDirectoryURL.appendingPathComponent("stamped")
        // An input must exist before the first build.
        if !FileManager.default.fileExists(atPath: marker.path),
           !FileManager.default.createFile(atPath: marker.path, contents: Data()) {
            throw MarkerError(path: marker.path)
        }
        // The script finds git on the PATH the build was started with.
        var environment: [String: String] = [:]
        if let path = ProcessInfo.processInfo.environment["PATH"] { environment["PATH"] = path }
        return [
            .buildCommand(
                displayName: "Stamping kumiki's version",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [script.path, output.path, packageRoot.path, marker.path],
                environment: environment,
                inputFiles: [script, marker],
                outputFiles: [output]
            )
        ]
    }
}

/// The plugin could not create the file its build command reads.
struct MarkerError: Error, CustomStringConvertible {
    var path: String
    var description: String { "cannot create \(path)" }
}
