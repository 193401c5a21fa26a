// ImageCell: our URLImageView — binds a URL, shows a cached picture at once, cancels on reuse.
import Foundation
import SchemeLoader

/// One image slot in a list. `show(_:)` binds a URL; a memory-cache hit is shown at bind time
/// (no placeholder frame); otherwise a placeholder with progress is shown until the result
/// lands. `prepareForReuse()` cancels the load. A late result for a URL the cell no longer
/// shows is dropped.
@MainActor
public final class ImageCell {
    /// The URL shown, if any.
    public private(set) var url: URL?
    /// What is shown now.
    public private(set) var content: ImageCellContent = .empty {
        didSet { if content != oldValue { onChange?(self) } }
    }
    /// Called on the main actor whenever `content` changes.
    public var onChange: ((ImageCell) -> Void)?

    private let loader: SchemeLoader
    private var token: LoadToken?
    private var binding: UInt64 = 0
    private var loadDeferred = false

    /// Creates a cell drawing from `loader`.
    public init(loader: SchemeLoader) {
        self.loader = loader
    }

    /// Binds `url`. With `deferLoad`, only the caches are asked at once (a disk copy is cheap and
    /// shown as soon as it is read); a miss shows a placeholder and starts no handler load until
    /// `startDeferredLoad()` (used to let visible rows win during a fast scroll).
    public func show(_ url: URL?, priority: LoadPriority = .high, deferLoad: Bool = false) {
        guard url != self.url else { return }
        prepareForReuse()
        self.url = url
        guard let url else { return }
        if let hit = loader.cachedResult(for: url) {
            content = .image(data: hit.data, source: hit.source)
            return
        }
        content = .placeholder(fraction: nil)
        if deferLoad {
            loadDeferred = true
            startLoad(url, priority: priority, cachePolicy: .cacheOnly)
        } else {
            startLoad(url, priority: priority)
        }
    }

    /// Starts a load that `show(_:deferLoad: true)` held back. Does nothing otherwise.
    public func startDeferredLoad(priority: LoadPriority = .high) {
        guard loadDeferred, let url else { return }
        loadDeferred = false
        token?.cancel()  // the cache probe, if it is still reading
        if let hit = loader.cachedResult(for: url) {
            content = .image(data: hit.data, source: hit.source)
        } else {
            startLoad(url, priority: priority)
        }
    }

    /// Whether a load is waiting for `startDeferredLoad()`.
    public var hasDeferredLoad: Bool { loadDeferred }

    /// Cancels the load and clears the cell.
    public func prepareForReuse() {
        token?.cancel()
        token = nil
        binding &+= 1
        loadDeferred = false
        url = nil
        content = .empty
    }

    /// Rebinds the same URL from scratch (after the caches were emptied or caching was toggled).
    public func reload() {
        let current = url
        prepareForReuse()
        show(current)
    }

    private func startLoad(_ url: URL, priority: LoadPriority, cachePolicy: CachePolicy = .useCache) {
        let expected = binding
        let probe = cachePolicy == .cacheOnly
        token = loader.load(
            LoadRequest(url: url, cachePolicy: cachePolicy, priority: priority),
            progress: { [weak self] progress in
                Task { @MainActor in self?.progressed(progress, binding: expected) }
            },
            completion: { [weak self] result in
                Task { @MainActor in self?.finished(result, binding: expected, probe: probe) }
            })
    }

    private func progressed(_ progress: LoadProgress, binding expected: UInt64) {
        guard expected == binding, content.isPlaceholder else { return }
        content = .placeholder(fraction: progress.fraction)
    }

    private func finished(_ result: Result<LoadResult, any Error>, binding expected: UInt64, probe: Bool) {
        guard expected == binding else { return }  // a late result for a previous binding
        if probe, case .failure = result { return }  // not cached (or cancelled): the deferred load decides
        if !probe || loadDeferred { token = nil }
        switch result {
        case .success(let loaded):
            if probe { loadDeferred = false }
            content = .image(data: loaded.data, source: loaded.source)
        case .failure(let error) where error is CancellationError:
            break
        case .failure(let error):
            content = .failed(reason: "\(error)")
        }
    }
}
