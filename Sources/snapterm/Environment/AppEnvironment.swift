// AppEnvironment: where Snapterm's data and caches are, and the loader every command shares.
import AssetLibrary
import Foundation
import MapSnapshots
import Matrix
import MessageStore
import SchemeLoader
import SnaptermUI
import Thumbnails

/// Builds the pieces a command needs from the process environment.
struct AppEnvironment {
    let variables: [String: String]
    /// The program's real path, which the data is found beside.
    let executable: URL?
    /// The shipped data folder (`DataFolder`: `$SNAPTERM_DATA`, else beside the program's real path),
    /// or why none was found — an error only a command that needs the data reports.
    let dataFolder: Result<URL, AssetLibraryError>
    /// The version (strong `ETag` or `Last-Modified`) of each remote tiles archive, by URL, as
    /// `checkChosenTiles()` read it: part of the maps' cache keys, so that a map drawn from another version of
    /// an archive is never shown from the cache.
    var tileVersions: [String: String] = [:]

    init(variables: [String: String] = ProcessInfo.processInfo.environment, executable: URL? = DataFolder.runningExecutable) {
        self.variables = variables
        self.executable = executable
        dataFolder = Result { () throws(AssetLibraryError) in try DataFolder.locate(environment: variables, executable: executable) }
    }

    /// The shipped data: maps, the place list, the demo photos.
    var dataDirectory: URL {
        get throws(AssetLibraryError) { try dataFolder.get() }
    }

    /// Folders `file://` URLs may read: `$SNAPTERM_FILE_ROOTS` (colon-separated), else the
    /// current folder, the home folder and the shipped data.
    var fileRoots: [URL] {
        if let roots = variables["SNAPTERM_FILE_ROOTS"], !roots.isEmpty {
            return roots.split(separator: ":").map { URL(fileURLWithPath: String($0)) }
        }
        var roots = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
        if let data = try? dataDirectory { roots.append(data) }
        if let home = variables["HOME"] { roots.append(URL(fileURLWithPath: home)) }
        return roots
    }

