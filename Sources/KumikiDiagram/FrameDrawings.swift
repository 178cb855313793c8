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
    /// the frame, the environment's name (the diagram's title before its
    /// problems) and its sentences of the description.
    struct Drawing {
        var environment: Environment
        var frame: Frame
        var name: Bilingual<String>
        var sentences: Bilingual<String>
    }

    /// By environment id, the environment itself kept to check a hit: a
    /// diagram looks its environment up once, and hashing the id (a short
    /// ASCII string) under the lock instead of the whole environment (its
    /// device's names, every rectangle) halved the time the cores spent
    /// waiting on each other here.
    private let drawings = LockedValue<[String: Drawing]>([:])

    public init() {}

    func drawing(for environment: Environment, draw: () -> Drawing) -> Drawing {
        if let known = drawings.withValue({ $0[environment.id] }), known.environment == environment { return known }
        let drawing = draw()
        drawings.withValue { known in
            // Two environments under one id (a catalog loaded twice with
            // different data): the first keeps the place, the other is
            // drawn each time.
            if known[environment.id] == nil { known[environment.id] = drawing }
        }
        return drawing
    }
}
