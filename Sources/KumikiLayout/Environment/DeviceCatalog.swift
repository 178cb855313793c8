import KumikiLayoutLanguage
import KumikiSupport

/// Every device class a layout block can be solved on.
///
/// ``bundled()`` holds 21 iPhone and iPad groups, from the iPhone SE (1st
/// gen) to the iPhone Air and from the iPad mini (6th gen) to the iPad Pro
/// 13" (M4/M5), in that order (phones by size and age, then pads); the
/// models of 2025–2026 (iPhone 16e to 17e, iPad (A16) to iPad Pro (M5)) join
/// the group whose screen they share, and the iPhone Air is a group of its
/// own. `Reference/devices.csv` at the repository root records every fact
/// with its sources, and a test holds the tables to it. The facts are data
/// (`DeviceCatalog+Data.swift`), parsed at first use; a site leaves bundled
/// devices out with ``excluding(_:)`` and adds or overrides devices with
/// ``merging(_:)``.
///
/// ## Sources
///
/// Each row names its sources by these keys (`Reference/README.md` has the
/// commits): HIG (Apple HIG Layout › Specifications, read from a mirrored
/// copy whose change log ends on 2025-09-09 and that lists the iPhone 17
/// family and iPhone Air; HIG_B a second copy),
/// IOSREF (iosref.com/res), DK (DeviceKit flags), BEZEL (BezelKit's
/// simulator-measured corner radii), KYLE (ScreenCorners), PF
/// (swift-snapshot-testing `ViewImageConfig`), TINDER (Tinder/Layout), QMUI
/// (QMUI_iOS `QMUIHelper`), DF (Flutter device_frame), JY (JY_Toolbox), DIU
/// (DynamicIslandUtilities), DIT (DynamicIslandToast), ESP (Espresso
/// `UINotch`), DRAGON (AssetsPickerViewController), SIGGI (Safari split
/// widths memo), UYL (useyourloaf.com), HACK (hacknicity iPad articles).
/// "derived" marks values computed from a documented pattern, "assumed" a
/// value no source gives (the row's comment says why it was chosen), and
/// "unattributed" numbers from public code that names no source.
///
/// ## Choices where sources disagree
///
/// - iPhone 12 / 13 mini: 375×812 pt @3x as UIKit reports, native scale
///   2.88 (the 1080×2340 panel); HIG_B's 360×780 rejected.
/// - iPad (10th gen): 820×1180 pt (HIG, DK); IOSREF's 810×1080 is
///   inconsistent with its own pixel count.
/// - Corner radii: BEZEL's measurements (47.33, 53.33, 55, 62, 21.5 for the
///   iPad mini, 25 for the iPad 10th gen, 30 for the M4 iPad Pros) over
///   rounded or generic values from unattributed libraries.
/// - Safe areas: landscape bottom 21 (DRAGON, QMUI) over PF's older 24; XR / 11
///   top 48 (iOS 14+); 12 / 13 mini top 50; 12 Pro Max 47 (DF's 44 and DF's
///   iPad 20/0/0/0 rejected); iPhone 15 / 15 Plus 59 (QMUI's 47 is its own
///   error); M4 iPad Pro landscape 24/0/20/0 (QMUI, JY) over DF's 0/24/20/24.
/// - Dynamic Island: 126×37.33 at y = 11 (DIU) on the 14 Pro – 16 family,
///   126×37 at y = 13.5 (DIT) on the 16 Pro / Pro Max; the 6.7" models are
///   assumed equal to the 6.1". Notch rectangles are low-confidence bounding
///   boxes; the 12 / 13 / 14 group uses the 12's 210×32 notch.
/// - Status bar on Dynamic Island phones: 54 (QMUI); the navigation bar's
///   53.67-pt start (JY) is taken as 54.
/// - Multitasking: the sourced widths of `multitasking.csv`; the others by
///   its pattern (``MultitaskingWindow/derived(portraitWidth:height:)``). The
///   13" M4 portrait ⅔ window (647 pt, between the widest compact and the
///   narrowest regular sourced window) is compact. Slide Over is the landscape
///   ⅓ width (375 pt; sourced only on the 12.9") and 40 pt shorter than the
///   screen (sourced only on the 10.5").
/// - Home indicator: the iPhone pill (134×5 pt, 8 pt above the bottom edge)
///   is assumed on iPads too; no iPad size was found.
/// - iPhone 17e: with the 16e (IOSREF's grouping, BEZEL's 47.33, DK's notch
///   flags), not the Dynamic Island that pre-launch rumours gave it.
/// - iPhone Air: safe top 68 (DF), landscape 0/68/21/68 (DF's 20 and 29 at
///   top and bottom rejected), island 126×37 at y = 19.5 (DF's outline
///   scaled), status bar 54 assumed.
/// - iPhone 17 / 17 Pro / 17 Pro Max: the 16 Pro's and 16 Pro Max's facts,
///   island included (same screens, BEZEL's 62, DF's 62 safe top).
public struct DeviceCatalog: Hashable, Sendable {
    /// The devices in catalog order: the order environments expand in.
    public var devices: [Device]

