import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage
import KumikiSite
import Testing

/// `exclude_devices:` in `kumiki.yml`: the shapes it accepts, and each
/// problem at its own place.
@Suite struct ExcludedDevicesConfigTests {
    func catalog(_ yaml: String) -> (ids: [String], diagnostics: [String]) {
        let (config, problems) = SiteConfig.parse(yaml, file: "kumiki.yml")
        let (catalog, catalogProblems) = config.deviceCatalog()
        return (catalog.ids, (problems + catalogProblems).map(\.description))
    }

    @Test func aListOrASingleIdExcludes() {
        let bundled = DeviceCatalog.bundled().ids
        let list = catalog("exclude_devices:\n  - iphone-air\n  - ipad-10\n")
        #expect(list.diagnostics == [])
        #expect(list.ids == bundled.filter { $0 != "iphone-air" && $0 != "ipad-10" })
        let single = catalog("exclude_devices: iphone-air\n")
        #expect(single.diagnostics == [])
        #expect(single.ids == bundled.filter { $0 != "iphone-air" })
    }

    @Test func nothingAfterTheKeyExcludesNothing() {
        let result = catalog("exclude_devices:\n")
        #expect(result.diagnostics == [])
        #expect(result.ids == DeviceCatalog.bundled().ids)
    }

    @Test func aMappingOrANestedListIsAnErrorAtItsPlace() {
        #expect(catalog("exclude_devices:\n  iphone-air: true\n").diagnostics == [
            "kumiki.yml:1:1: error: 'exclude_devices' must be a list of bundled device ids, such as [iphone-air]",
        ])
        #expect(catalog("exclude_devices:\n  - [iphone-air]\n  - ipad-10\n").diagnostics == [
            "kumiki.yml:2:5: error: each item of 'exclude_devices' is one device id",
        ])
    }

    @Test func excludingEveryDeviceIsAnErrorAndKeepsTheBundledCatalog() {
        let all = DeviceCatalog.bundled().ids.joined(separator: ", ")
        let result = catalog("title: T\nexclude_devices: [\(all)]\n")
        #expect(result.diagnostics == [
            "kumiki.yml:2:1: error: 'exclude_devices' leaves no device to solve layouts on; keep at least one or add one under 'devices'",
        ])
        #expect(result.ids == DeviceCatalog.bundled().ids)
    }

    @Test func aSiteDeviceKeepsAnOtherwiseEmptyCatalogUsable() {
        let all = DeviceCatalog.bundled().ids.joined(separator: ", ")
        let result = catalog("""
            exclude_devices: [\(all)]
            devices:
              - id: studio-phone
                name: Studio Phone
                family: phone
                width: 400
                height: 880
                scale: 3

            """)
        #expect(result.diagnostics == [])
        #expect(result.ids == ["studio-phone"])
    }
}
