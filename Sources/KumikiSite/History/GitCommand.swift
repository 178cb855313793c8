import Foundation

/// Runs `git` in a folder and hands back what it printed.
///
/// History is read with a handful of git processes per build, never one per
/// file: `SiteHistory` asks for the repository's facts, one `git log` pass
/// over the content folder's Markdown, and one diff of the working tree.
struct GitCommand {
    /// The folder git runs in (`git -C FOLDER`).
    var folder: URL

    /// Standard output, or `nil` when git is missing or exits with a failure.
    /// - Parameter input: what git reads on standard input (`cat-file
    ///   --batch`'s object names), written from another thread so that a
    ///   long answer never blocks a long question.
    func run(_ arguments: [String], input: Data? = nil) -> Data? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Dates, paths and diffs in one fixed form, whatever the user's
        // configuration says: no colour, no pager, no external diff, paths
        // unquoted where git allows it.
        process.arguments = ["git", "-C", folder.path, "-c", "core.quotePath=false", "-c", "color.ui=false",
                             "-c", "diff.noprefix=false", "-c", "diff.mnemonicPrefix=false"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        environment["GIT_PAGER"] = "cat"
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        environment.removeValue(forKey: "GIT_DIR")
        environment.removeValue(forKey: "GIT_WORK_TREE")
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let inputPipe = input.map { _ in Pipe() }
        process.standardInput = inputPipe ?? FileHandle.nullDevice
        // Waited for through the termination handler: `waitUntilExit()`
        // looks at the process every 50 ms on Linux, which made each git
        // run take 50 ms however short it was (most of a `kumiki diff`).
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do { try process.run() } catch { return nil }
        if let input, let inputPipe {
            let writer = inputPipe.fileHandleForWriting
            DispatchQueue.global().async {
                try? writer.write(contentsOf: input)
                try? writer.close()
            }
        }
        let data = Self.readToEnd(output.fileHandleForReading.fileDescriptor)
        exited.wait()
        return process.terminationStatus == 0 ? data : nil
    }

    /// Everything a pipe gives until it closes, read a pipe's capacity at a
    /// time: `readDataToEndOfFile()` reads a page (4 KiB) per call, about
    /// three thousand calls for the log of a 1,000-page site.
    private static func readToEnd(_ descriptor: Int32) -> Data {
        var data = Data()
        let chunk = 1 << 16
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, chunk) }
            if count > 0 { data.append(buffer, count: count); continue }
            if count < 0, errno == EINTR { continue }
            return data
        }
    }

    /// Whether git can be run at all (it is installed and on `PATH`): a
    /// folder git says nothing of is then outside any repository.
    static var isAvailable: Bool {
        GitCommand(folder: URL(fileURLWithPath: "/")).run(["--version"]) != nil
    }

    /// Standard output as text without its final line break.
    func text(_ arguments: [String]) -> String? {
        run(arguments).map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .newlines) }
    }
}
