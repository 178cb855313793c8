import KumikiLayout
import KumikiLayoutLanguage
import KumikiSupport

/// A solved block together with where it sits in its page.
public struct SolvedBlock: Hashable, Sendable {
    /// Counts the page's layout blocks from 1 (what `--block N` selects).
    public var index: Int
    /// The line of the block's opening fence in the Markdown file.
    public var line: Int
    public var solution: BlockSolution

    public init(index: Int, line: Int, solution: BlockSolution) {
        self.index = index
        self.line = line
        self.solution = solution
    }
}

/// The printed forms of solved blocks: the JSON `kumiki render` emits and
/// a text report a person reads. Both are byte-stable: keys sorted,
/// lengths with exactly two decimals.
public enum SolutionReport {
    /// ```
    /// {"blocks": [{"environments": [{"ambiguous": [VIEW…],
    ///   "broken": [{"line", "text"}], "device",
    ///   "findings": [{"kind", "code", "message", "message_ja", "views"}],
    ///   (a `low-contrast` finding also has "appearance": "light" or "dark")
    ///   "frames": {NAME: {"height", "width", "x", "y"}}, "id", "orientation"}],
    ///   "index", "kind", "line"}]}
    /// ```
    /// Points, origin at the top-left of the screen; `frames` holds the shown
    /// views and the guides `screen`, `safe`, `margins`, `readable`.
    public static func json(_ blocks: [SolvedBlock]) -> String {
        let value = JSONValue.object([
            "blocks": .array(blocks.map { block in
                .object([
                    "index": .integer(block.index),
                    "line": .integer(block.line),
                    "kind": .string(block.solution.kind.rawValue),
                    "environments": .array(environmentsJSON(block.solution)),
                ])
            }),
        ])
        return value.written() + "\n"
    }

    static func environmentsJSON(_ block: BlockSolution) -> [JSONValue] {
        var texts = FindingTexts(program: block.program)
        return block.environments.map { environmentJSON($0, texts: &texts) }
    }

    static func environmentJSON(_ solution: EnvironmentSolution, texts: inout FindingTexts) -> JSONValue {
        var frames: [String: JSONValue] = [:]
        for (name, rect) in solution.frames {
            frames[name] = .object([
                "x": .length(rect.x), "y": .length(rect.y), "width": .length(rect.width), "height": .length(rect.height),
            ])
        }
        return .object([
            "id": .string(solution.environment.id),
            "device": .string(solution.environment.device.id),
            "orientation": .string(solution.environment.orientation.rawValue),
            "frames": .object(frames),
            "broken": .array(solution.broken.map { broken in
                .object(["line": .integer(broken.location.line), "text": .string(broken.text)])
            }),
            "ambiguous": .array(solution.ambiguous.map { .string($0) }),
            "findings": .array(solution.findings.map { finding in
                let text = texts.text(of: finding)
                var object: [String: JSONValue] = [
                    "kind": .string(finding.kind.rawValue),
                    "code": .string(finding.kind.code.rawValue),
                    "views": .array(finding.views.map { .string($0) }),
                    "message": .string(text.english),
                    "message_ja": .string(text.japanese),
                ]
                // A contrast finding names the appearance it was measured in.
                if case .contrast(_, _, let appearance) = finding.measurement {
                    object["appearance"] = .string(appearance.rawValue)
                }
                return .object(object)
            }),
        ])
    }

    /// The same content for a person: per block, per environment, the
    /// frames, then broken constraints, ambiguous views and findings.
    public static func text(_ blocks: [SolvedBlock]) -> String {
        var lines: [String] = []
        for block in blocks {
            let solution = block.solution
            var texts = FindingTexts(program: solution.program)
            var head = "block \(block.index) (line \(block.line), \(solution.kind == .layout ? "layout" : "layout \(solution.kind.rawValue)"))"
            if let title = solution.title { head += ": \(title.english) | \(title.japanese)" }
            lines.append(head)
            for environment in solution.environments {
                lines.append("  \(environment.environment.id)")
                let names = environment.views + SystemGuide.reported
                let width = names.map(\.count).max() ?? 0
                for name in names {
                    guard let rect = environment.frames[name] else { continue }
                    let pad = String(repeating: " ", count: width - name.count)
                    lines.append("    \(name)\(pad)  x \(fixed(rect.x))  y \(fixed(rect.y))  \(fixed(rect.width)) × \(fixed(rect.height))")
                }
                for broken in environment.broken {
                    let what = broken.constraint.isRequired ? "conflict" : "broken"
                    lines.append("    \(what): line \(broken.location.line): \(broken.text)")
                }
                if !environment.ambiguous.isEmpty {
                    lines.append("    ambiguous: " + environment.ambiguous.map { view in
                        "\(view) (\((environment.ambiguousAttributes[view] ?? []).joined(separator: ", ")))"
                    }.joined(separator: "; "))
                }
                for finding in environment.findings {
                    lines.append("    \(finding.kind.rawValue): \(texts.text(of: finding).english)")
                }
            }
        }
        // No blocks, no lines (`render` says why on standard error).
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// A length with exactly two decimals, `-0.00` written `0.00`.
    static func fixed(_ value: Double) -> String {
        guard value.isFinite else { return "0.00" }
        return DecimalText.format(value, fractionDigits: 2, padded: true)
    }
}

extension JSONValue {
    /// A length in points, with two decimals (`0.00` when not finite).
    static func length(_ value: Double) -> JSONValue {
        .decimal(value.isFinite ? value : 0, fractionDigits: 2)
    }
}
