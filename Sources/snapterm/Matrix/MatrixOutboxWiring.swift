// MatrixOutboxWiring: the UI session's outbox runner for the logged-in account — its sender seeds the picture
// loader with each uploaded picture, its echoes switch to the server's copy through the conversation's thumbnails.
import Foundation
import MatrixSending
import SnaptermUI

@MainActor
enum MatrixOutboxWiring {
    /// The runner of `connection`'s outbox, using `state`'s loader; it tells `connection` when the outbox changed.
    static func runner(for connection: MatrixConnection, state: AppState) -> OutboxRunner {
        let loader = state.loader
        let sender = OutboxSender(store: connection.store, client: connection.client, session: connection.session,
                                  policy: RetryPolicy(maximum: .seconds(10)),
                                  uploaded: { media, picture in
                                      _ = try? await SentPictureSeeding.seed(loader, media: media, picture: picture)
                                  })
        let box = ScreenFactory.messageBox(state)
        let settling = EchoSettling(store: connection.store, account: connection.account, thumbnailLoader: loader,
                                    thumbnailURL: { ConversationScreen.thumbnailURL($0, box: box) })
        return OutboxRunner(sender: sender, settling: settling, store: connection.store, account: connection.account,
                            changed: { [weak connection] in connection?.outboxChanged() })
    }
}
