import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KumikiSupport
import KumikiSearch

/// The disk tier of the build store (`BuildStore`): rendered pages, and
/// the folder every other stored value of a build of Kumiki lives in.
///
/// The cache lives in one folder (`.kumiki-cache/` beside `kumiki.yml` by
/// default), with a subfolder per build of Kumiki: a cache made by another
/// build of Kumiki is never read, and is removed. An entry is one file per
/// page, named by the page's key: a hash of everything the page's HTML
/// depends on (see `PageKey`). Each file carries its own length
/// and checksum; a truncated or damaged one is ignored with a note and the
/// page is rendered again. Entries are written to a temporary name and
/// renamed into place, so a build that is interrupted, or two builds at
/// once, never leave half an entry under a real name.
public struct DiskStore: Sendable {
    /// What is stored beside the HTML, as a `BinaryRecord`: a warm build
    /// reads it for every page it does not render, and decoding it as JSON
    /// was a twentieth of a warm one-page rebuild of a thousand pages.
    struct Metadata: Hashable, BinaryRecord {
        var diagnostics: [Diagnostic]
        var fencedBlockCount: Int
        var translations: PageTranslations

        func write(to writer: inout ByteWriter) {
            diagnostics.write(to: &writer)
            fencedBlockCount.write(to: &writer)
            translations.write(to: &writer)
        }

        init(diagnostics: [Diagnostic], fencedBlockCount: Int, translations: PageTranslations) {
            self.diagnostics = diagnostics
            self.fencedBlockCount = fencedBlockCount
            self.translations = translations
        }

        init(reading reader: inout ByteReader) throws(DamagedBytes) {
            self.init(diagnostics: try reader.read(), fencedBlockCount: try reader.read(), translations: try reader.read())
        }

        /// The record of `data`, which holds that and nothing more; nil otherwise.
        init?(stored data: Data) {
            let read: Metadata? = data.withUnsafeBytes { buffer in
                var reader = ByteReader(buffer)
                guard let metadata = try? Metadata(reading: &reader), reader.isAtEnd else { return nil }
                return metadata
            }
            guard let read else { return nil }
            self = read
        }

        var stored: Data {
            var writer = ByteWriter(capacity: 256)
            write(to: &writer)
            return Data(writer.bytes)
        }
    }

    /// The cache folder (`.kumiki-cache`).
    public let folder: URL
    /// The subfolder of this build of Kumiki.
    let generation: URL
    /// `generation`'s path: the path of every entry read on a warm build
    /// is made from it, and `URL`'s path operations showed in its profile.
    private let generationPath: String

    private static let magic = "KUMIKI-PAGE 5"

    public init(folder: URL) {
        self.init(folder: folder, fingerprint: BuildFingerprint.current)
    }

    init(folder: URL, fingerprint: String) {
        self.folder = folder
        self.generation = folder.appendingPathComponent("build-\(fingerprint)", isDirectory: true)
        self.generationPath = generation.path
    }

    /// The folder of output manifests (see `OutputManifest`).
    public var outputManifests: URL { generation.appendingPathComponent("outputs", isDirectory: true) }

    /// Where the entry under `key` is: in `pages/`, in the folder of the
    /// key's first two characters.
    private func entryPath(_ key: String) -> String {
        "\(generationPath)/pages/\(key.prefix(2))/\(key)"
    }

    private func entryURL(_ key: String) -> URL { URL(fileURLWithPath: entryPath(key)) }

    /// The page stored under `key`; `nil` when there is none. A damaged
    /// entry is reported in `problems` and removed.
    func page(_ key: String, problems: inout [Diagnostic]) -> StoredPage? {
        let url = entryURL(key)
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        if let page = Self.decode(data, key: key) {
            StorePruning.noteUse(of: url)
            return page
        }
        problems.append(.note("ignored a damaged entry of the build store; the page is rendered again",
                              at: SourceLocation(file: url.path, line: 1)))
        try? FileManager.default.removeItem(at: url)
        return nil
    }

