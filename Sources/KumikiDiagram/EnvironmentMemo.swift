import KumikiSupport
import KumikiLayout

/// Values that depend on an environment alone, made once a build and
/// shared by every thread: a site shows every block in the same few dozen
/// environments, so what a diagram or a caption says of its environment is
/// the same for every block on every page.
///
/// Kept by environment id, the environment itself beside the value to check
/// a hit: hashing the id (a short ASCII string) under the lock, instead of
/// the whole environment (its device's names, every rectangle), halved the
/// time the cores spent waiting on each other here. An id does not say
/// everything (the bars a block asks for are not part of it), so an id can
/// hold several environments, each with its value.
public final class EnvironmentMemo<Value: Sendable>: Sendable {
    private let values = LockedValue<[String: [(environment: Environment, value: Value)]]>([:])

    public init() {}

    /// The value made for `environment`, made now by `make` the first time.
    public func value(for environment: Environment, make: () -> Value) -> Value {
        let id = environment.id
        if let known = values.withValue({ $0[id]?.first { $0.environment == environment }?.value }) { return known }
        let value = make()
        values.withValue { values in
            // Another thread may have made it meanwhile: the first one stays.
            if values[id]?.contains(where: { $0.environment == environment }) != true {
                values[id, default: []].append((environment, value))
            }
        }
        return value
    }
}
