import KumikiSupport

/// The guideline checks run on every solved environment.
///
/// Small differences (under 0.01 pt) are rounding, not findings.
enum GuidelineChecks {
    static let minimumTouchTarget = 44.0
    static let tolerance = 0.01

    /// The findings for the shown views, given as their declarations and
    /// frames in declaration order.
    /// - Parameter messages: Messages already written for this block's
    ///   views, reused when a finding recurs with the same numbers.
    static func findings(
        declarations: [ViewDeclaration?], frames: [Rect], environment: Environment, messages: inout FindingMessages
    ) -> [Finding] {
        var result: [Finding] = []
        var shown: [(view: ViewDeclaration, frame: Rect, position: Int)] = []
        shown.reserveCapacity(frames.count)
        for (position, (declaration, frame)) in zip(declarations, frames).enumerated() {
            if let declaration { shown.append((declaration, frame, position)) }
        }
        for (view, frame, position) in shown {
            // Names are quoted only for the findings there are.
            func name() -> (en: String, ja: String) { quoted(view) }
            func add(_ kind: Finding.Kind, _ numbers: [Double], _ make: () -> (String, String)) {
                let text = messages.text(for: .init(kind: kind, first: position, second: -1, numbers: numbers), make)
                result.append(Finding(kind: kind, views: [view.name], message: text.en, messageJapanese: text.ja))
            }
            if view.kind.isInteractive {
                if frame.width < minimumTouchTarget - tolerance || frame.height < minimumTouchTarget - tolerance {
                    add(.touchTarget, [frame.width, frame.height]) {
                        ("\(name().en) is \(size(frame)), smaller than the 44 × 44 pt minimum touch target",
                         "\(name().ja)は \(size(frame)) で、最小タッチ領域 44 × 44 pt より小さくなっています")
                    }
                }
                if !contains(environment.safeArea, frame) {
                    add(.outsideSafeArea, []) {
                        ("\(name().en) reaches outside the safe area",
                         "\(name().ja)がセーフエリアの外にはみ出しています")
                    }
                }
            }
            // What the hardware hides or clips matters for text and controls;
            // a backdrop (a full-bleed picture, a plain area) may run under it.
            if view.kind.carriesContent {
                if let indicator = environment.homeIndicator {
                    if view.kind.isInteractive {
                        // A control near the indicator loses its taps to the
                        // home gesture: the whole band from 8 pt above it counts.
                        let band = Rect(x: environment.screen.x, y: indicator.y - 8, width: environment.screen.width,
                                        height: environment.screen.maxY - (indicator.y - 8))
                        if intersects(band, frame) {
                            add(.underHomeIndicator, []) {
                                ("\(name().en) is under the home indicator, where a swipe goes home instead of tapping",
                                 "\(name().ja)がホームインジケータに重なっています。スワイプでホームに戻ってしまい、タップできません")
                            }
                        }
                    } else if intersects(indicator, frame) {
                        // Text is only lost where the indicator is drawn over it.
                        add(.underHomeIndicator, []) {
                            ("\(name().en) is under the home indicator, which is drawn over it",
                             "\(name().ja)がホームインジケータの下にあり、一部が隠れています")
                        }
                    }
                }
                if let housing = environment.sensorHousing, intersects(housing, frame) {
                    add(.underSensorHousing, []) {
                        ("\(name().en) is under the sensor housing, where the screen shows nothing",
                         "\(name().ja)がセンサーハウジング（ノッチや Dynamic Island）に隠れています")
                    }
                }
                if inRoundedCorner(frame, screen: environment.screen, radius: environment.cornerRadius) {
                    add(.inRoundedCorner, []) {
                        ("\(name().en) reaches into a rounded corner of the display, which clips it",
                         "\(name().ja)が画面の角丸に切り取られる位置にあります")
                    }
                }
            }
            if !contains(environment.screen, frame) {
                let screen = environment.screen
                add(.offScreen, [frame.x, frame.y, frame.width, frame.height, screen.width, screen.height]) {
                    // The frame's description brings its own parentheses.
                    ("\(name().en) is partly off screen at \(frame) on a \(screen.width.pointText) × \(screen.height.pointText) pt screen",
                     "\(name().ja)の一部が画面の外に出ています。位置と大きさは \(frame)、画面は \(screen.width.pointText) × \(screen.height.pointText) pt です")
                }
            }
            if view.kind == .label && frame.width > environment.readable.width + tolerance {
                let readable = environment.readable.width
                add(.textWiderThanReadable, [frame.width, readable]) {
                    ("\(name().en) is \(frame.width.pointText) pt wide, wider than the readable width of \(readable.pointText) pt",
                     "\(name().ja)の幅 \(frame.width.pointText) pt が、読みやすい幅 \(readable.pointText) pt を超えています")
                }
            }
        }
        // Overlaps, each pair once, in declaration order. A view lying wholly
        // inside a backdrop (view, image, card, sheet) is layered on it on
        // purpose; anything else sharing an area is an overlap: two controls,
        // text on text, or a view only partly over a backdrop. The pairs grow
        // with the square of the views, and every finding is numbered, drawn
        // and listed: past `LayoutLimits.maximumOverlapsPerEnvironment` the
        // rest are left out, a block that crowded is unreadable anyway.
        var overlaps = 0
        pairs: for i in shown.indices {
            let (a, fa) = (shown[i].view, shown[i].frame)
            for j in (i + 1)..<shown.count {
                let fb = shown[j].frame
                guard intersects(fa, fb) else { continue }
                let b = shown[j].view
                if (a.kind.isBackdrop && contains(fa, fb)) || (b.kind.isBackdrop && contains(fb, fa)) { continue }
                guard overlaps < LayoutLimits.maximumOverlapsPerEnvironment else { break pairs }
                overlaps += 1
                let text = messages.text(for: .init(kind: .overlap, first: shown[i].position, second: shown[j].position, numbers: [])) {
                    let na = quoted(a), nb = quoted(b)
                    return ("\(na.en) and \(nb.en) overlap", "\(na.ja)と\(nb.ja)が重なっています")
                }
                result.append(Finding(kind: .overlap, views: [a.name, b.name], message: text.en, messageJapanese: text.ja))
            }
        }
        return result
    }

