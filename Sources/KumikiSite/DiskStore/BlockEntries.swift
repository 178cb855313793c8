import Foundation
import KumikiSupport
import KumikiDiagram

/// Solved and drawn fenced blocks on disk: the disk tier of the build
/// store's blocks (`BuildStore`).
///
/// An entry is named by its key (`FencedBlockHandler.storeKey` and the
/// block, see `BuildSession.blockKey`) in `blocks/XX/KEY`, where `XX` is
/// the key's first two characters: content-addressed, so any command on
/// any revision of the site finds a block it has solved before.
///
/// The device frames a figure draws by reference (`DiagramDefinitions`)
/// are the same few dozen drawings for every block; they are stored once
/// each, named by their id, which is a hash of the drawing.
final class BlockEntries: Sendable {
    private let folder: URL
    /// Frames read or written by this process, by id.
    private let frames = LockedValue<[String: String]>([:])

    private static let magic = "KUMIKI-BLOCK 3"

    private struct Metadata: Codable {
        var diagnostics: [Diagnostic]
        var frames: [String]
        var htmlLength: Int
        var cost: Int
        var searchEnglish: String?
        var searchJapanese: String?
    }

    init(cache: DiskStore) {
        folder = cache.generation.appendingPathComponent("blocks", isDirectory: true)
    }

    static func entryURL(in folder: URL, key: String) -> URL {
        folder.appendingPathComponent(String(key.prefix(2))).appendingPathComponent(key)
    }

    /// Stores a block unless an entry for it is already here.
    func storeIfMissing(_ block: StoredBlock, key: String) {
        guard !FileManager.default.fileExists(atPath: Self.entryURL(in: folder, key: key).path) else { return }
        store(block, key: key)
    }

    /// `MAGIC \n KEY \n METADATA-LENGTH CHECKSUM \n METADATA HTML`; `nil`
    /// when there is no whole entry under `key`.
    func block(_ key: String) -> StoredBlock? {
        let url = Self.entryURL(in: folder, key: key)
        guard let data = FileManager.default.contents(atPath: url.path),
              let (header, start) = EntryHeader.read(data, magic: Self.magic, key: key),
              header.count == 2, let metadataLength = Int(header[0]),
              metadataLength >= 0, metadataLength <= data.distance(from: start, to: data.endIndex),
              DiskStore.checksum(data[start...]) == header[1] else { return nil }
        let htmlStart = data.index(start, offsetBy: metadataLength)
        guard let metadata = try? JSONDecoder().decode(Metadata.self, from: Data(data[start..<htmlStart])),
              metadata.htmlLength == data.distance(from: htmlStart, to: data.endIndex) else { return nil }
        var definitions = DiagramDefinitions()
        for id in metadata.frames {
            guard let drawing = frame(id) else { return nil }
            definitions.add(drawing, id: id)
        }
        StorePruning.noteUse(of: url)
        let output = FencedBlockOutput(html: String(decoding: data[htmlStart...], as: UTF8.self),
                                       definitions: definitions, diagnostics: metadata.diagnostics)
        let searchText = metadata.searchEnglish.map { Bilingual($0, metadata.searchJapanese ?? "") }
        return StoredBlock(cost: metadata.cost, searchText: searchText, output: output)
    }

    func store(_ block: StoredBlock, key: String) {
        let output = block.output
        for id in output.definitions.ids {
            if let drawing = output.definitions.drawing(id) { storeFrame(drawing, id: id) }
        }
        let html = Data(output.html.utf8)
        let metadata = Metadata(diagnostics: output.diagnostics, frames: output.definitions.ids, htmlLength: html.count,
                                cost: block.cost, searchEnglish: block.searchText?.english,
                                searchJapanese: block.searchText?.japanese)
        guard var body = try? JSONEncoder().encode(metadata) else { return }
        let metadataLength = body.count
        body.append(html)
        var data = Data("\(Self.magic)\n\(key)\n\(metadataLength) \(DiskStore.checksum(body))\n".utf8)
        data.append(body)
        AtomicFile.replace(Self.entryURL(in: folder, key: key), with: data)
    }

    // MARK: - Frames

    private func frameURL(_ id: String) -> URL {
        folder.appendingPathComponent(StorePruning.framesFolder).appendingPathComponent(id)
    }

    /// A frame by id, read once per process; `nil` when it is missing or is
    /// not the drawing its id names.
    private func frame(_ id: String) -> String? {
        if let known = frames.withValue({ $0[id] }) { return known }
        guard let data = FileManager.default.contents(atPath: frameURL(id).path) else { return nil }
        let drawing = String(decoding: data, as: UTF8.self)
        guard DiagramDefinitions.id(of: drawing) == id else { return nil }
        frames.withValue { $0[id] = drawing }
        return drawing
    }

    private func storeFrame(_ drawing: String, id: String) {
        let isNew = frames.withValue { known -> Bool in
            guard known[id] == nil else { return false }
            known[id] = drawing
            return true
        }
        guard isNew, !FileManager.default.fileExists(atPath: frameURL(id).path) else { return }
        AtomicFile.replace(frameURL(id), with: Data(drawing.utf8))
    }
}
