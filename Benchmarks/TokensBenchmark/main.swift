// Times reading, checking and resolving 2,000 design tokens: colours,
// dimensions and typography in groups, a fifth of them aliases in chains
// up to four long, in two files merged.
//
//     swift run -c release kumiki-bench-tokens

import Dispatch
import Foundation
import KumikiTokens

/// The two files: `core` holds 1,600 tokens with values, `theme` 400
/// aliases, chains of one to four.
func workload() -> [(path: String, text: String)] {
    var core: [String] = []
    for group in 0..<20 {
        var colors: [String] = []
        for index in 0..<40 {
            let value = Double((group * 40 + index) % 100) / 100
            colors.append(#""c\#(index)": { "$value": { "colorSpace": "oklch", "components": [\#(value), 0.1, \#(index * 9)] }, "$description": "Colour \#(index)" }"#)
        }
        core.append(#""palette\#(group)": { "$type": "color", \#(colors.joined(separator: ", ")) }"#)
    }
    for group in 0..<10 {
        var sizes: [String] = []
        var styles: [String] = []
        for index in 0..<40 {
            sizes.append(#""s\#(index)": { "$value": { "value": \#(index * 2), "unit": "px" } }"#)
            styles.append(#""t\#(index)": { "$value": { "fontFamily": ["Inter", "sans-serif"], "fontSize": "{size\#(group).s\#(index)}", "fontWeight": 400, "letterSpacing": { "value": 0, "unit": "px" }, "lineHeight": 1.5 } }"#)
        }
        core.append(#""size\#(group)": { "$type": "dimension", \#(sizes.joined(separator: ", ")) }"#)
        core.append(#""type\#(group)": { "$type": "typography", \#(styles.joined(separator: ", ")) }"#)
    }
    var aliases: [String] = []
    for index in 0..<400 {
        // Every fourth alias starts a chain; the next three continue it.
        let target = index % 4 == 0 ? "palette\(index % 20).c\(index % 40)" : "semantic.a\(index - 1)"
        aliases.append(#""a\#(index)": { "$value": "{\#(target)}" }"#)
    }
    return [
        ("core.tokens.json", "{\n" + core.joined(separator: ",\n") + "\n}"),
        ("theme.tokens.json", "{ \"semantic\": { " + aliases.joined(separator: ", ") + " } }"),
    ]
}

let files = workload()
// `--write DIR` writes the two files into DIR instead of timing them, for
// the benchmark of a site's cold build with these tokens
// (Benchmarks/tokens/cold_build_share.py).
if let flag = CommandLine.arguments.firstIndex(of: "--write"), flag + 1 < CommandLine.arguments.count {
    let folder = CommandLine.arguments[flag + 1]
    for file in files {
        try file.text.write(toFile: folder + "/" + file.path, atomically: true, encoding: .utf8)
    }
    exit(0)
}
var times: [Double] = []
var count = 0
for _ in 0..<30 {
    let start = DispatchTime.now().uptimeNanoseconds
    let (set, diagnostics) = TokenSet.read(files: files)
    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
    precondition(diagnostics.isEmpty, "\(diagnostics.prefix(3))")
    count = set.tokens.count
}
times.sort()
print("tokens: \(count); read + check + resolve: median \(times[times.count / 2]) ms, best \(times[0]) ms (target ≤ 20 ms)")
