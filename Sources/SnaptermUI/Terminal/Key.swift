// Key: a key press, decoded — pure Swift, shared by the screens, key scripts and the fuzz targets.

/// A key press, decoded.
public enum Key: Sendable, Hashable {
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, tab, backspace, delete
    case wheelUp, wheelDown
    case resize
    case control(Character)
}
