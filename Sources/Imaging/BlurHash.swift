// BlurHash: a picture as a few cosine components in 20–30 characters (https://blurha.sh) — what Element and Cinny send
// with an image as `xyz.amorgan.blurhash`, so a receiver draws a blurred stand-in before the picture arrives.
import Foundation

/// A parsed BlurHash: the average colour and up to 9×9 cosine components, in linear RGB. It keeps no aspect ratio:
/// the picture's own size comes from elsewhere (a message's `info.w`, `info.h`).
public struct BlurHash: Sendable, Hashable {
    /// Cosine components across and down (1…9 each).
    public let componentsX: Int, componentsY: Int
    /// The hash as text.
    public let text: String
    /// R, G, B (linear, signed) of each component, row by row; the first is the average colour.
    let factors: [Double]

    /// The longest hash: four characters of header and two per component.
    public static let maxLength = 4 + 2 * 81

    /// Reads `text`; throws when it is no BlurHash (length, digits, components) — its sentence never quotes the text.
    public init(_ text: String) throws(BlurHashError) {
        let digits = Array(text.utf8)
        guard digits.count >= 6, digits.count <= Self.maxLength else { throw .wrongLength(digits.count, expected: nil) }
        let values = try Base83.values(of: digits)
        componentsX = values[0] % 9 + 1
        componentsY = values[0] / 9 + 1
        // The header digit spells up to 83 values; past 80 it would mean 10 components down.
        guard componentsY <= 9 else { throw .componentsOutOfRange(componentsX, componentsY) }
        let expected = 4 + 2 * componentsX * componentsY
        guard digits.count == expected else { throw .wrongLength(digits.count, expected: expected) }
        let maximum = Double(values[1] + 1) / 166
        let average = Base83.number(values[2..<6])
        var factors = [average >> 16, (average >> 8) & 255, average & 255].map(SRGB.linear)
        for index in stride(from: 6, to: digits.count, by: 2) {
            let value = Base83.number(values[index..<(index + 2)])
            for quantised in [value / (19 * 19), (value / 19) % 19, value % 19] {
                factors.append(Self.signedPower((Double(quantised) - 9) / 9, 2) * maximum)
            }
        }
        self.factors = factors
        self.text = text
    }

    /// The hash of `bitmap` with `componentsX`×`componentsY` components (1…9 each; alpha is ignored, as the
    /// reference encoder does). Cost grows with the pixels: hash a small thumbnail, not a photo.
    public init(encoding bitmap: Bitmap, componentsX: Int = 4, componentsY: Int = 3) throws(BlurHashError) {
        guard (1...9).contains(componentsX), (1...9).contains(componentsY) else {
            throw .componentsOutOfRange(componentsX, componentsY)
        }
        let width = bitmap.width, height = bitmap.height
        let linear = SRGB.linearTable
        let cosinesX = Self.cosines(components: componentsX, length: width)
        let cosinesY = Self.cosines(components: componentsY, length: height)
        var factors: [Double] = []
        for j in 0..<componentsY {
            for i in 0..<componentsX {
                var sum = (0.0, 0.0, 0.0)
                for y in 0..<height {
                    let basisY = cosinesY[j * height + y] * ((i == 0 && j == 0) ? 1 : 2)
                    var base = y * width * 4
                    for x in 0..<width {
                        let basis = cosinesX[i * width + x] * basisY
                        sum.0 += basis * linear[Int(bitmap.pixels[base])]
                        sum.1 += basis * linear[Int(bitmap.pixels[base + 1])]
                        sum.2 += basis * linear[Int(bitmap.pixels[base + 2])]
                        base += 4
                    }
                }
                let scale = 1 / Double(width * height)
                factors += [sum.0 * scale, sum.1 * scale, sum.2 * scale]
            }
        }
        let largest = factors.dropFirst(3).map(abs).max() ?? 0
        let quantisedMaximum = Int(max(0, min(82, (largest * 166 - 0.5).rounded(.down))))
        let maximum = Double(quantisedMaximum + 1) / 166
        var digits = Base83.digits(componentsX - 1 + (componentsY - 1) * 9, count: 1)
        digits += Base83.digits(quantisedMaximum, count: 1)
        let average = (0..<3).reduce(0) { $0 << 8 | Int(SRGB.encoded(factors[$1])) }
        digits += Base83.digits(average, count: 4)
        for index in stride(from: 3, to: factors.count, by: 3) {
            let value = (0..<3).reduce(0) { total, channel in
                let scaled = Self.signedPower(factors[index + channel] / maximum, 0.5) * 9 + 9.5
                return total * 19 + Int(max(0, min(18, scaled.rounded(.down))))
            }
            digits += Base83.digits(value, count: 2)
        }
        let text = String(decoding: digits, as: UTF8.self)
        try self.init(text)
    }

