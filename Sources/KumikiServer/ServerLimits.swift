/// The limits that keep one client (a runaway page, a hostile one, a slow
/// network) from taking the preview server away from everyone else.
///
/// Each is far above what writing a site needs; `README.md` (*Previewing
/// while you write*) lists them.
public struct ServerLimits: Sendable, Hashable {
    /// How long a playground block may take, waiting for its turn included,
    /// before the answer is "took too long" (503). The solve itself cannot be
    /// interrupted; it goes on holding its slot, so a flood of slow blocks
    /// occupies at most `concurrentSolves` cores.
    public var solveTimeBudget: Duration = .seconds(2)
    /// Playground blocks solved at the same time. One: the engine already
    /// spreads a block over the cores, and the site's pages must stay fast.
    public var concurrentSolves = 1
    /// Playground requests allowed to wait for a slot; more get 503 at once.
    public var queuedSolves = 4
    /// Lines in a playground block (the bundled blocks have at most 53).
    public var maximumBlockLines = 400
    /// Characters in one line of a playground block (the bundled blocks
    /// have at most 89). Long names make "did you mean" cost grow with the
    /// square of their length, so this bounds parsing as well.
    public var maximumLineLength = 300
    /// Views times environments in a playground block: what the solve costs
    /// grows with both. The bundled blocks need at most 240 (4 views in 60
    /// environments); every device, orientation, split and text size is 1,644.
    public var maximumViewEnvironments = 8_000
    /// Live-reload streams open at once (one per open page).
    public var maximumEventStreams = 64
    /// How long a client has to send a request's head, from the moment the
    /// connection is ready for it (this is also how long an idle keep-alive
    /// connection stays open).
    public var headerTimeout: Duration = .seconds(10)
    /// How long a client has to send a request's body, from its head.
    public var bodyTimeout: Duration = .seconds(10)

    public init() {}

    /// The defaults.
    public static let standard = ServerLimits()
}
