// MediaReservation: an `mxc://` URI reserved by `POST /_matrix/media/v1/create` for bytes put later, and when the
// server forgets it if nothing was put (Synapse: 24 hours).
import Foundation
import SchemeLoader

/// A reserved media id.
public struct MediaReservation: Sendable, Equatable {
    /// The reserved URI.
    public var media: MatrixMediaURL
    /// When the reservation lapses unless the bytes were uploaded; `nil` when the server does not say.
    public var expiresAt: Date?

    /// A reservation of `media` until `expiresAt`.
    public init(media: MatrixMediaURL, expiresAt: Date?) {
        self.media = media
        self.expiresAt = expiresAt
    }
}
