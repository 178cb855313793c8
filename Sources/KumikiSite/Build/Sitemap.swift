import KumikiSupport
import KumikiMarkdown

/// `sitemap.xml`: every page's absolute address, the section pages after
/// the guideline pages. Written only when the base URL is known, since a
/// sitemap must hold absolute URLs.
enum Sitemap {
    static func xml(baseURL: String, slugs: [String], sectionSlugs: [String] = []) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        let sections = sectionSlugs.map { "\(Navigation.sectionsFolder)/\($0)/" }
        for path in [""] + slugs.map({ "\($0)/" }) + sections {
            // Percent-encoded as the base URL is: a sitemap's URLs are ASCII.
            xml += "  <url><loc>\((baseURL + path).percentEncodedForHref.htmlEscaped)</loc></url>\n"
        }
        xml += "</urlset>\n"
        return xml
    }
}
