// LoadBudget: whether the loader holds one of its turns around a handler's whole load.

/// How a handler's loads count against the loader's turns (`maxConcurrentLoads`).
///
/// A turn stands for a resource a load keeps busy from start to end. A load that mostly waits (for the
/// network, for another stage's result) must not hold one while it waits, or a slow source leaves every
/// core idle behind it: its CPU work waits for a worker instead (`SchemeLoadTask.work(on:_:)`), whose
/// threads are the CPU's slots.
public enum LoadBudget: Sendable, Hashable {
    /// The loader holds a turn for the whole `load`, taken in the order loads are asked for.
    case wholeLoad
    /// The handler holds no turn: its CPU work waits for a worker (`SchemeLoadTask.work(on:_:)`), and it
    /// budgets its waits itself (an HTTP handler: connections per host).
    case selfManaged
}
