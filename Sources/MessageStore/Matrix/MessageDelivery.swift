// MessageDelivery: where a message sent to a Matrix room stands — its local echo while the outbox sends it, a
// failure with its reason, or the event the server made of it.
import Foundation

/// Where a send to a Matrix room stands, as its conversation shows it.
public enum MessageDelivery: Sendable, Hashable {
    /// In the outbox: queued, its picture uploading, or its event on the way.
    case sending
    /// Not sent: `reason` is the last failure's sentence; `retried` when the outbox tries it again by itself (a
    /// server that did not answer, 429, 5xx), else it waits for the user to retry it.
    case failed(reason: String, retried: Bool)
    /// The server answered with its event.
    case sent
}
