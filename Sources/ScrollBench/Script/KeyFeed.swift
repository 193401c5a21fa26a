// KeyFeed: hands the app its scripted keys — after the screen settled, at a real-time cadence or in lockstep.
import Foundation
import SnaptermUI

/// How scripted keys are paced.
public enum KeyPacing: Sendable, Hashable {
    /// One key every `interval` of real time (keys queue up if the app falls behind, as in a terminal).
    case realTime(interval: Duration)
    /// One key per drawn frame, as fast as the app draws: counts do not depend on the machine's speed.
    case lockstep
}

/// What the terminal should do when the app asks for input.
public enum KeyFeedAnswer: Sendable, Equatable {
    /// Hand out this key.
    case key(Key)
    /// No key yet; wait up to this long.
    case wait(Duration)
    /// Nothing (do not wait).
    case none
}

/// The scripted input of one benchmark run: first wait until `isReady` holds (the first screen has
/// loaded) or `settleTimeout` passed, call `onStart`, hand out `keys` with `pacing`, then after
/// `linger` hand out `quit`.
@MainActor
public final class KeyFeed {
    /// The keys of the script.
    public let keys: [Key]
    /// How they are paced.
    public let pacing: KeyPacing
    /// Checked before the script starts.
    public var isReady: () -> Bool = { true }
    /// Called once, just before the first key.
    public var onStart: () -> Void = {}
    /// The longest wait for `isReady`.
    public var settleTimeout: Duration = .seconds(10)
    /// Time given to the app after the last key before quitting.
    public var linger: Duration = .zero
    /// The key that ends the run.
    public var quit: Key = .character("q")

    private var firstAsked: ContinuousClock.Instant?
    private var started: ContinuousClock.Instant?
    private var handedOut = 0
    private var framesAtLastKey = -1
    private var finishedAt: ContinuousClock.Instant?
    private var quitSent = false

    /// Creates a feed of `keys` paced by `pacing`.
    public init(keys: [Key], pacing: KeyPacing) {
        self.keys = keys
        self.pacing = pacing
    }

    /// Whether every key (and the quit key) was handed out.
    public var isFinished: Bool { quitSent }

    /// Keys handed out so far (the quit key excluded).
    public var keysHandedOut: Int { handedOut }

    /// The answer to the app asking for input; `framesDrawn` counts frames drawn so far.
    public func next(framesDrawn: Int) -> KeyFeedAnswer {
        let now = ContinuousClock.now
        guard let started else {
            let firstAsked = self.firstAsked ?? now  // the settle timeout runs from the app's first request, not from creation
            self.firstAsked = firstAsked
            guard framesDrawn > 0, isReady() || now - firstAsked > settleTimeout else { return .wait(.milliseconds(2)) }
            self.started = now
            framesAtLastKey = framesDrawn - 1  // the first key needs no new frame
            onStart()
            return .none
        }
        if handedOut == keys.count {
            guard !quitSent else { return .none }
            guard framesDrawn > framesAtLastKey else { return .none }
            let done = finishedAt ?? now
            finishedAt = done
            if now - done < linger { return .wait(linger - (now - done)) }
            quitSent = true
            return .key(quit)
        }
        switch pacing {
        case .lockstep:
            guard framesDrawn > framesAtLastKey else { return .none }
        case .realTime(let interval):
            let due = started + interval * (handedOut + 1)
            if now < due { return .wait(due - now) }
        }
        framesAtLastKey = framesDrawn
        handedOut += 1
        return .key(keys[handedOut - 1])
    }
}
