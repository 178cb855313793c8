import Foundation
import KumikiSite
import KumikiSupport

/// The pages of a site as completion and hover read them: every Markdown
/// file of its content folder, each from the editor's text when it is open,
/// else from disk.
struct SitePages {
    let workspace: SiteWorkspace
    /// Open documents by absolute path.
    let open: [String: OpenDocument]

    private var contentFolder: URL {
        URL(fileURLWithPath: workspace.root, isDirectory: true).appendingPathComponent(SiteWorkspace.contentFolder, isDirectory: true)
    }

    /// Every Markdown page, by its path relative to the content folder, in
    /// path order.
    func paths() -> [String] {
        let folder = contentFolder
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil,
                                                          options: [.skipsHiddenFiles]) else { return [] }
        var found: Set<String> = []
        for case let url as URL in walker where url.pathExtension == "md" {
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(folder.standardizedFileURL.path + "/") else { continue }
            found.insert(String(path.dropFirst(folder.standardizedFileURL.path.count + 1)))
        }
        for path in open.keys {
            if let relative = contentPath(ofAbsolute: path), relative.hasSuffix(".md") { found.insert(relative) }
        }
        return found.sorted()
    }

    /// The path of a file relative to the content folder, `nil` outside it.
    func contentPath(ofAbsolute path: String) -> String? {
        let prefix = contentFolder.standardizedFileURL.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    /// The absolute path of a page named by its path relative to the
    /// content folder.
    func absolutePath(of contentPath: String) -> String {
        contentFolder.appendingPathComponent(contentPath).standardizedFileURL.path
    }

    /// A page's text: the editor's when it is open, else the file's.
    func text(of contentPath: String) -> String? {
        let absolute = absolutePath(of: contentPath)
        if let document = open[absolute] { return document.text.text }
        return FileManager.default.contents(atPath: absolute).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The outline of a page named by its path relative to the content
    /// folder; `nil` when there is no such page.
    func outline(of contentPath: String) -> PageOutline? {
        let absolute = contentFolder.appendingPathComponent(contentPath).standardizedFileURL.path
        let display = SiteWorkspace.contentFolder + "/" + contentPath
        if let document = open[absolute] { return PageOutline.read(Data(document.text.text.utf8), displayPath: display) }
        guard let data = FileManager.default.contents(atPath: absolute) else { return nil }
        return PageOutline.read(data, displayPath: display)
    }

    /// The page a link's path names, from the page at `from` (both relative
    /// to the content folder); `nil` when it climbs out of the folder.
    static func resolve(_ link: String, from page: String) -> String? {
        LinkResolver.contentPath(of: link.removingPercentEncoding ?? link, from: page)
    }
}
