import Foundation

/// Layout blocks' solved frames and findings as `kumiki diff` compares
/// them (`SolvedFrames`): the disk tier of the build store's solved
/// frames (`BuildStore`).
///
/// An entry is named by its key (`BuildSession.solvedFramesKey`: the
/// device catalog and the block's text) in `solved/XX/KEY`; a block that
/// says the same on the same devices is solved once for every revision
/// that holds it, wherever it sits on its page.
struct SolvedFrameEntries: Sendable {
    private let folder: URL
    /// Raised whenever what an entry holds changes (2: each environment's
    /// name in both languages), so an older entry is solved again, not misread.
    private static let magic = "KUMIKI-FRAMES 2"

    init(cache: DiskStore) {
        folder = cache.generation.appendingPathComponent("solved", isDirectory: true)
    }

    private func entryURL(_ key: String) -> URL {
        folder.appendingPathComponent(String(key.prefix(2))).appendingPathComponent(key)
    }

    /// `MAGIC \n KEY \n LENGTH CHECKSUM \n JSON`; `nil` when there is no
    /// whole entry under `key`.
    func frames(_ key: String) -> SolvedFrames? {
        let url = entryURL(key)
        guard let data = FileManager.default.contents(atPath: url.path),
              let (header, start) = EntryHeader.read(data, magic: Self.magic, key: key),
              header.count == 2, Int(header[0]) == data.distance(from: start, to: data.endIndex),
              DiskStore.checksum(data[start...]) == header[1],
              let frames = try? JSONDecoder().decode(SolvedFrames.self, from: Data(data[start...])) else { return nil }
        StorePruning.noteUse(of: url)
        return frames
    }

    func store(_ frames: SolvedFrames, key: String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let body = try? encoder.encode(frames) else { return }
        var data = Data("\(Self.magic)\n\(key)\n\(body.count) \(DiskStore.checksum(body))\n".utf8)
        data.append(body)
        AtomicFile.replace(entryURL(key), with: data)
    }
}
