// InOrder: run one job per argument at once, hand each outcome on in argument order as soon as it can be.
/// Concurrent work with ordered output: outcome `i` is emitted once outcomes `0..<i` have been.
enum InOrder {
    /// Runs `work(i)` for every index concurrently and calls `emit` in index order; true when any failed.
    static func run<Value: Sendable>(count: Int, work: @escaping @Sendable (Int) async throws -> Value,
                                     emit: (Int, Result<Value, any Error>) -> Void) async -> Bool {
        await withTaskGroup(of: (Int, Result<Value, any Error>).self) { group in
            for index in 0..<count {
                group.addTask {
                    do { return (index, .success(try await work(index))) } catch { return (index, .failure(error)) }
                }
            }
            var waiting: [Int: Result<Value, any Error>] = [:]
            var next = 0, failed = false
            for await (index, outcome) in group {
                waiting[index] = outcome
                while let ready = waiting.removeValue(forKey: next) {
                    if case .failure = ready { failed = true }
                    emit(next, ready)
                    next += 1
                }
            }
            return failed
        }
    }
}