    /// The hash drawn at `width`×`height` pixels (opaque); draw it small and let the terminal's cells scale it.
    public func bitmap(width: Int, height: Int) -> Bitmap {
        let width = max(1, width), height = max(1, height)
        let cosinesX = Self.cosines(components: componentsX, length: width)
        let cosinesY = Self.cosines(components: componentsY, length: height)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        var base = 0
        for y in 0..<height {
            for x in 0..<width {
                var colour = (0.0, 0.0, 0.0)
                for j in 0..<componentsY {
                    let basisY = cosinesY[j * height + y]
                    for i in 0..<componentsX {
                        let basis = cosinesX[i * width + x] * basisY, factor = (j * componentsX + i) * 3
                        colour.0 += factors[factor] * basis
                        colour.1 += factors[factor + 1] * basis
                        colour.2 += factors[factor + 2] * basis
                    }
                }
                pixels[base] = SRGB.encoded(colour.0)
                pixels[base + 1] = SRGB.encoded(colour.1)
                pixels[base + 2] = SRGB.encoded(colour.2)
                base += 4
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)!
    }

    /// cos(π·i·x/length) for each component `i` and position `x`, component by component.
    private static func cosines(components: Int, length: Int) -> [Double] {
        var table: [Double] = []
        table.reserveCapacity(components * length)
        for i in 0..<components {
            for x in 0..<length { table.append(cos(Double.pi * Double(i) * Double(x) / Double(length))) }
        }
        return table
    }

    private static func signedPower(_ value: Double, _ exponent: Double) -> Double {
        let magnitude = pow(abs(value), exponent)
        return value < 0 ? -magnitude : magnitude
    }
}

/// Why a text is no BlurHash, or a hash cannot be made.
public enum BlurHashError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text has `count` characters; a hash of its header's component counts has `expected`.
    case wrongLength(Int, expected: Int?)
    /// The character at this offset (from 0) is not one of the 83 digits.
    case notADigit(at: Int)
    /// Component counts outside 1…9 were asked for, or a header spells them.
    case componentsOutOfRange(Int, Int)

    public var description: String {
        switch self {
        case .wrongLength(let count, nil):
            "not a BlurHash: \(count) characters, where a hash has 6 to \(BlurHash.maxLength)"
        case .wrongLength(let count, let expected?):
            "not a BlurHash: \(count) characters, where its header's component counts give \(expected)"
        case .notADigit(let offset):
            "not a BlurHash: the character at offset \(offset) is not a base-83 digit"
        case .componentsOutOfRange(let x, let y):
            "a BlurHash has 1 to 9 components across and down, not \(x)×\(y)"
        }
    }
}

/// BlurHash's base-83 digits.
enum Base83 {
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~".utf8)
    private static let valueOfByte: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        for (value, digit) in alphabet.enumerated() { table[Int(digit)] = Int8(value) }
        return table
    }()

    /// The value of each digit; throws at the first byte that is no digit.
    static func values(of digits: [UInt8]) throws(BlurHashError) -> [Int] {
        var values: [Int] = []
        values.reserveCapacity(digits.count)
        for (offset, digit) in digits.enumerated() {
            let value = valueOfByte[Int(digit)]
            guard value >= 0 else { throw .notADigit(at: offset) }
            values.append(Int(value))
        }
        return values
    }

    /// The number the digit values spell, most significant first.
    static func number(_ values: ArraySlice<Int>) -> Int { values.reduce(0) { $0 * 83 + $1 } }

    /// `value` as exactly `count` digits (the caller keeps it below 83^count).
    static func digits(_ value: Int, count: Int) -> [UInt8] {
        var remaining = value, digits = [UInt8](repeating: 0, count: count)
        for index in stride(from: count - 1, through: 0, by: -1) {
            digits[index] = alphabet[remaining % 83]
            remaining /= 83
        }
        return digits
    }
}

/// The sRGB transfer curve as BlurHash rounds it.
enum SRGB {
    /// The linear value of each 8-bit sRGB value.
    static let linearTable: [Double] = (0...255).map(linear)

    /// The linear value of `value` (0…255; a hash's average colour may spell more, read on the same curve).
    static func linear(_ value: Int) -> Double {
        let v = Double(value) / 255
        return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    static func encoded(_ value: Double) -> UInt8 {
        let v = max(0, min(1, value))
        return v <= 0.0031308 ? UInt8(v * 12.92 * 255 + 0.5) : UInt8((1.055 * pow(v, 1 / 2.4) - 0.055) * 255 + 0.5)
    }
}
