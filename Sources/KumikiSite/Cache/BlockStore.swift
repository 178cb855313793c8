import Foundation
import KumikiSupport
import KumikiDiagram

/// Solved and drawn layout blocks kept on disk between builds, so a page
/// rendered again (its text edited, a template or a title changed) solves
/// only the blocks whose own text changed.
///
/// A block's entry is named by a hash of everything its figure depends on:
/// the block's info string, text and place on its page (the figure's id
/// and caption use them) and the site's configuration (its devices). The
/// build of Kumiki is the cache's own subfolder (`BuildCache`). Entries are
/// grouped in one folder per page, so that after a page is rendered the
/// blocks it no longer has are removed with it.
///
/// The device frames a figure draws by reference (`DiagramDefinitions`)
/// are the same few dozen drawings for every block; they are stored once
/// each, named by their id, which is a hash of the drawing.
final class BlockStore: Sendable {
    private let folder: URL
    private let configuration: String
    /// Entries used by this build, by page folder: what the rendered pages keep.
    private let used = LockedValue<[String: Set<String>]>([:])
    /// Frames read or written by this build, by id.
    private let frames = LockedValue<[String: String]>([:])
    let hits = LockedValue(0)
    let misses = LockedValue(0)

    private static let magic = "KUMIKI-BLOCK 1"

    private struct Metadata: Codable {
        var diagnostics: [Diagnostic]
        var frames: [String]
        var htmlLength: Int
    }

    /// - Parameters:
    ///   - cache: the build cache whose generation holds the store.
    ///   - configuration: the text of `kumiki.yml`, which names the devices.
    init(cache: BuildCache, configuration: String) {
        folder = cache.generation.appendingPathComponent("blocks", isDirectory: true)
        self.configuration = configuration
    }

    /// `handler` answering from the store before rendering.
    func wrapping(_ handler: FencedBlockHandler) -> FencedBlockHandler {
        FencedBlockHandler(name: handler.name, cost: handler.cost) { [self] block in
            let (page, key) = location(of: block)
            used.withValue { _ = $0[page, default: []].insert(key) }
            if let output = load(page: page, key: key) {
                hits.withValue { $0 += 1 }
                return output
            }
            misses.withValue { $0 += 1 }
            let output = handler.render(block)
            store(output, page: page, key: key)
            return output
        }
    }

    /// Stores a layout block's output rendered elsewhere (the preview
    /// server's memory), unless an entry for it is already here.
    func storeIfMissing(_ output: FencedBlockOutput, for block: FencedBlock) {
        let (page, key) = location(of: block)
        guard !FileManager.default.fileExists(atPath: entryURL(page: page, key: key).path) else { return }
        store(output, page: page, key: key)
    }

    /// After a successful build: removes the entries of rendered pages that
    /// they no longer use, and the folders of pages the site no longer has.
    /// `pages` are the display paths of every page of the site.
    func prune(keepingPages pages: [String]) {
        let fileManager = FileManager.default
        let current = Set(pages.map(Self.pageFolder))
        let used = self.used.current
        for name in (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? [] {
            let pageURL = folder.appendingPathComponent(name)
            guard current.contains(name) else {
                if name != "frames" { try? fileManager.removeItem(at: pageURL) }
                continue
            }
            guard let keys = used[name] else { continue }  // not rendered: its blocks were not asked for
            for entry in (try? fileManager.contentsOfDirectory(atPath: pageURL.path)) ?? [] where !keys.contains(entry) {
                try? fileManager.removeItem(at: pageURL.appendingPathComponent(entry))
            }
        }
    }

    // MARK: - Entries

    private static func pageFolder(_ displayPath: String) -> String {
        var hash = StableHash()
        hash.combine(field: displayPath)
        return "page-" + hash.hex
    }

    private func location(of block: FencedBlock) -> (page: String, key: String) {
        var hash = StableHash()
        hash.combine(field: configuration)
        hash.combine(field: block.info)
        hash.combine(field: block.text)
        for location in [block.start, block.firstLine] {
            hash.combine(field: location.file)
            hash.combine(field: "\(location.line):\(location.column)")
        }
        hash.combine(field: "\(block.index)")
        hash.combine(field: block.anchor ?? "")
        return (Self.pageFolder(block.start.file), hash.hex)
    }

    private func entryURL(page: String, key: String) -> URL {
        folder.appendingPathComponent(page).appendingPathComponent(key)
    }

    /// `MAGIC \n KEY \n METADATA-LENGTH CHECKSUM \n METADATA HTML`.
    private func load(page: String, key: String) -> FencedBlockOutput? {
        guard let data = FileManager.default.contents(atPath: entryURL(page: page, key: key).path),
              let (header, start) = EntryHeader.read(data, magic: Self.magic, key: key),
              header.count == 2, let metadataLength = Int(header[0]),
              metadataLength >= 0, metadataLength <= data.distance(from: start, to: data.endIndex),
              BuildCache.checksum(data[start...]) == header[1] else { return nil }
        let htmlStart = data.index(start, offsetBy: metadataLength)
        guard let metadata = try? JSONDecoder().decode(Metadata.self, from: Data(data[start..<htmlStart])),
              metadata.htmlLength == data.distance(from: htmlStart, to: data.endIndex) else { return nil }
        var definitions = DiagramDefinitions()
        for id in metadata.frames {
            guard let drawing = frame(id) else { return nil }
            definitions.add(drawing, id: id)
        }
        return FencedBlockOutput(html: String(decoding: data[htmlStart...], as: UTF8.self),
                                 definitions: definitions, diagnostics: metadata.diagnostics)
    }

    private func store(_ output: FencedBlockOutput, page: String, key: String) {
        for id in output.definitions.ids {
            if let drawing = output.definitions.drawing(id) { storeFrame(drawing, id: id) }
        }
        let html = Data(output.html.utf8)
        let metadata = Metadata(diagnostics: output.diagnostics, frames: output.definitions.ids, htmlLength: html.count)
        guard var body = try? JSONEncoder().encode(metadata) else { return }
        let metadataLength = body.count
        body.append(html)
        var data = Data("\(Self.magic)\n\(key)\n\(metadataLength) \(BuildCache.checksum(body))\n".utf8)
        data.append(body)
        AtomicFile.replace(entryURL(page: page, key: key), with: data)
    }

    // MARK: - Frames

    private func frameURL(_ id: String) -> URL {
        folder.appendingPathComponent("frames").appendingPathComponent(id)
    }

    /// A frame by id, read once per build; `nil` when it is missing or is
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
