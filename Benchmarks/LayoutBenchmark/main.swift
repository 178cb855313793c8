// Times the layout engine on a typical block: parsing, solving in every
// default environment (each device in portrait and both landscapes), a
// site of 100 such blocks, and re-solving through edit variables against
// building the constraint system afresh for every environment.
//
//     swift run -c release LayoutBenchmark

import Dispatch
import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage

/// A settings-like screen: a navigation title, a hero image, eight rows of
/// label + toggle, a note, and a two-button bar; 26 views.
func typicalBlock(variant: Int) -> String {
    var lines = [
        "title: Settings \(variant) | 設定 \(variant)",
        "label heading \"Notifications\" \"通知\"",
        "image hero \"Illustration\" \"イラスト\"",
        "label note \"Changes apply to every device signed in to your account.\" \"変更はアカウントにサインインしているすべてのデバイスに適用されます。\"",
        "button cancel \"Cancel\" \"キャンセル\"",
        "button save \"Save\" \"保存\"",
        "heading.leading = margins.leading",
        "heading.top = safe.top + 16",
        "heading.trailing <= margins.trailing",
        "hero.top = heading.bottom + 12",
        "hero.centerX = safe.centerX",
        "hero.width = 0.6 * safe.width @750",
        "hero.width <= 320",
        "hero.aspect = 16:9",
    ]
    var previous = "hero"
    for row in 1...8 {
        lines.append("label name\(row) \"Option \(row) for \(variant)\" \"オプション \(row)\"")
        lines.append("toggle switch\(row)")
        lines.append("name\(row).leading = margins.leading")
        lines.append("name\(row).trailing <= switch\(row).leading - 8")
        lines.append("switch\(row).trailing = margins.trailing")
        lines.append("switch\(row).top = \(previous).bottom + 12")
        lines.append("name\(row).centerY = switch\(row).centerY")
        lines.append("name\(row).height >= 22")
        lines.append("switch\(row).height >= 31 @high")
        previous = "switch\(row)"
    }
    lines += [
        "note.top = \(previous).bottom + 16",
        "note.leading = readable.leading",
        "note.trailing <= readable.trailing",
        "note.lines = 0",
        "stack bar H [cancel, save] spacing 12 distribution fillEqually",
        "bar.horizontalEdges = margins inset 0",
        "bar.bottom = safe.bottom inset 8",
        "bar.height >= 44",
        "bar.top >= note.bottom + 16 @low",
        "when width is regular {",
        "  hero.width = 0.4 * safe.width @750",
        "  bar.horizontalEdges = readable inset 0",
        "}",
        "when landscape and phone {",
        "  hide hero",
        "  switch1.top = heading.bottom + 12",
        "}",
    ]
    return lines.joined(separator: "\n")
}

func parse(_ text: String) -> LayoutProgram? {
    let parsed = LayoutLanguage.parse(LayoutBlockSource(text: text, firstLine: SourceLocation(file: "bench.md", line: 1)))
    for diagnostic in parsed.diagnostics where diagnostic.severity == .error { print(diagnostic) }
    return parsed.program
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

/// The median of `runs` timings of `body`, in milliseconds.
func median(runs: Int, _ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = clock.now
        body()
        samples.append(milliseconds(clock.now - start))
    }
    samples.sort()
    return samples[samples.count / 2]
}

/// One solve of `program` in `environments` by `engine`, in milliseconds.
func timedSolve(_ engine: LayoutEngine, _ program: LayoutProgram, _ environments: [Environment]) -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    let solved = engine.solve(program, environments: environments).environments.count
    precondition(solved == environments.count, "every environment is solved")
    return milliseconds(clock.now - start)
}

/// `body`'s result, computed on a Dispatch worker thread while the caller waits.
func onHelperThread(_ body: @escaping @Sendable () -> Double) -> Double {
    let result = LockedValue(0.0)
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global(qos: .userInitiated).async {
        result.set(body())
        done.signal()
    }
    done.wait()
    return result.current
}

let catalog = DeviceCatalog.bundled()
let engine = LayoutEngine(catalog: catalog)
guard let typical = parse(typicalBlock(variant: 0)) else { fatalError("the benchmark block does not parse") }
let environments = engine.environments(for: typical).environments
let constraintCount = typical.constraints(activeVariants: []).count
print("typical block: \(typical.views.count) views, \(constraintCount) constraints (stacks expanded), \(environments.count) environments")

