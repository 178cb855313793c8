/// The requests read and not yet answered, and which of them the client
/// cancelled (`$/cancelRequest`).
///
/// Requests are handled one at a time in the order they came, so a cancel
/// can overtake only a request still waiting its turn (or a preview still
/// starting): that one is answered RequestCancelled instead of being
/// handled. A cancel for a request already answered, or never sent, is
/// forgotten at once, so the set stays as small as the queue.
struct PendingRequests: Sendable {
    private var unanswered: Set<RequestID> = []
    private var cancelled: Set<RequestID> = []

    /// A request was read.
    mutating func read(_ id: RequestID) {
        unanswered.insert(id)
    }

    /// The client cancelled `id`.
    mutating func cancel(_ id: RequestID) {
        if unanswered.contains(id) { cancelled.insert(id) }
    }

    func isCancelled(_ id: RequestID) -> Bool {
        cancelled.contains(id)
    }

    /// `id` got its response.
    mutating func answered(_ id: RequestID) {
        unanswered.remove(id)
        cancelled.remove(id)
    }
}
