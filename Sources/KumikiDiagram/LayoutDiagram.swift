import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage

/// The diagram of one layout block in one environment: the device at true
/// scale in points with its continuous display corners, sensor housing,
/// home indicator and system bars; the safe area, layout margins and
/// readable content guide as quiet tints; the views drawn by kind with
/// their labels in both languages; and every finding, broken constraint and
/// ambiguous view marked where it is.
///
/// The SVG carries no colours of its own: every shape has a class
/// (`k-button`, `k-safe`, …) that the page's stylesheet paints from its
/// custom properties, so light and dark appearance and the language toggle
/// reach an inline diagram. A view's `fill` and `textColor` tokens are
/// the one exception: its group carries them as custom properties
/// (`--k-fill`, `--k-text`, and `--k-fill-dark`, `--k-text-dark` where dark
/// appearance differs), which the classes `k-tf` and `k-tt` paint with,
/// the page's `prefers-color-scheme` choosing between them. A standalone file embeds ``DiagramStyle/css``, the
/// same rules with the light values as fallbacks. A page of many diagrams
/// draws each device frame once and refers to it (``svg(scale:sharing:)``).
///
/// The output is deterministic: numbers have at most two decimals,
/// elements come in a fixed order (guides, bars, views in declaration
/// order, the device's own parts, then the marks).
public struct LayoutDiagram: Sendable {
    /// Where the SVG goes.
    public enum Form: Sendable {
        /// Inside an HTML page: no namespace declaration, no style sheet
        /// (the page's applies).
        case inline
        /// A file of its own: the SVG namespace and an embedded style sheet.
        case standalone
    }

    public var solution: EnvironmentSolution
    public var program: LayoutProgram
    /// The block's numbered findings, so badges match the list under the
    /// gallery.
    public var findings: BlockFindings

    /// Padding around the screen, in points: room for the bezel stroke.
    static let padding = 5.0

    public init(solution: EnvironmentSolution, program: LayoutProgram, findings: BlockFindings? = nil) {
        self.solution = solution
        self.program = program
        self.findings = findings ?? BlockFindings([solution], program: program)
    }

    public var environment: Environment { solution.environment }

