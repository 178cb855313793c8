import CLibFuzzer
import Foundation

/// Hands a fuzz target's process to libFuzzer.
///
/// SwiftPM gives every executable its own `main` (the module's entry point,
/// linked in place of libFuzzer's), so each target has a `@main` that
/// calls `run`, which runs libFuzzer's driver with the command line as
/// libFuzzer's own `main` would: `-max_total_time=60 CORPUS`, a file to
/// replay, and the rest of libFuzzer's options.
public enum LibFuzzer {
    /// One input: its bytes and their count; returns 0.
    public typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    /// Runs libFuzzer with `test` and exits with its status.
    public static func run(_ test: TestOneInput) -> Never {
        guard kumiki_links_libfuzzer() != 0 else {
            FileHandle.standardError.write(Data("this fuzz target was built without libFuzzer; build it with `make fuzz`\n".utf8))
            exit(2)
        }
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, test))
    }

    /// The bytes of one input as a buffer (empty for a null pointer).
    public static func bytes(_ start: UnsafePointer<UInt8>?, _ count: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: count > 0 ? start : nil, count: count > 0 ? count : 0)
    }
}
