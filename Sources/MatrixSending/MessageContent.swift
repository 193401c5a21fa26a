// MessageContent: the `content` of the events a send makes — `m.text`, and `m.image` as Element sends it — and the
// media URLs filled in once the upload reserved them.
import Foundation
import MessageStore

/// Builds the outbox's messages and completes their content at send time.
public enum MessageContent {
    /// An `m.text` message of `text` for `roomID`.
    public static func text(_ text: String, roomID: String) throws -> OutgoingMessage {
        OutgoingMessage(roomID: roomID, body: text, content: try json(["msgtype": "m.text", "body": text]))
    }

    /// An `m.image` message of `photo` named `filename` for `roomID`: `info` with `w`, `h`, `mimetype`, `size`,
    /// `thumbnail_info` and the BlurHash when there is one; the URLs come at send time (`completed`).
    public static func image(_ photo: PreparedPhoto, filename: String, roomID: String) throws -> OutgoingMessage {
        var info: [String: Any] = [
            "w": photo.width, "h": photo.height, "mimetype": "image/jpeg", "size": photo.picture.count,
            "thumbnail_info": ["w": photo.thumbnailWidth, "h": photo.thumbnailHeight, "mimetype": "image/jpeg",
                               "size": photo.thumbnail.count],
        ]
        if let blurHash = photo.blurHash { info["xyz.amorgan.blurhash"] = blurHash }
        let content: [String: Any] = ["msgtype": "m.image", "body": filename, "filename": filename, "info": info]
        let media = OutboxMedia(picture: photo.picture, pictureType: "image/jpeg",
                                thumbnail: photo.thumbnail == photo.picture ? nil : photo.thumbnail)
        return OutgoingMessage(roomID: roomID, body: filename, content: try json(content), media: media)
    }

    /// `content` with `url` (and `info.thumbnail_url`, when given) set: the event as it is sent. A picture that is its
    /// own thumbnail names its own URL as the thumbnail's.
    public static func completed(_ content: Data, url: String?, thumbnailURL: String?) throws -> Data {
        guard let url else { return content }
        guard var object = try JSONSerialization.jsonObject(with: content) as? [String: Any] else { return content }
        object["url"] = url
        if var info = object["info"] as? [String: Any] {
            info["thumbnail_url"] = thumbnailURL ?? url
            object["info"] = info
        }
        return try json(object)
    }

    private static func json(_ object: [String: Any]) throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    }
}
