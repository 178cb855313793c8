import Foundation
import Testing
import KumikiSupport

@Suite struct LockedValueTests {
    @Test func keepsWhatTheBodyChanges() {
        let value = LockedValue([1])
        let count = value.withValue { numbers -> Int in
            numbers.append(2)
            return numbers.count
        }
        #expect(count == 2)
        #expect(value.current == [1, 2])
        value.set([])
        #expect(value.current.isEmpty)
    }

    @Test func losesNoChangeMadeFromManyThreadsAtOnce() {
        let counter = LockedValue(0)
        DispatchQueue.concurrentPerform(iterations: 1_000) { _ in
            counter.withValue { $0 += 1 }
        }
        #expect(counter.current == 1_000)
    }
}
