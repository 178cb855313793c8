import KumikiLayoutLanguage

// The bundled device catalog, as data.
//
// Three pipe-separated tables, parsed by `DeviceCatalog.bundled()` the first
// time it is used, so the binary needs no resource bundle. `#` starts a
// comment line; blank lines are ignored; every row names its sources with
// the keys of the legend in `DeviceCatalog`'s documentation.
//
// Where the sources disagree, the choice is made here, next to the row, and
// summarised under "Choices" in `DeviceCatalog`'s documentation.

extension DeviceCatalog {
    /// One row per device group: the facts that do not depend on orientation.
    ///
    /// Columns: id | family | name | models (`;`-separated) | portrait width |
    /// portrait height | scale | native scale | corner radius | sensor housing
    /// (none, notch, island) | housing rect in portrait (`x y w h`, `-` for
    /// none) | home indicator | upside down | sources
    static let bundledDeviceTable = #"""
    # --- iPhones with a home button ---------------------------------------------------------------
    iphone-se-1 | phone | iPhone SE (1st gen, 4") | iPhone SE (1st generation); iPhone 5s; iPhone 5c; iPhone 5; iPod touch (5th generation); iPod touch (6th generation); iPod touch (7th generation) | 320 | 568 | 2 | 2 | 0 | none | - | no | yes | size HIG, IOSREF; corner BEZEL, DK; insets PF; status bar PF, JY; size classes HIG, PF; upside down UYL
    iphone-8 | phone | iPhone SE (2nd/3rd gen) / 8 | iPhone SE (2nd generation); iPhone SE (3rd generation); iPhone 8; iPhone 7; iPhone 6s; iPhone 6 | 375 | 667 | 2 | 2 | 0 | none | - | no | yes | size HIG, IOSREF; corner BEZEL, DK; insets PF; status bar PF, JY; size classes HIG, PF; upside down UYL
    # The HIG lists only the 1080×1920 panel; UIKit renders 1242×2208 (@3x) and downsamples (IOSREF).
    iphone-8-plus | phone | iPhone 8 Plus | iPhone 8 Plus; iPhone 7 Plus; iPhone 6s Plus; iPhone 6 Plus | 414 | 736 | 3 | 2.608 | 0 | none | - | no | yes | size HIG, IOSREF; corner BEZEL, DK; insets PF; status bar PF, JY; size classes HIG, PF; upside down UYL
    # --- iPhones with a notch ---------------------------------------------------------------------
    # Notch rectangles are low confidence (ESP's 209×31 for the X; unattributed tables for the rest).
    iphone-x | phone | iPhone X / XS / 11 Pro | iPhone X; iPhone XS; iPhone 11 Pro | 375 | 812 | 3 | 3 | 39 | notch | 83 0 209 31 | yes | no | size HIG, IOSREF; corner KYLE, BEZEL; notch ESP (low); insets PF, DRAGON, UYL; status bar JY, QMUI; size classes HIG, PF; upside down Apple docs
    iphone-xr | phone | iPhone XR / 11 | iPhone XR; iPhone 11 | 414 | 896 | 2 | 2 | 41.5 | notch | 97 0 220 29 | yes | no | size HIG, IOSREF; corner KYLE, BEZEL; notch unattributed (low); insets QMUI; status bar JY, QMUI (48 since iOS 14); size classes HIG, PF; upside down Apple docs
    # Same notch as the X assumed (same 458 ppi at @3x).
    iphone-xs-max | phone | iPhone XS Max / 11 Pro Max | iPhone XS Max; iPhone 11 Pro Max | 414 | 896 | 3 | 3 | 39 | notch | 102.5 0 209 31 | yes | no | size HIG, IOSREF; corner KYLE, BEZEL; notch ESP assumed (low); insets QMUI, PF; status bar JY, QMUI; size classes HIG, PF; upside down Apple docs
    # 375×812 pt as UIKit reports (HIG copy A, IOSREF); HIG_B's 360×780 is the 1080×2340 panel ÷ 3, kept as the native scale 2.88.
    # Corner 44 (KYLE, BEZEL), not the 45/46 of unattributed snippets.
    iphone-12-mini | phone | iPhone 12 mini / 13 mini | iPhone 12 mini; iPhone 13 mini | 375 | 812 | 3 | 2.88 | 44 | notch | 80.5 0 214 32 | yes | no | size HIG, IOSREF; corner KYLE, BEZEL; notch unattributed (low); insets PF, QMUI; status bar JY (50; QMUI: 44 before iOS 15); size classes HIG, PF; upside down Apple docs
    # Corner 47.33 (BEZEL), not the rounded 47 or the 42 of unattributed libraries.
    # The notch is the 12's (210×32); the 13 and 14 notch is narrower (~160 pt), not modelled per model.
    # iPhone 17e (2026): IOSREF lists it with the 16e at 390×844, BEZEL measures the 16e's 47.33 for iPhone18,5
    # and DK flags a sensor housing without a Dynamic Island, so it joins this group. Pre-launch rumours of an
    # island on the 17e are contradicted by all three; its insets are assumed equal to the 16e's (no measurement).
    iphone-12 | phone | iPhone 12 / 13 / 14 / 16e / 17e | iPhone 12; iPhone 12 Pro; iPhone 13; iPhone 13 Pro; iPhone 14; iPhone 16e; iPhone 17e | 390 | 844 | 3 | 3 | 47.33 | notch | 90 0 210 32 | yes | no | size HIG, IOSREF; corner KYLE, BEZEL; notch unattributed (low), DK (17e housing); insets PF, TINDER, QMUI (17e assumed); status bar JY, QMUI; size classes HIG, PF; upside down Apple docs
    iphone-12-pro-max | phone | iPhone 12 Pro Max / 13 Pro Max / 14 Plus | iPhone 12 Pro Max; iPhone 13 Pro Max; iPhone 14 Plus | 428 | 926 | 3 | 3 | 53.33 | notch | 109 0 210 32 | yes | no | size HIG, IOSREF; corner KYLE, BEZEL; notch unattributed (low); insets PF, TINDER, QMUI (DF's 44 rejected); status bar JY, QMUI; size classes HIG, PF; upside down Apple docs
    # --- iPhones with the Dynamic Island ----------------------------------------------------------
    # Island 126×37.33 at y = 11 (DIU; DIT: 126×37), ±1 pt; the 6.7" model assumed equal to the 6.1".
    # Corner 55 (BEZEL), not 55.33. Safe top 59 (TINDER, DF, QMUI); QMUI's 47 for the 15 / 15 Plus is its own error.
    iphone-14-pro | phone | iPhone 14 Pro / 15 / 15 Pro / 16 | iPhone 14 Pro; iPhone 15; iPhone 15 Pro; iPhone 16 | 393 | 852 | 3 | 3 | 55 | island | 133.5 11 126 37.33 | yes | no | size HIG, IOSREF; corner BEZEL; island DIU, DIT; insets TINDER, QMUI, DF; status bar QMUI (54), JY; size classes HIG; upside down Apple docs
    iphone-14-pro-max | phone | iPhone 14 Pro Max / 15 Plus / 15 Pro Max / 16 Plus | iPhone 14 Pro Max; iPhone 15 Plus; iPhone 15 Pro Max; iPhone 16 Plus | 430 | 932 | 3 | 3 | 55 | island | 152 11 126 37.33 | yes | no | size HIG, IOSREF; corner BEZEL; island DIU assumed, DIT; insets TINDER, QMUI, DF; status bar QMUI (54), JY; size classes HIG; upside down Apple docs
    # Island at y = 13.5 (DIT). Corner 62 (BEZEL), not the 59 of an unattributed snippet.
    # iPhone 17 and 17 Pro (2025) share the 402×874 screen (HIG, IOSREF), BEZEL's 62 and the island (DK);
    # the 17 Pro Max shares the 440×956 one. Their island is assumed to be the 16 Pro's (DF's hand-fitted
    # 17 Pro Max outline, about 136×38 at y = 12, is too rough to prefer), safe top 62 (DF 17 Pro Max, QMUI 16 Pro).
    iphone-16-pro | phone | iPhone 16 Pro / 17 / 17 Pro | iPhone 16 Pro; iPhone 17; iPhone 17 Pro | 402 | 874 | 3 | 3 | 62 | island | 138 13.5 126 37 | yes | no | size HIG, IOSREF; corner BEZEL; island DIT, DK (17 assumed); insets QMUI, DF; status bar QMUI (54), JY; size classes HIG; upside down Apple docs
    iphone-16-pro-max | phone | iPhone 16 Pro Max / 17 Pro Max | iPhone 16 Pro Max; iPhone 17 Pro Max | 440 | 956 | 3 | 3 | 62 | island | 157 13.5 126 37 | yes | no | size HIG, IOSREF; corner BEZEL; island DIT, DK (17 assumed); insets QMUI, DF; status bar QMUI (54), JY; size classes HIG; upside down Apple docs
    # iPhone Air (2025): a size of its own, 420×912 @3x (HIG, IOSREF, DK 6.5"). Corner 62 (BEZEL, iPhone18,4).
    # Safe top 68 (DF; two unattributed tables agree, one citing useyourloaf's iPhone 17 screen-size post).
    # The island sits lower than on the 16 Pro: DF's screen outline, scaled to points, puts a 125.6×37.1 capsule
    # at y = 19.4; taken as 126×37 at y = 19.5, which keeps the 16 Pro's 11.5-pt gap to the safe top (68 − 56.5).
    # Status bar 54 assumed like every island phone (no source measures the Air). Regular width in landscape (HIG).
    iphone-air | phone | iPhone Air | iPhone Air | 420 | 912 | 3 | 3 | 62 | island | 147 19.5 126 37 | yes | no | size HIG, IOSREF, DK; corner BEZEL; island DK, DF outline (derived); insets DF, unattributed (68); status bar assumed (54, as QMUI's island phones); size classes HIG; upside down Apple docs
    # --- iPads (all without a home button: status bar 24, bottom band 20) -------------------------
    # Corner 21.5 (BEZEL), not the generic-iPad 18.
    ipad-mini-6 | pad | iPad mini (6th gen) | iPad mini (6th generation); iPad mini (A17 Pro) | 744 | 1133 | 2 | 2 | 21.5 | none | - | yes | yes | size HIG, IOSREF, HACK; corner BEZEL; insets QMUI, JY; status bar JY, QMUI; size classes HIG; multitasking HACK, derived
    # 820×1180 (HIG "iPad 11-inch", DK); IOSREF's 810×1080 contradicts its own pixel count. Corner 25 (BEZEL).
    ipad-10 | pad | iPad (10th gen) | iPad (10th generation); iPad (A16) | 820 | 1180 | 2 | 2 | 25 | none | - | yes | yes | size HIG, DK; corner BEZEL; insets QMUI, JY; status bar JY; size classes HIG; multitasking derived
    # DF's 20/0/0/0 insets and pixel ratio 3 rejected.
    ipad-air-11 | pad | iPad Air 11" (M2–M4) / Air 10.9" (4th/5th gen) | iPad Air (4th generation); iPad Air (5th generation); iPad Air 11-inch (M2); iPad Air 11-inch (M3); iPad Air 11-inch (M4) | 820 | 1180 | 2 | 2 | 18 | none | - | yes | yes | size HIG, IOSREF, DK (M4: 10.9", 264 ppi); corner KYLE, BEZEL; insets QMUI, JY; status bar JY; size classes HIG; multitasking derived
    ipad-pro-11 | pad | iPad Pro 11" (1st–4th gen) | iPad Pro 11-inch (1st generation); iPad Pro 11-inch (2nd generation); iPad Pro 11-inch (3rd generation); iPad Pro 11-inch (4th generation) | 834 | 1194 | 2 | 2 | 18 | none | - | yes | yes | size HIG, IOSREF; corner KYLE, BEZEL; insets PF, QMUI, JY; status bar JY, QMUI; size classes HIG, PF; multitasking PF
    # Corner 30 (BEZEL, the only measurement; libraries assume 18). The M5 models (2025) keep the M4's
    # screens and design (IOSREF lists "M4 / M5" at 834×1210; BEZEL measures 30 for iPad17,1–17,4; DK 11"/13", 264 ppi).
    ipad-pro-11-m4 | pad | iPad Pro 11" (M4/M5) | iPad Pro 11-inch (M4); iPad Pro 11-inch (M5) | 834 | 1210 | 2 | 2 | 30 | none | - | yes | yes | size IOSREF, HIG, HIG_B, JY, DF, DK; corner BEZEL; insets QMUI, JY; status bar JY; size classes HIG; multitasking derived
    # PF's 20/0/0/0 models the home-button 12.9" (1st/2nd gen); not this group.
    # The iPad Air 13" (M2–M4) shares the screen (HIG "iPad Air 13-inch", IOSREF; DK 12.9", 264 ppi; BEZEL 18).
    ipad-pro-12-9 | pad | iPad Pro 12.9" (3rd–6th gen) / Air 13" | iPad Pro 12.9-inch (3rd generation); iPad Pro 12.9-inch (4th generation); iPad Pro 12.9-inch (5th generation); iPad Pro 12.9-inch (6th generation); iPad Air 13-inch (M2); iPad Air 13-inch (M3); iPad Air 13-inch (M4) | 1024 | 1366 | 2 | 2 | 18 | none | - | yes | yes | size HIG, IOSREF, DK; corner KYLE, BEZEL; insets QMUI, JY; status bar JY, QMUI; size classes HIG, PF; multitasking PF, SIGGI
    ipad-pro-13-m4 | pad | iPad Pro 13" (M4/M5) | iPad Pro 13-inch (M4); iPad Pro 13-inch (M5) | 1032 | 1376 | 2 | 2 | 30 | none | - | yes | yes | size IOSREF, HIG, HIG_B, JY, DF, DK; corner BEZEL; insets QMUI, JY; status bar JY; size classes HIG; multitasking derived
    """#

    /// One row per device group and orientation; `landscape` is landscape
    /// right (home indicator on the right, housing on the left).
    ///
    /// Columns: id | orientation | width | height | status bar | safe top |
    /// safe left | safe bottom | safe right | width class | height class |
    /// housing rect (`x y w h` in this orientation, `-` for none; checked
    /// against the portrait rect turned) | sources
    static let bundledOrientationTable = #"""
    iphone-se-1 | portrait | 320 | 568 | 20 | 20 | 0 | 0 | 0 | compact | regular | - | PF
    # iPhones hide the status bar in landscape (UYL, JY, QMUI).
    iphone-se-1 | landscape | 568 | 320 | 0 | 0 | 0 | 0 | 0 | compact | compact | - | PF
    iphone-8 | portrait | 375 | 667 | 20 | 20 | 0 | 0 | 0 | compact | regular | - | PF
    iphone-8 | landscape | 667 | 375 | 0 | 0 | 0 | 0 | 0 | compact | compact | - | PF
    iphone-8-plus | portrait | 414 | 736 | 20 | 20 | 0 | 0 | 0 | compact | regular | - | PF
    iphone-8-plus | landscape | 736 | 414 | 0 | 0 | 0 | 0 | 0 | regular | compact | - | PF
    # Landscape bottom 21 (DRAGON, QMUI), not PF's pre-iOS 14 value of 24.
    iphone-x | portrait | 375 | 812 | 44 | 44 | 0 | 34 | 0 | compact | regular | 83 0 209 31 | PF, JY, QMUI
    iphone-x | landscape | 812 | 375 | 0 | 0 | 44 | 21 | 44 | compact | compact | 0 83 31 209 | DRAGON, UYL
    # 48 (QMUI, JY: iOS 14 and later), not PF's 44 / 24 from iOS 12–13.
    iphone-xr | portrait | 414 | 896 | 48 | 48 | 0 | 34 | 0 | compact | regular | 97 0 220 29 | QMUI, JY
    iphone-xr | landscape | 896 | 414 | 0 | 0 | 48 | 21 | 48 | regular | compact | 0 97 29 220 | QMUI
    iphone-xs-max | portrait | 414 | 896 | 44 | 44 | 0 | 34 | 0 | compact | regular | 102.5 0 209 31 | QMUI, PF
    iphone-xs-max | landscape | 896 | 414 | 0 | 0 | 44 | 21 | 44 | regular | compact | 0 102.5 31 209 | QMUI (PF: bottom 24, older iOS)
    # 50 (JY, QMUI on iOS 15+), not DF's 44 (12 mini) and 47 (13 mini).
    iphone-12-mini | portrait | 375 | 812 | 50 | 50 | 0 | 34 | 0 | compact | regular | 80.5 0 214 32 | PF, QMUI, JY
    iphone-12-mini | landscape | 812 | 375 | 0 | 0 | 50 | 21 | 50 | compact | compact | 0 80.5 32 214 | QMUI
    iphone-12 | portrait | 390 | 844 | 47 | 47 | 0 | 34 | 0 | compact | regular | 90 0 210 32 | PF, TINDER, QMUI
    iphone-12 | landscape | 844 | 390 | 0 | 0 | 47 | 21 | 47 | compact | compact | 0 90 32 210 | TINDER, QMUI
    iphone-12-pro-max | portrait | 428 | 926 | 47 | 47 | 0 | 34 | 0 | compact | regular | 109 0 210 32 | PF, TINDER, QMUI
    iphone-12-pro-max | landscape | 926 | 428 | 0 | 0 | 47 | 21 | 47 | regular | compact | 0 109 32 210 | TINDER, QMUI
    # Status bar 54 (QMUI) is shorter than the 59 safe top; navigation content starts at 53.67 (JY), taken as 54.
    iphone-14-pro | portrait | 393 | 852 | 54 | 59 | 0 | 34 | 0 | compact | regular | 133.5 11 126 37.33 | TINDER, QMUI, DF
    iphone-14-pro | landscape | 852 | 393 | 0 | 0 | 59 | 21 | 59 | compact | compact | 11 133.5 37.33 126 | TINDER, QMUI
    iphone-14-pro-max | portrait | 430 | 932 | 54 | 59 | 0 | 34 | 0 | compact | regular | 152 11 126 37.33 | TINDER, QMUI, DF
    iphone-14-pro-max | landscape | 932 | 430 | 0 | 0 | 59 | 21 | 59 | regular | compact | 11 152 37.33 126 | TINDER, QMUI
    iphone-16-pro | portrait | 402 | 874 | 54 | 62 | 0 | 34 | 0 | compact | regular | 138 13.5 126 37 | QMUI, DF
    iphone-16-pro | landscape | 874 | 402 | 0 | 0 | 62 | 21 | 62 | compact | compact | 13.5 138 37 126 | QMUI, DF
    iphone-16-pro-max | portrait | 440 | 956 | 54 | 62 | 0 | 34 | 0 | compact | regular | 157 13.5 126 37 | QMUI, DF
    iphone-16-pro-max | landscape | 956 | 440 | 0 | 0 | 62 | 21 | 62 | regular | compact | 13.5 157 37 126 | QMUI, DF
    # DF's iPhone Air landscape gives top 20 and bottom 29 (and 20/20 for its 17 Pro Max), unlike DF's own 16 Pro Max
    # (0/62/21/62) and every measured phone; the hidden status bar and the 21-pt band are kept, the sides are DF's 68.
    iphone-air | portrait | 420 | 912 | 54 | 68 | 0 | 34 | 0 | compact | regular | 147 19.5 126 37 | DF, unattributed (68)
    iphone-air | landscape | 912 | 420 | 0 | 0 | 68 | 21 | 68 | regular | compact | 19.5 147 37 126 | DF (sides), derived (top, bottom)
    # iPads keep the status bar in landscape; insets 24/0/20/0 in both orientations (QMUI, JY, PF iPadPro11).
    ipad-mini-6 | portrait | 744 | 1133 | 24 | 24 | 0 | 20 | 0 | regular | regular | - | QMUI, JY
    ipad-mini-6 | landscape | 1133 | 744 | 24 | 24 | 0 | 20 | 0 | regular | regular | - | QMUI, JY
    ipad-10 | portrait | 820 | 1180 | 24 | 24 | 0 | 20 | 0 | regular | regular | - | QMUI, JY
    ipad-10 | landscape | 1180 | 820 | 24 | 24 | 0 | 20 | 0 | regular | regular | - | QMUI, JY
    ipad-air-11 | portrait | 820 | 1180 | 24 | 24 | 0 | 20 | 0 | regular | regular | - | QMUI, JY
    ipad-air-11 | landscape | 1180 | 820 | 24 | 24 | 0 | 20 | 0 | regular | regular | - | QMUI, JY
    ipad-pro-11 | portrait | 834 | 1194 | 24 | 24 | 0 | 20 | 0 | regular | regular | - | PF, QMUI, JY
    ipad-pro-11 | landscape | 1194 | 834 | 24 | 24 | 0 | 20 | 0 | regular | regular | - | PF, QMUI, JY
    # M4 landscape: 24/0/20/0 (QMUI, JY), not DF's 0/24/20/24; no measured source settles it.
    ipad-pro-11-m4 | portrait | 834 | 1210 | 24 | 24 | 0 | 20 | 0 | regular | regular | - | QMUI, JY
    ipad-pro-11-m4 | landscape | 1210 | 834 | 24 | 24 | 0 | 20 | 0 | regular | regular | - | QMUI, JY (DF: 0/24/20/24)
    ipad-pro-12-9 | portrait | 1024 | 1366 | 24 | 24 | 0 | 20 | 0 | regular | regular | - | QMUI, JY
    ipad-pro-12-9 | landscape | 1366 | 1024 | 24 | 24 | 0 | 20 | 0 | regular | regular | - | QMUI, JY
    ipad-pro-13-m4 | portrait | 1032 | 1376 | 24 | 24 | 0 | 20 | 0 | regular | regular | - | QMUI, JY
    ipad-pro-13-m4 | landscape | 1376 | 1032 | 24 | 24 | 0 | 20 | 0 | regular | regular | - | QMUI, JY (DF: 0/24/20/24)
    """#

    /// One row per iPad, orientation and multitasking mode (full screen is
    /// implied). Split View windows keep the screen height; Slide Over is
    /// 40 pt shorter.
    ///
    /// Columns: id | orientation | split (2/3, 1/2, 1/3, slide-over) | width |
    /// height | width class | sources (`derived`: the notes' pattern, see
    /// ``MultitaskingWindow/derived(portraitWidth:height:)``)
    static let bundledMultitaskingTable = #"""
    # Slide Over: 375 pt sourced only on the 12.9" (SIGGI); elsewhere the landscape ⅓ width (375 on every
    # current iPad, as 320 = ⅓ on the 10.5"), 40 pt shorter than the screen (HACK 2018, 10.5").
    ipad-mini-6 | landscape | 2/3 | 748 | 744 | regular | HACK
    ipad-mini-6 | landscape | 1/2 | 561.5 | 744 | compact | derived
    ipad-mini-6 | landscape | 1/3 | 375 | 744 | compact | HACK
    ipad-mini-6 | landscape | slide-over | 375 | 704 | compact | derived
    ipad-mini-6 | portrait | 2/3 | 414 | 1133 | compact | derived
    ipad-mini-6 | portrait | 1/3 | 320 | 1133 | compact | derived
    ipad-mini-6 | portrait | slide-over | 375 | 1093 | compact | derived
    ipad-10 | landscape | 2/3 | 795 | 820 | regular | derived
    ipad-10 | landscape | 1/2 | 585 | 820 | compact | derived
    ipad-10 | landscape | 1/3 | 375 | 820 | compact | derived
    ipad-10 | landscape | slide-over | 375 | 780 | compact | derived
    ipad-10 | portrait | 2/3 | 490 | 1180 | compact | derived
    ipad-10 | portrait | 1/3 | 320 | 1180 | compact | derived
    ipad-10 | portrait | slide-over | 375 | 1140 | compact | derived
    ipad-air-11 | landscape | 2/3 | 795 | 820 | regular | derived
    ipad-air-11 | landscape | 1/2 | 585 | 820 | compact | derived
    ipad-air-11 | landscape | 1/3 | 375 | 820 | compact | derived
    ipad-air-11 | landscape | slide-over | 375 | 780 | compact | derived
    ipad-air-11 | portrait | 2/3 | 490 | 1180 | compact | derived
    ipad-air-11 | portrait | 1/3 | 320 | 1180 | compact | derived
    ipad-air-11 | portrait | slide-over | 375 | 1140 | compact | derived
    ipad-pro-11 | landscape | 2/3 | 809 | 834 | regular | PF
    ipad-pro-11 | landscape | 1/2 | 592 | 834 | compact | PF
    ipad-pro-11 | landscape | 1/3 | 375 | 834 | compact | PF
    ipad-pro-11 | landscape | slide-over | 375 | 794 | compact | derived
    ipad-pro-11 | portrait | 2/3 | 504 | 1194 | compact | PF
    ipad-pro-11 | portrait | 1/3 | 320 | 1194 | compact | PF
    ipad-pro-11 | portrait | slide-over | 375 | 1154 | compact | derived
    ipad-pro-11-m4 | landscape | 2/3 | 825 | 834 | regular | derived
    ipad-pro-11-m4 | landscape | 1/2 | 600 | 834 | compact | derived
    ipad-pro-11-m4 | landscape | 1/3 | 375 | 834 | compact | derived
    ipad-pro-11-m4 | landscape | slide-over | 375 | 794 | compact | derived
    ipad-pro-11-m4 | portrait | 2/3 | 504 | 1210 | compact | derived
    ipad-pro-11-m4 | portrait | 1/3 | 320 | 1210 | compact | derived
    ipad-pro-11-m4 | portrait | slide-over | 375 | 1170 | compact | derived
    # The 12.9" is the one iPad whose ½ pane is regular width (678 pt).
    ipad-pro-12-9 | landscape | 2/3 | 981 | 1024 | regular | PF, SIGGI
    ipad-pro-12-9 | landscape | 1/2 | 678 | 1024 | regular | PF, SIGGI
    ipad-pro-12-9 | landscape | 1/3 | 375 | 1024 | compact | PF, SIGGI
    ipad-pro-12-9 | landscape | slide-over | 375 | 984 | compact | SIGGI (height derived)
    ipad-pro-12-9 | portrait | 2/3 | 639 | 1366 | compact | PF, SIGGI
    ipad-pro-12-9 | portrait | 1/3 | 375 | 1366 | compact | PF, SIGGI
    ipad-pro-12-9 | portrait | slide-over | 375 | 1326 | compact | SIGGI (height derived)
    ipad-pro-13-m4 | landscape | 2/3 | 991 | 1032 | regular | derived
    ipad-pro-13-m4 | landscape | 1/2 | 683 | 1032 | regular | derived
    ipad-pro-13-m4 | landscape | 1/3 | 375 | 1032 | compact | derived
    ipad-pro-13-m4 | landscape | slide-over | 375 | 992 | compact | derived
    # 647 pt lies between the widest compact (639) and narrowest regular (678) sourced windows:
    # taken as compact, like every other iPad's portrait ⅔ pane.
    ipad-pro-13-m4 | portrait | 2/3 | 647 | 1376 | compact | derived
    ipad-pro-13-m4 | portrait | 1/3 | 375 | 1376 | compact | derived
    ipad-pro-13-m4 | portrait | slide-over | 375 | 1336 | compact | derived
    """#
}
