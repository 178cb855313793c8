import Foundation
import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage

/// The device frames of one build, each drawn once.
///
/// A frame (screen, guides, bars, sensor housing, corners, bezel) depends
/// only on the environment, and a site draws the same few dozen
/// environments for every block on every page: drawing them again each time
/// was a fifth of a build with layout blocks. One of these lives as long as
/// the layout handler of a build and is shared by every thread.
public final class FrameDrawings: Sendable {
    /// The parts of a frame under the views and over them, with the ids
    /// they are shared under on a page.
    struct Frame {
        var under: (drawing: String, id: String)
        var over: (drawing: String, id: String)
    }

    /// Everything a diagram writes that depends on its environment alone:
    /// the frame, the environment's English name (the diagram's title
    /// before its problems) and its sentences of the description, the
    /// texts escaped.
    struct Drawing {
        var frame: Frame
        var title: String
        var sentences: Bilingual<String>
    }

    private let drawings = EnvironmentMemo<Drawing>()

    public init() {}

    func drawing(for environment: Environment, draw: () -> Drawing) -> Drawing {
        drawings.value(for: environment, make: draw)
    }
}
