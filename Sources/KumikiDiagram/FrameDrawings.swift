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

    private let frames = LockedValue<[Environment: Frame]>([:])
    /// The environments' sentences of the diagrams' descriptions, by
    /// environment id (they depend on the device, orientation and split).
    private let sentences = LockedValue<[String: Bilingual<String>]>([:])

    public init() {}

    func frame(for environment: Environment, draw: () -> (under: String, over: String)) -> Frame {
        if let frame = frames.withValue({ $0[environment] }) { return frame }
        let (under, over) = draw()
        let frame = Frame(under: (under, DiagramDefinitions.id(of: under)), over: (over, DiagramDefinitions.id(of: over)))
        frames.withValue { $0[environment] = frame }
        return frame
    }

    func sentences(for environment: Environment, make: () -> Bilingual<String>) -> Bilingual<String> {
        if let known = sentences.withValue({ $0[environment.id] }) { return known }
        let made = make()
        sentences.withValue { $0[environment.id] = made }
        return made
    }
}
