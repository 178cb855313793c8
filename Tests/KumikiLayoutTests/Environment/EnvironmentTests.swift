import Testing
@testable import KumikiLayout
@testable import KumikiLayoutLanguage

@Suite struct EnvironmentTests {
    let catalog = DeviceCatalog.bundled()

    func environment(
        _ id: String, _ orientation: Orientation, _ split: Split = .full,
        _ textSize: TextSize = .default, bars: SystemBars = .default
    ) throws -> Environment {
        let device = try #require(catalog[id])
        return try #require(Environment(device: device, orientation: orientation, split: split, textSize: textSize, bars: bars))
    }

    @Test func iPhoneXPortraitHasTheKnownSafeArea() throws {
        let x = try environment("iphone-x", .portrait)
        #expect(x.id == "iphone-x/portrait")
        #expect(x.screen == Rect(x: 0, y: 0, width: 375, height: 812))
        #expect(x.window == x.screen)
        #expect(x.safeAreaInsets == EdgeInsets(top: 44, bottom: 34))
        #expect(x.margins == Rect(x: 16, y: 44, width: 343, height: 734))
        #expect(x.readable == x.margins)
        #expect(x.sizeClasses == SizeClasses(horizontal: .compact, vertical: .regular))
        #expect(x.homeIndicator == Rect(x: 120.5, y: 799, width: 134, height: 5))
        #expect(x.sensorHousing == Rect(x: 83, y: 0, width: 209, height: 31))
        #expect(x.statusBarFrame == Rect(x: 0, y: 0, width: 375, height: 44))
        #expect(x.cornerRadius == 39)
    }

    @Test func iPhoneXLandscapeHasTheHousingOnTheNamedSide() throws {
        let right = try environment("iphone-x", .landscapeRight)
        #expect(right.screen == Rect(x: 0, y: 0, width: 812, height: 375))
        #expect(right.safeAreaInsets == EdgeInsets(top: 0, left: 44, bottom: 21, right: 44))
        #expect(right.sensorHousing == Rect(x: 0, y: 83, width: 31, height: 209))
        #expect(right.statusBarFrame == nil)
        let left = try environment("iphone-x", .landscapeLeft)
        #expect(left.sensorHousing == Rect(x: 781, y: 83, width: 31, height: 209))
        #expect(left.homeIndicator == Rect(x: 339, y: 362, width: 134, height: 5))
        #expect(left.id == "iphone-x/landscape-left")
    }

    @Test func iPadPro129HalfSplitInLandscapeIs678PointsAndRegularWidth() throws {
        let half = try environment("ipad-pro-12-9", .landscapeRight, .half)
        #expect(half.id == "ipad-pro-12-9/landscape-right/half")
        #expect(half.window == Rect(x: 0, y: 0, width: 678, height: 1024))
        #expect(half.sizeClasses == SizeClasses(horizontal: .regular, vertical: .regular))
        #expect(half.safeArea == Rect(x: 0, y: 24, width: 678, height: 980))
        #expect(half.margins.minX == 20)
    }

    @Test func narrowSplitsAreCompactWidthOnEveryPad() throws {
        for device in catalog.devices(of: .pad) {
            for orientation in Orientation.allCases {
                for split in [Split.oneThird, .slideOver] {
                    let env = try environment(device.id, orientation, split)
                    #expect(env.sizeClasses.horizontal == .compact)
                    #expect(env.margins.minX - env.safeArea.minX == 16)
                }
            }
        }
    }

    @Test func splitPanesAreOnTheLeadingSideAtFullHeightAndSlideOverFloatsOnTheTrailingSide() throws {
        let third = try environment("ipad-pro-11", .portrait, .oneThird)
        #expect(third.window == Rect(x: 0, y: 0, width: 320, height: 1194))
        let slide = try environment("ipad-pro-11", .landscapeLeft, .slideOver)
        #expect(slide.window == Rect(x: 819, y: 20, width: 375, height: 794))
        #expect(slide.screen.contains(slide.window))
    }

    @Test func phonesOfferNoSplitsAndPadsNoHalfSplitInPortrait() throws {
        let x = try #require(catalog["iphone-x"])
        #expect(Environment(device: x, orientation: .portrait, split: .half) == nil)
        let pad = try #require(catalog["ipad-air-11"])
        #expect(Environment(device: pad, orientation: .portrait, split: .half) == nil)
        #expect(Environment(device: pad, orientation: .landscapeLeft, split: .half) != nil)
    }

    @Test func idsOmitFullScreenAndTheDefaultTextSize() throws {
        #expect(try environment("iphone-x", .portrait, .full, .ax3).id == "iphone-x/portrait/ax3")
        #expect(try environment("ipad-mini-6", .landscapeLeft, .twoThirds, .xxxLarge).id == "ipad-mini-6/landscape-left/two-thirds/xxxlarge")
        #expect(Environment.id(device: "iphone-8", orientation: .portrait) == "iphone-8/portrait")
    }

