// DemoConversations: the conversations a first run starts with — shipped photos, map locations, a local file.
import Foundation
import MessageStore
import SchemeLoader

/// Seeds an empty message store, so the default run has something to show without a network.
public enum DemoConversations {
    /// Adds the demo conversations when `store` has none. `photoID` maps a shipped photo's file
    /// name to its asset id; `fileImage` is a local picture attached as a `file://` URL. One
    /// transaction: a crash leaves all or nothing, and of two processes starting at once on an
    /// empty database, one seeds and the other then finds it seeded. A store with conversations is
    /// only read (so another process holding the write lock does not hold up the start).
    public static func seedIfEmpty(_ store: MessageStore, photoID: (String) -> String?, fileImage: URL?, now: Date = Date()) throws {
        guard try store.isEmpty else { return }
        try store.transaction { store in try seed(store, photoID: photoID, fileImage: fileImage, now: now) }
    }

    private static func seed(_ store: MessageTransaction, photoID: (String) -> String?, fileImage: URL?, now: Date) throws {
        guard try store.isEmpty() else { return }
        func photo(_ file: String, filter: AssetFilter = .none, rotate: Int = 0) -> [URL] {
            guard let id = photoID(file), let url = try? AssetURL(id: id, width: 1280, filter: filter, rotate: rotate) else { return [] }
            return [url.url]
        }
        func map(_ latitude: Double, _ longitude: Double, zoom: Double = 11) -> [URL] {
            (try? MapSnapshotURL(latitude: latitude, longitude: longitude, zoom: zoom, width: 640, height: 400)).map { [$0.url] } ?? []
        }
        func minutesAgo(_ minutes: Double) -> Date { now.addingTimeInterval(-minutes * 60) }

        let ada = try store.createConversation(title: "Ada").id ?? 0
        try store.receive(text: "Morning! The astronaut photo from the archive, as promised.",
                          attachments: photo("astronaut.jpg"), in: ada, at: minutesAgo(190))
        try store.receive(text: "And the launch, turned on its side for the banner.", attachments: photo("rocket.jpg", rotate: 90),
                          in: ada, at: minutesAgo(120))
        // Sent messages are stamped by the store's clock (now), so the reply comes last.
        try store.send(Draft(text: "Lovely. Here it is in mono for the poster.", attachments: photo("astronaut.jpg", filter: .mono)),
                       in: ada)

        let trip = try store.createConversation(title: "Trip north").id ?? 0
        try store.receive(text: "Meet me at the Hermitage at noon:", attachments: map(59.939832, 30.31456),
                          in: trip, at: minutesAgo(95))
        try store.receive(text: "Then the train to Helsinki? Coffee first ☕", attachments: map(60.1699, 24.9384, zoom: 13) + photo("coffee.jpg"),
                          in: trip, at: minutesAgo(90))

        let grace = try store.createConversation(title: "Grace").id ?? 0
        try store.receive(text: "The portrait you asked for — it is a plain local file.",
                          attachments: fileImage.map { [$0] } ?? [], in: grace, at: minutesAgo(60))
        try store.receive(text: "A nanosecond is about 30 cm of wire. Keep that in mind when you wait for a load.",
                          in: grace, at: minutesAgo(59))
    }
}
