import KumikiLayout
import KumikiSupport

extension Finding.Kind {
    /// The guideline a check of this kind holds a layout to, in English
    /// and Japanese: what an editor shows over a finding.
    public var guideline: Bilingual<String> {
        switch self {
        case .touchTarget:
            Bilingual("Controls people tap are at least 44 × 44 points, so a finger hits them reliably.",
                      "タップする操作部品は 44 × 44 ポイント以上にして、指で確実に押せるようにします。")
        case .outsideSafeArea:
            Bilingual("Controls stay inside the safe area, clear of the status bar, the sensor housing, the home indicator and the rounded corners.",
                      "操作部品はセーフエリアの内側に置き、ステータスバー、センサー部、ホームインジケータ、角の丸みを避けます。")
        case .underHomeIndicator:
            Bilingual("Nothing people tap sits in the home indicator's band, where a swipe leaves the app, and no text lies under the indicator.",
                      "ホームインジケータの帯（スワイプでアプリを離れる所）にはタップする部品を置かず、インジケータの下に文字を置きません。")
        case .underSensorHousing:
            Bilingual("Text and controls keep clear of the notch or the Dynamic Island.",
                      "文字と操作部品はノッチや Dynamic Island に重ねません。")
        case .inRoundedCorner:
            Bilingual("Text and controls keep clear of the parts of the screen's corners that the display's rounding clips away.",
                      "文字と操作部品は、画面の角の丸みで切り取られる部分に置きません。")
        case .offScreen:
            Bilingual("Every view lies on the screen.", "すべてのビューを画面の中に収めます。")
        case .textWiderThanReadable:
            Bilingual("Text is no wider than the readable content guide, so lines stay comfortable to read.",
                      "文字は読みやすい幅（readable content guide）を超えないようにし、行を読みやすく保ちます。")
        case .truncatedText:
            Bilingual("Text fits its label at every text size: on one line, or in the lines the label allows.",
                      "どの文字サイズでも、文字をラベルに収めます（1 行、またはラベルが許す行数で）。")
        case .overlap:
            Bilingual("Views do not overlap, unless one lies wholly on a backdrop (a view, image, card or sheet).",
                      "ビューは重ねません。ただし、背景（view、image、card、sheet）の上に完全に載るものは除きます。")
        case .lowContrast:
            Bilingual("Text contrasts with what lies behind it by at least 4.5:1 (3:1 for large text), in light and in dark appearance (WCAG 2).",
                      "文字と背後とのコントラスト比は、ライトでもダークでも 4.5:1 以上（大きな文字は 3:1 以上）にします（WCAG 2）。")
        }
    }
}
