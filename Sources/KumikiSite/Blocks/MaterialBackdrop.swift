import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage
import KumikiDiagram

/// The colourful picture every material swatch is laid over: a few bright
/// shapes on a plain ground, the same in every swatch so the materials are
/// compared over identical content.
///
/// Shapes are laid out for a 240 × 280 canvas and stretched vertically to
/// the swatch's height; the same geometry is drawn as SVG and sampled for
/// the average colour, so the contrast figures describe what is drawn.
struct MaterialBackdrop: Sendable {
    enum Shape: Sendable {
        case ellipse(cx: Double, cy: Double, rx: Double, ry: Double)
        case rect(x: Double, y: Double, width: Double, height: Double)
        case polygon([(x: Double, y: Double)])
    }

    /// The canvas the shapes are designed on.
    static let designWidth = 240.0
    static let designHeight = 280.0

    var ground: RGB
    var shapes: [(shape: Shape, color: RGB)]

    /// The backdrop for `appearance`, stretched to `height`: a pale ground in
    /// light, a dark one in dark, with the same bright shapes.
    init(_ appearance: MaterialModel.Appearance, height: Double) {
        ground = appearance == .light ? RGB(hex: 0xF2EEE6) : RGB(hex: 0x16161D)
        let k = height / Self.designHeight
        let orange = RGB(hex: 0xFF9500), blue = RGB(hex: 0x007AFF), green = RGB(hex: 0x34C759)
        let pink = RGB(hex: 0xFF2D55), purple = RGB(hex: 0xAF52DE), yellow = RGB(hex: 0xFFCC00), teal = RGB(hex: 0x5AC8FA)
        shapes = [
            (.ellipse(cx: 46, cy: 60 * k, rx: 52, ry: 52 * k), orange),
            (.rect(x: 96, y: 10 * k, width: 30, height: 100 * k), yellow),
            (.ellipse(cx: 200, cy: 92 * k, rx: 64, ry: 64 * k), blue),
            (.rect(x: 60, y: 128 * k, width: 200, height: 40 * k), green),
            (.ellipse(cx: 36, cy: 196 * k, rx: 44, ry: 44 * k), pink),
            (.polygon([(120, 170 * k), (250, 262 * k), (70, 290 * k)]), purple),
            (.rect(x: -20, y: 244 * k, width: 110, height: 26 * k), yellow),
            (.ellipse(cx: 178, cy: 214 * k, rx: 26, ry: 26 * k), teal),
        ]
    }

    /// The colour at a point: the last shape that covers it, else the ground.
    func color(x: Double, y: Double) -> RGB {
        for (shape, color) in shapes.reversed() where shape.contains(x: x, y: y) { return color }
        return ground
    }

    /// The mean colour of `rect`, sampled at the centre of every unit square.
    ///
    /// The Gaussian blur keeps a picture's mean, so this is also the mean of
    /// the blurred backdrop behind a material in that rectangle (up to the
    /// little the blur pulls in across its edges).
    func averageColor(in rect: Rect) -> RGB {
        var (red, green, blue, count) = (0.0, 0.0, 0.0, 0.0)
        var y = rect.minY + 0.5
        while y < rect.maxY {
            var x = rect.minX + 0.5
            while x < rect.maxX {
                let color = color(x: x, y: y)
                red += color.red
                green += color.green
                blue += color.blue
                count += 1
                x += 1
            }
            y += 1
        }
        guard count > 0 else { return ground }
        return RGB(red: red / count, green: green / count, blue: blue / count)
    }

    /// The SVG of the backdrop, with the ground reaching `margin` beyond the
    /// canvas so a blur does not darken the edges.
    func svg(width: Double, height: Double, margin: Double) -> String {
        var svg = "<rect x=\"\((-margin).svg)\" y=\"\((-margin).svg)\" width=\"\((width + 2 * margin).svg)\" height=\"\((height + 2 * margin).svg)\" fill=\"\(ground.hex)\"/>"
        for (shape, color) in shapes {
            switch shape {
            case .ellipse(let cx, let cy, let rx, let ry):
                svg += "<ellipse cx=\"\(cx.svg)\" cy=\"\(cy.svg)\" rx=\"\(rx.svg)\" ry=\"\(ry.svg)\" fill=\"\(color.hex)\"/>"
            case .rect(let x, let y, let w, let h):
                svg += "<rect x=\"\(x.svg)\" y=\"\(y.svg)\" width=\"\(w.svg)\" height=\"\(h.svg)\" fill=\"\(color.hex)\"/>"
            case .polygon(let points):
                let list = points.map { "\($0.x.svg),\($0.y.svg)" }.joined(separator: " ")
                svg += "<polygon points=\"\(list)\" fill=\"\(color.hex)\"/>"
            }
        }
        return svg
    }
}

extension MaterialBackdrop.Shape {
    func contains(x: Double, y: Double) -> Bool {
        switch self {
        case .ellipse(let cx, let cy, let rx, let ry):
            guard rx > 0, ry > 0 else { return false }
            let dx = (x - cx) / rx, dy = (y - cy) / ry
            return dx * dx + dy * dy <= 1
        case .rect(let rx, let ry, let width, let height):
            return x >= rx && x <= rx + width && y >= ry && y <= ry + height
        case .polygon(let points):
            // Even-odd ray casting.
            var inside = false
            var j = points.count - 1
            for i in points.indices {
                let (a, b) = (points[i], points[j])
                if (a.y > y) != (b.y > y), x < (b.x - a.x) * (y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
                j = i
            }
            return inside
        }
    }
}
