// SyncState: where the sync engine stands, as the status line says it — live, offline and retrying at a
// time, unable to store what arrived (a full disk), or signed out with what to do.
import Foundation

/// The sync engine's state.
public enum SyncState: Sendable, Equatable {
    /// Not synced yet in this run.
    case starting
    /// The last `/sync` was stored; the next one is waiting for news.
    case live
    /// The last attempt failed for `reason`; the next starts at `retryAt`.
    case offline(reason: String, retryAt: Date)
    /// The server answered but what it sent could not be stored (`reason`: a full disk); nothing of it was kept,
    /// so the next attempt, at `retryAt`, asks for the same events again.
    case cannotStore(reason: String, retryAt: Date)
    /// The token no longer works (revoked, expired, soft-logged-out): `advice` says how to log in again.
    /// Nothing stored is lost; the engine has stopped.
    case signedOut(advice: String, softLogout: Bool)

    /// A short text for the status line: "offline — retrying in 4 s" at `now`.
    public func summary(at now: Date) -> String {
        switch self {
        case .starting: "syncing…"
        case .live: "live"
        case .offline(_, let retryAt):
            "offline — retrying in \(max(0, Int(retryAt.timeIntervalSince(now).rounded(.up)))) s"
        case .cannotStore(let reason, let retryAt):
            "cannot store new messages (\(reason)) — retrying in \(max(0, Int(retryAt.timeIntervalSince(now).rounded(.up)))) s"
        case .signedOut(let advice, _): "signed out — \(advice)"
        }
    }
}
