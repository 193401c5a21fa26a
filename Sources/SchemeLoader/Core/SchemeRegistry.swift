// SchemeRegistry: the handlers one loader knows, in order; the first that can handle a URL wins.
import Foundation
import Synchronization

/// The ordered list of scheme handlers of one loader. Handlers can be added at any time.
public final class SchemeRegistry: Sendable {
    private let handlers: Mutex<[any SchemeHandling]>

    /// Creates a registry holding `handlers` in priority order.
    public init(_ handlers: [any SchemeHandling] = []) {
        self.handlers = Mutex(handlers)
    }

    /// Adds a handler after the existing ones (`atFront: true` to let it override them).
    public func register(_ handler: any SchemeHandling, atFront: Bool = false) {
        handlers.withLock { list in
            if atFront { list.insert(handler, at: 0) } else { list.append(handler) }
        }
    }

    /// Every handler, in order.
    public var all: [any SchemeHandling] { handlers.withLock { $0 } }

    /// The first handler that can handle `url`, or `LoadError.unsupportedScheme`.
    public func handler(for url: URL) throws -> any SchemeHandling {
        let match = handlers.withLock { list in list.first { $0.canHandle(url) } }
        guard let match else { throw LoadError.unsupportedScheme(url.scheme ?? "(none)") }
        return match
    }
}
