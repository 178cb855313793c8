import Testing
@testable import KumikiSearch

/// Most text is folded by hand, character by character, on its UTF-8 bytes;
/// the rest through NFKC and lower case of the whole text. Both must give
/// the same characters wherever the hand-folded characters appear.
@Suite struct SearchNormalizerFoldingTests {
    private static func folded(_ text: String) -> [String] {
        var characters: [String] = []
        SearchNormalizer.forEachCharacter(text) { characters.append("\($0)\($1)") }
        return characters
    }

    private static func foldedByTheGeneralRules(_ text: String) -> [String] {
        var characters: [String] = []
        SearchNormalizer.forEachCharacterFoldingAll(text) { characters.append("\($0)\($1)") }
        return characters
    }

    @Test(arguments: [
        "作業を破棄する前に確認する。", "設定：ＯＮ／ＯＦＦ（既定）", "ＩＰａｄ　Ｐｒｏ ｉＰｈｏｎｅ！？", "０１２３４５６７８９％＃＆＊",
        "ＡＢＣＸＹＺａｂｃｘｙｚ［］｛｝＜＞＝＋－＿～｜＼＾｀＇＂", "iPad のスプリットビュー", "インジケーター・ツールバー",
        "ヷヸヹヺ ヴ ゔ ゕゖ 々〆 〈〉《》「」『』【】", "The THEORY × 19.5–9 — “quoted” ‘single’ −1", "\t\n\r ~\u{7F}",
        "Ｚ\u{3000}ｚ\u{3000}\u{3000}語", "ﾃﾞﾊﾞｲｽ", "Ａ\u{301}", "ｶﾞ と ガ", "Ǆ ﬁ ①", "İstanbul ΣΑΣ",
    ])
    func theHandFoldedCharactersMeetTheGeneralRules(text: String) {
        #expect(Self.folded(text) == Self.foldedByTheGeneralRules(text))
    }

    @Test func everyCharacterFoldedByHandMeetsTheGeneralRulesBesideAnyOther() {
        let values = (UInt32(0)...0x7F).map { $0 } + [0xD7, 0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2212]
            + (0x3000...0x3011).map { $0 } + (0x3041...0x30FC).map { $0 } + [0x4E00, 0x6F22, 0x9FFF]
            + (0xFF01...0xFF5E).map { $0 }
        let handFolded = values.filter(SearchNormalizer.isFoldedByHand).compactMap(Unicode.Scalar.init)
        for scalar in handFolded {
            for neighbour in ["a", "Ａ", "カ", "か", "語", "\u{3099}", "\u{301}"] {
                let text = "\(scalar)\(neighbour)\(scalar)"
                #expect(Self.folded(text) == Self.foldedByTheGeneralRules(text), "\(scalar.value)")
            }
        }
    }
}