// `kumiki-bench-layout [parse|solve|solve-concurrent|threads|fresh|site] [RUNS]` times one part only
// (for a profiler); with no argument every part runs. `solve-concurrent`
// times only the solve on every core, the figure the target is about;
// `threads` times a one-core solve on the calling thread, on a helper
// thread, and on both at once (not part of the full run).
let arguments = Array(CommandLine.arguments.dropFirst())
let only = arguments.first
let runsOverride = arguments.count > 1 ? Int(arguments[1]) : nil
func runs(_ standard: Int) -> Int { runsOverride ?? standard }
func wanted(_ part: String) -> Bool { only == nil || only == part }

var sink = 0
func format(_ value: Double) -> String {
    let scaled = (value * 1000).rounded() / 1000
    return String(scaled)
}
var solveAll = 0.0
var solveOneCore = 0.0
var sequential = engine
sequential.solvesConcurrently = false
if wanted("parse") {
    let parseTime = median(runs: runs(200)) { sink &+= parse(typicalBlock(variant: 0))?.views.count ?? 0 }
    print("parse one block:                          \(format(parseTime)) ms")
}
if wanted("solve") {
    solveAll = median(runs: runs(50)) { sink &+= engine.solve(typical, environments: environments).environments.count }
    print("solve it in all \(environments.count) environments:        \(format(solveAll)) ms   (target < 2 ms)")
    solveOneCore = median(runs: runs(50)) { sink &+= sequential.solve(typical, environments: environments).environments.count }
    print("  the same on one core:                   \(format(solveOneCore)) ms")
}
if only == "solve-concurrent" {
    solveAll = median(runs: runs(50)) { sink &+= engine.solve(typical, environments: environments).environments.count }
    print("solve it in all \(environments.count) environments:        \(format(solveAll)) ms   (target < 2 ms)")
}
if only == "threads" {
    // Where a helper thread's slowness comes from: the same one-core solve
    // timed on the calling thread, on a helper thread while the caller
    // waits (a thread of its own, nothing shared in use), and on both at
    // once (both cores allocating and freeing, as the engine's groups do).
    let count = runs(50)
    var onCaller: [Double] = []
    var onHelper: [Double] = []
    var togetherCaller: [Double] = []
    var togetherHelper: [Double] = []
    for _ in 0..<count {
        onCaller.append(timedSolve(sequential, typical, environments))
        onHelper.append(onHelperThread { [sequential, typical, environments] in timedSolve(sequential, typical, environments) })
        let helper = LockedValue(0.0)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global(qos: .userInitiated).async { [sequential, typical, environments] in
            helper.set(timedSolve(sequential, typical, environments))
            done.signal()
        }
        togetherCaller.append(timedSolve(sequential, typical, environments))
        done.wait()
        togetherHelper.append(helper.current)
    }
    func middle(_ samples: [Double]) -> String { format(samples.sorted()[samples.count / 2]) }
    print("one-core solve on the calling thread:     \(middle(onCaller)) ms")
    print("  on a helper thread, the caller waiting: \(middle(onHelper)) ms")
    print("  on both at once: caller \(middle(togetherCaller)) ms, helper \(middle(togetherHelper)) ms")
}
if wanted("fresh") {
    // Every environment on its own: the system is compiled and built afresh each time.
    let fresh = median(runs: runs(20)) {
        for environment in environments { sink &+= sequential.solve(typical, environments: [environment]).environments.count }
    }
    let ratio = solveOneCore > 0 ? "   (re-solving through edit variables is \(format(fresh / solveOneCore))× faster, both on one core)" : ""
    print("  built afresh per environment instead:   \(format(fresh)) ms\(ratio)")
}
if wanted("site") {
    let texts = (0..<100).map(typicalBlock(variant:))
    // As `kumiki build` does: pages (here, blocks) are parsed and solved
    // on every core at once.
    let site = median(runs: runs(5)) {
        let counts = concurrentMap(texts.count) { index in parse(texts[index]).map { engine.solve($0).environments.count } ?? 0 }
        sink &+= counts.reduce(0, +)
    }
    print("100 blocks, parsed and solved everywhere: \(format(site)) ms   (target < 300 ms)")
    let oneBlockAtATime = median(runs: runs(5)) {
        for text in texts {
            if let program = parse(text) { sink &+= engine.solve(program).environments.count }
        }
    }
    print("  one block at a time:                    \(format(oneBlockAtATime)) ms")
    let siteOneCore = median(runs: runs(5)) {
        for text in texts {
            if let program = parse(text) { sink &+= sequential.solve(program).environments.count }
        }
    }
    print("  the same on one core:                   \(format(siteOneCore)) ms")
}
if sink == 42 { print("") }
