import KumikiLayoutLanguage
import KumikiSupport

/// A bundled device a site leaves out of its checks, as `kumiki.yml`'s
/// `exclude_devices:` names it.
///
/// New Kumiki releases bundle new devices, and a layout block that passed on
/// every old device can fail on a new one. Excluding the new ids keeps a
/// site's checks as they were until its authors have looked at the new
/// devices; removing an id from the list adopts that device.
public struct DeviceExclusion: Hashable, Sendable {
    /// The device id as written (`iphone-air`).
    public var id: String
    /// Where the id is written.
    public var location: SourceLocation

    public init(id: String, at location: SourceLocation) {
        self.id = id
        self.location = location
    }
}

extension DeviceCatalog {
    /// The catalog without the excluded devices, in the same order.
    ///
    /// Each exclusion must name a device of this catalog by its exact id;
    /// an unknown id is an error at its place with the closest ids as
    /// suggestions; an id named twice is a warning at the repeat. Either is
    /// otherwise ignored, so the other exclusions still apply.
    public func excluding(_ exclusions: [DeviceExclusion]) -> (catalog: DeviceCatalog, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var excluded: [String: SourceLocation] = [:]
        for exclusion in exclusions {
            let id = exclusion.id.trimmingWhitespace
            if let earlier = excluded[id] {
                diagnostics.append(.warning(
                    "device '\(id)' is excluded twice", at: exclusion.location,
                    notes: [.note("first excluded here", at: earlier)]))
            } else if self[id] == nil {
                let hint = Suggestions.hint(for: id, among: ids, limit: 3)
                diagnostics.append(.error(
                    "'exclude_devices' names '\(id)', which is not a bundled device (`kumiki devices` lists them)\(hint)",
                    at: exclusion.location))
            } else {
                excluded[id] = exclusion.location
            }
        }
        return (DeviceCatalog(devices: devices.filter { excluded[$0.id] == nil }), diagnostics)
    }
}
