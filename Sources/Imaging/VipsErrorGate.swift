// VipsErrorGate: keeps libvips' one process-wide error buffer from mixing two failures' text.
import CVips
import Glibc

/// libvips (8.14) appends every failure's text to one buffer shared by the whole process, from any
/// thread (pipeline workers included), so text read after a failure may belong to another call that
/// failed at the same moment — or be gone, cleared by it. There is no per-call error in its API.
///
/// Every public Imaging call runs as a *shared* holder of this gate, at full concurrency. A call that
/// fails with libvips text runs once more as the *exclusive* holder (no other libvips call in flight,
/// the buffer cleared first), so the text it reports is its own. Failures cost a second run; successes
/// cost an uncontended read lock. Writers are preferred, so a failure is never starved.
final class VipsErrorGate: @unchecked Sendable { // safe: the pthread rwlock is the synchronisation
    /// The gate every Imaging entry point goes through.
    static let shared = VipsErrorGate()

    private let lock: UnsafeMutablePointer<pthread_rwlock_t>

    private init() {
        lock = .allocate(capacity: 1)
        var attributes = pthread_rwlockattr_t()
        pthread_rwlockattr_init(&attributes)
        pthread_rwlockattr_setkind_np(&attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
        pthread_rwlock_init(lock, &attributes)
        pthread_rwlockattr_destroy(&attributes)
    }

    /// Runs `body` concurrently with other calls; if it fails with libvips' text, runs it again alone
    /// and reports that run's outcome. `body` must not enter the gate itself (no nesting).
    func run<T>(_ body: () throws(ImagingError) -> T) throws(ImagingError) -> T {
        pthread_rwlock_rdlock(lock)
        let first = Result { () throws(ImagingError) -> T in try body() }
        pthread_rwlock_unlock(lock)
        // Text can only come from libvips once it has started; before, its error buffer's lock does not exist.
        guard case .failure(let error) = first, error.carriesLibvipsText, Vips.hasStarted else { return try first.get() }
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        vips_error_clear()
        defer { vips_error_clear() }
        return try body()
    }
}

extension ImagingError {
    /// Whether the error's text was read from libvips' shared error buffer.
    var carriesLibvipsText: Bool {
        switch self {
        case .corrupt, .encodingFailed, .processingFailed, .libraryUnavailable: true
        case .emptyInput, .unsupportedFormat, .unsupportedVariant, .loaderUnavailable, .tooManyPixels, .tooManyTiles, .tooManyScans, .tooManyFrames,
             .animationTooLarge, .invalidSize, .invalidCrop, .invalidRotation: false
        }
    }
}