    /// `'go' ("Continue")` and `「go」（続ける）`.
    static func quoted(_ view: ViewDeclaration) -> (en: String, ja: String) {
        let en = view.label.isEmpty ? "'\(view.name)'" : "'\(view.name)' (\"\(view.label)\")"
        let jaLabel = view.labelJapanese.isEmpty ? view.label : view.labelJapanese
        let ja = jaLabel.isEmpty ? "「\(view.name)」" : "「\(view.name)」（\(jaLabel)）"
        return (en, ja)
    }

    private static func size(_ frame: Rect) -> String { "\(frame.width.pointText) × \(frame.height.pointText) pt" }

    /// `outer` holds `inner`, give or take the tolerance.
    static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        inner.minX >= outer.minX - tolerance && inner.minY >= outer.minY - tolerance
            && inner.maxX <= outer.maxX + tolerance && inner.maxY <= outer.maxY + tolerance
    }

    /// The two rectangles share an area (touching edges do not count).
    static func intersects(_ a: Rect, _ b: Rect) -> Bool {
        min(a.maxX, b.maxX) - max(a.minX, b.minX) > tolerance && min(a.maxY, b.maxY) - max(a.minY, b.minY) > tolerance
    }

    /// Whether `frame` reaches into the region a corner of radius `radius`
    /// clips: inside the corner's r × r square but farther than r from the
    /// arc's centre. (Apple's corners are continuous curves, slightly
    /// fuller than a circular arc; the arc is the conservative model.)
    static func inRoundedCorner(_ frame: Rect, screen: Rect, radius: Double) -> Bool {
        guard radius > 0 else { return false }
        let corners: [(cx: Double, cy: Double, sx: Double, sy: Double)] = [
            (screen.minX + radius, screen.minY + radius, -1, -1),
            (screen.maxX - radius, screen.minY + radius, 1, -1),
            (screen.minX + radius, screen.maxY - radius, -1, 1),
            (screen.maxX - radius, screen.maxY - radius, 1, 1),
        ]
        for corner in corners {
            // The part of the frame inside the corner's square.
            let squareMinX = corner.sx < 0 ? screen.minX : corner.cx
            let squareMaxX = corner.sx < 0 ? corner.cx : screen.maxX
            let squareMinY = corner.sy < 0 ? screen.minY : corner.cy
            let squareMaxY = corner.sy < 0 ? corner.cy : screen.maxY
            let x0 = max(frame.minX, squareMinX), x1 = min(frame.maxX, squareMaxX)
            let y0 = max(frame.minY, squareMinY), y1 = min(frame.maxY, squareMaxY)
            guard x1 - x0 > tolerance, y1 - y0 > tolerance else { continue }
            // Its point farthest from the arc's centre, towards the corner.
            let px = corner.sx < 0 ? x0 : x1
            let py = corner.sy < 0 ? y0 : y1
            let dx = px - corner.cx, dy = py - corner.cy
            if (dx * dx + dy * dy).squareRoot() > radius + 0.5 { return true }
        }
        return false
    }
}

/// The messages of the findings made so far for one compiled block, by
/// what they depend on: the kind, the views (by position) and the numbers
/// printed, bit for bit. A block's environments repeat the same findings
/// with the same sizes, and writing a message costs far more than finding.
struct FindingMessages {
    struct Key: Hashable {
        var kind: Finding.Kind
        var first: Int
        var second: Int
        /// The printed numbers' bit patterns (so that 0 and −0 differ, as their text may).
        var numbers: [UInt64]

        init(kind: Finding.Kind, first: Int, second: Int, numbers: [Double]) {
            self.kind = kind
            self.first = first
            self.second = second
            self.numbers = numbers.map(\.bitPattern)
        }
    }

    private var known: [Key: (en: String, ja: String)] = [:]

    /// The message for `key`, written by `make` the first time.
    mutating func text(for key: Key, _ make: () -> (String, String)) -> (en: String, ja: String) {
        if let text = known[key] { return text }
        let text = make()
        known[key] = text
        return text
    }
}
