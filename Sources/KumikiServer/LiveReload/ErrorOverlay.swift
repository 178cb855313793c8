import KumikiSupport

/// The box laid over every page while the latest build has errors: each
/// problem with its file, line and column, so the author can go straight to
/// it. It goes away with the next good build, which reloads the page.
enum ErrorOverlay {
    /// - Parameter hasGoodBuild: Whether a build without errors is being
    ///   served; before the first one there is nothing but this box.
    static func html(for diagnostics: [Diagnostic], hasGoodBuild: Bool = true) -> String {
        let shown = diagnostics.filter { $0.severity == .error } + diagnostics.filter { $0.severity != .error }
        let errors = diagnostics.count { $0.severity == .error }
        let state = hasGoodBuild ? "the last good build is still served" : "it has not been built yet, and appears once they are fixed"
        var html = """
            <div id="kumiki-error-overlay" role="alertdialog" aria-labelledby="kumiki-error-title" \
            style="position:fixed;inset:0;z-index:2147483647;overflow:auto;background:rgba(20,20,24,.88);color:#f4f4f6;\
            font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;padding:max(24px,env(safe-area-inset-top)) 24px 24px">
            <div style="max-width:60rem;margin:0 auto">
            <p id="kumiki-error-title" style="font-size:16px;font-weight:700;margin:0 0 .25em">\
            The site has \(errors) error\(errors == 1 ? "" : "s"); \(state).</p>
            <p style="margin:0 0 1em;color:#c9c9d1">Fix the file and save: this page reloads by itself. \
            <button type="button" onclick="this.closest('#kumiki-error-overlay').remove()" \
            style="font:inherit;margin-left:.5em">Hide</button></p>
            <ol style="margin:0;padding-left:1.5em">

            """
        for diagnostic in shown {
            html += "<li style=\"margin:.4em 0\">" + line(for: diagnostic)
            for note in diagnostic.notes { html += "<br><span style=\"color:#c9c9d1\">" + line(for: note) + "</span>" }
            html += "</li>\n"
        }
        html += "</ol>\n</div>\n</div>\n"
        return html
    }

    private static func line(for diagnostic: Diagnostic) -> String {
        let color = switch diagnostic.severity {
        case .error: "#ff8a80"
        case .warning: "#ffd180"
        case .note: "#a5d6ff"
        }
        let place = diagnostic.location.map { "<span class=\"kumiki-error-location\">\($0.description.htmlEscaped)</span>: " } ?? ""
        return "\(place)<span style=\"color:\(color)\">\(diagnostic.severity.rawValue)</span>: "
            + "<span class=\"kumiki-error-message\">\(diagnostic.message.htmlEscaped)</span>"
    }
}
