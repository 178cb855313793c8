// kumiki-bench-solver: times KumikiSolver on interchange-format workloads.
//
//   kumiki-bench-solver [--repeats N] FILE.json...
//
// For each file: builds the system (constraints in order, then edit
// variables) from prebuilt `Constraint` values, timing the build alone; then
// re-solves through the edit variables, one cycle per step (suggest every
// edit's value, then read every declared variable). Prints one JSON object
// per file with medians over N repeated runs (build in ms, cycle in µs).
import Foundation
import KumikiSolver

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

var arguments = Array(CommandLine.arguments.dropFirst())
var repeats = 21
if let flag = arguments.firstIndex(of: "--repeats"), flag + 1 < arguments.count, let count = Int(arguments[flag + 1]) {
    repeats = max(1, count)
    arguments.removeSubrange(flag...(flag + 1))
}
if arguments.isEmpty {
    FileHandle.standardError.write(Data("usage: kumiki-bench-solver [--repeats N] FILE.json...\n".utf8))
    exit(2)
}

var checksum = 0.0
for path in arguments {
    let system: ConstraintSystemFile
    do {
        system = try ConstraintSystemFile(json: try Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
        FileHandle.standardError.write(Data("\(path): error: \(error)\n".utf8))
        exit(2)
    }
    let constraints = system.constraints.indices.map(system.constraint(at:))
    let variables = system.variables
    var buildTimes: [Double] = []
    var cycleTimes: [Double] = []
    for _ in 0..<repeats {
        let start = now()
        var solver = Solver()
        do {
            for constraint in constraints { try solver.addConstraint(constraint) }
            for edit in system.edits { try solver.addEditVariable(edit.variable, strength: edit.strength) }
        } catch {
            FileHandle.standardError.write(Data("\(path): error: \(error)\n".utf8))
            exit(1)
        }
        let built = now()
        buildTimes.append(Double(built - built + (built - start)) / 1e6)
        let steps = system.edits.isEmpty ? 0 : system.stepCount
        guard steps > 0 else { continue }
        var values = [Double](repeating: 0, count: variables.count)
        let cycleStart = now()
        for step in 0..<steps {
            for edit in system.edits { try? solver.suggestValue(edit.values[step], for: edit.variable) }
            for index in variables.indices { values[index] = solver.value(of: variables[index]) }
            checksum += values[values.count - 1]
        }
        cycleTimes.append(Double(now() - cycleStart) / 1e3 / Double(steps))
    }
    let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    print(
        "{\"workload\": \"\(name)\", \"constraints\": \(constraints.count), \"repeats\": \(repeats), "
            + "\"build_ms\": \(median(buildTimes)), \"cycle_us\": \(median(cycleTimes))}")
}
if checksum.isNaN { print("unreachable") }
