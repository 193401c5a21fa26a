// Send: `snapterm send ROOM [--text TEXT] [--photo FILE]…` — writes the messages to the Matrix outbox, then sends
// the whole outbox (entries left by an earlier run first), one line per message sent or failed.
import ArgumentParser
import AssetLibrary
import Foundation
import Imaging
import Matrix
import MatrixSending
import MessageStore
import SchemeLoader
import TerminalGraphics

extension Snapterm {
    /// Sends text and photos to a Matrix room through the outbox.
    struct Send: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "send",
            abstract: "Send text and photos to a Matrix room.",
            discussion: """
                Each message is first written to the outbox in the message database with its transaction id, then \
                sent: the texts first, then each photo, in order. A photo is sent with its edits (an asset:// URL's \
                crop, rotation and filter) as a JPEG of at most 2048 pixels on the long side (--original keeps its \
                size), with an 800×600 thumbnail. A send that fails for a while (no answer, a full server, 429, 5xx) \
                is retried with back-off for --retry-for seconds, then kept for the next run; messages left by an \
                earlier run are sent first. Every attempt at a message carries its transaction id, so the server keeps \
                it once. One line per message: sent (with its event id), failed or pending (with the reason).
                """)

        @Argument(help: "The room: its id (!abc:example.org) or an alias (#room:example.org).")
        var room: String

        @Option(name: .customLong("text"), help: "A text message (repeatable: each one a message, in order).")
        var texts: [String] = []

        @Option(name: .customLong("photo"), help: "A photo to send: a file, or an asset:// URL of the gallery with its edits (repeatable).")
        var photos: [String] = []

        @Flag(help: "Send photos at their own size, not fitted into 2048×2048.")
        var original = false

        @Option(help: "The account's user id or name, when several are stored.")
        var account: String?

        @Option(name: .customLong("retry-for"), help: "Seconds to keep retrying a send that keeps failing (default 60).")
        var retryFor: Double = 60

        func validate() throws {
            guard retryFor >= 0, retryFor.isFinite else { throw ValidationError("--retry-for must be a number of seconds, 0 or more") }
        }

        func run() async throws {
            let outcomes: [SendOutcome]
            do {
                let environment = AppEnvironment()
                let session = try Logout.pick(account, from: try environment.accountStore.load())
                let store = try MessageStore(path: try environment.messageDatabase.path)
                let client = MatrixClient()
                if !texts.isEmpty || !photos.isEmpty {
                    let roomID = try await resolve(room, client: client, session: session)
                    let messages = try prepare(for: roomID, environment: environment)
                    try store.enqueue(messages, account: session.userID)
                }
                let sender = OutboxSender(store: store, client: client, session: session,
                                          policy: RetryPolicy(maximum: .seconds(5), patience: .milliseconds(Int64(retryFor * 1000))))
                outcomes = try await sender.drain { outcome in Console.writeOut(Data((Self.line(outcome) + "\n").utf8)) }
            } catch {
                Console.error("snapterm: \(error)")
                throw ExitCode.failure
            }
            if !outcomes.allSatisfy(\.isSent) { throw ExitCode.failure }
        }

        /// `sent !room $event body` or `failed !room body: reason` (`pending` when it stays for a later run).
        static func line(_ outcome: SendOutcome) -> String {
            let entry = outcome.entry
            let words: String
            if let eventID = entry.eventID, outcome.isSent {
                words = "sent \(entry.roomID) \(eventID) \(entry.body)"
            } else {
                words = "\(entry.retryable ? "pending" : "failed") \(entry.roomID) \(entry.body): \(outcome.failure ?? "not sent")"
            }
            return SafeText.visible(words)
        }

        private func resolve(_ room: String, client: MatrixClient, session: MatrixSession) async throws -> String {
            if room.hasPrefix("#") { return try await client.roomID(forAlias: room, session: session) }
            guard room.hasPrefix("!"), room.count > 1 else {
                throw ValidationError("\(room.debugDescription) is not a room: give its id (!abc:example.org) or an alias (#room:example.org)")
            }
            return room
        }

        /// The messages, all made before any is written: a photo that cannot be read writes none.
        private func prepare(for roomID: String, environment: AppEnvironment) throws -> [OutgoingMessage] {
            var messages: [OutgoingMessage] = []
            for text in texts where !text.isEmpty { messages.append(try MessageContent.text(text, roomID: roomID)) }
            for photo in photos {
                let (data, edit, name) = try source(of: photo, environment: environment)
                do {
                    let prepared = try PreparedPhoto.make(from: data, edit: edit, original: original)
                    messages.append(try MessageContent.image(prepared, filename: name, roomID: roomID))
                } catch let error as ImagingError {
                    throw ValidationError("the photo \(photo) cannot be sent: \(error)")
                }
            }
            return messages
        }

        /// A photo's bytes, edits and the name it is sent under (`.jpg`: it is sent as JPEG).
        private func source(of photo: String, environment: AppEnvironment) throws -> (Data, ImageEdit, String) {
            if photo.lowercased().hasPrefix("asset:") {
                guard let url = URL(string: photo), let library = try environment.photoLibrary() else {
                    throw ValidationError("\(photo) is not a photo of the gallery")
                }
                let (data, edit) = try library.editedPhoto(url)
                return (data, edit, "photo.jpg")
            }
            // A regular file only, within the gallery's limit: a FIFO or a device is refused, never read.
            let url = URL(fileURLWithPath: photo)
            let data: Data
            do throws(LoadError) {
                data = try RegularFile(path: photo, maxBytes: AssetLibrary.defaultMaxFileBytes).readAll(maxBytes: AssetLibrary.defaultMaxFileBytes)
            } catch {
                throw ValidationError("the photo \(photo) cannot be read: \(error)")
            }
            return (data, .none, url.deletingPathExtension().lastPathComponent + ".jpg")
        }
    }
}
