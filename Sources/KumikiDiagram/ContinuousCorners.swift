import KumikiLayout
import KumikiLayoutLanguage

/// The outline of a rectangle with *continuous* corners, the kind Apple
/// uses for display corners and `CALayer.cornerCurve = .continuous`.
///
/// A circular arc joins a straight edge with a jump in curvature (0 on the
/// edge, 1/r on the arc), which the eye reads as a small kink. A continuous
/// corner lets the curvature grow from 0 instead. This construction does it
/// with two cubic Béziers per corner, mirrored about the corner's diagonal.
/// In the corner's own frame (the corner at the origin, one edge along
/// the positive x axis, the other along the positive y axis), the first
/// cubic runs from the edge to the 45° point of the circular arc of radius
/// r:
///
/// - P0 = (s, 0), with s = 1.528 r: the curve leaves the edge this far from
///   the corner, about half a radius earlier than a circular arc would.
/// - P3 = (k, k), k = (1 − 1/√2) r: the arc's midpoint, so the middle of the
///   corner sits exactly where a circular corner of the same radius puts it.
/// - P2 = (2k, 0): on the edge line (so P0, P1, P2 are collinear and the
///   curvature at P0 is 0) and on the tangent at P3 (the line x + y = 2k),
///   so the curve arrives at P3 at 45°.
/// - P1 = (2k + d, 0) with d = 3√2 k² / r: the one length that makes the
///   curvature at P3, (2/3) · |(P2 − P3) × (P1 − P2)| / |P3 − P2|³ = d / (3√2 k²),
///   equal to 1/r.
///
/// The mirrored cubic continues from P3 with the same tangent and the same
/// curvature, so the whole outline is curvature-continuous (G2). When a
/// side is too short for two corners of length s, the radius shrinks to fit.
struct ContinuousCorners {
    /// How far along each edge the curve starts, in radii.
    static let extent = 1.528
    /// The arc midpoint's distance from each edge, in radii: 1 − 1/√2.
    static let apex = 1 - 1 / 2.0.squareRoot()
    /// P1's distance from the corner, in radii: 2k + 3√2 k².
    static let handle = 2 * apex + 3 * 2.0.squareRoot() * apex * apex

    var rect: Rect
    var radius: Double

    /// The radius actually drawn: `radius`, or less on a small rectangle.
    var effectiveRadius: Double {
        max(0, min(radius, min(rect.width, rect.height) / (2 * Self.extent)))
    }

    /// An SVG path (`d`) of the outline, clockwise from the top edge. With no
    /// radius it is a plain rectangle.
    var path: String {
        let r = effectiveRadius
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        guard r > 0 else {
            return "M\(x0.svg) \(y0.svg)H\(x1.svg)V\(y1.svg)H\(x0.svg)z"
        }
        let s = Self.extent * r
        var d = "M\((x0 + s).svg) \(y0.svg)H\((x1 - s).svg)"
        // Each corner as two relative cubics, turning clockwise. (dx, dy)
        // is the direction of travel along the incoming edge; the outgoing
        // edge turns 90° clockwise from it: (−dy, dx) in screen coordinates.
        for (dx, dy, end) in [(1.0, 0.0, "V\((y1 - s).svg)"), (0, 1, "H\((x0 + s).svg)"), (-1, 0, "V\((y0 + s).svg)"), (0, -1, "")] {
            d += corner(radius: r, along: (dx, dy)) + end
        }
        return d + "z"
    }

    /// The four regions between the rectangle's corners and the curves, as
    /// one path: what the rounding cuts off, reaching `overhang` points
    /// beyond the rectangle so strokes on its edges are covered too. Empty
    /// with no radius.
    func cornerWedges(overhang o: Double) -> String {
        let r = effectiveRadius
        guard r > 0 else { return "" }
        let s = Self.extent * r
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        // For each corner, clockwise: the point where the curve leaves the
        // incoming edge, the direction of travel along it, and the outward
        // normal of that edge (the outgoing edge's is the reversed travel
        // direction).
        let corners: [(start: (Double, Double), along: (Double, Double), out: (Double, Double))] = [
            ((x1 - s, y0), (1, 0), (0, -1)),
            ((x1, y1 - s), (0, 1), (1, 0)),
            ((x0 + s, y1), (-1, 0), (0, 1)),
            ((x0, y0 + s), (0, -1), (-1, 0)),
        ]
        return corners.map { c in
            let (u, n) = (c.along, c.out)
            let outward = (c.start.0 + o * n.0, c.start.1 + o * n.1)
            // The corner pushed out along both normals; the end of the curve.
            let outerCorner = (c.start.0 + s * u.0 + o * (n.0 + u.0), c.start.1 + s * u.1 + o * (n.1 + u.1))
            let end = (c.start.0 + s * u.0 - s * n.0, c.start.1 + s * u.1 - s * n.1)
            let endOutward = (end.0 + o * u.0, end.1 + o * u.1)
            return "M\(outward.0.svg) \(outward.1.svg)L\(c.start.0.svg) \(c.start.1.svg)" + self.corner(radius: r, along: u)
                + "L\(endOutward.0.svg) \(endOutward.1.svg)L\(outerCorner.0.svg) \(outerCorner.1.svg)z"
        }.joined()
    }

    /// The two cubics of one corner, relative to the point where the curve
    /// leaves the incoming edge.
    private func corner(radius r: Double, along u: (Double, Double)) -> String {
        let v = (-u.1, u.0)  // the outgoing direction
        let s = Self.extent * r, k = Self.apex * r, h = Self.handle * r
        // Points in the corner frame: a = distance left along the incoming
        // edge to the corner, b = distance along the outgoing edge.
        func point(_ a: Double, _ b: Double) -> (Double, Double) {
            // From P0 (s before the corner) to the corner is s·u; then b·v.
            (u.0 * (s - a) + v.0 * b, u.1 * (s - a) + v.1 * b)
        }
        let p1 = point(h, 0), p2 = point(2 * k, 0), p3 = point(k, k)
        let q1 = point(0, 2 * k), q2 = point(0, h), q3 = point(0, s)
        func c(_ a: (Double, Double), _ b: (Double, Double), _ e: (Double, Double), from o: (Double, Double)) -> String {
            "c\((a.0 - o.0).svg) \((a.1 - o.1).svg) \((b.0 - o.0).svg) \((b.1 - o.1).svg) \((e.0 - o.0).svg) \((e.1 - o.1).svg)"
        }
        return c(p1, p2, p3, from: (0, 0)) + c(q1, q2, q3, from: p3)
    }
}
