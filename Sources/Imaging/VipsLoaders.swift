// VipsLoaders: which libvips loader may read each format, and the loadable modules opened for them.
import CLazyLibraries
import CVips
import Foundation

/// Snapterm's loader policy. Only bytes `ImageFormat(sniffing:)` recognises reach libvips, only the
/// loader named here for that format may open them, and libvips' own untrusted loaders stay blocked.
/// HEIF/AVIF and JPEG XL live in libvips' loadable modules, which Imaging opens itself on the first
/// picture that needs one (`Vips` starts libvips with none: ~20 ms and ~26 libraries saved per process);
/// the ImageMagick, Poppler and OpenSlide modules are never opened.
enum VipsLoaders {
    /// The word in the class name of the libvips loader that reads `format` (`VipsForeignLoadHeifBuffer`),
    /// or `nil` when Imaging decodes it without libvips (BMP).
    static func loaderKeyword(for format: ImageFormat) -> String? {
        switch format {
        case .jpeg: "jpeg"
        case .png: "png"
        case .gif: "gif"
        case .webp: "webp"
        case .heif, .avif: "heif"
        case .jxl: "jxl"
        case .tiff: "tiff"
        case .bmp: nil
        }
    }

    /// Makes libvips ready to read `format` (opening its module once per process), then returns the
    /// name of the loader libvips picks for `raw`. Throws unless that loader is `format`'s own.
    static func loader(for format: ImageFormat, _ raw: UnsafeRawBufferPointer) throws(ImagingError) -> String {
        guard let keyword = loaderKeyword(for: format), let base = raw.baseAddress else {
            throw .processingFailed(operation: "load", reason: "\(format.name) is not read through libvips")
        }
        try module(for: format)?.get()
        guard let found = vips_foreign_find_load_buffer(base, raw.count) else {
            throw .corrupt(format: format, reason: Vips.takeError())
        }
        let name = String(cString: found)
        guard name.lowercased().contains(keyword) else {
            throw .corrupt(format: format, reason: "libvips takes it for another format (\(name))")
        }
        guard !isBlocked(name) else {
            throw .loaderUnavailable(format: format, reason: "libvips \(vips_version(0)).\(vips_version(1)) marks its loader "
                + "(\(name)) untrusted — not fuzzed for hostile files — and Snapterm runs only trusted loaders")
        }
        return name
    }

    /// Whether libvips blocks the loader class `name` (it marks the ones not fuzzed for hostile input).
    private static func isBlocked(_ name: String) -> Bool {
        let type = g_type_from_name(name)
        guard type != 0, let operationClass = g_type_class_ref(type) else { return false }
        defer { g_type_class_unref(operationClass) }
        let flags = operationClass.assumingMemoryBound(to: VipsOperationClass.self).pointee.flags
        return flags.rawValue & VIPS_OPERATION_BLOCKED.rawValue != 0
    }

    private static func module(for format: ImageFormat) -> Result<Void, ImagingError>? {
        switch format {
        case .heif, .avif: heifModule
        case .jxl: jxlModule
        default: nil
        }
    }

    private static let heifModule = open(module: "vips-heif", registering: "VipsForeignLoadHeifBuffer", for: .heif)
    private static let jxlModule = open(module: "vips-jxl", registering: "VipsForeignLoadJxlBuffer", for: .jxl)

    /// Opens libvips' module `name` from the folder beside libvips itself, unless `type` is registered
    /// already (a VIPSHOME the user set loads them all at start), then blocks its untrusted loaders.
    private static func open(module name: String, registering type: String, for format: ImageFormat) -> Result<Void, ImagingError> {
        Result { () throws(ImagingError) in
            try Vips.start()
            defer { vips_block_untrusted_set(1) } // classes registered after start are not blocked yet
            guard g_type_from_name(type) == 0 else { return }
            guard let library = snapterm_lazy_library_path("vips_init") else {
                throw .loaderUnavailable(format: format, reason: "libvips' folder is unknown")
            }
            let folder = URL(fileURLWithPath: String(cString: library)).resolvingSymlinksInPath().deletingLastPathComponent()
                .appendingPathComponent("vips-modules-\(vips_version(0)).\(vips_version(1))")
            let path = folder.appendingPathComponent("\(name).so").path
            guard g_module_open(path, G_MODULE_BIND_LAZY) != nil else {
                let reason = g_module_error().map { String(cString: $0) } ?? path
                throw .loaderUnavailable(format: format, reason: "libvips' \(name) module does not load (\(reason))")
            }
            guard g_type_from_name(type) != 0 else {
                throw .loaderUnavailable(format: format, reason: "libvips' \(name) module has no \(type)")
            }
        }
    }
}
