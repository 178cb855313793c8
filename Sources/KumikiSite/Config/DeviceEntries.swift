import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage
import Yams

/// Reads the `devices:` list of `kumiki.yml` into `DeviceEntry` values (the
/// YAML shape is documented on `DeviceEntry`). Type errors are reported at
/// the field; what the values mean is checked when the entries are merged
/// into the catalog.
enum DeviceEntries {
    static let keys = ["id", "name", "models", "family", "width", "height", "scale", "cornerRadius", "sensorHousing",
                       "sensorRect", "homeIndicator", "upsideDown", "statusBar", "safeArea", "sizeClasses", "source"]

    static func read(_ node: Node, at location: SourceLocation, places: YAMLPlaces) -> ([DeviceEntry], [Diagnostic]) {
        guard case .sequence(let items) = node else {
            return ([], [.error("'devices' must be a list of devices, each starting with '- id:'", at: location)])
        }
        var entries: [DeviceEntry] = []
        var diagnostics: [Diagnostic] = []
        for item in items {
            let itemLocation = places.location(of: item)
            guard case .mapping(let mapping) = item else {
                diagnostics.append(.error("a device is a mapping of fields starting with 'id:'", at: itemLocation))
                continue
            }
            var reader = FieldReader(places: places, diagnostics: [])
            var entry = DeviceEntry(id: nil, at: itemLocation)
            for (keyNode, value) in mapping {
                let key = keyNode.string ?? ""
                let place = places.location(of: keyNode)
                entry.fieldLocations[key] = place
                switch key {
                case "id": entry.id = reader.string(value, key, place)
                case "name": entry.name = reader.string(value, key, place)
                case "models": entry.models = reader.strings(value, key, place)
                case "family": entry.family = reader.string(value, key, place)
                case "width": entry.width = reader.number(value, key, place)
                case "height": entry.height = reader.number(value, key, place)
                case "scale": entry.scale = reader.number(value, key, place)
                case "cornerRadius": entry.cornerRadius = reader.number(value, key, place)
                case "sensorHousing": entry.sensorHousing = reader.string(value, key, place)
                case "sensorRect":
                    let fields = reader.numbers(value, key, place, allowed: ["x", "y", "width", "height"], entry: &entry)
                    entry.sensorRect = DeviceEntry.Box(x: fields["x"], y: fields["y"], width: fields["width"], height: fields["height"])
                case "homeIndicator": entry.homeIndicator = reader.bool(value, key, place)
                case "upsideDown": entry.upsideDown = reader.bool(value, key, place)
                case "source": entry.source = reader.string(value, key, place)
                case "statusBar":
                    let fields = reader.numbers(value, key, place, allowed: ["portrait", "landscape"], entry: &entry)
                    entry.statusBar = .init(portrait: fields["portrait"], landscape: fields["landscape"])
                case "safeArea":
                    let orientations = reader.orientations(value, key, place, entry: &entry)
                    func insets(_ name: String) -> DeviceEntry.Insets? {
                        guard let node = orientations[name] else { return nil }
                        let f = reader.numbers(node, "\(key).\(name)", place, allowed: ["top", "left", "bottom", "right"], entry: &entry)
                        return DeviceEntry.Insets(top: f["top"], left: f["left"], bottom: f["bottom"], right: f["right"])
                    }
                    entry.safeArea = .init(portrait: insets("portrait"), landscape: insets("landscape"))
                case "sizeClasses":
                    let orientations = reader.orientations(value, key, place, entry: &entry)
                    func pair(_ name: String) -> DeviceEntry.SizeClassPair? {
                        guard case .mapping(let m)? = orientations[name] else { return nil }
                        return DeviceEntry.SizeClassPair(width: m["width"]?.string, height: m["height"]?.string)
                    }
                    entry.sizeClasses = .init(portrait: pair("portrait"), landscape: pair("landscape"))
                default:
                    let hint = Suggestions.hint(for: key, among: keys)
                    reader.diagnostics.append(Diagnostic.error("unknown device field '\(key)'\(hint)", at: place,
                                                               code: .unknownConfigurationKey)
                        .spanning(key.count, replacements: Suggestions.closest(to: key, among: keys)))
                }
            }
            diagnostics.append(contentsOf: reader.diagnostics)
            entries.append(entry)
        }
        return (entries, diagnostics)
    }

    /// Typed reads that record what was wrong and where.
    private struct FieldReader {
        var places: YAMLPlaces
        var diagnostics: [Diagnostic]

        mutating func string(_ node: Node, _ key: String, _ place: SourceLocation) -> String? {
            guard case .scalar(let s) = node else {
                diagnostics.append(.error("'\(key)' must be text", at: place))
                return nil
            }
            return s.string
        }

        mutating func strings(_ node: Node, _ key: String, _ place: SourceLocation) -> [String]? {
            guard case .sequence(let items) = node else {
                diagnostics.append(.error("'\(key)' must be a list of names", at: place))
                return nil
            }
            return items.compactMap(\.string)
        }

        mutating func number(_ node: Node, _ key: String, _ place: SourceLocation) -> Double? {
            guard case .scalar(let s) = node, let value = Double(s.string), value.isFinite else {
                diagnostics.append(.error("'\(key)' must be a number of points", at: place))
                return nil
            }
            return value
        }

        mutating func bool(_ node: Node, _ key: String, _ place: SourceLocation) -> Bool? {
            var value = false
            var problems: [Diagnostic] = []
            record(YAMLValue.bool(node, key: key, at: place), into: &value, &problems)
            diagnostics.append(contentsOf: problems)
            return problems.isEmpty ? value : nil
        }

        mutating func numbers(_ node: Node, _ key: String, _ place: SourceLocation, allowed: [String],
                              entry: inout DeviceEntry) -> [String: Double] {
            guard let fields = fields(of: node, key, entry: &entry) else {
                diagnostics.append(.error("'\(key)' must be a mapping of \(allowed.joined(separator: ", "))", at: place))
                return [:]
            }
            var result: [String: Double] = [:]
            for field in fields {
                guard allowed.contains(field.name) else {
                    diagnostics.append(.error("unknown field '\(field.name)' in '\(key)'; use \(allowed.joined(separator: ", "))", at: field.location))
                    continue
                }
                result[field.name] = number(field.value, "\(key).\(field.name)", field.location)
            }
            return result
        }

        mutating func orientations(_ node: Node, _ key: String, _ place: SourceLocation, entry: inout DeviceEntry) -> [String: Node] {
            guard let fields = fields(of: node, key, entry: &entry) else {
                diagnostics.append(.error("'\(key)' must have 'portrait' and/or 'landscape'", at: place))
                return [:]
            }
            var result: [String: Node] = [:]
            for field in fields {
                guard field.name == "portrait" || field.name == "landscape" else {
                    diagnostics.append(.error("'\(key)' takes 'portrait' and 'landscape', not '\(field.name)'", at: field.location))
                    continue
                }
                result[field.name] = field.value
            }
            return result
        }

        /// The fields of a mapping with their places, each place recorded
        /// in `entry.fieldLocations` as `key.field`; `nil` when the node is
        /// not a mapping.
        func fields(of node: Node, _ key: String, entry: inout DeviceEntry) -> [(name: String, value: Node, location: SourceLocation)]? {
            guard case .mapping(let mapping) = node else { return nil }
            return mapping.map { name, value in
                let field = name.string ?? ""
                let location = places.location(of: name)
                entry.fieldLocations["\(key).\(field)"] = location
                return (field, value, location)
            }
        }
    }
}
