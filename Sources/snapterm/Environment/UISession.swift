// UISession: everything the terminal UI needs, opened before ncurses starts, so failures are plain messages.
import Foundation
import Matrix
import MessageStore
import SchemeLoader
import SnaptermUI
import TerminalGraphics
import Thumbnails

/// The terminal's capabilities, the loaders, the places, the photos and the message store —
/// opened and checked first; then `run()` hands the terminal to ncurses and gives it back.
@MainActor
struct UISession {
    let capabilities: TerminalCapabilities
    let state: AppState
    let terminfo: (directory: URL, name: String)?
    /// The pictures opened as a gallery (`snapterm DIR`, `URL|PATH…`, `--list FILE`, `--photos DIR`), shown first.
    let gallery: (any GalleryPictures)?
    /// The stored Matrix account's sync (nil without an account: no network).
    let connection: MatrixConnection?

    /// Detects the terminal and opens the data. Throws a message a user can act on (a damaged
    /// database is reported and left untouched). The `gallery`'s files and folders are readable
    /// wherever they are (the user named them).
    static func prepare(environment: AppEnvironment, forced: GraphicsMode?, gallery: GalleryRequest? = nil) async throws -> UISession {
        let tty = try? DeviceTerminal()
        var capabilities = try TerminalCapabilities.detect(environment: environment.variables, terminal: tty, forced: forced)
        // kitty in tmux answered through passthrough; kitty before 0.28 (and WezTerm) would show the
        // placeholder characters instead of pictures: text art for them, unless kitty was asked for.
        if capabilities.usesKittyPlaceholders, !capabilities.isForced,
           let outer = TmuxClient.outerTerminalType(environment: environment.variables),
           TerminalCapabilities.drawsKittyPlaceholders(termType: outer) == false {
            capabilities = capabilities.withoutKittyGraphics()
        }
        tty?.close()
        // Data first: a damaged database or missing place list must fail before any loader (and its
        // HTTP client, which must be shut down) exists.
        let places = try PlaceList.load(from: environment.placesFile).places
        let library = try environment.photoLibrary()
        let assets = library?.assets ?? []
        let store = try MessageStore(path: environment.messageDatabase.path)
        let terminfoFolder = try environment.cacheDirectory.appendingPathComponent("terminfo")
        try DemoConversations.seedIfEmpty(store, photoID: { name in assets.first { $0.file == name }?.id },
                                          fileImage: environment.demoFileImage)
        let loader = try environment.makeLoader(for: .userInterface, namedFiles: gallery?.namedFiles ?? [],
                                                namedFolders: gallery?.namedFolders ?? [],
                                                attachmentKeys: EncryptedMediaKeys(store: store))
        let state = AppState(
            loader: loader, graphics: capabilities.mode,
            colors: capabilities.colorDepth, cellSize: (capabilities.cellSize.width, capabilities.cellSize.height),
            places: places, photos: assets.map { GalleryPhoto(id: $0.id, title: $0.title) }, messages: store)
        state.terminalScrollsPictures = capabilities.mode == .sixel && capabilities.multiplexer == nil
            && environment.variables["SNAPTERM_SIXEL_SCROLL"] != "0"
        state.usesKittyPlaceholders = capabilities.usesKittyPlaceholders
        state.animates = environment.animates
        let connection = environment.storedMatrixSession().map { MatrixConnection(session: $0, store: store) }
        if let connection {
            let outbox = MatrixOutboxWiring.runner(for: connection, state: state)
            connection.outbox = outbox
            state.roomSending = MatrixRoomSending(store: store, account: connection.account, library: library,
                                                  wake: { outbox.wake() })
        }
        state.connection = connection
        state.notification = TerminalNotification.style(environment: environment.variables)
        let name = NoScrollTerminfo.install(base: environment.variables["TERM"] ?? "xterm", in: terminfoFolder)
        return UISession(capabilities: capabilities, state: state, terminfo: name.map { (terminfoFolder, $0) },
                         gallery: gallery?.pictures, connection: connection)
    }

    /// Runs the app until the user quits, pressing `keys` first; the terminal is restored on every way out.
    func run(playing keys: [Key] = []) async {
        if let terminfo { setenv("TERMINFO", terminfo.directory.path, 1) }
        TerminalRestorer.install()
        let screen: CursesScreen
        do {
            screen = try CursesScreen(terminalName: terminfo?.name)
        } catch {
            Console.error("snapterm: \(error)")
            await shutdown()
            return
        }
        let box = state.box(columns: ScreenFactory.rowThumbnail.columns, rows: ScreenFactory.rowThumbnail.rows)
        var tabs: [any Screen] = [PlacesScreen(places: state.places, loader: state.loader, box: box)]
        if let gallery {
            let grid = state.box(columns: ScreenFactory.galleryThumbnail.columns, rows: ScreenFactory.galleryThumbnail.rows)
            tabs.insert(GalleryScreen(pictures: gallery, loader: state.loader, box: grid,
                                      viewerBox: state.box(columns: 1, rows: 1),
                                      animates: state.animates), at: 0)
        }
        if let store = state.messages {
            tabs.append(ConversationsScreen(store: store, loader: state.loader, box: box, connection: connection))
        }
        let app = SnaptermApp(state: state, terminal: screen, output: FileDescriptorOutput(), tabs: tabs)
        app.play(keys)
        connection?.start()
        await app.run()
        connection?.stop()
        screen.end()
        reportUnwrittenMessages()
        // A reply that never came during the run may still come: keep it from the shell.
        if capabilities.repliesMayArriveLate, let tty = try? DeviceTerminal() {
            TerminalCapabilities.drainLateReplies(from: tty)
            tty.close()
        }
        await shutdown()
    }

    /// How long quitting waits for drafts and sends the database has not let in yet.
    static let quitFlushTimeout: TimeInterval = 3

    /// Waits (bounded) for pending draft saves and sends; what still could not be written — the
    /// database locked by another process — is said on standard error with its text, so nothing typed
    /// is lost without a word. The database keeps the draft as last saved.
    private func reportUnwrittenMessages() {
        guard let writer = state.messageWriter, !writer.flush(timeout: Self.quitFlushTimeout), let store = state.messages else { return }
        let reason: String
        if case .waiting(let why) = writer.status { reason = "\(why)" } else { reason = "the message database \(store.path) did not answer" }
        let titles = Dictionary((try? store.conversations())?.map { ($0.id, $0.conversation.title) } ?? [], uniquingKeysWith: { a, _ in a })
        Console.error("snapterm: not saved after waiting \(Int(Self.quitFlushTimeout)) s — \(reason); "
            + "the database keeps the draft as last saved. What was not written:")
        for write in writer.pending {
            let title = titles[write.conversationID].map { "“\($0)”" } ?? "conversation \(write.conversationID)"
            let what = write.kind == .send ? "message to \(title), not sent" : "draft of \(title)"
            let attachments = write.draft.attachments.map(\.absoluteString).joined(separator: " ")
            Console.error("snapterm:   \(what): \(write.draft.text)" + (attachments.isEmpty ? "" : " [\(attachments)]"))
        }
    }

    private func shutdown() async {
        await state.loader.shutdown()
    }
}
