// LoadPriorities: who loads first in a list — the rows on screen at rest, the rows about to appear while scrolling.
import SchemeLoader

/// The priorities a list gives its loads.
///
/// At rest the user looks at the visible rows: their previews first, then their pictures, then the
/// prefetch. While scrolling, the rows about to appear go first: a row done before it appears is never
/// blank, while a visible row still loading is leaving — and if visible rows went first, work that
/// once fell behind the scroll would stay behind it (measured: a cold conversation at 60 rows/s went
/// from ~90 % blank to the figure in BENCHMARKS.md, issue 12). A visible row in the half of the screen the
/// scroll brings rows into is not leaving yet: it goes with the rows about to appear, and as its load was
/// asked for before theirs, its waiting work runs first (measured: a cold conversation held at 120 rows/s no
/// longer leaves the rows that appeared in the first 100 ms blank behind the rows ahead, issue 35).
struct LoadPriorities {
    /// A visible row's picture (while scrolling: a row in the half of the screen rows leave by).
    let visible: LoadPriority
    /// A visible row's picture in the half of the screen the scroll brings rows into.
    let arriving: LoadPriority
    /// A visible row's preview.
    let preview: LoadPriority
    /// A row about to appear.
    let prefetch: LoadPriority

    /// `cheapPreviews`: a preview costs next to nothing (a photo's EXIF thumbnail), so a visible row's preview
    /// goes before everything even while scrolling — it fills a blank box at once without holding up the rows
    /// about to appear.
    init(scrolling: Bool, cheapPreviews: Bool = false) {
        if scrolling {
            (visible, arriving, preview, prefetch) = (.normal, .high, cheapPreviews ? .veryHigh : .normal, .high)
        } else {
            (visible, arriving, preview, prefetch) = (.high, .high, .veryHigh, .low)
        }
    }
}
