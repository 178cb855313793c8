import KumikiSupport
import KumikiLayout
import KumikiDiagram

/// Changed environments grouped by how their views changed, each group
/// named as a reviewer would say it: "every iPhone in landscape" rather
/// than a list of twelve devices.
struct EnvironmentGroup: Sendable, Equatable {
    var label: Bilingual<String>
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
                groups.append(EnvironmentGroup(label: Bilingual(both: ""), change: change, environments: [id], views: views))
            }
        }
        for index in groups.indices {
            groups[index].label = EnvironmentGroupLabel.label(of: groups[index].environments, among: comparison.universe)
        }
        return groups
    }
}

/// Names a set of environments among all those of a block, in English
/// and Japanese.
enum EnvironmentGroupLabel {
    /// A description that picks out exactly `ids` among `universe`: every
    /// environment, a device family, an orientation, a width class, a
    /// device, or their combinations; else the environments' names, or
    /// their count when there are many (`count(_:)`).
    static func label(of ids: [String], among universe: [EnvironmentFacts]) -> Bilingual<String> {
        let chosen = Set(ids)
        for (label, test) in descriptions(universe) {
            let matching = Set(universe.filter(test).map(\.id))
            if !matching.isEmpty && matching == chosen { return label }
        }
        let known = Dictionary(universe.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        if ids.count <= 3 {
            return .joining(ids.map { id in known[id]?.name ?? Bilingual(both: id) }, english: "; ", japanese: "；")
        }
        return count(ids.count)
    }

    /// "3 environments", "3 環境".
    static func count(_ count: Int) -> Bilingual<String> {
        Bilingual("\(count) environment\(count == 1 ? "" : "s")", "\(count) 環境")
    }

    private typealias Test = (EnvironmentFacts) -> Bool

    /// Candidate descriptions, simplest first. In Japanese a qualifier
    /// comes before what it qualifies (横向きのすべての iPhone); a device
    /// keeps its name and takes its orientation after it, as the
    /// diagrams' captions name an environment (`EnvironmentNames`).
    private static func descriptions(_ universe: [EnvironmentFacts]) -> [(Bilingual<String>, Test)] {
        let families: [(String, Test)] = [
            ("iPhone", { $0.family == .phone }), ("iPad", { $0.family == .pad }),
        ]
        let orientations: [(Bilingual<String>, Test)] = [
            (EnvironmentNames.orientation(.portrait), { $0.orientation == .portrait }),
            (Bilingual("landscape", "横向き"), { $0.orientation != .portrait }),
            (EnvironmentNames.orientation(.landscapeLeft), { $0.orientation == .landscapeLeft }),
            (EnvironmentNames.orientation(.landscapeRight), { $0.orientation == .landscapeRight }),
        ]
        let widths: [(Bilingual<String>, Test)] = [
            (Bilingual("compact width", "幅 compact"), { $0.compactWidth }),
            (Bilingual("regular width", "幅 regular"), { !$0.compactWidth }),
        ]
        var found: [(Bilingual<String>, Test)] = [(Bilingual("every environment", "すべての環境"), { _ in true })]
        for (family, test) in families { found.append((Bilingual("every \(family)", "すべての \(family)"), test)) }
        for (orientation, test) in orientations {
            found.append((Bilingual("every environment in \(orientation.english)", "\(of(orientation))すべての環境"), test))
        }
        for (width, test) in widths {
            found.append((Bilingual("every environment with \(width.english)", "\(of(width))すべての環境"), test))
        }
        for (family, isFamily) in families {
            for (orientation, isOriented) in orientations {
                found.append((Bilingual("every \(family) in \(orientation.english)", "\(of(orientation))すべての \(family)"),
                              { isFamily($0) && isOriented($0) }))
            }
            for (width, isWide) in widths {
                found.append((Bilingual("every \(family) with \(width.english)", "\(of(width))すべての \(family)"),
                              { isFamily($0) && isWide($0) }))
            }
        }
        var devices: [(id: String, name: String)] = []
        for environment in universe where !devices.contains(where: { $0.id == environment.device }) {
            devices.append((environment.device, environment.deviceName))
        }
        for device in devices {
            found.append((Bilingual("\(device.name) in every orientation", "\(device.name)、すべての向き"), { $0.device == device.id }))
            for (orientation, isOriented) in orientations {
                found.append((Bilingual("\(device.name) in \(orientation.english)", "\(device.name)、\(orientation.japanese)"),
                              { $0.device == device.id && isOriented($0) }))
            }
        }
        return found
    }

    /// A qualifier's Japanese with の, a space before it after a Latin
    /// word (幅 compact の, 縦向きの).
    private static func of(_ qualifier: Bilingual<String>) -> String {
        qualifier.japanese.last.map { $0.isASCII && $0.isLetter } == true ? qualifier.japanese + " の" : qualifier.japanese + "の"
    }
}
