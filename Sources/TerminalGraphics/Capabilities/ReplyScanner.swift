// ReplyScanner: the grammar of what terminals send back, byte by byte — which input bytes are a reply to a
// query (to be consumed or discarded) and which are keys. Shared by detection and the UI's key filter.

/// One complete reply a terminal sent.
public struct TerminalReply: Sendable, Hashable {
    /// The reply's kind: the string controls, or a CSI report and its final byte.
    public enum Kind: Sendable, Hashable {
        /// `ESC _ … ESC \` (kitty graphics replies).
        case applicationProgramCommand
        /// `ESC P … ESC \` (XTVERSION, DECRQSS).
        case deviceControlString
        /// `ESC ] … BEL` or `ESC ] … ESC \` (colour reports).
        case operatingSystemCommand
        /// `ESC [ … final` with the final byte: `c` (device attributes) or `t` (window reports).
        case controlSequence(final: UInt8)
    }

    /// What kind of reply this is.
    public var kind: Kind
    /// The bytes between the introducer and the terminator (the first `ReplyScanner.bodyLimit` bytes).
    public var body: [UInt8]
}

/// A push parser over terminal input: feed each byte, learn whether it is a key, part of a reply
/// still open, the end of a reply, or the point where what looked like a reply turned out not to be.
///
/// Replies recognised: the string controls APC (`ESC _ … ST`), DCS (`ESC P … ST`) and OSC
/// (`ESC ] … BEL|ST`) of any length, and the CSI reports `CSI ? … c`, `CSI > … c` (device
/// attributes) and `CSI n ; … t` (window and cell sizes). Anything else starting with ESC — an arrow
/// key ncurses did not decode, Alt+key — is not a reply.
public struct ReplyScanner: Sendable {
    /// What one byte was.
    public enum Step: Sendable, Hashable {
        /// Not part of a reply: a key.
        case key
        /// Part of a reply that is still open.
        case open
        /// The last byte of `reply`.
        case reply(TerminalReply)
        /// The `count` bytes open so far, this one included, are not a reply after all.
        case notAReply(count: Int)
    }

    /// The most bytes of a reply's body kept in `TerminalReply.body` (the rest is scanned, not stored).
    public static let bodyLimit = 4096
    /// The longest CSI report: a few numbers (DA1 lists about ten).
    public static let controlSequenceLimit = 128

    private enum State: Sendable {
        case ground, escape, controlSequence, string(TerminalReply.Kind), stringEscape(TerminalReply.Kind)
    }

    private var state = State.ground
    private var body: [UInt8] = []
    /// Bytes of the reply open so far (its ESC included).
    public private(set) var openCount = 0

    /// Creates a scanner outside any reply.
    public init() {}

    /// True while inside a string control (APC, DCS, OSC): from then on only its terminator ends it.
    public var isInsideString: Bool {
        switch state {
        case .string, .stringEscape: true
        default: false
        }
    }

    /// True while bytes are open (the start of a reply seen, its end not yet).
    public var isOpen: Bool { openCount > 0 }

    /// Classifies the next input byte.
    public mutating func feed(_ byte: UInt8) -> Step {
        switch state {
        case .ground:
            guard byte == EscapeSequence.escapeByte else { return .key }
            return open(.escape)
        case .escape:
            switch byte {
            case UInt8(ascii: "_"): return open(.string(.applicationProgramCommand))
            case UInt8(ascii: "P"): return open(.string(.deviceControlString))
            case UInt8(ascii: "]"): return open(.string(.operatingSystemCommand))
            case UInt8(ascii: "["): return open(.controlSequence)
            default: return fail()
            }
        case .controlSequence:
            return controlSequence(byte)
        case .string(let kind):
            if byte == EscapeSequence.escapeByte { return open(.stringEscape(kind)) }
            if byte == EscapeSequence.bellByte, kind == .operatingSystemCommand { return finish(kind) }
            keep(byte)
            return open(.string(kind))
        case .stringEscape(let kind):
            if byte == UInt8(ascii: "\\") { return finish(kind) }
            keep(EscapeSequence.escapeByte)
            keep(byte)
            return open(.string(kind))
        }
    }

    /// Forgets an open reply (the input went quiet in the middle of one).
    public mutating func reset() {
        state = .ground
        body = []
        openCount = 0
    }

    private mutating func controlSequence(_ byte: UInt8) -> Step {
        switch byte {
        case 0x20...0x3F:
            guard openCount < Self.controlSequenceLimit else { return fail() }
            let isMarker = byte == UInt8(ascii: "?") || byte == UInt8(ascii: ">")
            guard !isMarker || body.isEmpty else { return fail() }
            keep(byte)
            return open(.controlSequence)
        case UInt8(ascii: "c") where body.first == UInt8(ascii: "?") || body.first == UInt8(ascii: ">"):
            return finish(.controlSequence(final: byte))
        case UInt8(ascii: "t") where body.first.map({ (0x30...0x39).contains($0) }) ?? false:
            return finish(.controlSequence(final: byte))
        default:
            return fail()
        }
    }

    private mutating func open(_ next: State) -> Step {
        state = next
        openCount += 1
        return .open
    }

    private mutating func keep(_ byte: UInt8) {
        if body.count < Self.bodyLimit { body.append(byte) }
    }

    private mutating func finish(_ kind: TerminalReply.Kind) -> Step {
        let reply = TerminalReply(kind: kind, body: body)
        reset()
        return .reply(reply)
    }

    private mutating func fail() -> Step {
        let count = openCount + 1
        reset()
        return .notAReply(count: count)
    }
}
