// LoadBudget: whether the loader holds one of its slots around a handler's whole load.

/// How a handler's loads count against the loader's slots (`maxConcurrentLoads`).
///
/// A slot stands for a resource a load keeps busy: a core, for a renderer. A load that mostly waits
/// (for the network, for another stage's result) must not hold one while it waits, or a slow source
/// leaves every core idle behind it.
public enum LoadBudget: Sendable, Hashable {
    /// The loader holds a slot for the whole `load` (work that keeps a core busy from start to end).
    case wholeLoad
    /// The handler holds no slot while it waits; it takes one with `SchemeLoadTask.withSlot` around its
    /// own work only, and budgets its waits itself (an HTTP handler: connections per host).
    case selfManaged
}