    /// What is stored beside the HTML of the page under `key`, read without
    /// the HTML: for a page whose output file is kept as it is, and for the
    /// search entries of a page held in memory. `nil` when there is no
    /// entry or its header, metadata or search entries are damaged, by
    /// their own checksums (the HTML is neither read nor checked: it is not
    /// used). Without `includingSearch` the search entries are neither read
    /// nor checked, and `search` is nil.
    func pageMetadata(_ key: String, includingSearch: Bool = true)
        -> (diagnostics: [Diagnostic], fencedBlockCount: Int, translations: PageTranslations, search: PageSearchEntries?)? {
        // Read through the file descriptor: `FileHandle` and `URL` were
        // most of this function's cost, read for every page a warm build
        // keeps.
        let descriptor = open(entryPath(key), O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        StorePruning.noteUse(ofOpenFile: descriptor)
        /// Up to `count` more bytes of the file; fewer only at its end.
        func readBytes(upTo count: Int) -> Data? {
            var data = Data(count: count)
            var filled = 0
            while filled < count {
                let got = data.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, count - filled) }
                if got < 0, errno == EINTR { continue }
                guard got >= 0 else { return nil }
                if got == 0 { break }
                filled += got
            }
            return data.prefix(filled)
        }
        guard var data = readBytes(upTo: 4096),
              let (sizes, bodyStart) = EntryHeader.read(data, magic: Self.magic, key: key), sizes.count == 6,
              let metadataLength = Int(sizes[0]), let searchLength = Int(sizes[1]),
              metadataLength >= 0, searchLength >= 0, metadataLength < 1 << 26, searchLength < 1 << 26 else { return nil }
        let needed = includingSearch ? metadataLength + searchLength : metadataLength
        let missing = needed - data.distance(from: bodyStart, to: data.endIndex)
        if missing > 0 {
            guard let rest = readBytes(upTo: missing), rest.count == missing else { return nil }
            data.append(rest)
        }
        let metadataEnd = data.index(bodyStart, offsetBy: metadataLength)
        let searchBytes = includingSearch ? data[metadataEnd..<data.index(metadataEnd, offsetBy: searchLength)] : Data()
        guard Self.checksum(data[bodyStart..<metadataEnd]) == sizes[3],
              !includingSearch || Self.checksum(searchBytes) == sizes[4] else { return nil }
        let search = searchBytes.isEmpty ? nil : PageSearchEntries(stored: Data(searchBytes))
        guard searchBytes.isEmpty || search != nil,
              let metadata = Metadata(stored: data[bodyStart..<metadataEnd]) else { return nil }
        return (metadata.diagnostics, metadata.fencedBlockCount, metadata.translations, search)
    }

    /// The search entries stored in the page entry under `key`, read
    /// without its HTML.
    func searchEntries(_ key: String) -> PageSearchEntries? {
        pageMetadata(key)?.search
    }

    /// Whether an entry is stored under `key` (not whether it is whole).
    func holds(_ key: String) -> Bool {
        FileManager.default.fileExists(atPath: entryURL(key).path)
    }

    /// Stores a page under `key`. A failure to write is not an error of the
    /// build: the page is rendered again next time.
    func store(_ page: StoredPage, key: String) {
        AtomicFile.replace(entryURL(key), with: Self.encode(page, key: key))
    }

    /// `MAGIC \n KEY \n METADATA-LENGTH SEARCH-LENGTH HTML-LENGTH
    /// METADATA-CHECKSUM SEARCH-CHECKSUM HTML-CHECKSUM \n METADATA SEARCH
    /// HTML`: the header lets a reader tell a whole entry from a truncated
    /// or foreign one; the search entries come before the HTML, so they are
    /// read (and checked) without it; the HTML is stored as it is, so a hit
    /// costs a read.
    static func encode(_ page: StoredPage, key: String) -> Data {
        let metadata = Metadata(diagnostics: page.diagnostics, fencedBlockCount: page.fencedBlockCount,
                                translations: page.translations).stored
        let search = page.search?.stored ?? Data()
        let checksums = "\(checksum(metadata)) \(checksum(search)) \(checksum(page.html))"
        var data = Data("\(magic)\n\(key)\n\(metadata.count) \(search.count) \(page.html.count) \(checksums)\n".utf8)
        data.append(metadata)
        data.append(search)
        data.append(page.html)
        return data
    }

    static func decode(_ data: Data, key: String) -> StoredPage? {
        guard let (sizes, bodyStart) = EntryHeader.read(data, magic: magic, key: key), sizes.count == 6,
              let metadataLength = Int(sizes[0]), let searchLength = Int(sizes[1]), let htmlLength = Int(sizes[2]),
              metadataLength >= 0, searchLength >= 0, htmlLength >= 0,
              data.distance(from: bodyStart, to: data.endIndex) == metadataLength + searchLength + htmlLength else { return nil }
        let searchStart = data.index(bodyStart, offsetBy: metadataLength)
        let htmlStart = data.index(searchStart, offsetBy: searchLength)
        guard checksum(data[bodyStart..<searchStart]) == sizes[3], checksum(data[searchStart..<htmlStart]) == sizes[4],
              checksum(data[htmlStart...]) == sizes[5] else { return nil }
        let search = searchLength == 0 ? nil : PageSearchEntries(stored: Data(data[searchStart..<htmlStart]))
        guard searchLength == 0 || search != nil,
              let metadata = Metadata(stored: data[bodyStart..<searchStart]) else { return nil }
        return StoredPage(html: Data(data[htmlStart...]), diagnostics: metadata.diagnostics, fencedBlockCount: metadata.fencedBlockCount,
                    translations: metadata.translations, search: search)
    }

    /// A checksum of an entry's body, read eight bytes at a time
    /// (`StableHash.combine(bulk:)`): an entry is checked on every warm
    /// build, and byte-at-a-time hashing of every page's HTML would cost
    /// more than the rest of reading it.
    static func checksum(_ bytes: Data) -> String {
        var hash = StableHash()
        hash.combine(bulk: bytes)
        return hash.hex
    }
}
