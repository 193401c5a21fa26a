// RecordingRangeSource: a ByteRangeSource wrapper that counts the reads made through it, for PMTiles tests.
import Foundation
import SchemeLoader

/// Passes reads to another source and records them; reads from `heldFrom` on wait for `gate` first
/// (a slow server), and a read cancelled while waiting is counted.
public final class RecordingRangeSource: ByteRangeSource {
    /// One read.
    public struct Read: Sendable, Equatable {
        public let offset: UInt64
        public let length: Int

        /// A read of `length` bytes at `offset`.
        public init(offset: UInt64, length: Int) {
            self.offset = offset
            self.length = length
        }
    }

    private let base: any ByteRangeSource
    private let gate: Gate?
    private let heldFrom: UInt64
    private let reads = Locked<[Read]>([])
    private let cancelled = Locked(0)

    /// Records the reads of `base`; with a `gate`, reads at `heldFrom` and beyond wait until it opens.
    public init(_ base: any ByteRangeSource, holdingReadsFrom heldFrom: UInt64 = 0, until gate: Gate? = nil) {
        self.base = base
        self.gate = gate
        self.heldFrom = heldFrom
    }

    /// The base source's name.
    public var name: String { base.name }

    /// Records the read, then makes it.
    public func bytes(at offset: UInt64, length: Int) async throws -> Data {
        reads.withLock { $0.append(Read(offset: offset, length: length)) }
        if let gate, offset >= heldFrom {
            do {
                try await gate.wait()
            } catch {
                cancelled.withLock { $0 += 1 }
                throw error
            }
        }
        return try await base.bytes(at: offset, length: length)
    }

    /// Every read so far, in order.
    public var recorded: [Read] { reads.withLock { $0 } }

    /// The bytes asked for in all reads so far.
    public var bytesRequested: Int { recorded.reduce(0) { $0 + $1.length } }

    /// How many held reads were cancelled while waiting.
    public var cancelledReads: Int { cancelled.withLock { $0 } }

    /// Forgets the reads so far.
    public func reset() { reads.withLock { $0.removeAll() } }
}
