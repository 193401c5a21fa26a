// LoadPriorities: who loads first in a list — the rows on screen at rest, the rows about to appear while scrolling.
import SchemeLoader

/// The priorities a list gives its loads.
///
/// At rest the user looks at the visible rows: their previews first, then their pictures, then the
/// prefetch. While scrolling, the rows about to appear go first: a row done before it appears is never
/// blank, while a visible row still loading is leaving — and if visible rows went first, work that
/// once fell behind the scroll would stay behind it (measured: a cold conversation at 60 rows/s went
/// from ~90 % blank to the figure in BENCHMARKS.md, issue 12).
struct LoadPriorities {
    /// A visible row's picture.
    let visible: LoadPriority
    /// A visible row's preview.
    let preview: LoadPriority
    /// A row about to appear.
    let prefetch: LoadPriority

    /// `cheapPreviews`: a preview costs next to nothing (a photo's EXIF thumbnail), so a visible row's preview
    /// goes before everything even while scrolling — it fills a blank box at once without holding up the rows
    /// about to appear.
    init(scrolling: Bool, cheapPreviews: Bool = false) {
        if scrolling {
            (visible, preview, prefetch) = (.normal, cheapPreviews ? .veryHigh : .normal, .high)
        } else {
            (visible, preview, prefetch) = (.high, .veryHigh, .low)
        }
    }
}
