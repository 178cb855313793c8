/// The anchor (element id) of every segment of a page: the one scheme that
/// search results, the translators' page and history marks link rows with.
///
/// A heading row keeps its heading's anchor (`layout-guides`). Every other
/// segment is named after the heading above it and its place below that
/// heading: the third segment after `## Layout guides` is `layout-guides_3`,
/// and segments before the first heading are `_1`, `_2`…. Counting restarts
/// at each heading, so editing one section never moves the anchors of
/// another. Heading anchors hold only letters, digits and hyphens
/// (`Anchor.slug`), so the underscore keeps the two kinds apart.
public enum RowAnchor {
    /// One anchor per segment, in order.
    /// - Parameters:
    ///   - segmentCount: the number of the page's segments.
    ///   - headings: the page's headings with their segment indexes.
    public static func anchors(segmentCount: Int, headings: [Page.Heading]) -> [String] {
        var headingAnchors: [Int: String] = [:]
        for heading in headings where headingAnchors[heading.segmentIndex] == nil {
            headingAnchors[heading.segmentIndex] = heading.anchor
        }
        var anchors: [String] = []
        anchors.reserveCapacity(segmentCount)
        var section = ""
        var position = 0
        for index in 0..<segmentCount {
            if let heading = headingAnchors[index] {
                anchors.append(heading)
                section = heading
                position = 0
            } else {
                position += 1
                anchors.append("\(section)_\(position)")
            }
        }
        return anchors
    }
}

extension Page {
    /// The anchor of each of `segments`, by index (`RowAnchor`).
    public var segmentAnchors: [String] {
        RowAnchor.anchors(segmentCount: segments.count, headings: headings)
    }
}
