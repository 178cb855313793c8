import KumikiSupport
import Testing
@testable import KumikiLayout
@testable import KumikiLayoutLanguage

@Suite struct DeviceOverridesTests {
    let catalog = DeviceCatalog.bundled()

    func at(_ line: Int, _ column: Int = 5) -> KumikiSupport.SourceLocation {
        SourceLocation(file: "kumiki.yml", line: line, column: column)
    }

    /// A phone the catalog does not bundle (the iPhone Air played this part
    /// until it was bundled).
    var air: DeviceEntry {
        DeviceEntry(
            id: "studio-phone", at: at(3), name: "Studio Phone", models: ["Studio Phone"], family: "phone",
            width: 420, height: 912, scale: 3, cornerRadius: 62, sensorHousing: "island",
            sensorRect: .init(x: 147, y: 13, width: 126, height: 37),
            statusBar: .init(portrait: 54), safeArea: .init(portrait: .init(top: 62)))
    }

    @Test func addsANewDeviceAtTheEndWithDocumentedDefaults() throws {
        let (merged, diagnostics) = catalog.merging([air])
        #expect(diagnostics.isEmpty)
        #expect(merged.devices.count == 22)
        let device = try #require(merged.devices.last)
        #expect(device.id == "studio-phone" && device.family == .phone && device.hasHomeIndicator)
        #expect(device.portrait.safeAreaInsets == EdgeInsets(top: 62, bottom: 34))
        #expect(device.landscape.safeAreaInsets == EdgeInsets(top: 0, left: 62, bottom: 21, right: 62))
        #expect(device.landscape.sizeClasses == SizeClasses(horizontal: .regular, vertical: .compact))
        #expect(!device.supportsUpsideDown)
        #expect(device.source == "site config (kumiki.yml:3:5)")
        #expect(merged.lookup("Studio Phone") == .found(device))
        var settings = EnvironmentSettings.default
        settings.set(.devices, value: "studio-phone", at: at(1), catalog: merged)
        #expect(try settings.environments(in: merged).map(\.id) == ["studio-phone/portrait", "studio-phone/landscape-left", "studio-phone/landscape-right"])
    }

    @Test func aNewPadGetsDerivedMultitaskingWindows() throws {
        let pad = DeviceEntry(id: "ipad-air-13", at: at(1), name: "iPad Air 13\"", family: "pad", width: 1024, height: 1366, scale: 2, cornerRadius: 18)
        let (merged, diagnostics) = catalog.merging([pad])
        #expect(diagnostics.isEmpty)
        let device = try #require(merged["ipad-air-13"])
        #expect(device.portrait.safeAreaInsets == EdgeInsets(top: 24, bottom: 20))
        #expect(device.multitaskingWindow(for: .half, in: .landscapeLeft)?.width == 678)
        #expect(device.multitasking.map(\.width) == catalog["ipad-pro-12-9"]?.multitasking.map(\.width))
    }

