import Foundation
import KumikiSupport

/// The server's log: standard error always (standard output carries only
/// LSP frames), and the client's log through `window/logMessage` for what
/// the author may need to see (a message the server could not read).
struct ServerLog: Sendable {
    /// LSP's `MessageType`.
    enum Level: Int {
        case error = 1, warning = 2, info = 3, log = 4

        var name: String {
            switch self {
            case .error: "error"
            case .warning: "warning"
            case .info: "info"
            case .log: "log"
            }
        }
    }

    let writer: MessageWriter

    func write(_ level: Level, _ message: String, toClient: Bool = true) {
        FileHandle.standardError.write(Data("kumiki lsp: \(level.name): \(message)\n".utf8))
        if toClient {
            writer.send(OutgoingMessage.notification(
                "window/logMessage", params: .object(["type": .integer(level.rawValue), "message": .string(message)])))
        }
    }
}
