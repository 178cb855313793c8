import Foundation
import Testing
import KumikiTestSupport

/// `kumiki devices`: the catalog a site's layouts are solved on, as the
/// site's `kumiki.yml` shapes it.
@Suite struct DevicesCommandTests {
    /// A folder holding only `kumiki.yml` (or nothing), removed afterwards.
    static func site(config: String?) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        if let config { try folder.write("kumiki.yml", config) }
        return folder
    }

    /// The table row of one device, its cells split on runs of two spaces.
    static func row(_ id: String, in table: String) -> [String]? {
        table.split(separator: "\n").first { $0.hasPrefix(id + " ") }.map { line in
            line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
    }

    @Test func listsTheDevicesOf2025And2026WithTheirFacts() throws {
        let site = try Self.site(config: nil)
        let run = try KumikiProcess.run(["devices"], in: site.root)
        #expect(run.status == 0 && run.standardError.isEmpty)
        #expect(run.standardOutput.hasPrefix("ID "))
        #expect(run.standardOutput.contains("\n21 devices. Corner is the display's corner radius"))
        #expect(Self.row("iphone-air", in: run.standardOutput) == [
            "iphone-air", "iPhone Air", "420×912", "@3x", "62", "island", "68/0/34/0", "0/68/21/68",
            "compact/regular", "regular/compact",
        ])
        #expect(Self.row("iphone-16-pro", in: run.standardOutput)?.prefix(6) == [
            "iphone-16-pro", "iPhone 16 Pro / 17 / 17 Pro", "402×874", "@3x", "62", "island",
        ])
        #expect(Self.row("iphone-16-pro-max", in: run.standardOutput)?[1] == "iPhone 16 Pro Max / 17 Pro Max")
        #expect(Self.row("iphone-12", in: run.standardOutput)?.prefix(6) == [
            "iphone-12", "iPhone 12 / 13 / 14 / 16e / 17e", "390×844", "@3x", "47.33", "notch",
        ])
        #expect(Self.row("ipad-pro-11-m4", in: run.standardOutput)?.prefix(5) == [
            "ipad-pro-11-m4", "iPad Pro 11\" (M4/M5)", "834×1210", "@2x", "30",
        ])
        #expect(Self.row("ipad-pro-13-m4", in: run.standardOutput)?[1] == "iPad Pro 13\" (M4/M5)")
    }

    @Test func theJSONNamesEveryModelAndItsSources() throws {
        let site = try Self.site(config: nil)
        let run = try KumikiProcess.run(["devices", "--json"], in: site.root)
        let devices = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        let models = devices.flatMap { $0["models"] as? [String] ?? [] }
        for model in ["iPhone 16e", "iPhone 17", "iPhone 17 Pro", "iPhone 17 Pro Max", "iPhone Air", "iPhone 17e",
                      "iPad (A16)", "iPad mini (A17 Pro)", "iPad Air 11-inch (M3)", "iPad Air 13-inch (M3)",
                      "iPad Air 11-inch (M4)", "iPad Air 13-inch (M4)", "iPad Pro 11-inch (M5)", "iPad Pro 13-inch (M5)"] {
            #expect(models.filter { $0 == model }.count == 1, "\(model)")
        }
        let air = try #require(devices.first { $0["id"] as? String == "iphone-air" })
        #expect((air["source"] as? String)?.contains("BEZEL") == true)
    }

    @Test func excludedDevicesAreLeftOutAndOverridesAreNoted() throws {
        let site = try Self.site(config: """
            exclude_devices: [iphone-air, ipad-pro-13-m4]
            devices:
              - id: iphone-x
                cornerRadius: 40

            """)
        let run = try KumikiProcess.run(["devices"], in: site.root)
        #expect(run.status == 0)
        #expect(run.errorLines == [
            "kumiki.yml:3:5: note: device 'iphone-x' overrides the bundled device of that id (iPhone X / XS / 11 Pro); "
                + "the fields it leaves out keep their bundled values",
        ])
        #expect(Self.row("iphone-air", in: run.standardOutput) == nil)
        #expect(Self.row("ipad-pro-13-m4", in: run.standardOutput) == nil)
        #expect(Self.row("iphone-x", in: run.standardOutput)?[4] == "40")
        #expect(run.standardOutput.contains("\n19 devices."))
    }

    @Test func anUnknownExcludedIdIsAnErrorAtItsPlace() throws {
        let site = try Self.site(config: "exclude_devices:\n  - iphone-airr\n")
        let run = try KumikiProcess.run(["devices"], in: site.root)
        #expect(run.status == 1)
        #expect(run.errorLines == [
            "kumiki.yml:2:5: error: 'exclude_devices' names 'iphone-airr', which is not a bundled device "
                + "(`kumiki devices` lists them); did you mean 'iphone-air' or 'iphone-xr'?",
        ])
    }
}
