import KumikiSupport
import KumikiLayout

/// Changed environments grouped by how their views changed, each group
/// named as a reviewer would say it: "every iPhone in landscape" rather
/// than a list of twelve devices.
struct EnvironmentGroup: Sendable, Equatable {
    var label: String
    /// Whether the group's environments are on both sides, or only on one.
    var change: BlockDiff.Group.Status
    var environments: [String]
    /// The views' changes, the same (within `BlockComparison.tolerance`) in
    /// every environment of the group; those of its first environment.
    var views: [BlockComparison.ViewChange]

    /// The groups of `comparison`'s changed environments, in the order of
    /// their first environment. An environment joins the first group whose
    /// views changed by the same amounts; environments only one side has
    /// make a group of the added and one of the removed.
    static func groups(of comparison: BlockComparison) -> [EnvironmentGroup] {
        var groups: [EnvironmentGroup] = []
        for id in comparison.environments {
            let views = comparison.changes[id] ?? []
            let change: BlockDiff.Group.Status = comparison.addedEnvironments.contains(id) ? .added
                : comparison.removedEnvironments.contains(id) ? .removed : .changed
            if let match = groups.firstIndex(where: { group in
                group.change == change && group.views.count == views.count && zip(group.views, views).allSatisfy { $0.isAlike($1) }
            }) {
                groups[match].environments.append(id)
            } else {
                groups.append(EnvironmentGroup(label: "", change: change, environments: [id], views: views))
            }
        }
        for index in groups.indices {
            groups[index].label = EnvironmentGroupLabel.label(of: groups[index].environments, among: comparison.universe)
        }
        return groups
    }
}

/// Names a set of environments among all those of a block.
enum EnvironmentGroupLabel {
    /// A description that picks out exactly `ids` among `universe`: every
    /// environment, a device family, an orientation, a width class, a
    /// device, or their combinations; else the environments' names, or
    /// their count when there are many.
    static func label(of ids: [String], among universe: [EnvironmentFacts]) -> String {
        let chosen = Set(ids)
        for (label, test) in descriptions(universe) {
            let matching = Set(universe.filter(test).map(\.id))
            if !matching.isEmpty && matching == chosen { return label }
        }
        let known = Dictionary(universe.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        if ids.count <= 3 {
            return ids.map { id in known[id]?.name ?? id }.joined(separator: "; ")
        }
        return "\(ids.count) environments"
    }

    private typealias Test = (EnvironmentFacts) -> Bool

    /// Candidate descriptions, simplest first.
    private static func descriptions(_ universe: [EnvironmentFacts]) -> [(String, Test)] {
        let families: [(String, Test)] = [
            ("iPhone", { $0.family == .phone }), ("iPad", { $0.family == .pad }),
        ]
        let orientations: [(String, Test)] = [
            ("portrait", { $0.orientation == .portrait }),
            ("landscape", { $0.orientation != .portrait }),
            ("landscape left", { $0.orientation == .landscapeLeft }),
            ("landscape right", { $0.orientation == .landscapeRight }),
        ]
        let widths: [(String, Test)] = [
            ("compact width", { $0.compactWidth }),
            ("regular width", { !$0.compactWidth }),
        ]
        var found: [(String, Test)] = [("every environment", { _ in true })]
        for (family, test) in families { found.append(("every \(family)", test)) }
        for (orientation, test) in orientations { found.append(("every environment in \(orientation)", test)) }
        for (width, test) in widths { found.append(("every environment with \(width)", test)) }
        for (family, isFamily) in families {
            for (orientation, isOriented) in orientations {
                found.append(("every \(family) in \(orientation)", { isFamily($0) && isOriented($0) }))
            }
            for (width, isWide) in widths {
                found.append(("every \(family) with \(width)", { isFamily($0) && isWide($0) }))
            }
        }
        var devices: [(id: String, name: String)] = []
        for environment in universe where !devices.contains(where: { $0.id == environment.device }) {
            devices.append((environment.device, environment.deviceName))
        }
        for device in devices {
            found.append(("\(device.name) in every orientation", { $0.device == device.id }))
            for (orientation, isOriented) in orientations {
                found.append(("\(device.name) in \(orientation)", { $0.device == device.id && isOriented($0) }))
            }
        }
        return found
    }
}