    @Test func everyEnvironmentNestsItsGuides() throws {
        for device in catalog.devices {
            for orientation in Orientation.allCases {
                for split in Split.allCases {
                    for bars in [SystemBars.default, SystemBars(navigationBar: .largeTitle, tabBar: true, toolbar: true), .none] {
                        guard let env = Environment(device: device, orientation: orientation, split: split, bars: bars) else { continue }
                        #expect(env.screen.contains(env.window), "\(env.id)")
                        #expect(env.window.contains(env.safeArea), "\(env.id)")
                        #expect(env.safeArea.contains(env.margins), "\(env.id)")
                        #expect(env.margins.contains(env.readable), "\(env.id)")
                        #expect(env.safeArea.height > 0 && env.readable.width > 0, "\(env.id)")
                    }
                }
            }
        }
    }

    @Test func readableWidthGrowsWithTextSizeAndNeverExceedsTheMargins() throws {
        for device in catalog.devices {
            for orientation in Orientation.allCases {
                var previous = 0.0
                for size in TextSize.allCases {
                    let env = try environment(device.id, orientation, .full, size)
                    #expect(env.readable.width >= previous, "\(env.id)")
                    #expect(env.readable.width <= env.margins.width, "\(env.id)")
                    #expect(abs(env.readable.midX - env.margins.midX) < 1e-9, "\(env.id)")
                    previous = env.readable.width
                }
            }
        }
        let pro = try environment("ipad-pro-12-9", .landscapeRight)
        #expect(pro.readable.width == 672)
        #expect(pro.readable.minX == 347)
        let small = try environment("ipad-pro-12-9", .landscapeRight, .full, .xSmall)
        #expect(small.readable.width == 672.0 * 14 / 17)
        let huge = try environment("ipad-pro-12-9", .landscapeRight, .full, .ax1)
        #expect(huge.readable.width > 672)
    }

    @Test func marginsAre16InCompactWidthAnd20InRegular() throws {
        #expect(try environment("iphone-8-plus", .landscapeLeft).layoutMargin == 20)
        #expect(try environment("iphone-8-plus", .portrait).layoutMargin == 16)
        let landscape = try environment("iphone-14-pro", .landscapeRight)
        #expect(landscape.margins.minX == 59 + 16)
        #expect(landscape.margins.maxX == 852 - 59 - 16)
    }

    @Test func barsPushTheSafeAreaIn() throws {
        let nav = try environment("iphone-x", .portrait, bars: SystemBars(navigationBar: .standard, tabBar: true))
        #expect(nav.navigationBarFrame == Rect(x: 0, y: 44, width: 375, height: 44))
        #expect(nav.tabBarFrame == Rect(x: 0, y: 729, width: 375, height: 83))
        #expect(nav.safeAreaInsets == EdgeInsets(top: 88, bottom: 83))
        let large = try environment("iphone-x", .portrait, bars: SystemBars(navigationBar: .largeTitle))
        #expect(large.safeAreaInsets.top == 44 + 96)
        let island = try environment("iphone-14-pro", .portrait, bars: SystemBars(navigationBar: .standard))
        #expect(island.navigationBarFrame?.minY == 54)
        #expect(island.safeAreaInsets.top == 98)
        let compactHeight = try environment("iphone-12", .landscapeLeft, bars: SystemBars(navigationBar: .largeTitle, toolbar: true))
        #expect(compactHeight.safeAreaInsets == EdgeInsets(top: 32, left: 47, bottom: 21 + 32, right: 47))
        let wide = try environment("iphone-12-pro-max", .landscapeLeft, bars: SystemBars(navigationBar: .standard, tabBar: true))
        #expect(wide.safeAreaInsets.top == 44 && wide.safeAreaInsets.bottom == 21 + 49)
        let pad = try environment("ipad-pro-11", .portrait, bars: SystemBars(navigationBar: .standard, tabBar: true))
        #expect(pad.safeAreaInsets == EdgeInsets(top: 24 + 50, bottom: 65))
        let both = try environment("iphone-x", .portrait, bars: SystemBars(tabBar: true, toolbar: true))
        #expect(both.toolbarFrame == Rect(x: 0, y: 685, width: 375, height: 44))
        #expect(both.safeAreaInsets.bottom == 34 + 49 + 44)
    }

    @Test func hidingTheStatusBarFreesTheTopUnlessAHousingHoldsIt() throws {
        #expect(try environment("iphone-8", .portrait, bars: .none).safeAreaInsets.top == 0)
        #expect(try environment("ipad-pro-11", .landscapeLeft, bars: .none).safeAreaInsets.top == 0)
        #expect(try environment("iphone-x", .portrait, bars: .none).safeAreaInsets.top == 44)
        #expect(try environment("iphone-14-pro", .portrait, bars: .none).safeAreaInsets.top == 59)
        #expect(try environment("iphone-8", .portrait, bars: .none).statusBarFrame == nil)
    }

    @Test func textSizesHaveTheHIGBodySizes() {
        #expect(TextSize.allCases.map(\.bodyPointSize) == [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
        #expect(TextSize.default == .large)
        #expect(TextSize(spelling: "AX3") == .ax3)
        #expect(TextSize(spelling: "ax3") == .ax3)
        #expect(TextSize(spelling: "xxxLarge") == .xxxLarge)
        #expect(TextSize(spelling: "xxxL") == .xxxLarge)
        #expect(TextSize(spelling: "extra-large") == .xLarge)
        #expect(TextSize(spelling: "accessibility-2") == .ax2)
        #expect(TextSize(spelling: "default") == .large)
        #expect(TextSize(spelling: "huge") == nil)
    }
}
