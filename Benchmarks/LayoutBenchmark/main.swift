// Times the layout engine on a typical block: parsing, solving in every
// default environment (each device in portrait and both landscapes), a
// site of 100 such blocks, and re-solving through edit variables against
// building the constraint system afresh for every environment.
//
//     swift run -c release LayoutBenchmark

import Dispatch
import Foundation
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

/// The typical block with every literal a design token names written as
/// the token (`{space.m}` for 16, `{ratio.wide}` for 16:9, …); priorities
/// stay literal, as the language asks. It reads to the same program.
func tokenedBlock(variant: Int) -> String {
    var text = typicalBlock(variant: variant)
    for (literal, token) in tokenedLiterals { text = text.replacingOccurrences(of: literal, with: token) }
    return text
}

/// What `tokenedBlock` replaces, in this order.
let tokenedLiterals: [(String, String)] = [
    (" + 16", " + {space.m}"), (" + 12", " + {space.row}"), (" - 8", " - {space.s}"), ("inset 8", "inset {space.s}"),
    ("inset 0", "inset {space.none}"), ("spacing 12", "spacing {space.row}"), (">= 22", ">= {size.label}"),
    (">= 31 @high", ">= {size.switch} @high"), (">= 44", ">= {size.touch}"), ("<= 320", "<= {size.hero}"),
    ("0.6 *", "{ratio.hero} *"), ("0.4 *", "{ratio.hero-regular} *"), ("16:9", "{ratio.wide}"),
    ("lines = 0", "lines = {count.unlimited}"),
]

/// The tokens `tokenedBlock` names, with the values of the literals.
let benchmarkTokens = LayoutTokenTable(entries: [
    "space.m": .init(value: .dimension(16), written: "16px"), "space.row": .init(value: .dimension(12), written: "12px"),
    "space.s": .init(value: .dimension(8), written: "8px"), "space.none": .init(value: .dimension(0), written: "0px"),
    "size.label": .init(value: .dimension(22), written: "22px"), "size.switch": .init(value: .dimension(31), written: "31px"),
    "size.touch": .init(value: .dimension(44), written: "44px"), "size.hero": .init(value: .dimension(320), written: "320px"),
    "ratio.hero": .init(value: .number(0.6), written: "0.6"), "ratio.hero-regular": .init(value: .number(0.4), written: "0.4"),
    "ratio.wide": .init(value: .number(16.0 / 9.0), written: "1.778"), "count.unlimited": .init(value: .number(0), written: "0"),
])

func parse(_ text: String, tokens: LayoutTokenTable = .empty) -> LayoutProgram? {
    let parsed = LayoutLanguage.parse(LayoutBlockSource(text: text, firstLine: SourceLocation(file: "bench.md", line: 1)), tokens: tokens)
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
if only == "tokens" {
    // The typical block with a token for every literal against the literal
    // block: the same program, so the same solve; the tokens cost only
    // their reading. Timed as the site times a block: parsed and solved in
    // every environment, on one core, alternating so that both see the
    // same machine.
    guard let tokened = parse(tokenedBlock(variant: 0), tokens: benchmarkTokens) else { fatalError("the tokened block does not parse") }
    let literalFrames = sequential.solve(typical, environments: environments).environments.map(\.frames)
    let tokenedFrames = sequential.solve(tokened, environments: environments).environments.map(\.frames)
    precondition(literalFrames == tokenedFrames, "the tokened block solves to the literal block's frames")
    let literalText = typicalBlock(variant: 0), tokenedText = tokenedBlock(variant: 0)
    var literalSamples: [Double] = [], tokenedSamples: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<runs(41) {
        var start = clock.now
        sink &+= parse(literalText).map { sequential.solve($0, environments: environments).environments.count } ?? 0
        literalSamples.append(milliseconds(clock.now - start))
        start = clock.now
        sink &+= parse(tokenedText, tokens: benchmarkTokens).map { sequential.solve($0, environments: environments).environments.count } ?? 0
        tokenedSamples.append(milliseconds(clock.now - start))
    }
    let literal = literalSamples.sorted()[literalSamples.count / 2]
    let withTokens = tokenedSamples.sorted()[tokenedSamples.count / 2]
    let parseLiteral = median(runs: runs(200)) { sink &+= parse(literalText)?.views.count ?? 0 }
    let parseTokens = median(runs: runs(200)) { sink &+= parse(tokenedText, tokens: benchmarkTokens)?.views.count ?? 0 }
    print("tokens: \(tokenedLiterals.count) kinds of literal replaced, \(tokenedText.components(separatedBy: "{").count - 1) references")
    print("parse, literal block:                     \(format(parseLiteral)) ms")
    print("parse, tokened block:                     \(format(parseTokens)) ms")
    print("parse + solve everywhere, literal:        \(format(literal)) ms")
    print("parse + solve everywhere, tokened:        \(format(withTokens)) ms   (\(format(100 * (withTokens / literal - 1)))%, target within 5%)")
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
