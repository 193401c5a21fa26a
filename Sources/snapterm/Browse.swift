// Browse: `snapterm [URL|PATH…] [--list FILE]` — the terminal UI: a gallery, the places and the conversations.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Foundation
import MessageStore
import SchemeLoader
import SnaptermUI
import TerminalGraphics

extension Snapterm {
    /// The terminal UI: a gallery of a folder's pictures (`snapterm DIR`) or of any URLs and files
    /// (`snapterm URL|PATH…`, `--list FILE`), places with map thumbnails, and conversations with the
    /// draft composer.
    struct Browse: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "browse",
            abstract: "Browse pictures (a folder, URLs, files), places and conversations in the terminal (the default command).",
            discussion: """
                `snapterm DIR` (or `--photos DIR`) opens a gallery of the folder's JPEG, PNG, GIF, WebP, HEIC, AVIF, JPEG XL, TIFF and BMP files, \
                listed again on every visit. `snapterm URL|PATH…` opens a gallery of the pictures named: http(s) \
                URLs, any URL the loader reads (file inside the allowed folders, asset, map), files wherever they \
                are, and folders (each adds its pictures). `--list FILE` adds one URL or path a line (# starts \
                a comment; relative paths are relative to FILE's folder; - reads the list from standard input); \
                a bad line is named by its number on standard error and the others still open. \
                Enter shows a picture as large as the screen, Left and Right the previous and next, Esc goes back; \
                Tab reaches the places.

                Pictures use the kitty graphics protocol, iTerm2 inline images or sixel where the terminal supports \
                them, coloured text art elsewhere; SNAPTERM_GRAPHICS=kitty|iterm|sixel|symbols|ascii forces a mode.

                Press ? in the app for the keys; `man snapterm` lists them with the environment variables.
                """)

        @Argument(help: "Pictures to open as a gallery: URLs, files or folders (one folder alone: the folder gallery).")
        var pictures: [String] = []

        @Option(help: "A file of pictures, one URL or path a line (# comments; - for standard input).")
        var list: String?

        @Option(help: "How pictures are drawn: auto, kitty, iterm, sixel, symbols or ascii.")
        var graphics: GraphicsChoice = .auto

        @Option(help: "Keys to press first, as words: 'Tab Enter Down*3' (for demos and screenshots).")
        var keys: String?

        @Option(help: "A folder of your own photos: opened as a gallery and offered in the photo picker.")
        var photos: String?

        @OptionGroup var tiles: TilesOption

        @Flag(help: "Download nothing: show web pictures from the caches only (also SNAPTERM_OFFLINE=1).")
        var offline = false

        @Flag(help: "Show animated GIFs and WebPs still, even in the full-screen view (also SNAPTERM_ANIMATE=0).")
        var noAnimate = false

        @Flag(help: "No terminal notification (OSC 9, 99, 777 or the bell) when a Matrix message arrives in a room not on screen (also SNAPTERM_NOTIFY=0).")
        var noNotify = false

        func run() async throws {
            let environment: AppEnvironment
            let gallery: GalleryRequest?
            do {
                environment = try await tiles.apply(to: AppEnvironment()
                    .setting("SNAPTERM_PHOTOS", to: photos)
                    .setting("SNAPTERM_OFFLINE", to: offline ? "1" : nil)
                    .setting("SNAPTERM_ANIMATE", to: noAnimate ? "0" : nil)
                    .setting("SNAPTERM_NOTIFY", to: noNotify ? "0" : nil))
                gallery = try openGallery()
            } catch {
                Console.error("snapterm: \(error)")
                throw ExitCode(1)
            }
            if list == "-" { Self.readKeysFromTerminal() }
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

        /// The gallery the operands and `--list` name, else the `--photos` folder; bad list lines are reported here.
        private func openGallery() throws -> GalleryRequest? {
            let urlList = try list.map { list throws(URLListError) in try URLList.read(list) }
            for problem in urlList?.problems ?? [] { Console.error("snapterm: \(problem)") }
            let (request, problems) = try GalleryRequest.resolve(operands: pictures, list: urlList, listName: list)
            for problem in problems { Console.error("snapterm: \(problem)") }
            // The folder's own bytes: a name need not be UTF-8.
            return try request ?? photos.map { GalleryRequest(folder: try PictureFolder(path: RawPath(bytes: CommandLineArguments.bytes(of: [$0])[0]))) }
        }

        /// After `--list -` has read standard input to its end, keys come from the controlling terminal.
        private static func readKeysFromTerminal() {
            guard isatty(STDIN_FILENO) == 0 else { return }
            let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC)
            guard terminal >= 0 else { return }  // no terminal: the check below says so
            dup2(terminal, STDIN_FILENO)
            close(terminal)
        }
    }

    /// The `--graphics` choices.
    enum GraphicsChoice: String, ExpressibleByArgument, CaseIterable {
        case auto, kitty, iterm, sixel, symbols, ascii

        var mode: GraphicsMode? { GraphicsMode(rawValue: rawValue) }
    }
}
