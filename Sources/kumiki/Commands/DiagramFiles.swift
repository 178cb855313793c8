import ArgumentParser
import Foundation
import KumikiDiagram
import KumikiLayout
import KumikiLayoutLanguage

/// `kumiki render --format svg`: one standalone SVG per block and
/// environment, named `block-N-ENVIRONMENT.svg`.
enum DiagramFiles {
    static func write(_ blocks: [SolvedBlock], to folder: String) throws {
        let directory = URL(fileURLWithPath: folder, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            printError("kumiki: error: cannot create the folder '\(folder)': \(error.localizedDescription)")
            throw ExitCode(1)
        }
        // Identical diagrams (the same environment asked for twice) are
        // written once; the repeat is named as the same file.
        var written: [String: String] = [:]
        for block in blocks {
            let findings = BlockFindings(block.solution)
            for solution in block.solution.environments {
                let name = DiagramGallery.fileName(block: block.index, environment: solution.environment)
                let svg = LayoutDiagram(solution: solution, program: block.solution.program, findings: findings).svg()
                if let first = written[svg] {
                    if first != name { print("\(name): same as \(first)") }
                    continue
                }
                let path = directory.appendingPathComponent(name)
                do {
                    try Data(svg.utf8).write(to: path)
                } catch {
                    printError("kumiki: error: cannot write '\(path.path)': \(error.localizedDescription)")
                    throw ExitCode(1)
                }
                written[svg] = name
                print(folder == "." ? name : (folder as NSString).appendingPathComponent(name))
            }
        }
    }
}
