// SRGBTransforms: ICC profile → sRGB transforms (lcms2), built once per profile and kept for the next
// picture: a folder of photos from one phone builds one transform.
import CJPEGDirect
import Foundation

/// Converts pixels from an embedded ICC profile to sRGB, as libvips' `icc_transform` does by default
/// (relative colorimetric, no black point compensation). Transforms are kept by the profile's bytes
/// (a few kilobytes; a profile's hash alone could collide), the most recently used `capacity` of them.
/// A profile lcms2 cannot read, or that is not an RGB device profile, is ignored: the pixels stay as they are.
final class SRGBTransforms: @unchecked Sendable { // safe: `entries` is only touched under `lock`
    /// The transforms every Imaging call shares.
    static let shared = SRGBTransforms()

    /// One built transform (or the knowledge that the profile is unusable), freed with the last user.
    final class Transform: @unchecked Sendable { // safe: lcms2 transforms built without a cache are thread-safe
        let pointer: snapterm_srgb_transform?

        init(profile: UnsafeRawBufferPointer) {
            pointer = snapterm_srgb_transform_new(profile.bindMemory(to: UInt8.self).baseAddress, profile.count)
        }

        deinit { snapterm_srgb_transform_free(pointer) }
    }

    private let capacity: Int
    private let lock = NSLock()
    private var entries: [Data: Transform] = [:]
    private var order: [Data] = []  // least recently used first

    /// Creates an empty cache of at most `capacity` transforms.
    init(capacity: Int = 8) {
        self.capacity = capacity
    }

    /// Whether `profile` converts to sRGB (an RGB device profile lcms2 reads).
    func isUsable(_ profile: UnsafeRawBufferPointer) -> Bool {
        transform(for: profile).pointer != nil
    }

    /// Converts `bitmap`'s pixels from `profile` to sRGB; leaves them when the profile is unusable.
    func convert(_ bitmap: inout Bitmap, from profile: UnsafeRawBufferPointer) {
        let transform = transform(for: profile)
        guard let pointer = transform.pointer else { return }
        let count = bitmap.width * bitmap.height
        // Kept alive while it runs: another thread may evict it from the cache meanwhile.
        withExtendedLifetime(transform) {
            bitmap.pixels.withUnsafeMutableBufferPointer { pixels in
                snapterm_srgb_transform_apply(pointer, pixels.baseAddress, count)
            }
        }
    }

    /// The transform for `profile`: the kept one, else a new one (built outside the lock).
    func transform(for profile: UnsafeRawBufferPointer) -> Transform {
        let key = Data(profile)
        if let kept = lock.withLock({ () -> Transform? in
            guard let kept = entries[key] else { return nil }
            order.removeAll { $0 == key }
            order.append(key)
            return kept
        }) { return kept }
        let made = Transform(profile: profile)
        return lock.withLock {
            if let raced = entries[key] { return raced }
            entries[key] = made
            order.append(key)
            if order.count > capacity { entries[order.removeFirst()] = nil }
            return made
        }
    }
}
