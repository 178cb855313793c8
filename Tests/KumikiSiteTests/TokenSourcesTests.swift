import Foundation
@testable import KumikiSite
import Testing

/// Which files a site's tokens are read from, as `kumiki serve` watches
/// them: the token files, or the resolver and every file it names in any
/// context, once each, from the folder of `kumiki.yml`.
@Suite struct TokenSourcesTests {
    @Test func aResolverIsReadWithEveryFileItNames() {
        let folder = MemorySource(texts: [
            "Tokens/site.resolver.json": """
                {"version": "2025.10",
                 "sets": {"core": {"sources": [{"$ref": "core.tokens.json"}]}},
                 "modifiers": {"theme": {"contexts": {
                   "light": [{"$ref": "themes/light.tokens.json"}],
                   "dark": [{"$ref": "themes/light.tokens.json"}, {"$ref": "./themes/../themes/dark.tokens.json#/color"}]},
                   "default": "light"}},
                 "resolutionOrder": [{"$ref": "#/sets/core"}, {"$ref": "#/modifiers/theme"}]}
                """,
        ], displayPath: ".")
        var sources = TokenSources()
        sources.resolver = TokenSources.File(path: "Tokens/site.resolver.json", location: .init(file: "kumiki.yml", line: 2, column: 13))
        #expect(sources.filesRead(from: folder)
            == ["Tokens/site.resolver.json", "Tokens/core.tokens.json", "Tokens/themes/light.tokens.json", "Tokens/themes/dark.tokens.json"])
    }

    @Test func tokenFilesAreReadAsNamed() {
        var sources = TokenSources()
        sources.files = [TokenSources.File(path: "a.tokens.json", location: .init(file: "kumiki.yml", line: 2, column: 11))]
        #expect(sources.filesRead(from: MemorySource(texts: [:], displayPath: ".")) == ["a.tokens.json"])
    }
}
