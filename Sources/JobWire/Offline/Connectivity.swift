/// Whether the device can reach the backend, as the app sees it (OFFL-1, OFFL-2, OFFL-4, OFFL-7).
///
/// A transport error counts as losing connectivity (OFFL-11's decision), so the model has no
/// third state: a request that cannot reach the backend is the app going offline.
public enum Connectivity: String, Sendable, Hashable, CaseIterable {
    /// Requests are sent at once and the queue is replayed.
    case online
    /// Requests that must reach the backend wait in the queue; list refreshes are ignored.
    case offline
}
