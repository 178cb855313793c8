import Testing
@testable import KumikiLayout
@testable import KumikiLayoutLanguage

@Suite struct DeviceCatalogTests {
    let catalog = DeviceCatalog.bundled()

    @Test func bundledDataLoadsWithoutProblems() {
        #expect(DeviceCatalog.bundledCatalog.diagnostics.map(\.description) == [])
    }

    @Test func holdsTheTwentyOneReferenceGroupsInCatalogOrder() {
        #expect(catalog.ids == [
            "iphone-se-1", "iphone-8", "iphone-8-plus", "iphone-x", "iphone-xr", "iphone-xs-max",
            "iphone-12-mini", "iphone-12", "iphone-12-pro-max", "iphone-14-pro", "iphone-14-pro-max",
            "iphone-16-pro", "iphone-16-pro-max", "iphone-air", "ipad-mini-6", "ipad-10", "ipad-air-11", "ipad-pro-11",
            "ipad-pro-11-m4", "ipad-pro-12-9", "ipad-pro-13-m4",
        ])
        #expect(catalog.devices(of: .phone).count == 14)
        #expect(catalog.devices(of: .pad).count == 7)
    }

    /// The models of 2025–2026 (issue 19): each in exactly one group, the one
    /// whose screen it shares, and only the iPhone Air in a group of its own.
    @Test(arguments: [
        ("iPhone 16e", "iphone-12"), ("iPhone 17e", "iphone-12"), ("iPhone 17", "iphone-16-pro"),
        ("iPhone 17 Pro", "iphone-16-pro"), ("iPhone 17 Pro Max", "iphone-16-pro-max"), ("iPhone Air", "iphone-air"),
        ("iPad (A16)", "ipad-10"), ("iPad mini (A17 Pro)", "ipad-mini-6"), ("iPad Air 11-inch (M3)", "ipad-air-11"),
        ("iPad Air 11-inch (M4)", "ipad-air-11"), ("iPad Air 13-inch (M3)", "ipad-pro-12-9"),
        ("iPad Air 13-inch (M4)", "ipad-pro-12-9"), ("iPad Pro 11-inch (M5)", "ipad-pro-11-m4"),
        ("iPad Pro 13-inch (M5)", "ipad-pro-13-m4"),
    ])
    func recentModelsJoinTheGroupOfTheirScreen(model: String, id: String) {
        #expect(catalog.devices.filter { $0.models.contains(model) }.map(\.id) == [id])
        #expect(catalog.lookup(model) == .found(catalog[id]!))
    }

    @Test func theIPhoneAirIsItsOwnSize() throws {
        let air = try #require(catalog["iphone-air"])
        #expect(air.sizeDescription == "420×912" && air.scale == 3 && air.nativeScale == 3)
        #expect(air.cornerRadius == 62 && air.sensorHousing.kind == .island)
        #expect(air.sensorHousing.portraitRect == Rect(x: 147, y: 19.5, width: 126, height: 37))
        #expect(air.portrait.safeAreaInsets == EdgeInsets(top: 68, bottom: 34))
        #expect(air.landscape.safeAreaInsets == EdgeInsets(top: 0, left: 68, bottom: 21, right: 68))
        #expect(air.landscape.sizeClasses == SizeClasses(horizontal: .regular, vertical: .compact))
        #expect(air.portrait.statusBarHeight == 54 && air.landscape.statusBarHeight == 0)
    }

    @Test func everyDeviceCarriesItsSources() {
        for device in catalog.devices {
            #expect(!device.source.isEmpty, "\(device.id)")
            #expect(!device.models.isEmpty, "\(device.id)")
        }
    }

    @Test func everyDevicePassesValidation() {
        for device in catalog.devices {
            #expect(device.problems().isEmpty, "\(device.id): \(device.problems())")
        }
    }

    @Test(arguments: Orientation.allCases)
    func insetsAndHousingLieWithinTheScreen(orientation: Orientation) {
        for device in catalog.devices {
            let screen = device.screen(in: orientation)
            let safe = screen.inset(by: device.metrics(in: orientation).safeAreaInsets)
            #expect(safe.width > 0 && safe.height > 0, "\(device.id)")
            #expect(screen.contains(safe), "\(device.id)")
            if let housing = device.sensorHousingRect(in: orientation) {
                #expect(screen.contains(housing), "\(device.id)")
                // The safe area keeps clear of the housing.
                #expect(safe.intersection(housing).width * safe.intersection(housing).height == 0, "\(device.id) \(orientation)")
            }
        }
    }

    @Test func landscapeIsPortraitTurnedWithTheHousingOnTheNamedSide() {
        for device in catalog.devices {
            let portrait = device.screen(in: .portrait)
            for orientation in [Orientation.landscapeLeft, .landscapeRight] {
                let landscape = device.screen(in: orientation)
                #expect(landscape.width == portrait.height && landscape.height == portrait.width, "\(device.id)")
            }
            guard let up = device.sensorHousingRect(in: .portrait),
                  let right = device.sensorHousingRect(in: .landscapeRight),
                  let left = device.sensorHousingRect(in: .landscapeLeft) else {
                #expect(device.sensorHousing.kind == .none, "\(device.id)")
                continue
            }
            // Portrait: on the top edge. Landscape right: on the left edge. Landscape left: on the right edge.
            #expect(up.minY < portrait.height / 4 && abs(up.midX - portrait.midX) < 0.01, "\(device.id)")
            #expect(right.minX == up.minY && right.width == up.height && right.height == up.width, "\(device.id)")
            #expect(abs(right.midY - device.width / 2) < 0.01, "\(device.id)")
            #expect(abs(left.maxX - (device.height - up.minY)) < 1e-9 && left.minY == right.minY, "\(device.id)")
        }
    }

    @Test func landscapeLeftMirrorsTheInsetsOfLandscapeRight() {
        for device in catalog.devices {
            #expect(device.metrics(in: .landscapeLeft).safeAreaInsets == device.landscape.safeAreaInsets.mirrored)
        }
    }

    @Test func phonesFollowTheSizeClassRules() {
        for device in catalog.devices(of: .phone) {
            #expect(device.portrait.sizeClasses == SizeClasses(horizontal: .compact, vertical: .regular), "\(device.id)")
            let wide = device.width >= Device.regularLandscapeWidthThreshold
            #expect(device.landscape.sizeClasses == SizeClasses(horizontal: wide ? .regular : .compact, vertical: .compact), "\(device.id)")
        }
        let regularInLandscape = catalog.devices(of: .phone).filter(\.hasRegularWidthInLandscape).map(\.id)
        #expect(regularInLandscape == ["iphone-8-plus", "iphone-xr", "iphone-xs-max", "iphone-12-pro-max", "iphone-14-pro-max", "iphone-16-pro-max", "iphone-air"])
    }

    @Test func padsAreRegularInFullScreenAndCompactInNarrowSplits() {
        for device in catalog.devices(of: .pad) {
            #expect(device.portrait.sizeClasses == SizeClasses(horizontal: .regular, vertical: .regular))
            #expect(device.landscape.sizeClasses == SizeClasses(horizontal: .regular, vertical: .regular))
            #expect(device.multitasking.count == 7, "\(device.id)")
            for window in device.multitasking {
                #expect(window.sizeClasses == MultitaskingWindow.sizeClasses(forWidth: window.width), "\(device.id) \(window.split)")
                if window.split == .oneThird || window.split == .slideOver || !window.isLandscape {
                    #expect(window.sizeClasses.horizontal == .compact, "\(device.id) \(window.split)")
                }
            }
            #expect(device.multitaskingWindow(for: .half, in: .portrait) == nil)
        }
        for device in catalog.devices(of: .phone) {
            #expect(device.multitasking.isEmpty)
        }
    }

    @Test func multitaskingDataFollowsTheDocumentedPattern() {
        for device in catalog.devices(of: .pad) {
            let derived = MultitaskingWindow.derived(portraitWidth: device.width, height: device.height)
            #expect(derived.map { [$0.width, $0.height] } == device.multitasking.map { [$0.width, $0.height] }, "\(device.id)")
            #expect(derived.map(\.sizeClasses) == device.multitasking.map(\.sizeClasses), "\(device.id)")
        }
    }

    @Test func knownValues() throws {
        let x = try #require(catalog["iphone-x"])
        #expect(x.sizeDescription == "375×812")
        #expect(x.portrait.safeAreaInsets == EdgeInsets(top: 44, bottom: 34))
        #expect(x.landscape.safeAreaInsets == EdgeInsets(top: 0, left: 44, bottom: 21, right: 44))
        #expect(x.cornerRadius == 39 && x.scale == 3 && x.sensorHousing.kind == .notch)
        let mini = try #require(catalog["iphone-12-mini"])
        #expect(mini.sizeDescription == "375×812" && mini.nativeScale == 2.88)
        let island = try #require(catalog["iphone-14-pro"])
        #expect(island.portrait.statusBarHeight == 54 && island.portrait.safeAreaInsets.top == 59)
        #expect(island.sensorHousing.portraitRect == Rect(x: 133.5, y: 11, width: 126, height: 37.33))
        let pro = try #require(catalog["ipad-pro-12-9"])
        let half = try #require(pro.multitaskingWindow(for: .half, in: .landscapeLeft))
        #expect(half.width == 678 && half.sizeClasses.horizontal == .regular)
        #expect(catalog["ipad-10"]?.sizeDescription == "820×1180")
        #expect(catalog["ipad-pro-13-m4"]?.cornerRadius == 30)
    }

    @Test func upsideDownOnlyWhereTheHardwareAllowsIt() {
        for device in catalog.devices {
            #expect(device.supportsUpsideDown == (device.family == .pad || !device.hasHomeIndicator), "\(device.id)")
        }
    }

    @Test func findsDevicesByIdGroupNameOrModelName() {
        #expect(catalog.lookup("iphone-x") == .found(catalog["iphone-x"]!))
        #expect(catalog.lookup("iPhone 13 mini") == .found(catalog["iphone-12-mini"]!))
        #expect(catalog.lookup("iphone  15   pro") == .found(catalog["iphone-14-pro"]!))
        #expect(catalog.lookup("iPhone 16") == .found(catalog["iphone-14-pro"]!))
        #expect(catalog.lookup("iPhone 16 Pro") == .found(catalog["iphone-16-pro"]!))
        #expect(catalog.lookup("12.9") == .found(catalog["ipad-pro-12-9"]!))
    }

    @Test func anAmbiguousNameListsItsMatches() {
        guard case .ambiguous(let matches) = catalog.lookup("mini") else {
            Issue.record("expected an ambiguous lookup")
            return
        }
        #expect(matches.map(\.id) == ["iphone-12-mini", "ipad-mini-6"])
    }

    @Test func anUnknownNameSuggestsCloseIds() {
        guard case .notFound(let suggestions) = catalog.lookup("iphone-x2") else {
            Issue.record("expected no match")
            return
        }
        #expect(suggestions.first == "iphone-x")
    }

    @Test func jsonHasTheDocumentedShapeAndIsDeterministic() {
        let json = catalog.jsonDescription()
        #expect(json == DeviceCatalog.bundled().jsonDescription())
        #expect(json.hasPrefix("[\n  {\n    \"cornerRadius\": 0,\n    \"family\": \"phone\","))
        for key in ["\"id\": \"iphone-x\"", "\"kind\": \"notch\"", "\"kind\": \"island\"", "\"cornerRadius\": 47.33",
                    "\"nativeScale\": 2.608", "\"safeArea\": {", "\"sizeClasses\": {", "\"landscape\": {", "\"portrait\": {",
                    "\"rect\": null", "\"scale\": 3", "\"split\": \"half\""] {
            #expect(json.contains(key), "\(key)")
        }
    }

    @Test func pointsFormatWithoutNoise() {
        #expect(formatPoints(375) == "375")
        #expect(formatPoints(47.333333) == "47.33")
        #expect(formatPoints(561.5) == "561.5")
        #expect(formatPoints(0.05) == "0.05")
        #expect(formatPoints(-0.001) == "0")
        #expect(formatPoints(-12.25) == "-12.25")
    }
}