    public init(devices: [Device]) {
        self.devices = devices
    }

    /// The catalog that ships with Kumiki.
    public static func bundled() -> DeviceCatalog { bundledCatalog.catalog }

    /// Parsed once, on first use; a problem in the bundled tables is a
    /// Kumiki bug, reported by the catalog tests through `diagnostics`.
    static let bundledCatalog: (catalog: DeviceCatalog, diagnostics: [Diagnostic]) = load(
        devices: bundledDeviceTable, orientations: bundledOrientationTable,
        multitasking: bundledMultitaskingTable, file: "DeviceCatalog+Data.swift")

    /// The device with this id (exact, as in ``Device/id``).
    public subscript(id: String) -> Device? {
        devices.first { $0.id == id }
    }

    /// The ids, in catalog order.
    public var ids: [String] { devices.map(\.id) }

    /// The devices of one family, in catalog order.
    public func devices(of family: DeviceFamily) -> [Device] {
        devices.filter { $0.family == family }
    }

    /// What a device name in a block resolves to.
    public enum Lookup: Hashable, Sendable {
        case found(Device)
        /// Several devices match; they are listed in catalog order.
        case ambiguous([Device])
        /// Nothing matches; `suggestions` are ids close to the name.
        case notFound(suggestions: [String])
    }

    /// Finds the device a block means by `name`.
    ///
    /// Tried in order, ignoring case and runs of spaces: the id
    /// (`iphone-12-mini`); a whole group name (`iPhone 12 mini / 13 mini`) or
    /// model name (`iPhone 13 mini`); then any id, group name or model name
    /// that contains `name` (`13 mini`). The first step with matches decides:
    /// one device is found, several are ambiguous.
    public func lookup(_ name: String) -> Lookup {
        let query = DeviceCatalog.normalized(name)
        guard !query.isEmpty else { return .notFound(suggestions: []) }
        if let device = devices.first(where: { $0.id == query }) {
            return .found(device)
        }
        let exact = devices.filter { device in
            DeviceCatalog.normalized(device.name) == query
                || device.models.contains { DeviceCatalog.normalized($0) == query }
        }
        if let result = Lookup(exact) { return result }
        if query.count >= 2 {
            let partial = devices.filter { device in
                ([device.id, device.name] + device.models).contains { DeviceCatalog.normalized($0).contains(query) }
            }
            if let result = Lookup(partial) { return result }
        }
        return .notFound(suggestions: Suggestions.closest(to: query, among: ids, limit: 3))
    }

    /// Lowercased, with runs of white space collapsed to one space.
    static func normalized(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

extension DeviceCatalog.Lookup {
    /// `nil` for no devices, else found or ambiguous.
    init?(_ devices: [Device]) {
        switch devices.count {
        case 0: return nil
        case 1: self = .found(devices[0])
        default: self = .ambiguous(devices)
        }
    }
}
