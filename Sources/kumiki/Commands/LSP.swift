import ArgumentParser
import Foundation
import KumikiLanguageServer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Kumiki {
    struct LSP: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lsp",
            abstract: "Serve the Language Server Protocol on standard input and output.",
            discussion: """
                For editors: speaks LSP 3.17 (Content-Length framing, JSON-RPC 2.0) on standard \
                input and output, and logs to standard error. It publishes the diagnostics \
                'kumiki check' gives for each open page, kumiki.yml and token file as you type, \
                from the editor's unsaved text, the rest of the site read from disk. The site is \
                the folder holding kumiki.yml, found upwards from each open file, else the folder \
                holding Content/. Position encodings UTF-8, UTF-16 and UTF-32 are negotiated. \
                Exit status: 0 after 'shutdown' then 'exit', 1 otherwise. See the README's \
                'kumiki lsp' section for Neovim, Helix and Emacs.
                """)

        @Flag(help: "Accepted for editors that pass it; standard input and output are the only transport.")
        var stdio = false

        func run() throws {
            // Frames go to a copy of standard output, and standard output
            // itself becomes standard error: whatever else the process
            // prints can then never corrupt the stream the editor reads.
            let frames = dup(STDOUT_FILENO)
            guard frames >= 0 else { throw ExitCode(1) }
            dup2(STDERR_FILENO, STDOUT_FILENO)
            // A client that goes away must end the server through the end
            // of its input, not kill it mid-write.
            signal(SIGPIPE, SIG_IGN)
            let server = LanguageServer(writer: MessageWriter(descriptor: frames), version: kumikiVersion)
            let status = server.run(reading: FileDescriptorInput(descriptor: STDIN_FILENO))
            // `_exit`, not `exit`: a check may still be running on its
            // queue, and the process must not tear down what it uses under
            // it. Every frame and log line was written unbuffered.
            _exit(status)
        }
    }
}
