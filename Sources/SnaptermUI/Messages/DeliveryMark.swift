// DeliveryMark: the words a message sent to a Matrix room carries after its time — sending, not sent (with the
// reason and the key that retries it) or sent.
import MessageStore

/// The mark of a send's delivery, for a message's byline.
enum DeliveryMark {
    /// The key that sends failed messages again (it retries failed draft attachments too).
    static let retryKey = "R"

    /// `sending…`, `✓ sent`, or `✗ not sent: REASON — R retry` (`retrying` when the outbox tries it again by
    /// itself); `nil` for a message with no send of its own. The reason is escaped when drawn.
    static func words(_ delivery: MessageDelivery?) -> String? {
        switch delivery {
        case nil: nil
        case .sending?: "sending…"
        case .sent?: "✓ sent"
        case .failed(let reason, let retried)?:
            "✗ not sent: \(reason) — " + (retried ? "retrying, \(retryKey) now" : "\(retryKey) retry")
        }
    }
}
