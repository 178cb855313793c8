import Foundation
import Testing
@testable import KumikiLayout
@testable import KumikiLayoutLanguage

/// Holds every bundled device to the researched facts of `Reference/`
/// (`devices.csv`, `multitasking.csv`; `Reference/README.md` explains them):
/// a device without reference rows, a reference device the catalog lacks,
/// or any fact that differs fails here, so the catalog's tables and the
/// sourced reference cannot drift apart unnoticed.
@Suite struct DeviceReferenceTests {
    let catalog = DeviceCatalog.bundled()

    /// The reference rows of each device id, by orientation name.
    func referenceDevices() throws -> [String: [String: ReferenceTable.Row]] {
        var result: [String: [String: ReferenceTable.Row]] = [:]
        for row in try ReferenceTable(named: "devices.csv").rows {
            #expect(result[row["device_id"], default: [:]][row["orientation"]] == nil,
                    "devices.csv line \(row.line) repeats \(row["device_id"]) \(row["orientation"])")
            result[row["device_id"], default: [:]][row["orientation"]] = row
        }
        return result
    }

    @Test func everyBundledDeviceHasReferenceDataAndEveryReferenceDeviceIsBundled() throws {
        let reference = try referenceDevices()
        for device in catalog.devices {
            #expect(Set(reference[device.id].map { Array($0.keys) } ?? []) == ["portrait", "landscape"],
                    "\(device.id) needs a portrait and a landscape row in Reference/devices.csv")
        }
        #expect(Set(reference.keys) == Set(catalog.ids), "Reference/devices.csv and the catalog list different devices")
    }

    @Test func theCatalogOrderIsTheReferenceOrder() throws {
        var order: [String] = []
        for row in try ReferenceTable(named: "devices.csv").rows where order.last != row["device_id"] {
            order.append(row["device_id"])
        }
        #expect(order == catalog.ids)
    }

    @Test func everyFactMatchesTheReference() throws {
        let reference = try referenceDevices()
        for device in catalog.devices {
            for (name, orientation) in [("portrait", Orientation.portrait), ("landscape", .landscapeRight)] {
                guard let row = reference[device.id]?[name] else { continue }
                let place = "\(device.id) \(name) (Reference/devices.csv line \(row.line))"
                let metrics = device.metrics(in: orientation)
                let screen = device.screen(in: orientation)
                #expect(row["family"] == device.family.rawValue, "\(place): family")
                #expect(row["name"] == device.name, "\(place): name")
                #expect(row["models"].components(separatedBy: "; ") == device.models, "\(place): models")
                expectEqual(row.number("width_pt"), screen.width, "\(place): width")
                expectEqual(row.number("height_pt"), screen.height, "\(place): height")
                expectEqual(row.number("scale"), device.scale, "\(place): scale")
                expectEqual(row.number("native_scale"), device.nativeScale, "\(place): native scale")
                expectEqual(row.number("corner_radius_pt"), device.cornerRadius, "\(place): corner radius")
                #expect(row["sensor_housing"] == device.sensorHousing.kind.rawValue, "\(place): sensor housing")
                let rect = device.sensorHousingRect(in: orientation)
                let expected = row["sensor_rect_pt"].split(separator: " ").compactMap { Double($0) }
                #expect(rounded(rect) == expected, "\(place): housing rectangle")
                #expect(row["home_indicator"] == (device.hasHomeIndicator ? "yes" : "no"), "\(place): home indicator")
                #expect(row["upside_down"] == (device.supportsUpsideDown ? "yes" : "no"), "\(place): upside down")
                expectEqual(row.number("status_bar_pt"), metrics.statusBarHeight, "\(place): status bar")
                let insets = metrics.safeAreaInsets
                for (column, value) in [("safe_top", insets.top), ("safe_left", insets.left),
                                        ("safe_bottom", insets.bottom), ("safe_right", insets.right)] {
                    expectEqual(row.number(column), value, "\(place): \(column)")
                }
                #expect(row["size_class_width"] == metrics.sizeClasses.horizontal.rawValue, "\(place): width class")
                #expect(row["size_class_height"] == metrics.sizeClasses.vertical.rawValue, "\(place): height class")
            }
        }
    }

    @Test func everyReferenceFactNamesItsSources() throws {
        for row in try ReferenceTable(named: "devices.csv").rows {
            var required = ["src_size", "src_corner", "src_safe_area", "src_status_bar", "src_size_class"]
            if row["sensor_housing"] != "none" { required.append("src_housing") }
            for column in required {
                #expect(!row[column].isEmpty, "Reference/devices.csv line \(row.line): \(column) is empty")
            }
        }
    }

    @Test func multitaskingWindowsMatchTheReference() throws {
        var expected: [String: Set<String>] = [:]
        for row in try ReferenceTable(named: "multitasking.csv").rows {
            #expect(!row["source"].isEmpty, "Reference/multitasking.csv line \(row.line) names no source")
            let split = try #require(Split(spelling: row["split"]), "line \(row.line): split '\(row["split"])'")
            let window = Self.describe(
                split: split, landscape: row["orientation"] == "landscape",
                width: row.number("width_pt"), height: row.number("height_pt"), widthClass: row["size_class_width"])
            for id in row["device_ids"].components(separatedBy: "; ") {
                expected[id, default: []].insert(window)
            }
        }
        for device in catalog.devices {
            let actual = Set(device.multitasking.map { window in
                Self.describe(split: window.split, landscape: window.isLandscape, width: window.width,
                              height: window.height, widthClass: window.sizeClasses.horizontal.rawValue)
            })
            #expect(actual == expected[device.id, default: []], "\(device.id): multitasking windows")
            #expect(actual.count == device.multitasking.count, "\(device.id): a window is listed twice")
        }
        #expect(Set(expected.keys).isSubset(of: Set(catalog.devices(of: .pad).map(\.id))),
                "Reference/multitasking.csv names a device that is not a bundled iPad")
    }

    @Test func theReaderHandlesQuotedFields() throws {
        let table = try ReferenceTable(text: "a,b,c\n\"iPad Pro 11\"\" (M4)\",\"x, y\",3\n")
        #expect(table.rows.map(\.fields) == [["a": "iPad Pro 11\" (M4)", "b": "x, y", "c": "3"]])
        #expect(throws: ReferenceTable.Problem.self) { try ReferenceTable(text: "a,b\n\"open,1\n") }
        #expect(throws: ReferenceTable.Problem.self) { try ReferenceTable(text: "a,b\n1,2,3\n") }
    }

    /// One window as comparable text; widths to two decimals.
    static func describe(split: Split, landscape: Bool, width: Double?, height: Double?, widthClass: String) -> String {
        "\(landscape ? "landscape" : "portrait") \(split.rawValue) \(formatPoints(width ?? -1))×\(formatPoints(height ?? -1)) \(widthClass)"
    }

    func expectEqual(_ reference: Double?, _ value: Double, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let reference else {
            Issue.record("\(what): no number in the reference", sourceLocation: sourceLocation)
            return
        }
        #expect(abs(reference - value) < 0.005, "\(what): reference \(reference), catalog \(value)", sourceLocation: sourceLocation)
    }
}
