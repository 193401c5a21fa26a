// AppState: the loaders and settings the screens share, and the app-wide toggles of the cache demo.
import Foundation
import MessageStore
import SchemeLoader
import Thumbnails
import TerminalGraphics

/// Everything the app needs besides the terminal.
@MainActor
public final class AppState {
    /// The one loader of every picture (map snapshots, photos, web images) and of their thumbnails (`thumb://`:
    /// pictures encoded for a terminal box, made from loads of the same loader).
    public let loader: SchemeLoader
    /// The memory cache of a UI's pictures, in bytes: 32 MiB. A list keeps the thumbnails it draws (in a memory
    /// cache of their own, `thumbnailMemoryLimit`, and on disk); the pictures they are made from (a web JPEG of
    /// 100–400 KB) are read again from the disk cache in about a millisecond when a thumbnail is remade or a
    /// picture opened full screen.
    public nonisolated static let pictureMemoryLimit = 32 << 20
    /// The memory cache of a UI's thumbnails, in bytes: 128 MiB.
    public nonisolated static let thumbnailMemoryLimit = 128 << 20
    /// How pictures reach the terminal.
    public let graphics: GraphicsMode
    /// Colours available to text art.
    public let colors: ColorDepth
    /// Pixel size of a terminal cell.
    public let cellSize: (width: Int, height: Int)
    /// Places for the places screen and the location picker.
    public let places: [Place]
    /// Photos for the photo picker.
    public let photos: [GalleryPhoto]
    /// Conversations and drafts (nil when the app runs without messages).
    public let messages: MessageStore?
    /// Every draft save and send of the app's screens, in order, retried while the database is locked.
    public let messageWriter: MessageWriter?
    /// The messaging account syncing into `messages` (nil without an account: no network).
    public var connection: (any MessageConnection)?
    /// Sends the drafts of conversations that are remote rooms (nil without an account).
    public var roomSending: (any RoomSending)?
    /// How a message arriving in a conversation not on screen is announced (off unless the executable says).
    public var notification = TerminalNotification.off
    /// Show the one-letter source badge beside pictures.
    public var showsBadges = false
    /// The terminal moves sixel pixels when a scroll region scrolls (xterm, no multiplexer): the app
    /// scrolls the list's region instead of re-sending every picture.
    public var terminalScrollsPictures = false
    /// Animated GIFs and WebPs play in the full-screen picture view (`--no-animate`, `SNAPTERM_ANIMATE=0`: off).
    public var animates = true
    /// kitty inside tmux: pictures travel as Unicode placeholder text, images through tmux passthrough.
    public var usesKittyPlaceholders = false

    public init(loader: SchemeLoader, graphics: GraphicsMode,
                colors: ColorDepth = .truecolor, cellSize: (width: Int, height: Int), places: [Place], photos: [GalleryPhoto] = [],
                messages: MessageStore? = nil) {
        self.loader = loader
        self.graphics = graphics
        self.colors = colors
        self.cellSize = cellSize
        self.places = places
        self.photos = photos
        self.messages = messages
        messageWriter = messages.map { MessageWriter(store: $0) }
    }

    /// Whether the loader uses its caches.
    public var isCachingEnabled: Bool {
        get { loader.isCachingEnabled }
        set { loader.isCachingEnabled = newValue }
    }

    /// Empties the loader's memory and disk caches.
    public func emptyCaches() async {
        await loader.removeAllCachedData()
    }

    /// A thumbnail box of `columns` × `rows` cells in this terminal.
    public func box(columns: Int, rows: Int) -> ThumbnailBox {
        ThumbnailBox(columns: columns, rows: rows, cellWidth: cellSize.width, cellHeight: cellSize.height, mode: graphics,
                     colors: colors)
    }
}
