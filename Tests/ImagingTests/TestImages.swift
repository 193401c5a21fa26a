// TestImages: small pictures with known pixels, built in the test, and the helpers that check them.
import CVips
import Foundation
import Imaging

enum TestImages {
    static let red = RGBA(red: 255, green: 0, blue: 0)
    static let green = RGBA(red: 0, green: 255, blue: 0)
    static let blue = RGBA(red: 0, green: 0, blue: 255)
    static let white = RGBA(red: 255, green: 255, blue: 255)

    /// A `width × height` bitmap in four quadrants: red top-left, green top-right, blue bottom-left, white bottom-right.
    static func quadrants(width: Int = 64, height: Int = 48) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height, filledWith: white)
        for y in 0..<height {
            for x in 0..<width {
                switch (x < width / 2, y < height / 2) {
                case (true, true): bitmap[x, y] = red
                case (false, true): bitmap[x, y] = green
                case (true, false): bitmap[x, y] = blue
                case (false, false): bitmap[x, y] = white
                }
            }
        }
        return bitmap
    }

    /// The colour at the centre of each quadrant: top-left, top-right, bottom-left, bottom-right.
    static func quadrantColours(of bitmap: Bitmap) -> [RGBA] {
        let xs = [bitmap.width / 4, bitmap.width * 3 / 4], ys = [bitmap.height / 4, bitmap.height * 3 / 4]
        return [bitmap[xs[0], ys[0]], bitmap[xs[1], ys[0]], bitmap[xs[0], ys[1]], bitmap[xs[1], ys[1]]]
    }

    /// Whether two colours are within `tolerance` on every channel (JPEG is lossy).
    static func close(_ a: RGBA, _ b: RGBA, tolerance: Int = 24) -> Bool {
        abs(Int(a.red) - Int(b.red)) <= tolerance && abs(Int(a.green) - Int(b.green)) <= tolerance
            && abs(Int(a.blue) - Int(b.blue)) <= tolerance && a.alpha == b.alpha
    }

    /// `bitmap` (as stored) written as a JPEG whose EXIF orientation tag is `orientation`, by libvips.
    static func jpeg(_ bitmap: Bitmap, orientation: Int) throws -> Data {
        let png = try ImageProcessor().encode(bitmap, as: .png)
        return try png.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, let loaded = snap_vips_new_from_buffer(base, raw.count) else {
                throw Failure("vips could not open the test PNG")
            }
            defer { g_object_unref(loaded) }
            var copy: UnsafeMutablePointer<VipsImage>?
            guard snap_vips_copy(loaded, &copy) == 0, let copy else { throw Failure("vips_copy failed") }
            defer { g_object_unref(copy) }
            vips_image_set_int(copy, "orientation", Int32(orientation))
            var buffer: UnsafeMutableRawPointer?
            var length = 0
            guard snap_vips_jpegsave_buffer_keep(copy, &buffer, &length, 95) == 0, let buffer else {
                throw Failure("vips could not save the test JPEG")
            }
            defer { g_free(buffer) }
            return Data(bytes: buffer, count: length)
        }
    }

    /// `bitmap` saved by libvips in the format named by `suffix` (".webp", ".gif", ".png", ".jpg").
    static func encoded(_ bitmap: Bitmap, suffix: String) throws -> Data {
        let png = try ImageProcessor().encode(bitmap, as: .png)
        return try png.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, let loaded = snap_vips_new_from_buffer(base, raw.count) else {
                throw Failure("vips could not open the test PNG")
            }
            defer { g_object_unref(loaded) }
            var buffer: UnsafeMutableRawPointer?
            var length = 0
            guard snap_vips_save_buffer(loaded, suffix, &buffer, &length) == 0, let buffer else {
                throw Failure("vips could not save the test picture as \(suffix)")
            }
            defer { g_free(buffer) }
            return Data(bytes: buffer, count: length)
        }
    }

    /// The quadrant colour `quadrants()` has at (`x`, `y`) in 0…1, or `nil` within `margin` of a border
    /// between quadrants (where resampling blends them).
    static func quadrantColour(x: Double, y: Double, margin: Double = 0.04) -> RGBA? {
        guard abs(x - 0.5) > margin, abs(y - 0.5) > margin else { return nil }
        switch (x < 0.5, y < 0.5) {
        case (true, true): return red
        case (false, true): return green
        case (true, false): return blue
        case (false, false): return white
        }
    }

    /// The largest resident set this process has had since the last `resetPeakResident()`, in
    /// megabytes (Linux `VmHWM`; `ru_maxrss`, which cannot be reset, if /proc is unreadable).
    static func peakResidentMegabytes() -> Int {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") {
            return kilobytes / 1024
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss / 1024
    }

    /// The resident set of this process now, in megabytes (Linux `VmRSS`; 0 if /proc is unreadable).
    static func residentMegabytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes / 1024
    }

    /// Starts a new peak-RSS measurement (Linux: "5" to /proc/self/clear_refs resets `VmHWM`).
    static func resetPeakResident() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// Held by a test that checks the peak RSS and by tests that make big pictures, so that one's
    /// pictures never count against the other's budget.
    static let memoryBudget = NSLock()

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
