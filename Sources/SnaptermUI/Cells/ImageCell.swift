// ImageCell: our URLImageView — binds a URL, shows a cached picture at once, a preview while the full
// picture loads, and cancels on reuse.
import Foundation
import SchemeLoader

/// One image slot in a list. `show(_:preview:)` binds a URL. A cached picture — in memory, or a small
/// disk entry read at once — is shown at bind time (no placeholder frame); otherwise a placeholder
/// with progress is shown until the result lands. With a preview URL, a cheap stand-in replaces the
/// placeholder as soon as it is ready and the full picture replaces the stand-in — never the reverse. A stand-in
/// ready at bind (a colour sketch kept with a message) is shown at once instead of the placeholder.
/// `prepareForReuse()` cancels both loads. A late result for a URL the cell no longer shows is dropped.
/// A failure shows a few words (`FailureReason`); one the network or the server caused is tried again by
/// itself, after 2 s, then twice as long each time up to a minute, and at once with `retryIfFailed()`.
@MainActor
public final class ImageCell {
    /// The URL shown, if any.
    public private(set) var url: URL?
    /// The preview's URL for the current binding, if any.
    public private(set) var previewURL: URL?
    /// The stand-in given at bind for the current binding, if any.
    public private(set) var standIn: Data?
    /// What is shown now.
    public private(set) var content: ImageCellContent = .empty {
        didSet { if content != oldValue { onChange?(self) } }
    }
    /// True when the picture shown is a stale copy that could not be revalidated yet (it may be old).
    public private(set) var isStale = false {
        didSet { if isStale != oldValue { onChange?(self) } }
    }
    /// Called on the main actor whenever `content` changes.
    public var onChange: ((ImageCell) -> Void)?
    /// Called on the main actor with each picture loaded for the cell (its source and stage timings).
    public var onLoaded: ((LoadResult) -> Void)?
    /// Disk entries up to this size are read synchronously at bind (0: never).
    public var diskReadLimit: Int

    private let loader: SchemeLoader
    private var token: LoadToken?
    private var previewToken: LoadToken?
    private var binding: UInt64 = 0
    private var retryTask: Task<Void, Never>?
    private var retries = 0

    /// The wait before the first automatic retry of a failed load; each next one waits twice as long.
    static let firstRetry: Duration = .seconds(2)
    /// The longest wait between automatic retries.
    static let longestRetry: Duration = .seconds(60)

    /// Creates a cell drawing from `loader`; disk entries up to `diskReadLimit` bytes show at bind.
    public init(loader: SchemeLoader, diskReadLimit: Int = 256 << 10) {
        self.loader = loader
        self.diskReadLimit = diskReadLimit
    }

    /// Binds `url` (loading at `priority`) and, when the picture is not cached, shows `standIn` (an encoded
    /// `TerminalPicture` ready now) or loads `preview` (at `previewPriority`: by default ahead of it).
    public func show(_ url: URL?, priority: LoadPriority = .high, preview: URL? = nil, previewPriority: LoadPriority = .veryHigh,
                     standIn: Data? = nil) {
        guard url != self.url else { return }
        prepareForReuse()
        self.url = url
        guard let url else { return }
        if let hit = loader.cachedResult(for: url, readingDiskUpTo: diskReadLimit) {
            isStale = hit.isStale  // before the content: the frame its change draws shows the mark too
            content = .image(data: hit.data, source: hit.source)
            return
        }
        startLoad(url, priority: priority)
        if let standIn {
            self.standIn = standIn
            content = .preview(data: standIn)
        } else {
            content = .placeholder(fraction: nil)
            if let preview { startPreview(preview, priority: previewPriority) }
        }
    }

    /// Changes the priority of the loads still running: `priority` for the picture, `previewPriority`
    /// for its preview (a list lowers the rows already on screen while it scrolls fast).
    public func setPriority(_ priority: LoadPriority, preview previewPriority: LoadPriority) {
        token?.setPriority(priority)
        previewToken?.setPriority(previewPriority)
    }

    /// Cancels the loads and clears the cell.
    public func prepareForReuse() {
        retryTask?.cancel()
        retryTask = nil
        retries = 0
        token?.cancel()
        previewToken?.cancel()
        token = nil
        previewToken = nil
        binding &+= 1
        url = nil
        previewURL = nil
        standIn = nil
        isStale = false
        content = .empty
    }

    /// Clears the stale mark: the picture shown was confirmed by its source.
    public func confirmFresh() {
        isStale = false
    }

    /// Loads a failed picture again now (the user asked: `R`), keeping its binding.
    public func retryIfFailed() {
        guard case .failed = content else { return }
        reload()
    }

    /// Rebinds the same URL from scratch (after the caches were emptied or caching was toggled).
    public func reload() {
        let current = url, preview = previewURL, standIn = standIn
        prepareForReuse()
        show(current, preview: preview, standIn: standIn)
    }

    private func startLoad(_ url: URL, priority: LoadPriority) {
        let expected = binding
        token = loader.load(
            LoadRequest(url: url, priority: priority),
            progress: { [weak self] progress in
                Task { @MainActor in self?.progressed(progress, binding: expected) }
            },
            completion: { [weak self] result in
                Task { @MainActor in self?.finished(result, binding: expected) }
            })
    }

    private func startPreview(_ preview: URL, priority: LoadPriority) {
        previewURL = preview
        if let hit = loader.cachedResult(for: preview) {
            content = .preview(data: hit.data)
            return
        }
        let expected = binding
        previewToken = loader.load(LoadRequest(url: preview, priority: priority)) { [weak self] result in
            Task { @MainActor in self?.previewFinished(result, binding: expected) }
        }
    }

    private func progressed(_ progress: LoadProgress, binding expected: UInt64) {
        guard expected == binding, content.isPlaceholder || (progress.preview != nil && content.isPreview) else { return }
        // A stand-in the load made from its first bytes replaces the placeholder, or an earlier stand-in (it is newer).
        if let preview = progress.preview {
            content = .preview(data: preview)
        } else {
            content = .placeholder(fraction: progress.fraction)
        }
    }

    private func finished(_ result: Result<LoadResult, any Error>, binding expected: UInt64) {
        guard expected == binding else { return }  // a late result for a previous binding
        token = nil
        switch result {
        case .success(let loaded):
            previewToken?.cancel()  // the full picture is here: the preview is no longer wanted
            previewToken = nil
            isStale = loaded.isStale
            content = .image(data: loaded.data, source: loaded.source)
            onLoaded?(loaded)
        case .failure(let error) where error is CancellationError:
            break
        case .failure(let error):
            content = .failed(reason: FailureReason.short(for: error))
            if FailureReason.isWorthRetrying(error) { scheduleRetry(binding: expected) }
        }
    }

    /// Loads the picture again after a wait that doubles with each try (the server may be back by then).
    private func scheduleRetry(binding expected: UInt64) {
        let wait = min(Self.longestRetry, Self.firstRetry * (1 << min(retries, 10)))
        let tries = retries + 1
        retryTask = Task { @MainActor [weak self] in
            try? await Task.sleep(for: wait)
            guard !Task.isCancelled, let self, self.binding == expected, case .failed = self.content else { return }
            self.reload()
            self.retries = tries
        }
    }

    private func previewFinished(_ result: Result<LoadResult, any Error>, binding expected: UInt64) {
        guard expected == binding else { return }
        previewToken = nil
        // Only a placeholder gives way to a preview: a full picture (or a failure) is never replaced.
        guard content.isPlaceholder, case .success(let loaded) = result else { return }
        content = .preview(data: loaded.data)
    }
}
