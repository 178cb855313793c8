/// The media type a site file is served with, chosen by its extension.
public enum ContentType {
    public static func of(_ path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
        switch name[name.index(after: dot)...].lowercased() {
        case "html", "htm": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "json": return "application/json"
        case "svg": return "image/svg+xml"
        case "xml": return "application/xml"
        case "txt", "md": return "text/plain; charset=utf-8"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "ico": return "image/x-icon"
        case "woff2": return "font/woff2"
        case "woff": return "font/woff"
        case "pdf": return "application/pdf"
        default: return "application/octet-stream"
        }
    }

    /// Whether the server adds the live-reload script to the file.
    public static func isHTML(_ path: String) -> Bool {
        of(path).hasPrefix("text/html")
    }
}