    @Test func overridesOnlyTheFieldsGiven() throws {
        let entry = DeviceEntry(id: "iphone-x", at: at(8), cornerRadius: 40, safeArea: .init(landscape: .init(bottom: 24)))
        let (merged, diagnostics) = catalog.merging([entry])
        #expect(diagnostics.map(\.description) == [
            "kumiki.yml:8:5: note: device 'iphone-x' overrides the bundled device of that id (iPhone X / XS / 11 Pro); "
                + "the fields it leaves out keep their bundled values",
        ])
        #expect(merged.devices.count == 21)
        #expect(merged.ids == catalog.ids)
        let device = try #require(merged["iphone-x"])
        #expect(device.cornerRadius == 40)
        #expect(device.landscape.safeAreaInsets == EdgeInsets(top: 0, left: 44, bottom: 24, right: 44))
        #expect(device.portrait == catalog["iphone-x"]?.portrait)
        #expect(device.name == "iPhone X / XS / 11 Pro")
    }

    @Test func aNewDeviceMissingRequiredFieldsIsAnError() {
        let entry = DeviceEntry(id: "my-phone", at: at(10), name: "My Phone", width: 400)
        let (merged, diagnostics) = catalog.merging([entry])
        #expect(diagnostics.map(\.description) == [
            "kumiki.yml:10:5: error: device 'my-phone': a new device needs 'family', 'height', 'scale'",
        ])
        #expect(merged == catalog)
    }

    @Test func aNegativeSizePointsAtTheField() {
        var entry = air
        entry.width = -420
        entry.fieldLocations["width"] = at(7, 12)
        let (merged, diagnostics) = catalog.merging([entry])
        #expect(diagnostics.map(\.description) == ["kumiki.yml:7:12: error: device 'studio-phone': 'width' must be positive (found -420)"])
        #expect(merged.devices.count == 21)
    }

    @Test func anUnknownFamilyOrHousingSuggestsTheRightWord() {
        var entry = air
        entry.family = "phnoe"
        entry.sensorHousing = "notchh"
        let messages = catalog.merging([entry]).diagnostics.map(\.message)
        #expect(messages == [
            "device 'studio-phone': unknown family 'phnoe'; did you mean 'phone'?",
            "device 'studio-phone': unknown sensor housing 'notchh'; did you mean 'notch'?",
        ])
    }

    @Test func insetsExceedingTheScreenAreReportedAtTheirPlace() {
        var entry = air
        entry.safeArea.landscape = .init(left: 300, right: 700)
        entry.fieldLocations["safeArea.landscape"] = at(20, 7)
        let diagnostics = catalog.merging([entry]).diagnostics
        #expect(diagnostics.map(\.description) == [
            "kumiki.yml:20:7: error: device 'studio-phone': landscape safe-area insets 0/300/21/700 exceed the 912×420 screen",
        ])
    }

    @Test func aHousingOutsideTheScreenOrWithoutARectIsAnError() {
        var outside = air
        outside.sensorRect = .init(x: 400, y: 0, width: 126, height: 37)
        #expect(catalog.merging([outside]).diagnostics.first?.message.contains("lies outside the 420×912 screen") == true)
        var missing = air
        missing.sensorRect = nil
        #expect(catalog.merging([missing]).diagnostics.first?.message == "device 'studio-phone': an island needs a rectangle ('sensorRect')")
        var partial = air
        partial.sensorRect = .init(x: 1, y: 2)
        #expect(catalog.merging([partial]).diagnostics.first?.message == "device 'studio-phone': 'sensorRect' needs x, y, width and height")
    }

    @Test func badIdsAndDuplicatesAreErrors() {
        let noID = DeviceEntry(id: nil, at: at(2), name: "Nameless")
        var badID = air
        badID.id = "Studio Phone"
        let again = air
        let diagnostics = catalog.merging([noID, badID, air, again]).diagnostics
        #expect(diagnostics.map(\.message) == [
            "device entry needs an 'id'",
            "device 'Studio Phone': the id must be kebab-case: lowercase letters and digits joined by '-'",
            "device 'studio-phone' is listed twice",
        ])
        #expect(diagnostics.last?.notes.first?.location == at(3))
    }

    @Test func badSizeClassesAndStatusBarsAreErrors() {
        var entry = air
        entry.sizeClasses.landscape = .init(width: "wide")
        #expect(catalog.merging([entry]).diagnostics.first?.message == "device 'studio-phone': unknown size class 'wide'; expected 'compact' or 'regular'")
        var tall = air
        tall.statusBar.portrait = 80
        #expect(catalog.merging([tall]).diagnostics.first?.message == "device 'studio-phone': portrait status bar 80 must lie between 0 and the top inset 62")
    }

    @Test func oneBadEntryDoesNotStopTheOthers() {
        var bad = air
        bad.id = "broken"
        bad.height = 0
        let good = DeviceEntry(id: "ipad-10", at: at(30), cornerRadius: 22)
        let (merged, diagnostics) = catalog.merging([bad, good])
        #expect(diagnostics.map(\.severity) == [.error, .note], "the bad entry's error, the override's note")
        #expect(merged["ipad-10"]?.cornerRadius == 22)
        #expect(merged["broken"] == nil)
    }

    @Test func anOverrideIsNotedAtItsIdOnlyWhenTheEntryIsUsed() {
        var entry = DeviceEntry(id: "iphone-air", at: at(4), cornerRadius: 60)
        entry.fieldLocations["id"] = at(4, 7)
        let used = catalog.merging([entry]).diagnostics
        #expect(used.map(\.description) == [
            "kumiki.yml:4:7: note: device 'iphone-air' overrides the bundled device of that id (iPhone Air); "
                + "the fields it leaves out keep their bundled values",
        ])
        entry.cornerRadius = -1
        let refused = catalog.merging([entry]).diagnostics
        #expect(refused.map(\.severity) == [.error], "a refused entry overrides nothing")
    }

    @Test func excludingLeavesTheOtherDevicesInOrder() {
        let (kept, diagnostics) = catalog.excluding([
            DeviceExclusion(id: "iphone-air", at: at(1, 19)), DeviceExclusion(id: "ipad-pro-13-m4", at: at(1, 31)),
        ])
        #expect(diagnostics.isEmpty)
        #expect(kept.ids == catalog.ids.filter { $0 != "iphone-air" && $0 != "ipad-pro-13-m4" })
        if case .found(let device) = kept.lookup("iPhone Air") {
            Issue.record("an excluded device is still found: \(device.id)")
        }
    }

    @Test func excludingAnUnknownIdSuggestsTheClosestAndKeepsTheRest() {
        let (kept, diagnostics) = catalog.excluding([
            DeviceExclusion(id: "iphone-air", at: at(2)), DeviceExclusion(id: "ipad-pro-13-m5", at: at(3)),
            DeviceExclusion(id: "iphone-air", at: at(4)),
        ])
        #expect(diagnostics.map(\.description) == [
            "kumiki.yml:3:5: error: 'exclude_devices' names 'ipad-pro-13-m5', which is not a bundled device "
                + "(`kumiki devices` lists them); did you mean 'ipad-pro-13-m4', 'ipad-pro-11-m4' or 'ipad-pro-12-9'?",
            "kumiki.yml:4:5: warning: device 'iphone-air' is excluded twice\nkumiki.yml:2:5: note: first excluded here",
        ])
        #expect(kept.devices.count == catalog.devices.count - 1)
    }

    @Test func anEntryForAnExcludedDeviceIsAnError() {
        let exclusion = DeviceExclusion(id: "iphone-air", at: at(1, 19))
        let (kept, _) = catalog.excluding([exclusion])
        let entry = DeviceEntry(id: "iphone-air", at: at(5), cornerRadius: 60)
        let (merged, diagnostics) = kept.merging([entry], excluded: [exclusion])
        #expect(diagnostics.map(\.description) == [
            "kumiki.yml:5:5: error: device 'iphone-air' is also in 'exclude_devices'; keep it there to leave the device out, "
                + "or here to change it\nkumiki.yml:1:19: note: excluded here",
        ])
        #expect(merged == kept)
    }
}
