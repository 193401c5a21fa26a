// Browse: `snapterm` with no arguments — the terminal UI over the places and the conversations.
import ArgumentParser
import Foundation
import MessageStore
import SchemeLoader
import SnaptermUI
import TerminalGraphics

extension Snapterm {
    /// The terminal UI: a folder's pictures (`snapterm DIR`), places with map thumbnails, and
    /// conversations with the draft composer.
    struct Browse: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "browse",
            abstract: "Browse a folder of pictures, places and conversations in the terminal (the default command).",
            discussion: """
                `snapterm DIR` (or `--photos DIR`) opens a gallery of the folder's JPEG, PNG, GIF and WebP files: \
                Enter shows one as large as the screen, ←/→ the previous/next, Esc goes back; Tab reaches the places.
                Pictures use the kitty graphics protocol, iTerm2 inline images or sixel where the terminal
                supports them, coloured text art elsewhere. Press ? in the app for the keys.
                SNAPTERM_GRAPHICS=kitty|iterm|sixel|symbols|ascii forces a mode.
                """)

        @Argument(help: "A folder of pictures to open as a gallery.")
        var folder: String?

        @Option(help: "How pictures are drawn: auto, kitty, iterm, sixel, symbols or ascii.")
        var graphics: GraphicsChoice = .auto

        @Option(help: "Keys to press first, as words: 'Tab Enter Down*3' (for demos and screenshots).")
        var keys: String?

        @Option(help: "A folder of your own photos: opened as a gallery and offered in the photo picker.")
        var photos: String?

        @Option(help: "An MBTiles file (OpenMapTiles schema) to draw maps from, instead of the built-in world.")
        var tiles: String?

        @Flag(help: "Download nothing: show web pictures from the caches only (also SNAPTERM_OFFLINE=1).")
        var offline = false

        func run() async throws {
            let environment = AppEnvironment()
                .setting("SNAPTERM_PHOTOS", to: photos)
                .setting("SNAPTERM_MAP_TILES", to: tiles)
                .setting("SNAPTERM_OFFLINE", to: offline ? "1" : nil)
            let gallery: PictureFolder?
            do {
                gallery = try (folder ?? photos).map { try PictureFolder(path: $0) }
            } catch {
                Console.error("snapterm: \(error)")
                throw ExitCode(1)
            }
            guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
                Console.error("snapterm: \(UIError.notATerminal)")
                throw ExitCode(2)
            }
            do {
                let script = try KeyScript.parse(keys ?? "")
                let session = try await UISession.prepare(environment: environment, forced: graphics.mode, gallery: gallery)
                await session.run(playing: script)
            } catch {
                Console.error("snapterm: \(error)")
                throw ExitCode(1)
            }
        }
    }

    /// The `--graphics` choices.
    enum GraphicsChoice: String, ExpressibleByArgument, CaseIterable {
        case auto, kitty, iterm, sixel, symbols, ascii

        var mode: GraphicsMode? { GraphicsMode(rawValue: rawValue) }
    }
}
