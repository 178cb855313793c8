import Foundation
import Testing
import KumikiSupport

@Suite struct BackgroundWorkTests {
    @Test func givesTheWorksResultOnceItIsDone() {
        let work = BackgroundWork { (1...100).reduce(0, +) }
        #expect(work.wait() == 5_050)
    }

    /// The work runs while the caller goes on: here it can only finish
    /// after the caller has done something, which a work run in `wait()`
    /// would never see.
    @Test func runsWhileTheCallerGoesOn() {
        let callerWentOn = DispatchSemaphore(value: 0)
        let work = BackgroundWork { () -> Bool in
            callerWentOn.wait()
            return true
        }
        callerWentOn.signal()
        #expect(work.wait())
    }
}
