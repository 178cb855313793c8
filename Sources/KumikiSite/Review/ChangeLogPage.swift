import KumikiSupport

/// The change log page, `changes/index.html` ("What's new / 更新履歴"):
/// the entries of `ChangeLog`, newest first, each with its date, subject
/// and the pages, rows and layouts it changed, linked to the rows on the
/// built pages. Written by the assemble stage with `changes.mustache`.
enum ChangeLogPage {
    static let folder = "changes"
    static let path = "\(folder)/index.html"

    static func values(_ entries: [ChangeLogEntry], site: LoadedSite, context: SiteContext) -> [String: Any] {
        let rootPrefix = "../"
        var values = context.base(rootPrefix: rootPrefix)
        values["page"] = [
            "title": "What's new", "title_ja": "更新履歴", "slug": folder, "is_index": false, "draft": false,
        ] as [String: Any]
        // A page of the site by its path from the content folder; an
        // entry's path is from the repository's top, so its tail is matched.
        let slugs = Dictionary(site.pages.map { ($0.relativePath, $0.slug) }, uniquingKeysWith: { a, _ in a })
        func href(of path: String) -> String? {
            var components = path.split(separator: "/").map(String.init)
            while !components.isEmpty {
                if let slug = slugs[components.joined(separator: "/")] { return SiteContext.href(slug, rootPrefix: rootPrefix) }
                components.removeFirst()
            }
            return nil
        }
        values["entries"] = entries.enumerated().map { number, entry -> [String: Any] in
            let date = HistoryChange.committed(id: entry.commit, time: entry.time).date
            var item: [String: Any] = [
                "id": "change-\(number + 1)", "subject": entry.subject, "commit": String(entry.commit.prefix(7)),
                "date_en": date?.english ?? "", "date_ja": date?.japanese ?? "", "date_iso": date?.iso ?? "",
                "pages": entry.pages.map { page -> [String: Any] in
                    let pageHref = page.status == "removed" ? nil : href(of: page.path)
                    var values: [String: Any] = [
                        "title": page.title.english, "title_ja": page.title.japanese, "path": page.path,
                        "status": page.status, "status_ja": statusJapanese[page.status] ?? page.status,
                        "rows": page.rows.map { row -> [String: Any] in
                            var values: [String: Any] = ["en": row.excerpt.english, "ja": row.excerpt.japanese,
                                                         "change_en": row.english, "change_ja": row.japanese]
                            if let pageHref { values["href"] = "\(pageHref)#\(row.anchor)" }
                            return values
                        },
                        "blocks": page.blocks.map { block -> [String: Any] in
                            var values: [String: Any] = ["line": "\(block.line)", "status": block.status,
                                                         "status_ja": statusJapanese[block.status] ?? block.status,
                                                         "findings": block.findings]
                            // Set even without a title: a key the block lacks
                            // is looked up in the page around it, and the
                            // block would show the page's title as its own.
                            values["title"] = block.title?.english ?? false
                            values["title_ja"] = block.title?.japanese ?? false
                            if !block.groups.isEmpty {
                                let names = Bilingual.joining(block.groups, english: "; ", japanese: "；")
                                (values["groups"], values["groups_ja"]) = (names.english, names.japanese)
                            }
                            return values
                        },
                    ]
                    if let pageHref { values["href"] = pageHref }
                    values["has_rows"] = !page.rows.isEmpty
                    values["has_blocks"] = !page.blocks.isEmpty
                    return values
                },
            ]
            if let tag = entry.tag { item["tag"] = tag }
            item["configuration_changed"] = entry.configurationChanged
            item["has_pages"] = !entry.pages.isEmpty
            if !entry.tokens.isEmpty { item["tokens"] = entry.tokens.joined(separator: ", ") }
            return item
        }
        values["empty"] = entries.isEmpty
        values["nav"] = context.navigationValues(rootPrefix: rootPrefix)
        values["toc"] = [[String: Any]]()
        values["has_toc"] = false
        return values
    }

    private static let statusJapanese = ["added": "追加", "removed": "削除", "changed": "変更", "renamed": "名前の変更",
                                         "same": "同じ"]
}
