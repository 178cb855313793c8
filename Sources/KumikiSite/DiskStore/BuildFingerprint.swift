import Foundation
import KumikiSupport
#if canImport(Darwin)
import Darwin
#endif

/// What tells one build of Kumiki from another, for the build store: a page
/// rendered by another build of Kumiki may differ, so its cache is ignored.
///
/// Kumiki's version string does not change with every build, and hashing
/// the whole executable costs a tenth of a second. The linker's build ID
/// (the ELF note `NT_GNU_BUILD_ID`) is a hash of the executable's contents
/// made at link time, and reading it takes a few small reads. On macOS the
/// linker's Mach-O `LC_UUID` plays the same part. Where there is neither,
/// the executable's path, size and modification time stand in for them.
enum BuildFingerprint {
    static let current: String = elfBuildID() ?? executablePath().flatMap(machOUUID(ofFile:)) ?? executableStamp()

    /// The build ID of the running executable, read from the notes of its
    /// ELF file: the file header, the program headers, and the `PT_NOTE`
    /// segments, a few kilobytes in all.
    private static func elfBuildID() -> String? {
        guard let file = FileHandle(forReadingAtPath: "/proc/self/exe") else { return nil }
        defer { try? file.close() }
        func read(_ offset: UInt64, _ count: Int) -> [UInt8]? {
            guard (try? file.seek(toOffset: offset)) != nil, let data = try? file.read(upToCount: count),
                  data.count == count else { return nil }
            return [UInt8](data)
        }
        func integer(_ bytes: [UInt8], _ offset: Int, _ size: Int) -> UInt64 {
            (0..<size).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
        }
        // A 64-bit little-endian ELF file: the only kind Kumiki runs as on Linux.
        guard let header = read(0, 64), header[0..<4] == [0x7F, 0x45, 0x4C, 0x46], header[4] == 2, header[5] == 1 else { return nil }
        let tableOffset = integer(header, 0x20, 8)
        let entrySize = Int(integer(header, 0x36, 2)), entries = Int(integer(header, 0x38, 2))
        guard entrySize >= 56, entries < 256, let table = read(tableOffset, entrySize * entries) else { return nil }
        for entry in 0..<entries where integer(table, entry * entrySize, 4) == 4 /* PT_NOTE */ {
            let offset = integer(table, entry * entrySize + 8, 8)
            let size = Int(integer(table, entry * entrySize + 32, 8))
            guard size < 1 << 16, let notes = read(offset, size) else { continue }
            if let id = buildID(in: notes) { return id.map { String(format: "%02x", $0) }.joined() }
        }
        return nil
    }

    /// The description of the `NT_GNU_BUILD_ID` note among `notes`.
    private static func buildID(in notes: [UInt8]) -> ArraySlice<UInt8>? {
        func word(_ offset: Int) -> Int {
            Int(notes[offset]) | Int(notes[offset + 1]) << 8 | Int(notes[offset + 2]) << 16 | Int(notes[offset + 3]) << 24
        }
        let aligned = { (value: Int) in (value + 3) & ~3 }
        var offset = 0
        while offset + 12 <= notes.count {
            let nameSize = word(offset), descriptionSize = word(offset + 4), type = word(offset + 8)
            let descriptionStart = offset + 12 + aligned(nameSize)
            guard nameSize < 256, descriptionSize < 4096, descriptionStart + descriptionSize <= notes.count else { return nil }
            if type == 3, nameSize == 4, notes[(offset + 12)..<(offset + 16)] == [0x47, 0x4E, 0x55, 0], descriptionSize > 0 {
                return notes[descriptionStart..<(descriptionStart + descriptionSize)]
            }
            offset = descriptionStart + aligned(descriptionSize)
        }
        return nil
    }

    /// The `LC_UUID` of a 64-bit little-endian Mach-O file (every macOS
    /// executable but a universal one, which falls back to the stamp): the
    /// 32-byte header, then its load commands, a few kilobytes in all.
    static func machOUUID(ofFile path: String) -> String? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        guard let header = try? file.read(upToCount: 32), header.count == 32 else { return nil }
        let headerBytes = [UInt8](header)
        func word(_ bytes: [UInt8], _ offset: Int) -> Int {
            Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
        }
        // MH_MAGIC_64; the number of load commands and their total size follow the CPU fields.
        guard word(headerBytes, 0) == 0xFEED_FACF else { return nil }
        let commandCount = word(headerBytes, 16), commandsSize = word(headerBytes, 20)
        guard commandsSize <= 1 << 20, let data = try? file.read(upToCount: commandsSize), data.count == commandsSize else { return nil }
        let commands = [UInt8](data)
        var offset = 0
        for _ in 0..<commandCount {
            guard offset + 8 <= commands.count else { return nil }
            let command = word(commands, offset), size = word(commands, offset + 4)
            guard size >= 8, offset + size <= commands.count else { return nil }
            if command == 0x1B /* LC_UUID */ {
                guard size >= 24 else { return nil }
                return commands[(offset + 8)..<(offset + 24)].map { String(format: "%02x", $0) }.joined()
            }
            offset += size
        }
        return nil
    }

    /// The running executable's own file. `argv[0]` is only what the
    /// process was started as, often just `kumiki` found on the PATH, so
    /// its size and date would be looked up in the current folder.
    private static func executablePath() -> String? {
        #if canImport(Darwin)
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        let path = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        #else
        return try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        #endif
    }

    private static func executableStamp() -> String {
        let path = executablePath() ?? CommandLine.arguments.first ?? ""
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        var hash = StableHash()
        hash.combine(path)
        hash.combine("\((attributes?[.size] as? Int) ?? 0)")
        hash.combine("\((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)")
        return hash.hex
    }
}
