import Foundation
import Testing
import KumikiTestSupport

/// Holds the bundled site's design tokens (`Tokens/`) to the sourced
/// figures of `Reference/colors.csv` and `Reference/sizes.csv`
/// (`Reference/README.md` explains them): a colour that differs in any of
/// the four contexts, a colour token without a reference row, a reference
/// row without a token, or a size the bundled pages no longer state fails
/// here, so the files and their sources cannot drift apart unnoticed.
///
/// The tokens are read as readers meet them, through `kumiki tokens` on
/// the repository's own `kumiki.yml`.
@Suite struct ColorReferenceTests {
    /// The reference's columns for each choice of the resolver's contexts.
    static let contexts: [(column: String, theme: String, contrast: String)] = [
        ("light", "light", "standard"), ("dark", "dark", "standard"),
        ("increased_light", "light", "increased"), ("increased_dark", "dark", "increased"),
    ]

    /// The groups whose every token has a row in `colors.csv`.
    static let sourcedGroups = ["color.system.", "color.gray."]

    /// `Reference/NAME` as records by header column; the files hold no
    /// quoted fields, so a line splits at every comma.
    static func table(_ name: String) throws -> [[String: String]] {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("Reference/\(name)"), encoding: .utf8)
        let lines = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = try #require(lines.first)
        return try lines.dropFirst().enumerated().map { index, fields in
            try #require(fields.count == header.count, "Reference/\(name) line \(index + 2) has \(fields.count) fields, the header \(header.count)")
            return Dictionary(uniqueKeysWithValues: zip(header, fields))
        }
    }

    /// Every token of the bundled site in one choice of contexts, by name.
    static func tokens(theme: String, contrast: String) throws -> [String: [String: Any]] {
        let outcome = try KumikiProcess.run(
            ["tokens", "--format", "json", "--input", "theme=\(theme)", "--input", "contrast=\(contrast)"], in: Repository.root)
        try #require(outcome.status == 0, "kumiki tokens failed: \(outcome.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        let tokens = try #require(object["tokens"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: tokens.compactMap { token in (token["name"] as? String).map { ($0, token) } })
    }

    /// `#rrggbb` of the 0–255 components `"r g b"`.
    static func hex(_ components: String) -> String {
        "#" + components.split(separator: " ").map { String(format: "%02x", Int($0) ?? -1) }.joined()
    }

    @Test func everyColourMatchesItsSourceInEveryContext() throws {
        let rows = try Self.table("colors.csv")
        for context in Self.contexts {
            let tokens = try Self.tokens(theme: context.theme, contrast: context.contrast)
            for row in rows {
                let name = try #require(row["token"])
                let place = "\(name) in \(context.theme), \(context.contrast) contrast"
                guard let value = tokens[name]?["value"] as? [String: Any] else {
                    Issue.record("\(place): no such token")
                    continue
                }
                let figures = try #require(row[context.column])
                #expect(value["hex"] as? String == Self.hex(figures), "\(place): Reference/colors.csv says \(figures)")
                let components = (value["components"] as? [Double] ?? []).map { ($0 * 255).rounded() }
                #expect(components == figures.split(separator: " ").compactMap { Double($0) }, "\(place): components")
                #expect(value["alpha"] as? Double == 1, "\(place): alpha")
                #expect(!(row["src"] ?? "").isEmpty, "\(name) has no source in Reference/colors.csv")
            }
        }
    }

    @Test func everySystemColourTokenHasAReferenceRowAndEveryRowAToken() throws {
        let referenced = Set(try Self.table("colors.csv").compactMap { $0["token"] })
        let tokens = try Self.tokens(theme: "light", contrast: "standard")
        let shown = Set(tokens.keys.filter { name in Self.sourcedGroups.contains { name.hasPrefix($0) } })
        #expect(shown.subtracting(referenced).isEmpty, "tokens without a row in Reference/colors.csv: \(shown.subtracting(referenced).sorted())")
        #expect(referenced.subtracting(tokens.keys).isEmpty, "rows of Reference/colors.csv without a token: \(referenced.subtracting(tokens.keys).sorted())")
    }

    @Test func everySizeIsTheOneTheBundledPagesState() throws {
        let tokens = try Self.tokens(theme: "light", contrast: "standard")
        for row in try Self.table("sizes.csv") {
            let name = try #require(row["token"])
            let value = try #require(tokens[name]?["value"] as? [String: Any], "\(name): no such token")
            #expect(value["unit"] as? String == "px", "\(name): a point is written as px")
            #expect((value["value"] as? Double).map { String(Int($0)) } == row["value_pt"], "\(name): Reference/sizes.csv says \(row["value_pt"] ?? "")")
            let page = try String(contentsOf: Repository.root.appendingPathComponent(try #require(row["stated_in"])), encoding: .utf8)
                .replacingOccurrences(of: "\n", with: " ")
            #expect(page.contains(try #require(row["phrase"])), "\(name): \(row["stated_in"] ?? "") no longer says '\(row["phrase"] ?? "")'")
        }
    }
}
