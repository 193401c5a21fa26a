// Vips: starting libvips once per process, and reading its error buffer.
import CLazyLibraries
import CVips
import Foundation
import Synchronization

/// The process-wide libvips state: started once (thread-safe `static let`), operation cache off.
enum Vips {
    /// Whether libvips has started in this process. Its error functions take a lock that only
    /// `vips_init` creates: before that they must not be called (a damaged BMP, refused by Imaging's own
    /// parser before libvips was ever needed, crashed the process there).
    static var hasStarted: Bool { startedFlag.load(ordering: .acquiring) }
    private static let startedFlag = Atomic<Bool>(false)

    private static let started: Result<Void, ImagingError> = {
        // libvips finds its loadable modules (HEIF, JPEG XL, ImageMagick, Poppler, OpenSlide — ~26 more
        // shared libraries, ~20 ms per process) under $VIPSHOME/lib. A VIPSHOME with no modules skips that
        // work and the ImageMagick, Poppler and OpenSlide attack surface; `VipsLoaders` opens the HEIF or
        // JPEG XL module on the first such picture. A VIPSHOME the user set is kept. (Set before libvips
        // starts, once per process.)
        setenv("VIPSHOME", "/nonexistent/snapterm-without-vips-modules", 0)
        // libvips is opened here, on first use, not at start (CLazyLibraries).
        if let reason = snapterm_lazy_library_error("vips_init") {
            return .failure(.libraryUnavailable(reason: String(cString: reason)))
        }
        guard snap_vips_init() == 0 else { return .failure(.libraryUnavailable(reason: takeError())) }
        // The operation cache would key buffer loads by address: a new buffer at a reused address
        // could return a stale image. Our calls never repeat an operation, so the cache buys nothing.
        vips_cache_set_max(0)
        // Only loaders libvips trusts with hostile input (fuzzed) may run: no ImageMagick, PDF, SVG, FITS,
        // MATLAB. `VipsLoaders` also lets only the bytes of the formats Snapterm reads reach libvips.
        vips_block_untrusted_set(1)
        // Damaged inputs make libvips log warnings to stderr, which would scribble over the TUI;
        // failures reach callers as `ImagingError`s instead.
        g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, { _, _, _, _ in }, nil)
        startedFlag.store(true, ordering: .releasing)
        return .success(())
    }()

    /// Starts libvips on first use; throws if it cannot start.
    static func start() throws(ImagingError) {
        try started.get()
    }

    /// libvips' accumulated error text (trimmed, first line kept short), clearing it.
    static func takeError() -> String {
        let text = String(cString: vips_error_buffer())
        vips_error_clear()
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let joined = lines.prefix(3).joined(separator: "; ")
        return joined.isEmpty ? "unknown libvips error" : String(joined.prefix(300))
    }
}
