// SyncTranslation: a `/sync` answer in the store's terms — each room's state that came (name, alias, avatar,
// heroes by display name, unread count, inviter) and its timeline events as messages, edits, redactions and
// reactions. Events Snapterm does not show are left out; text is kept as sent (escaped when drawn).
import Foundation
import MessageStore

/// Turns `/sync` answers into `MatrixRoomUpdate`s.
public enum SyncTranslation {
    /// Every room `response` mentions, joined rooms first, then invites, then rooms left.
    public static func updates(_ response: SyncResponse) -> [MatrixRoomUpdate] {
        let rooms = response.rooms
        let joined = (rooms?.join ?? [:]).sorted { $0.key < $1.key }.map { id, room in
            joinedRoom(id, room)
        }
        let invited = (rooms?.invite ?? [:]).sorted { $0.key < $1.key }.map { id, room in
            invitedRoom(id, room)
        }
        let left = (rooms?.leave ?? [:]).keys.sorted().map { MatrixRoomUpdate(roomID: $0, membership: .leave) }
        return joined + invited + left
    }

    static func joinedRoom(_ id: String, _ room: SyncResponse.JoinedRoom) -> MatrixRoomUpdate {
        let timeline = room.timeline?.events ?? []
        let state = (room.state?.events ?? []) + timeline.filter { $0.stateKey != nil }
        var update = roomState(id, .join, state)
        update.unreadCount = room.unreadNotifications?.notificationCount.map { max(0, $0) }
        if let heroes = room.summary?.heroes {
            let names = displayNames(state)
            update.heroes = heroes.map { names[$0] ?? $0 }
        }
        update.events = timeline.compactMap(timelineEvent)
        update.members = members(state)
        update.historyToken = room.timeline?.prevBatch
        if room.timeline?.limited == true { update.gapToken = room.timeline?.prevBatch }
        update.reachesStart = timeline.contains { $0.type == "m.room.create" }
        return update
    }

    static func invitedRoom(_ id: String, _ room: SyncResponse.InvitedRoom) -> MatrixRoomUpdate {
        let state = room.inviteState?.events ?? []
        var update = roomState(id, .invite, state)
        let names = displayNames(state)
        let invite = state.last { $0.type == "m.room.member" && $0.content?.membership == "invite" }
        update.inviter = invite.map { names[$0.sender] ?? $0.sender }
        if update.name == nil, update.canonicalAlias == nil, let inviter = update.inviter { update.heroes = [inviter] }
        return update
    }

    /// Name, alias and avatar from state events (the last of each wins).
    private static func roomState(_ id: String, _ membership: MatrixMembership, _ state: [RoomEvent]) -> MatrixRoomUpdate {
        var update = MatrixRoomUpdate(roomID: id, membership: membership)
        for event in state where event.stateKey == "" {
            switch event.type {
            case "m.room.name": update.name = event.content?.name
            case "m.room.canonical_alias": update.canonicalAlias = event.content?.alias
            case "m.room.avatar": update.avatarURL = event.content?.url.flatMap { $0.hasPrefix("mxc://") ? $0 : nil }
            default: break
            }
        }
        return update
    }

    /// Display names of the members whose `m.room.member` events came.
    private static func displayNames(_ state: [RoomEvent]) -> [String: String] {
        var names: [String: String] = [:]
        for event in state where event.type == "m.room.member" {
            if let user = event.stateKey, let name = event.content?.displayName, !name.isEmpty { names[user] = name }
        }
        return names
    }

    /// What `m.room.member` events among `state` say, in order.
    static func members(_ state: [RoomEvent]) -> [MatrixMember] {
        state.compactMap { event in
            guard event.type == "m.room.member", let user = event.stateKey, !user.isEmpty else { return nil }
            let membership = event.content?.membership
            return MatrixMember(userID: user, displayName: event.content?.displayName,
                                isPresent: membership == "join" || membership == "invite")
        }
    }

    /// One timeline event in the store's terms, or nil for one Snapterm does not show.
    static func timelineEvent(_ event: RoomEvent) -> MatrixTimelineEvent? {
        guard let eventID = event.eventID, event.stateKey == nil else { return nil }
        let sentAt = Date(timeIntervalSince1970: Double(event.originServerTimestamp ?? 0) / 1000)
        let action: MatrixTimelineEvent.Action
        switch event.type {
        case "m.room.message":
            guard let content = event.content else { return nil }
            if content.relatesTo?.relType == "m.replace", let target = content.relatesTo?.eventID {
                action = .edit(target: target, text: content.newContent?.body ?? content.body ?? "")
            } else {
                action = .message(message(content))
            }
        case "m.room.encrypted":
            action = .message(MatrixMessageContent(kind: .encrypted, body: ""))
        case "m.room.redaction":
            guard let target = event.redacts else { return nil }
            action = .redaction(target: target)
        case "m.reaction":
            guard let relation = event.content?.relatesTo, relation.relType == "m.annotation",
                  let target = relation.eventID, let key = relation.key else { return nil }
            action = .reaction(target: target, key: key)
        default:
            return nil
        }
        return MatrixTimelineEvent(eventID: eventID, sender: event.sender, sentAt: sentAt, action: action,
                                   transactionID: event.transactionID)
    }

    /// A message's content; one whose content was redacted (no msgtype, no body) is a redacted message.
    static func message(_ content: RoomEvent.Content) -> MatrixMessageContent {
        let replyTo = content.relatesTo?.inReplyTo
        let body = content.body ?? ""
        switch content.msgtype {
        case "m.text": return MatrixMessageContent(kind: .text, body: body, replyTo: replyTo)
        case "m.notice": return MatrixMessageContent(kind: .notice, body: body, replyTo: replyTo)
        case "m.emote": return MatrixMessageContent(kind: .emote, body: body, replyTo: replyTo)
        case "m.image": return MatrixMessageContent(kind: .image, body: body, replyTo: replyTo, media: media(content, picture: true))
        case "m.file": return MatrixMessageContent(kind: .file, body: body, replyTo: replyTo, media: media(content, picture: false))
        case nil where content.body == nil: return MatrixMessageContent(kind: .redacted, body: "")
        default: return MatrixMessageContent(kind: .other, body: body, replyTo: replyTo)
        }
    }

    /// The media of an `m.image` or `m.file`: a plain `mxc://` URL, or an encrypted attachment's `file` as JSON with
    /// its `emxc://` URL.
    private static func media(_ content: RoomEvent.Content, picture: Bool) -> MatrixMedia {
        let info = content.info
        var size = info?.size
        if picture, let claimed = size, claimed > MatrixMediaLimits.maximumPictureBytes { size = nil }
        var encrypted: String?
        var url = content.url.flatMap { $0.hasPrefix("mxc://") ? $0 : nil }
        if let file = content.file, case .object = file {
            encrypted = file.jsonText
            // Shown by its key-free `emxc://` URL (the decrypt stage finds the key in the stored `file`); none when the
            // `file` is not a well-formed encrypted attachment.
            url = content.encryptedFile.flatMap { try? EncryptedAttachment($0, mimeType: info?.mimetype) }
                .map { EncryptedMediaURL(media: $0.media).url.absoluteString }
        }
        return MatrixMedia(url: url, width: info?.width, height: info?.height, mimetype: info?.mimetype, size: size,
                           thumbnailURL: info?.thumbnailURL.flatMap { $0.hasPrefix("mxc://") ? $0 : nil },
                           blurhash: info?.blurhash, encryptedFile: encrypted, fileName: content.filename ?? content.body)
    }
}
