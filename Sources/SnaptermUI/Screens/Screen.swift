// Screen: one page of the app — draws text into a canvas, lists the pictures to place, handles keys.
import Foundation

/// What a screen asks the app to do after a key.
public enum ScreenAction: Sendable, Equatable {
    /// Nothing beyond redrawing.
    case none
    /// Open another screen on top.
    case push(ScreenKind)
    /// Close this screen.
    case pop
    /// Quit the app.
    case quit
    /// The key was not for this screen (the app handles it).
    case unhandled
}

/// The screens the app can open.
public enum ScreenKind: Sendable, Equatable {
    /// A place's map, large, with zoom and panning.
    case mapDetail(Place)
    /// A conversation's messages and its draft.
    case conversation(id: Int64)
    /// The gallery, to attach an (edited) photo to a conversation's draft.
    case photoPicker(conversation: Int64)
    /// The places, to attach a location to a conversation's draft.
    case locationPicker(conversation: Int64)
}

/// A page of the app.
@MainActor
public protocol Screen: AnyObject {
    /// Shown in the header.
    var title: String { get }
    /// Lays out for `area` (after a resize too).
    func layout(in area: CellRect)
    /// Draws text (and placeholders) into `canvas`, returning the pictures to place over it.
    func draw(on canvas: any TextCanvas, area: CellRect, options: DrawOptions) -> [PlacedPicture]
    /// Handles a key.
    func handle(_ key: Key) -> ScreenAction
    /// Called every frame (starts deferred loads once a fast scroll settles).
    func tick()
    /// Rebinds every visible picture (after the caches were emptied or caching was toggled).
    func reload()
    /// Image cells currently showing a placeholder, and image cells in all (white-spot count).
    var placeholderCount: (placeholders: Int, cells: Int) { get }
    /// Set by the app: called when something changes on its own (a picture arrived) and the
    /// screen should be drawn again.
    var onChange: (() -> Void)? { get set }
    /// Called when the screen is shown again: its tab chosen, or the screen above it closed.
    func didAppear()
    /// The keys this screen has of its own, for the `?` panel (the app's keys it takes for itself included).
    var keyHelp: [KeyHelp] { get }
    /// Called when the message store changed from outside (a sync stored new messages).
    func messagesChanged()
}

extension Screen {
    /// Nothing by default.
    public func didAppear() {}
    /// No keys of its own by default.
    public var keyHelp: [KeyHelp] { [] }
    /// Nothing by default.
    public func messagesChanged() {}
}

/// Display options the app passes to screens.
public struct DrawOptions: Sendable, Equatable {
    /// Show a one-letter badge with each picture's source (M memory, D disk, H handler).
    public var showsBadges = false
    /// The frame number: moves the progress bars of loads whose size is unknown (renders).
    public var phase = 0
    public init(showsBadges: Bool = false, phase: Int = 0) {
        self.showsBadges = showsBadges
        self.phase = phase
    }
}
