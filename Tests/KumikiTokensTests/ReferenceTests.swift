import Testing
import KumikiTokens

/// Aliases `{group.token}` name whole tokens, chains included; JSON Pointer
/// references `{"$ref": "#/…"}` reach into parts of values. What resolves
/// nowhere, or in a cycle, is an error at the reference.
@Suite struct ReferenceTests {
    private let base = """
    {
      "color": {
        "$type": "color",
        "base": { "$value": { "colorSpace": "srgb", "components": [0.2, 0.4, 0.6] } },
        "accent": {
          "$root": { "$value": "{color.base}" },
          "light": { "$value": { "colorSpace": "srgb", "components": [1, 1, 1] } }
        }
      },
    """

    @Test func aliasesAndChainsResolveToTheirTarget() {
        let (set, printed) = read(base + "\n" + """
          "link": { "$value": "{color.accent.$root}" },
          "visited": { "$value": "{link}" }
        }
        """)
        #expect(printed == [])
        let blue = set.token(named: "color.base")?.value
        #expect(set.token(named: "color.accent.$root")?.value == blue)
        #expect(set.token(named: "visited")?.value == blue)
        #expect(set.token(named: "visited")?.type == .color)
        #expect(set.token(named: "visited")?.alias == "link")
        #expect(set.token(named: "color.base")?.alias == nil)
        if case .color(let color)? = blue { #expect(color.hex == "#336699" && !color.hexIsGiven && color.alpha == 1) }
    }

    @Test func pointersReachIntoValues() {
        let (set, printed) = read(base + "\n" + """
          "hue": { "$type": "number", "$value": { "$ref": "#/color/base/$value/components/0" } },
          "mixed": { "$type": "color", "$value": {
            "colorSpace": "srgb",
            "components": [{ "$ref": "#/color/base/$value/components/2" }, 0, { "$ref": "#/hue/$value" }]
          } },
          "whole": { "$ref": "#/color/base" }
        }
        """)
        #expect(printed == [])
        #expect(set.token(named: "hue")?.value == .number(0.2))
        #expect(set.token(named: "hue")?.alias == "#/color/base/$value/components/0")
        #expect(set.token(named: "mixed")?.value == .color(ColorValue(colorSpace: .srgb, components: [0.6, 0, 0.2])))
        #expect(set.token(named: "whole")?.type == .color)
        #expect(set.token(named: "whole")?.value == set.token(named: "color.base")?.value)
    }

    @Test func pointersReachTheProperties() {
        // A JSON Pointer may name any place of the document: a token's or a
        // group's `$type` and `$description`, and places in `$extensions`.
        let (set, printed) = read("""
        {
          "font": { "$type": "fontFamily", "$value": "Inter", "$description": "Helvetica" },
          "scaled": {
            "$type": "number", "$description": "Georgia", "$extensions": { "com.example": { "steps": [1, 3] } },
            "n": { "$value": 1, "$extensions": { "com.example": { "scale": 2 } } }
          },
          "fromDescription": { "$type": "fontFamily", "$value": { "$ref": "#/font/$description" } },
          "fromGroupDescription": { "$type": "fontFamily", "$value": { "$ref": "#/scaled/$description" } },
          "fromExtensions": { "$type": "number", "$value": { "$ref": "#/scaled/n/$extensions/com.example/scale" } },
          "fromGroupExtensions": { "$type": "number", "$value": { "$ref": "#/scaled/$extensions/com.example/steps/1" } },
          "fromGroupType": { "$type": "fontFamily", "$value": { "$ref": "#/scaled/$type" } }
        }
        """)
        #expect(printed == [])
        #expect(set.token(named: "fromDescription")?.value == .fontFamily(["Helvetica"]))
        #expect(set.token(named: "fromGroupDescription")?.value == .fontFamily(["Georgia"]))
        #expect(set.token(named: "fromExtensions")?.value == .number(2))
        #expect(set.token(named: "fromGroupExtensions")?.value == .number(3))
        #expect(set.token(named: "fromGroupType")?.value == .fontFamily(["number"]))
        #expect(diagnostics("""
        {
          "g": { "$type": "number", "n": { "$value": 1 } },
          "a": { "$type": "number", "$value": { "$ref": "#/g/n/$extensions/x" } },
          "b": { "$type": "number", "$value": { "$ref": "#/g/$extensions" } }
        }
        """) == [
            "core.tokens.json:3:39: error: '#/g/n/$extensions/x' leads nowhere: there is no '$extensions'",
            "core.tokens.json:4:39: error: '#/g/$extensions' leads nowhere: there is no '$extensions'",
        ])
    }

    @Test func aPointerThatLeadsNowhereIsThatProblemInATokenWithoutAType() {
        // Not "its type cannot be determined": the pointer is what is wrong.
        #expect(diagnostics("""
        {
          "a": { "$value": { "$ref": "#/nope/$value" } },
          "b": { "$value": { "$ref": "#/nope" } }
        }
        """) == [
            "core.tokens.json:2:20: error: '#/nope/$value' leads nowhere: there is no 'nope'",
            "core.tokens.json:3:20: error: '#/nope' leads nowhere: there is no 'nope'",
        ])
    }

    @Test func aFontListsElementMayAliasAFamilyOfOneName() {
        let (set, printed) = read("""
        {
          "font": {
            "$type": "fontFamily",
            "brand": { "$value": "Inter" },
            "stack": { "$value": ["Inter", "Arial"] },
            "withBrand": { "$value": ["{font.brand}", "Arial"] },
            "missing": { "$value": ["{font.nope}", "Arial"] },
            "nested": { "$value": ["{font.stack}", "serif"] }
          }
        }
        """)
        #expect(printed == [
            "core.tokens.json:7:29: error: '{font.nope}' names no token",
            "core.tokens.json:8:28: error: '{font.stack}' holds 2 font names; an element of this list is one font name (lists are not flattened)",
        ])
        #expect(set.token(named: "font.withBrand")?.value == .fontFamily(["Inter", "Arial"]))
        #expect(set.token(named: "font.missing") == nil)
    }

    @Test func unresolvedReferencesAreErrorsWithSuggestions() {
        #expect(diagnostics(base + "\n" + """
          "a": { "$value": "{color.bse}" },
          "b": { "$value": "{color.accent}" },
          "c": { "$type": "number", "$value": { "$ref": "#/color/base/$value/components/3" } },
          "d": { "$type": "dimension", "$value": "{color.base}" },
          "e": { "$type": "color", "$value": "{color..base}" },
          "f": { "$type": "number", "$value": { "$ref": "#/color/base/$value/colorSpace" } }
        }
        """) == [
            "core.tokens.json:10:20: error: '{color.bse}' names no token; did you mean '{color.base}'?",
            "core.tokens.json:11:20: error: '{color.accent}' is an alias to a group, not a token; did you mean '{color.accent.$root}'?",
            "core.tokens.json:12:39: error: '#/color/base/$value/components/3' leads nowhere: there is no '3'",
            "core.tokens.json:13:42: error: '{color.base}' is a color token; a dimension is expected here",
            "core.tokens.json:14:38: error: '{color..base}' is not a token reference: write '{group.token}', names joined by '.', none empty or starting with '$' (but a last '$root')",
            "core.tokens.json:15:39: error: in the value '#/color/base/$value/colorSpace' leads to: expected a number, found a string",
        ])
    }

    @Test func compositesTakeAliasesForTheirSubValues() {
        let (set, printed) = read("""
        {
          "space": { "$type": "dimension", "small": { "$value": { "value": 4, "unit": "px" } } },
          "ink": { "$type": "color", "$value": { "colorSpace": "srgb", "components": [0, 0, 0] } },
          "base": { "$type": "shadow", "$value": {
            "color": "{ink}", "offsetX": "{space.small}", "offsetY": "{space.small}",
            "blur": "{space.small}", "spread": { "value": 0, "unit": "px" } } },
          "layered": { "$type": "shadow", "$value": ["{base}", "{base}"] },
          "twice": { "$type": "shadow", "$value": ["{layered}"] },
          "frame": { "$type": "border", "$value": { "color": "{ink}", "width": "{space.small}", "style": "dashed" } }
        }
        """)
        #expect(printed == [
            "core.tokens.json:8:44: error: '{layered}' holds 2 shadows; an element of this list is one shadow (lists are not flattened)",
        ])
        if case .shadow(let shadows)? = set.token(named: "layered")?.value {
            #expect(shadows.count == 2 && shadows[0].offsetX == Dimension(value: 4, unit: .px))
        } else {
            Issue.record("layered did not resolve")
        }
        #expect(set.token(named: "frame")?.references.map(\.written) == ["ink", "space.small"])
    }
}
