// LoaderReference: the loader a handler inside it reads through — set once the loader is made, held weakly.

/// The loader that a handler it holds needs (the map handler reads remote archives' byte ranges through
/// its own loader): made after the handler, so set afterwards; weak, so the two do not keep each other.
public final class LoaderReference: Sendable {
    private struct Weak: Sendable {
        weak var loader: SchemeLoader?
    }

    private let state = Locked(Weak())

    /// A reference to no loader yet.
    public init() {}

    /// The loader, once set and while it exists.
    public var loader: SchemeLoader? { state.withLock { $0.loader } }

    /// Refers to `loader` from now on.
    public func set(_ loader: SchemeLoader) { state.withLock { $0.loader = loader } }
}