    /// The area drawn, in points: the screen and its bezel, widened to show
    /// views that stick out of it (at most half a screen further).
    public var bounds: Rect {
        let screen = solution.environment.screen
        var minX = screen.minX - Self.padding, minY = screen.minY - Self.padding
        var maxX = screen.maxX + Self.padding, maxY = screen.maxY + Self.padding
        for name in solution.views {
            guard let frame = solution.frames[name] else { continue }
            minX = min(minX, frame.minX - Self.padding)
            minY = min(minY, frame.minY - Self.padding)
            maxX = max(maxX, frame.maxX + Self.padding)
            maxY = max(maxY, frame.maxY + Self.padding)
        }
        minX = max(minX, screen.minX - screen.width / 2)
        maxX = min(maxX, screen.maxX + screen.width / 2)
        minY = max(minY, screen.minY - screen.height / 2)
        maxY = min(maxY, screen.maxY + screen.height / 2)
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    // MARK: Words

    /// "iPhone X / XS / 11 Pro, portrait: 2 problems" and
    /// "iPhone X / XS / 11 Pro、縦向き：問題 2 件".
    public var title: Bilingual<String> {
        Self.title(name: EnvironmentNames.name(of: environment), problems: problemCount)
    }

    /// The device, its size and size classes, then what is wrong.
    public var description: Bilingual<String> { describe(frames: nil) }

    /// The environment's own sentences of the description: its name, its
    /// size and size classes, and its window's size.
    static func environmentSentences(_ environment: Environment) -> Bilingual<String> {
        let name = EnvironmentNames.name(of: environment)
        let classes = EnvironmentNames.sizeClasses(environment.sizeClasses)
        let screen = "\(environment.screen.width.pointText) × \(environment.screen.height.pointText) pt"
        var sentences = [Bilingual("\(name.english), \(screen), \(classes.english).", "\(name.japanese)、\(screen)、\(classes.japanese)。")]
        if environment.window != environment.screen {
            let window = "\(environment.window.width.pointText) × \(environment.window.height.pointText) pt"
            sentences.append(Bilingual("The app's window is \(window).", "アプリのウインドウは \(window) です。"))
        }
        return .joining(sentences, english: " ", japanese: "")
    }

    /// `description`, with the environment's sentences taken from `frames`
    /// when given (written once a build for each environment).
    private func describe(frames: FrameDrawings?) -> Bilingual<String> {
        let environment = frames.map { drawing(in: $0).sentences } ?? Self.environmentSentences(environment)
        let problems = problemSentences
        return Bilingual(environment.english + " " + problems.english, environment.japanese + problems.japanese)
    }

    /// The description's sentences after the environment's: the findings,
    /// broken constraints and ambiguous views, or that there are none.
    private var problemSentences: Bilingual<String> {
        var sentences: [Bilingual<String>] = []
        for finding in solution.findings {
            let number = findings.number(of: finding).map { "\($0). " } ?? ""
            let text = findings.text(of: finding)
            sentences.append(Bilingual("\(number)\(text.english).", "\(number)\(text.japanese)。"))
        }
        for broken in requiredBroken {
            let line = broken.location.line
            sentences.append(Bilingual("Broken constraint: \(broken.text) (line \(line)).", "満たされない制約：\(broken.text)（\(line) 行目）。"))
        }
        if !solution.ambiguous.isEmpty {
            sentences.append(Bilingual(
                "Ambiguous: \(solution.ambiguous.map { "'\($0)'" }.joined(separator: ", ")).",
                "位置が定まらないビュー：\(solution.ambiguous.map { "「\($0)」" }.joined(separator: "、"))。"))
        }
        if problemCount == 0 { sentences.append(Bilingual("No problems found.", "問題は見つかりませんでした。")) }
        return .joining(sentences, english: " ", japanese: "")
    }

    /// The title for an environment named `name` with `count` problems.
    private static func title(name: Bilingual<String>, problems count: Int) -> Bilingual<String> {
        guard count > 0 else { return name }
        return Bilingual("\(name.english): \(count) problem\(count == 1 ? "" : "s")", "\(name.japanese)：問題 \(count) 件")
    }

    /// Findings, broken constraints and ambiguous views.
    public var problemCount: Int {
        solution.findings.count + requiredBroken.count + (solution.ambiguous.isEmpty ? 0 : 1)
    }

    /// The required constraints the solution could not satisfy.
    public var requiredBroken: [BrokenConstraint] { solution.broken.filter { $0.constraint.isRequired } }

    // MARK: Drawing

    /// The SVG. `scale` is CSS pixels per point for the `width` and
    /// `height` attributes (the drawing itself is always in points), and
    /// sizes the badges and marks so they stay legible at that scale.
    public func svg(scale: Double = 1, form: Form = .standalone) -> String {
        var unshared: DiagramDefinitions? = nil
        return draw(scale: scale, form: form, definitions: &unshared)
    }

    /// The SVG for an HTML page of many diagrams: as the inline form, but
    /// the device's frame (everything under the views, and the hardware
    /// and bezel over them) is a `<use>` of a drawing added to
    /// `definitions`, which the page writes once (``DiagramDefinitions/html``).
    /// `frames`, when given, draws each environment's frame once for all
    /// the diagrams that share it; `bodies`, when given, draws the views and
    /// marks once for all the diagrams of a block that place them alike
    /// (``DiagramBodies``).
    public func svg(
        scale: Double = 1, sharing definitions: inout DiagramDefinitions, frames: FrameDrawings? = nil
    ) -> String {
        var bodies: DiagramBodies? = nil
        return svg(scale: scale, sharing: &definitions, frames: frames, bodies: &bodies)
    }

    public func svg(
        scale: Double = 1, sharing definitions: inout DiagramDefinitions, frames: FrameDrawings? = nil,
        bodies: inout DiagramBodies
    ) -> String {
        var shared: DiagramBodies? = bodies
        // Moved out and back, so the dictionary inside is not copied.
        bodies = DiagramBodies()
        defer { bodies = shared ?? DiagramBodies() }
        return svg(scale: scale, sharing: &definitions, frames: frames, bodies: &shared)
    }

    private func svg(
        scale: Double, sharing definitions: inout DiagramDefinitions, frames: FrameDrawings?, bodies: inout DiagramBodies?
    ) -> String {
        var shared: DiagramDefinitions? = definitions
        definitions = DiagramDefinitions()
        defer { definitions = shared ?? DiagramDefinitions() }
        return draw(scale: scale, form: .inline, definitions: &shared, frames: frames, bodies: &bodies)
    }

    private func draw(scale: Double, form: Form, definitions: inout DiagramDefinitions?, frames: FrameDrawings? = nil) -> String {
        var bodies: DiagramBodies? = nil
        return draw(scale: scale, form: form, definitions: &definitions, frames: frames, bodies: &bodies)
    }

    private func draw(
        scale: Double, form: Form, definitions: inout DiagramDefinitions?, frames: FrameDrawings?, bodies: inout DiagramBodies?
    ) -> String {
        let box = bounds
        let pixel = 1 / max(scale, 0.01)
        let environmentDrawing = frames.map { drawing(in: $0) } ?? unsharedDrawing()
        let body = bodies?.body(for: bodyKey(scale: scale)) { drawBody(pixel: pixel, box: box) } ?? drawBody(pixel: pixel, box: box)
        // The parts' texts come escaped (escaping a text part by part is
        // escaping it whole), so they are copied in as they are, into a
        // text reserved at its final size.
        let sentences = environmentDrawing.sentences, problems = body.problems
        var out = SVGMarkup(capacity: 320 + environmentDrawing.title.utf8.count + body.titleSuffix.utf8.count
            + sentences.english.utf8.count + sentences.japanese.utf8.count + problems.english.utf8.count
            + problems.japanese.utf8.count + body.views.utf8.count + body.marks.utf8.count)
        out.start("svg")
        if form == .standalone { out.verbatimAttribute("xmlns", "http://www.w3.org/2000/svg") }
        out.classes("k-diagram")
        out.verbatimAttribute("viewBox", "\(box.x.svg) \(box.y.svg) \(box.width.svg) \(box.height.svg)")
        out.attribute("width", number: box.width * scale)
        out.attribute("height", number: box.height * scale)
        out.verbatimAttribute("role", "img")
        out.attribute("font-size", number: solution.environment.textSize.bodyPointSize)
        out.endOpen()
        out.raw("<title>")
        out.raw(environmentDrawing.title)
        out.raw(body.titleSuffix)
        out.raw("</title><desc>")
        out.raw(sentences.english)
        out.raw(" ")
        out.raw(problems.english)
        out.raw("</desc><desc lang=\"ja\">")
        out.raw(sentences.japanese)
        out.raw(problems.japanese)
        out.raw("</desc>")
        if form == .standalone {
            let colored = solution.style.views.values.contains { $0.fill != nil || $0.textColor != nil }
            out.element("style", content: DiagramStyle.css(withTokenColors: colored))
        }
        Self.place(environmentDrawing.frame.under, into: &out, definitions: &definitions)
        out.raw(body.views)
        Self.place(environmentDrawing.frame.over, into: &out, definitions: &definitions)
        out.raw(body.marks)
        out.close("svg")
        return out.text
    }

    /// This diagram's environment as `frames` keeps it, drawn there once.
    private func drawing(in frames: FrameDrawings) -> FrameDrawings.Drawing {
        frames.drawing(for: solution.environment) {
            let (under, over) = drawFrame()
            return drawing(frame: FrameDrawings.Frame(
                under: (under, DiagramDefinitions.id(of: under)), over: (over, DiagramDefinitions.id(of: over))))
        }
    }

    /// This diagram's environment drawn for it alone: the frame's ids are
    /// left for `definitions` to compute.
    private func unsharedDrawing() -> FrameDrawings.Drawing {
        let (under, over) = drawFrame()
        return drawing(frame: FrameDrawings.Frame(under: (under, ""), over: (over, "")))
    }

    private func drawing(frame: FrameDrawings.Frame) -> FrameDrawings.Drawing {
        let sentences = Self.environmentSentences(environment)
        return FrameDrawings.Drawing(
            frame: frame, title: EnvironmentNames.name(of: environment).english.htmlEscaped,
            sentences: Bilingual(sentences.english.htmlEscaped, sentences.japanese.htmlEscaped))
    }

    /// Everything the views, marks and problem sentences are drawn from
    /// besides the block's program and findings (``DiagramBodies``).
    func bodyKey(scale: Double) -> DiagramBodies.Key {
        var frames = solution.views.map { solution.frames[$0] }
        for finding in solution.findings {
            for view in finding.views { frames.append(solution.frames[view]) }
        }
        return DiagramBodies.Key(
            screen: solution.environment.screen, textSize: solution.environment.textSize, scale: scale, views: solution.views,
            frames: frames, style: solution.style, findings: solution.findings, broken: requiredBroken.map(\.constraint),
            ambiguous: solution.ambiguous)
    }

    /// The views, the marks and the problems' sentences.
    private func drawBody(pixel: Double, box: Rect) -> DiagramBodies.Body {
        var views = SVGMarkup(capacity: 1024)
        for name in solution.views {
            guard let frame = solution.frames[name], let view = program.view(named: name) else { continue }
            drawView(view, frame: frame, into: &views)
        }
        var marks = SVGMarkup()
        drawMarks(&marks, pixel: pixel, box: box)
        let problems = problemSentences, count = problemCount
        return DiagramBodies.Body(
            views: views.text, marks: marks.text,
            titleSuffix: count > 0 ? ": \(count) problem\(count == 1 ? "" : "s")".htmlEscaped : "",
            problems: Bilingual(problems.english.htmlEscaped, problems.japanese.htmlEscaped))
    }

    /// The device's frame: what lies under the views (screen, guides,
    /// bars) and over them (sensor housing, home indicator, bezel). It
    /// depends on the environment alone.
    private func drawFrame() -> (under: String, over: String) {
        var under = SVGMarkup()
        drawScreen(&under)
        drawGuides(&under)
        drawBars(&under)
        var over = SVGMarkup()
        drawHardware(&over)
        drawBezel(&over)
        return (under.text, over.text)
    }

    /// A part of the frame: written out, or drawn by reference to a shared
    /// drawing (its id already known when `part.id` is not empty).
    private static func place(_ part: (drawing: String, id: String), into out: inout SVGMarkup, definitions: inout DiagramDefinitions?) {
        let drawing = part.drawing
        guard !drawing.isEmpty else { return }
        if let id = part.id.isEmpty ? definitions?.add(drawing) : definitions?.add(drawing, id: part.id) {
            out.start("use")
            out.verbatimAttribute("href", "#" + id)
            out.endEmpty()
        } else {
            out.raw(drawing)
        }
    }

    private func rect(_ frame: Rect, _ cls: String, rx: Double = 0) -> [(String, String)] {
        // A view squeezed past zero (its required constraints leave it a
        // negative width or height) is drawn over the extent it spans: SVG
        // does not draw a negative size, and browsers report it as an error.
        let r = Rect(
            x: min(frame.x, frame.x + frame.width), y: min(frame.y, frame.y + frame.height),
            width: abs(frame.width), height: abs(frame.height))
        var a = [("class", cls), ("x", r.x.svg), ("y", r.y.svg), ("width", r.width.svg), ("height", r.height.svg)]
        if rx > 0 { a.append(("rx", min(rx, min(r.width, r.height) / 2).svg)) }
        return a
    }

    private func drawScreen(_ out: inout SVGMarkup) {
        out.empty("rect", rect(environment.screen, "k-screen"))
        // Split View and Slide Over: the other app's part of the screen.
        let screen = environment.screen, window = environment.window
        guard window != screen else { return }
        if environment.split == .slideOver {
            // A window floating over the full-screen app.
            out.empty("rect", rect(window, "k-window", rx: 10))
        } else if window.maxX < screen.maxX {
            // The other app's pane, beyond the 10-pt divider.
            let x = min(window.maxX + 10, screen.maxX)
            out.empty("rect", rect(Rect(x: x, y: screen.minY, width: screen.maxX - x, height: screen.height), "k-other",
                                   rx: environment.cornerRadius))
        }
    }

    private func drawGuides(_ out: inout SVGMarkup) {
        let e = environment
        out.empty("rect", rect(e.safeArea, "k-safe"))
        out.empty("rect", rect(e.margins, "k-margins"))
        if e.readable.width < e.margins.width - 0.5 {
            out.empty("rect", rect(e.readable, "k-readable"))
        }
    }

    private func drawBars(_ out: inout SVGMarkup) {
        let e = environment
        if let status = e.statusBarFrame {
            out.empty("rect", rect(status, "k-bar"))
            // The time and the battery, where iOS puts them: in the ears
            // beside a sensor housing, else at the leading and trailing edges.
            let size = e.device.family == .pad ? 12.0 : 15.0
            let mid = status.midY
            let timeX: Double, batteryX: Double
            if let housing = e.sensorHousing, e.orientation == .portrait {
                timeX = housing.minX / 2
                batteryX = (housing.maxX + status.maxX) / 2
            } else {
                timeX = status.minX + (e.device.family == .pad ? 32 : 40)
                batteryX = status.maxX - (e.device.family == .pad ? 32 : 40)
            }
            out.element("text", [("class", "k-sb"), ("x", timeX.svg), ("y", mid.svg), ("font-size", size.svg)], content: "9:41")
            out.empty("rect", rect(Rect(x: batteryX - 12.5, y: mid - 6, width: 25, height: 12), "k-batt", rx: 3.5))
        }
        for frame in [e.navigationBarFrame, e.tabBarFrame, e.toolbarFrame].compactMap({ $0 }) {
            out.empty("rect", rect(frame, "k-bar"))
        }
    }

    /// A view, in a group that carries its token colours when it has any.
    private func drawView(_ view: ViewDeclaration, frame: Rect, into out: inout SVGMarkup) {
        guard let style = solution.style.views[view.name] else {
            drawView(view, frame: frame, style: nil, into: &out)
            return
        }
        var properties: [String] = []
        func add(_ name: String, _ color: AppearanceColor?) {
            guard let color else { return }
            properties.append("--k-\(name):\(color.light.css)")
            if color.dark != color.light { properties.append("--k-\(name)-dark:\(color.dark.css)") }
        }
        add("fill", style.fill)
        add("text", style.textColor)
        if properties.isEmpty {
            drawView(view, frame: frame, style: style, into: &out)
            return
        }
        out.open("g", [("style", properties.joined(separator: ";"))])
        drawView(view, frame: frame, style: style, into: &out)
        out.close("g")
    }

    private func drawView(_ view: ViewDeclaration, frame f: Rect, style: ViewStyle?, into out: inout SVGMarkup) {
        // A token fill paints the view's shape (`k-tf`), a token text colour its
        // text (`k-tt`); a token font sets the text's size and weight.
        let fill: String? = style?.fill == nil ? nil : "k-tf"
        let textColor: String? = style?.textColor == nil ? nil : "k-tt"
        let font = style?.font?.sized(at: solution.environment.textSize)
        func shape(_ frame: Rect, _ cls: String, rx: Double = 0) {
            Self.writeRect(frame, cls, fill, rx: rx, into: &out)
        }
        func label(x: Double, y: Double, _ cls: String) {
            Self.writeLabel(view, x: x, y: y, cls, textColor, font: font, into: &out)
        }
        switch view.kind {
        case .view:
            shape(f, "k-view")
            label(x: f.midX, y: f.midY, "k-tc")
        case .image:
            shape(f, "k-image", rx: 4)
            out.start("path")
            out.classes("k-glyph")
            out.verbatimAttribute("d", "M\(f.minX.svg) \(f.minY.svg)l\(f.width.svg) \(f.height.svg)m0 \((-f.height).svg)l\((-f.width).svg) \(f.height.svg)")
            out.endEmpty()
            label(x: f.midX, y: f.midY, "k-tc k-ti")
        case .label:
            shape(f, "k-label")
            label(x: f.minX, y: f.midY, "")
        case .button:
            shape(f, "k-button", rx: 10)
            label(x: f.midX, y: f.midY, "k-tc k-on")
        case .field:
            shape(f, "k-field", rx: 6)
            label(x: f.minX + 8, y: f.midY, "k-ph")
        case .toggle:
            shape(f, "k-toggle", rx: f.height / 2)
            let r = max(0, min(f.width, f.height) / 2 - 2)
            out.start("circle")
            out.classes("k-knob")
            out.attribute("cx", number: f.maxX - 2 - r)
            out.attribute("cy", number: f.midY)
            out.attribute("r", number: r)
            out.endEmpty()
        case .control:
            shape(f, "k-control", rx: 8)
            label(x: f.midX, y: f.midY, "k-tc")
        case .card:
            shape(f, "k-card", rx: 12)
            label(x: f.minX + 12, y: f.minY + 16, "k-tm")
        case .sheet:
            shape(f, "k-sheet", rx: 12)
            if f.width > 48 && f.height > 20 {
                shape(Rect(x: f.midX - 18, y: f.minY + 5, width: 36, height: 5), "k-grab", rx: 2.5)
            }
            label(x: f.minX + 16, y: f.minY + 28, "k-tm")
        }
    }

    /// `<rect>` as ``rect(_:_:rx:)`` describes it, written attribute by
    /// attribute: class `cls`, then `extra` when given.
    private static func writeRect(_ frame: Rect, _ cls: String, _ extra: String? = nil, rx: Double = 0, into out: inout SVGMarkup) {
        // A view squeezed past zero is drawn over the extent it spans (see
        // `rect(_:_:rx:)`).
        let r = Rect(
            x: min(frame.x, frame.x + frame.width), y: min(frame.y, frame.y + frame.height),
            width: abs(frame.width), height: abs(frame.height))
        // The attributes' names are written with their quotes as one
        // literal each: a gallery writes a hundred thousand of these.
        out.raw("<rect class=\"")
        out.raw(cls)
        if let extra {
            out.raw(" ")
            out.raw(extra)
        }
        out.raw("\" x=\"")
        out.number(r.x)
        out.raw("\" y=\"")
        out.number(r.y)
        out.raw("\" width=\"")
        out.number(r.width)
        out.raw("\" height=\"")
        out.number(r.height)
        if rx > 0 {
            out.raw("\" rx=\"")
            out.number(min(rx, min(r.width, r.height) / 2))
        }
        out.raw("\"/>")
    }

    /// The view's label in both languages: one `<text>` each, the page
    /// showing the one its language toggle selects. A label with a single
    /// language (or the same words in both) is written once, without `lang`.
    /// Its classes are `cls` and `extra` (either may be missing), its font
    /// the token font's size and weight when it has one.
    private static func writeLabel(
        _ view: ViewDeclaration, x: Double, y: Double, _ cls: String, _ extra: String?, font: SizedFont?,
        into out: inout SVGMarkup
    ) {
        func text(_ content: String, lang: String?) {
            if !cls.isEmpty {
                out.raw("<text class=\"")
                out.raw(cls)
                if let extra {
                    out.raw(" ")
                    out.raw(extra)
                }
                out.raw("\" x=\"")
            } else if let extra {
                out.raw("<text class=\"")
                out.raw(extra)
                out.raw("\" x=\"")
            } else {
                out.raw("<text x=\"")
            }
            out.number(x)
            out.raw("\" y=\"")
            out.number(y)
            if let font {
                out.raw("\" font-size=\"")
                out.number(font.pointSize)
                out.raw("\" font-weight=\"")
                out.number(font.weight)
            }
            if let lang {
                out.raw("\" lang=\"")
                out.raw(lang)
            }
            out.raw("\">")
            out.content(content)
            out.raw("</text>")
        }
        let en = view.label, ja = view.labelJapanese
        if ja.isEmpty || ja == en {
            guard !en.isEmpty else { return }
            text(en, lang: nil)
        } else if en.isEmpty {
            text(ja, lang: nil)
        } else {
            text(en, lang: "en")
            text(ja, lang: "ja")
        }
    }

    /// The sensor housing and the home indicator, over the content as on
    /// the device.
    private func drawHardware(_ out: inout SVGMarkup) {
        let e = environment
        if let housing = e.sensorHousing {
            switch e.device.sensorHousing.kind {
            case .island:
                out.empty("rect", rect(housing, "k-sensor", rx: min(housing.width, housing.height) / 2))
            case .notch, .none:
                out.empty("path", [("class", "k-sensor"), ("d", notchPath(housing, radius: e.device.sensorHousing.cornerRadius))])
            }
        }
        if let indicator = e.homeIndicator {
            out.empty("rect", rect(indicator, "k-home", rx: indicator.height / 2))
        }
    }

    /// The display's continuous corners: what the rounding cuts off is
    /// painted in the page's background (so content there is clipped as
    /// the display clips it), then the outline is stroked as the bezel.
    private func drawBezel(_ out: inout SVGMarkup) {
        let corners = ContinuousCorners(rect: environment.screen, radius: environment.cornerRadius)
        let wedges = corners.cornerWedges(overhang: Self.padding - 1)
        if !wedges.isEmpty { out.empty("path", [("class", "k-clip"), ("d", wedges)]) }
        out.empty("path", [("class", "k-bezel"), ("d", corners.path)])
    }

    /// A notch: square where it meets the screen's edge, rounded on the two
    /// corners that face the content. The edge it hangs from follows the
    /// orientation (the top in portrait, the left in landscape right).
    private func notchPath(_ r: Rect, radius: Double) -> String {
        let screen = environment.screen
        let rad = min(radius, min(r.width, r.height) / 2)
        let t = 0.5
        let a = rad.svg, neg = (-rad).svg
        if abs(r.minY - screen.minY) < t {  // hangs from the top
            return "M\(r.minX.svg) \(r.minY.svg)V\((r.maxY - rad).svg)a\(a) \(a) 0 0 0 \(a) \(a)H\((r.maxX - rad).svg)a\(a) \(a) 0 0 0 \(a) \(neg)V\(r.minY.svg)z"
        } else if abs(r.minX - screen.minX) < t {  // from the left edge
            return "M\(r.minX.svg) \(r.minY.svg)H\((r.maxX - rad).svg)a\(a) \(a) 0 0 1 \(a) \(a)V\((r.maxY - rad).svg)a\(a) \(a) 0 0 1 \(neg) \(a)H\(r.minX.svg)z"
        } else if abs(r.maxX - screen.maxX) < t {  // from the right edge
            return "M\(r.maxX.svg) \(r.minY.svg)H\((r.minX + rad).svg)a\(a) \(a) 0 0 0 \(neg) \(a)V\((r.maxY - rad).svg)a\(a) \(a) 0 0 0 \(a) \(a)H\(r.maxX.svg)z"
        }
        return "M\(r.minX.svg) \(r.minY.svg)h\(r.width.svg)v\(r.height.svg)h\((-r.width).svg)z"
    }

    /// Marks, drawn last so nothing covers them: a dotted outline for an
    /// ambiguous view, a dashed one for a view in a broken required
    /// constraint, a solid one for a view with findings (for an overlap:
    /// the overlapping area itself), each with a numbered badge. Sizes are
    /// in CSS pixels (`pixel` points each) so they read the same at any
    /// scale; `box` is the drawing's bounds.
    private func drawMarks(_ out: inout SVGMarkup, pixel: Double, box: Rect) {
        let declared = Set(program.views.map(\.name))
        var brokenViews: [String] = []
        for broken in requiredBroken {
            for item in broken.constraint.items where declared.contains(item) && !brokenViews.contains(item) {
                brokenViews.append(item)
            }
        }
        // Where each finding is: its view, or the area two views share.
        var marked: [(area: Rect, numbers: [Int])] = []
        func add(_ area: Rect, _ number: Int) {
            if let i = marked.firstIndex(where: { $0.area == area }) {
                if !marked[i].numbers.contains(number) { marked[i].numbers.append(number) }
            } else {
                marked.append((area, [number]))
            }
        }
        for finding in solution.findings {
            guard let number = findings.number(of: finding) else { continue }
            let frames = finding.views.compactMap { solution.frames[$0] }
            if finding.kind == .overlap, frames.count == 2 {
                add(frames[0].intersection(frames[1]), number)
            } else {
                for frame in frames { add(frame, number) }
            }
        }
        let gap = 2 * pixel
        func outline(_ frame: Rect) -> Rect {
            Rect(x: frame.minX - gap, y: frame.minY - gap, width: frame.width + 2 * gap, height: frame.height + 2 * gap)
        }
        var badges: [(anchor: Rect, text: String, question: Bool)] = []
        for name in solution.views {
            guard let frame = solution.frames[name] else { continue }
            if solution.ambiguous.contains(name) {
                Self.writeRect(outline(frame), "k-ambiguous", rx: 3 * pixel, into: &out)
                badges.append((frame, "?", true))
            }
            if brokenViews.contains(name) {
                Self.writeRect(outline(frame), "k-broken", rx: 3 * pixel, into: &out)
            }
        }
        for mark in marked {
            Self.writeRect(outline(mark.area), "k-mark", rx: 3 * pixel, into: &out)
            badges.append((mark.area, mark.numbers.sorted().map(String.init).joined(separator: ","), false))
        }
        // Badges after every outline, so no outline crosses a badge; each at
        // its area's top-right corner, moved down past any badge already
        // placed there, and kept inside the drawing.
        let radius = 8 * pixel
        var placed: [Rect] = []
        for badge in badges {
            let width = max(2 * radius, (Double(badge.text.count) * 6.5 + 8) * pixel)
            let cx = min(max(badge.anchor.maxX, box.minX + width / 2), box.maxX - width / 2)
            var cy = min(max(badge.anchor.minY, box.minY + radius), box.maxY - radius)
            var frame = Rect(x: cx - width / 2, y: cy - radius, width: width, height: 2 * radius)
            while placed.contains(where: { Self.overlaps($0, frame) }) && frame.maxY + 2 * radius < box.maxY {
                cy += 2 * radius + 2 * pixel
                frame.y = cy - radius
            }
            placed.append(frame)
            Self.writeRect(frame, "k-badge", badge.question ? "k-q" : nil, rx: radius, into: &out)
            out.start("text")
            out.classes("k-bt")
            out.attribute("x", number: cx)
            out.attribute("y", number: cy)
            out.attribute("font-size", number: 11 * pixel)
            out.endOpen()
            out.content(badge.text)
            out.close("text")
        }
    }

    private static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        min(a.maxX, b.maxX) > max(a.minX, b.minX) && min(a.maxY, b.maxY) > max(a.minY, b.minY)
    }
}