    /// The photo library: the shipped gallery (`photos/` of the data) plus `$SNAPTERM_PHOTOS`, a user's
    /// folder; `nil` when the data holds no gallery, an error when there is no data.
    func photoLibrary() throws -> AssetLibrary? {
        let shipped = try dataDirectory.appendingPathComponent("photos")
        guard FileManager.default.fileExists(atPath: shipped.appendingPathComponent("manifest.json").path) else { return nil }
        let user = variables["SNAPTERM_PHOTOS"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        return try AssetLibrary(shippedFolder: shipped, userFolder: user)
    }

    /// Offline (`$SNAPTERM_OFFLINE` is 1, or `--offline`): nothing is downloaded; web pictures come from
    /// the caches only, stale copies included.
    var isOffline: Bool { ["1", "true", "yes"].contains(variables["SNAPTERM_OFFLINE"]?.lowercased() ?? "") }

    /// Whether animated GIFs and WebPs play (`$SNAPTERM_ANIMATE` is not 0, false or no; `--no-animate` turns it off too).
    var animates: Bool { !["0", "false", "no"].contains(variables["SNAPTERM_ANIMATE"]?.lowercased() ?? "") }

    /// The account's home folder from the password database (used only when `HOME` is unset).
    var accountHome: String? { AccountHome.lookUp() }

    /// The cache root (`$XDG_CACHE_HOME/snapterm` …); with no home known at all, an error
    /// (never a shared temporary folder).
    var cacheDirectory: URL {
        get throws(EnvironmentError) {
            guard let folder = CacheLocation.directory(environment: variables, accountHome: accountHome) else {
                throw .noHome(needed: "the cache", variable: "XDG_CACHE_HOME")
            }
            return folder
        }
    }

    /// The folder of the disk cache `name` under the cache root, or `nil` (memory caches alone, said
    /// once on standard error) when it cannot be made or written.
    /// Versions before one loader kept thumbnails in a disk cache of their own (`thumbnails/`), now in `loader/`: the
    /// old folder is never read again, so it is removed (once: afterwards it is not there).
    private func removeFormerThumbnailCache() {
        guard let old = try? cacheDirectory.appendingPathComponent("thumbnails"),
              FileManager.default.fileExists(atPath: old.path) else { return }
        try? FileManager.default.removeItem(at: old)
    }

    private func diskFolder(_ name: String) throws(EnvironmentError) -> URL? {
        CacheFolder.prepare(try cacheDirectory.appendingPathComponent(name))
    }

    /// The message database (`$XDG_DATA_HOME/snapterm/messages.sqlite` …); with no home known, an error.
    var messageDatabase: URL {
        get throws(EnvironmentError) {
            guard let file = MessageStore.defaultLocation(environment: variables, accountHome: accountHome) else {
                throw .noHome(needed: "the message database", variable: "XDG_DATA_HOME")
            }
            return file
        }
    }

    /// The cap of the disk cache (`loader/`): `$SNAPTERM_CACHE_SIZE` in bytes, with
    /// an optional K, M or G suffix (powers of 1024); default 512 MiB. Processes sharing the cache
    /// folder hold it together.
    var diskCacheLimit: Int {
        guard let text = variables["SNAPTERM_CACHE_SIZE"]?.uppercased(), !text.isEmpty else { return 512 << 20 }
        let shifts: [Character: Int] = ["K": 10, "M": 20, "G": 30]
        let shift = text.last.flatMap { shifts[$0] } ?? 0
        guard let number = Int(shift > 0 ? String(text.dropLast()) : text), number > 0, number < 1 << 20 else { return 512 << 20 }
        return number << shift
    }

    /// The shared loader with every built-in scheme handler, `thumb://` included (pictures encoded for a terminal
    /// box by `encoder`, each encode told to `thumbnailObserver`, when given). `namedFiles` (paths the user typed) and
    /// everything inside `namedFolders` (a gallery folder the user named) are readable wherever they
    /// are; `extra` handlers (standard input) come first.
    /// `schemes`, when given, limits the handlers to those schemes (files are always read): a command
    /// that only reads files neither opens the photo gallery's manifest nor sets up an HTTP client.
    /// `use` says where decoding, drawing and file reads run. `mxc://` pictures are loaded as the stored Matrix
    /// account (`matrixMediaHandler()`); with none, they fail saying to log in first. Encrypted attachments
    /// (`emxc://`) are their `mxc://` ciphertext decrypted with the keys the sync put in `attachmentKeys` (memory only).
    func makeLoader(for use: LoaderUse, diskCache: Bool = true, namedFiles: [URL] = [], namedFolders: [URL] = [],
                    extra: [any SchemeHandling] = [], schemes: Set<String>? = nil,
                    attachmentKeys: EncryptedMediaKeys = EncryptedMediaKeys(), encoder: any ThumbnailEncoding = ThumbnailEncoder(),
                    thumbnailObserver: (@Sendable (ThumbnailReport) -> Void)? = nil) throws -> SchemeLoader {
        func wanted(_ names: String...) -> Bool { schemes.map { !$0.isDisjoint(with: names) } ?? true }
        var handlers: [any SchemeHandling] = extra
        let itself = LoaderReference()
        // Remote tiles archives are read by range requests: maps need the http handler then.
        if wanted("http", "https") || wanted("map") && chosenTiles.contains(where: TileArchiveOpener.isRemote) {
            var http = HTTPSchemeHandler.Configuration()
            http.isOffline = isOffline
            // A stale copy is drawn when its server has not answered in 300 ms, and checked behind it.
            http.staleCopyBudget = .milliseconds(300)
            if use == .command { http.connectionsPerHost = Self.commandConnectionsPerHost }
            handlers.append(HTTPSchemeHandler(configuration: http))
        }
        handlers.append(FileSchemeHandler(allowedRoots: fileRoots + namedFolders, namedFiles: namedFiles,
                                          blockingCalls: use.blockingFileCalls))
        if wanted("map") { handlers.append(try mapHandler(workers: use.workers, rangesThrough: itself)) }
        if wanted("mxc", "emxc") { handlers.append(matrixMediaHandler()) }
        if wanted("emxc") { handlers.append(EncryptedMediaSchemeHandler(keys: attachmentKeys)) }
        if wanted("asset"), let library = try photoLibrary() { handlers.append(AssetSchemeHandler(library: library, workers: use.workers)) }
        handlers.append(ThumbnailSchemeHandler(encoder: encoder, observer: thumbnailObserver, workers: use.workers))
        let folder = diskCache ? try diskFolder("loader") : nil
        if diskCache { removeFormerThumbnailCache() }
        var configuration = use == .userInterface ? .userInterface(diskDirectory: folder) : SchemeLoaderConfiguration(diskDirectory: folder)
        configuration.diskSizeLimit = diskCacheLimit
        if use == .userInterface {
            // A list shows a stale thumbnail at once and refreshes it in the background (its source checked
            // first); a command waits for the revalidation (and still gets the stale copy when the source
            // cannot be reached).
            configuration.staleWhileRevalidate = Self.staleWhileRevalidateWindow
            configuration.staleWhileRevalidateSchemes = [ThumbnailURL.scheme]
        }
        let loader = try SchemeLoader(handlers: handlers, configuration: configuration)
        itself.set(loader)
        return loader
    }
}

extension AppEnvironment {
    /// How long past its expiry the UI still shows a thumbnail at once while revalidating it: a week.
    static let staleWhileRevalidateWindow: TimeInterval = 7 * 24 * 3600

    /// HTTP/1.1 connections per host for `render` and `fetch`: the URLs on their command line are all wanted now, as
    /// `curl --parallel` takes them (up to 50 at once), where a list's 8 leave a scroll's requests room to be
    /// reordered by priority. 40 pictures at 200 ms a request are then 3 round trips, not 5 (BENCHMARKS.md, web).
    static let commandConnectionsPerHost = 16
}

/// Who waits for a loader's work, which decides where it runs.
enum LoaderUse {
    /// A terminal UI: decoding and encoding on threads below its priority (`WorkerPool.shared`), file
    /// reads on a queue off the cooperative pool, so neither holds up a frame.
    case userInterface
    /// A command (`render`, `fetch`): no UI to keep responsive, so everything runs on the task that
    /// asks for it, at its priority — each hop to another thread is a wake-up that waits for a CPU on a
    /// busy machine (BENCHMARKS.md, issue 14).
    case command

    var workers: WorkerPool { self == .command ? .foreground : .shared }
    var blockingFileCalls: WorkerPool? { self == .command ? .foreground : nil }
}
