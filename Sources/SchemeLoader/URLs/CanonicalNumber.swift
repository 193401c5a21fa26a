// CanonicalNumber: strict parsing of numbers in URLs and their one canonical spelling.
import Foundation

/// Parses and spells numbers so that `59.90`, `59.9` and `+59.900` are one key.
public enum CanonicalNumber {
    /// Parses a plain decimal (`-12`, `0.5`, `.5`, `1e3`); rejects `nan`, `inf`, hex and spaces.
    public static func parseDouble(_ text: String) -> Double? {
        guard isPlainDecimal(text), let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// Parses an integer written with digits only (an optional leading sign).
    public static func parseInt(_ text: String) -> Int? {
        var digits = Substring(text)
        if digits.first == "+" || digits.first == "-" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int(text)
    }

    /// `value` rounded to `decimals` places: the number its canonical spelling stands for.
    public static func rounded(_ value: Double, decimals: Int = 7) -> Double {
        let scale = pow(10, Double(decimals))
        return (value * scale).rounded() / scale
    }

    /// The canonical spelling: rounded to `decimals` places, no trailing zeros, no `-0`.
    public static func spell(_ value: Double, decimals: Int = 7) -> String {
        let rounded = rounded(value, decimals: decimals)
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        let text = "\(rounded)"
        // Swift prints tiny values as "1e-07": spell them out in plain decimals instead.
        guard text.contains("e") else { return text }
        return String(format: "%.\(decimals)f", rounded).trimmingTrailingZeros()
    }

    private static func isPlainDecimal(_ text: String) -> Bool {
        var chars = Substring(text)
        if chars.first == "+" || chars.first == "-" { chars = chars.dropFirst() }
        var mantissa = chars
        var exponent: Substring?
        if let e = chars.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = chars[..<e]
            var exp = chars[chars.index(after: e)...]
            if exp.first == "+" || exp.first == "-" { exp = exp.dropFirst() }
            exponent = exp
        }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              parts.contains(where: { !$0.isEmpty }) else { return false }
        if let exponent, exponent.isEmpty || exponent.count > 3 || !exponent.allSatisfy(\.isASCIIDigit) {
            return false
        }
        return true
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
    fileprivate func trimmingTrailingZeros() -> String {
        guard contains(".") else { return self }
        var text = self
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
