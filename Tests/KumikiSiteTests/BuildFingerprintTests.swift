import Foundation
@testable import KumikiSite
import Testing
import KumikiTestSupport

/// The build store's fingerprint on macOS: the Mach-O `LC_UUID`, read from
/// files made here byte by byte, since the tests run on Linux.
@Suite struct BuildFingerprintTests {
    static let uuid: [UInt8] = Array(0x10...0x1F)

    /// A 64-bit little-endian Mach-O file: the header, a segment command of
    /// zeros, then (with `withUUID`) an `LC_UUID` command.
    static func machO(withUUID: Bool = true, commandsSize: UInt32? = nil) -> Data {
        func word(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        var commands = word(0x19) + word(72) + [UInt8](repeating: 0, count: 64)   // LC_SEGMENT_64
        if withUUID { commands += word(0x1B) + word(24) + uuid }                    // LC_UUID
        let count: UInt32 = withUUID ? 2 : 1
        var header = word(0xFEED_FACF) + word(0x0100_000C) + word(0) + word(2)    // arm64, MH_EXECUTE
        header += word(count) + word(commandsSize ?? UInt32(commands.count)) + word(0) + word(0)
        return Data(header + commands)
    }

    @Test func readsTheUUIDOfAMachOExecutable() throws {
        let folder = try TemporaryFolder()
        try Self.machO().write(to: folder.url("kumiki"))
        #expect(BuildFingerprint.machOUUID(ofFile: folder.url("kumiki").path) == "101112131415161718191a1b1c1d1e1f")
    }

    @Test func fallsBackWhenThereIsNoUUIDOrTheFileIsNotMachO() throws {
        let folder = try TemporaryFolder()
        try Self.machO(withUUID: false).write(to: folder.url("no-uuid"))
        try Self.machO(commandsSize: 4096).write(to: folder.url("truncated"))
        try Data([0x7F, 0x45, 0x4C, 0x46] + [UInt8](repeating: 0, count: 60)).write(to: folder.url("elf"))
        for name in ["no-uuid", "truncated", "elf", "missing"] {
            #expect(BuildFingerprint.machOUUID(ofFile: folder.url(name).path) == nil, "\(name)")
        }
    }

    @Test func theRunningExecutableHasAFingerprint() {
        #expect(BuildFingerprint.current.count >= 16)
    }
}
