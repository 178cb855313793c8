import Foundation
import KumikiSupport
import KumikiSite

/// What the playground page sends: a layout block as typed.
struct PlaygroundRequest: Decodable, Sendable {
    /// `layout`, `do` or `dont`.
    var kind: String
    /// The block's lines, without fences.
    var text: String
    /// An environment line put before the block, such as `devices: phones`.
    var environment: String?

    /// The info string of the fenced block.
    var info: String? {
        switch kind {
        case "layout", "": "layout"
        case "do": "layout do"
        case "dont": "layout dont"
        default: nil
        }
    }

    /// The block text the handler sees: the environment line first.
    var blockText: String {
        let environment = (environment ?? "").trimmingWhitespace
        return environment.isEmpty ? text : environment + "\n" + text
    }

    /// The block as a Markdown fence, ready to paste into a page; the fence
    /// is longer than any run of backticks inside.
    func markdown(info: String) -> String {
        var longest = 0
        var run = 0
        for character in blockText {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        let body = blockText.hasSuffix("\n") ? blockText : blockText + "\n"
        return "\(fence)\(info)\n\(body)\(fence)\n"
    }
}

/// What the playground page gets back.
struct PlaygroundResponse: Encodable, Sendable {
    struct Problem: Encodable, Sendable {
        var severity: String
        var message: String
        var file: String?
        var line: Int?
        var column: Int?
        /// `file:line:column: severity: message`, as the command line prints it.
        var text: String
    }

    var html: String
    var diagnostics: [Problem]
    var markdown: String

    init(html: String, diagnostics: [Diagnostic], markdown: String) {
        self.html = html
        self.markdown = markdown
        self.diagnostics = diagnostics.map { diagnostic in
            Problem(severity: diagnostic.severity.rawValue, message: diagnostic.message, file: diagnostic.location?.file,
                    line: diagnostic.location?.line, column: diagnostic.location?.column, text: diagnostic.description)
        }
    }
}
