import ArgumentParser
import Foundation
import KumikiDiagram
import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage
import KumikiSite

extension Kumiki {
    /// `kumiki devices`: the device catalog, or what environment settings expand to.
    struct Devices: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the devices layouts are solved on, or the environments a block's settings select.",
            discussion: """
                Without options, prints the catalog: each device's size in points, scale, \
                display corner radius, sensor housing, safe-area insets (top/left/bottom/right) \
                and size classes (width/height) in portrait and landscape. Landscape is landscape \
                right; landscape left mirrors it. The catalog is the bundled one without the \
                devices kumiki.yml excludes and with the devices it adds or overrides.
                """)

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Environment settings to expand, separated by ';' or new lines.",
                valueName: "settings"))
        var environments: String?

        @Flag(name: .long, help: "Print JSON for tools instead of a table.")
        var json = false

        func run() throws {
            // The site's catalog: the bundled devices plus kumiki.yml's.
            let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            let (_, catalog, problems) = SiteConfig.loadWithCatalog(from: DiskSource(current))
            for diagnostic in problems {
                printToStandardError(diagnostic.description)
            }
            if problems.contains(where: { $0.severity == .error }) { throw ExitCode.failure }
            guard let text = environments else {
                print(json ? catalog.jsonDescription() : Self.table(of: catalog), terminator: "")
                return
            }
            let (settings, settingProblems) = EnvironmentSettings.parse(
                text, at: SourceLocation(file: "--environments", line: 1, column: 1), catalog: catalog)
            let diagnostics = settingProblems.map(\.diagnostic)
            for diagnostic in diagnostics {
                printToStandardError(diagnostic.description)
            }
            if diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode.failure }
            let expanded: [Environment]
            do {
                expanded = try settings.environments(in: catalog)
            } catch {
                printToStandardError(error.diagnostic.description)
                throw ExitCode.failure
            }
            print(json ? Environment.jsonDescription(of: expanded) : Self.table(of: expanded), terminator: "")
        }

        static func table(of catalog: DeviceCatalog) -> String {
            var rows = [["ID", "NAME", "POINTS", "SCALE", "CORNER", "HOUSING", "SAFE PORTRAIT", "SAFE LANDSCAPE",
                         "CLASSES PORTRAIT", "CLASSES LANDSCAPE"]]
            for device in catalog.devices {
                rows.append([
                    device.id, device.name, device.sizeDescription, "@\(formatPoints(device.scale))x",
                    formatPoints(device.cornerRadius), device.sensorHousing.kind.rawValue,
                    device.portrait.safeAreaInsets.description, device.landscape.safeAreaInsets.description,
                    device.portrait.sizeClasses.description, device.landscape.sizeClasses.description,
                ])
            }
            return layOut(rows) + """
                \(catalog.devices.count) devices. Corner is the display's corner radius and housing its notch or \
                Dynamic Island; safe areas are top/left/bottom/right in points, full screen, status bar shown; \
                size classes are width/height. `--json` gives every fact, the models each device covers and \
                their sources.

                """
        }

        static func table(of environments: [Environment]) -> String {
            var rows = [["ENVIRONMENT", "WINDOW", "SIZE CLASSES", "SAFE AREA", "MARGINS", "READABLE"]]
            for environment in environments {
                rows.append([
                    environment.id,
                    "\(formatPoints(environment.window.width))×\(formatPoints(environment.window.height))",
                    environment.sizeClasses.description,
                    environment.safeAreaInsets.description,
                    formatPoints(environment.layoutMargin),
                    formatPoints(environment.readable.width),
                ])
            }
            let count = environments.count
            return layOut(rows) + "\(count) environment\(count == 1 ? "" : "s"). Safe area is the window's top/left/bottom/right insets; readable is the readable content width.\n"
        }

        /// Left-aligned columns two spaces apart, without trailing spaces.
        static func layOut(_ rows: [[String]]) -> String {
            let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
            return rows.map { row in
                row.enumerated().map { column, cell in
                    column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
                }.joined(separator: "  ").trimmingTrailingWhitespace
            }.joined(separator: "\n") + "\n"
        }
    }
}

private func printToStandardError(_ text: String) {
    var standardError = StandardError()
    print(text, to: &standardError)
}

private struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}
