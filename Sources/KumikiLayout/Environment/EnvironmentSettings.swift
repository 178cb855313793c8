import KumikiLayoutLanguage
import KumikiSupport

/// Which environments a layout block is solved in, as its environment lines
/// say:
///
/// ```text
/// devices: phones | pads | all | iphone-se-1, ipad-pro-13-m4 | iPhone 15 Pro
/// orientations: portrait | landscape | landscape-left | landscape-right | all
/// splits: none | all | two-thirds, half, one-third, slide-over  (also 2/3, 1/2, 1/3)
/// textSizes: default | all | xS, S, M, L, xL, xxL, xxxL, AX1 … AX5  (or xSmall … xxxLarge, ax3)
/// bars: none | status, navigation | large-title, tab, toolbar, no-status
/// ```
///
/// Each line holds a comma-separated list. Devices are named by id, by the
/// group or model name (any unique part of it), or by `phones`, `pads`,
/// `all`. `landscape` means both landscape orientations; `splits: all` means
/// full screen plus every multitasking mode; `bars:` lists the bars shown
/// and keeps the status bar unless it says `none` or `no-status`.
///
/// A block without these lines gets ``default``: every device, portrait and
/// both landscapes, full screen, the default text size (Large), the status
/// bar only.
public struct EnvironmentSettings: Hashable, Sendable {
    /// The name of an environment line.
    public enum Key: String, Hashable, Sendable, CaseIterable {
        case devices
        case orientations
        case splits
        case textSizes
        case bars

        /// The key a line's name spells, ignoring case, accepting the
        /// singular and kebab-case (`device`, `text-sizes`, `textSize`);
        /// `nil` when the line is not an environment line.
        public init?(name: String) {
            let key = String(name.lowercased().filter { $0 != "-" && $0 != "_" })
            switch key {
            case "devices", "device": self = .devices
            case "orientations", "orientation": self = .orientations
            case "splits", "split", "multitasking": self = .splits
            case "textsizes", "textsize": self = .textSizes
            case "bars", "bar", "systembars": self = .bars
            default: return nil
            }
        }
    }

    /// One entry of a `devices:` line.
    public enum DeviceSelector: Hashable, Sendable {
        case all
        case family(DeviceFamily)
        /// A device by its id, whatever name the line used.
        case device(id: String)

        func selects(_ device: Device) -> Bool {
            switch self {
            case .all: true
            case .family(let family): device.family == family
            case .device(let id): device.id == id
            }
        }
    }

    public var devices: [DeviceSelector]
    /// Sorted, without repeats.
    public var orientations: [Orientation]
    /// Sorted, without repeats; ``Split/full`` is full screen.
    public var splits: [Split]
    /// Sorted, without repeats.
    public var textSizes: [TextSize]
    public var bars: SystemBars
    /// Where each line was given, for errors found when expanding.
    public var locations: [Key: SourceLocation]

    public init(
        devices: [DeviceSelector] = [.all],
        orientations: [Orientation] = Orientation.allCases,
        splits: [Split] = [.full],
        textSizes: [TextSize] = [.default],
        bars: SystemBars = .default,
        locations: [Key: SourceLocation] = [:]
    ) {
        self.devices = devices
        self.orientations = Array(Set(orientations)).sorted()
        self.splits = Array(Set(splits)).sorted()
        self.textSizes = Array(Set(textSizes)).sorted()
        self.bars = bars
        self.locations = locations
    }

    /// Every device, portrait and both landscapes, full screen, default text
    /// size, status bar only.
    public static let `default` = EnvironmentSettings()

    /// The environments these settings select, in a fixed order: catalog
    /// order, then orientation, split and text size in their declared order.
    ///
    /// A device is skipped for a split it does not offer (phones offer only
    /// full screen; iPads have no ½ split in portrait).
    ///
    /// - Throws: an ``EnvironmentSettingProblem`` when a named device is not
    ///   in `catalog`, or when nothing at all is selected (`devices: phones`
    ///   with `splits: half`).
    public func environments(in catalog: DeviceCatalog) throws(EnvironmentSettingProblem) -> [Environment] {
        for case .device(let id) in devices where catalog[id] == nil {
            let suggestions = Suggestions.closest(to: id, among: catalog.ids, limit: 3)
            throw .unknownWord(.devices, word: id, suggestions: suggestions, at: locations[.devices])
        }
        var result: [Environment] = []
        for device in catalog.devices where devices.contains(where: { $0.selects(device) }) {
            for orientation in orientations {
                for split in splits {
                    for textSize in textSizes {
                        if let environment = Environment(
                            device: device, orientation: orientation, split: split, textSize: textSize, bars: bars) {
                            result.append(environment)
                        }
                    }
                }
            }
        }
        if result.isEmpty {
            let place = locations[.splits] ?? locations[.devices] ?? locations[.orientations]
            throw .selectsNothing(splits: splits, at: place)
        }
        return result
    }
}
