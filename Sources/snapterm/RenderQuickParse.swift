// RenderQuickParse: `snapterm render` arguments read without ArgumentParser's reflection, which
// costs ~5 ms of a 27 ms cold render in a static binary (BENCHMARKS.md, issue 14).
import TerminalGraphics

extension Snapterm.Render {
    /// The command for `arguments` (those after `render`) when they are only pictures and this
    /// command's long options (`--cols 30` or `--cols=30`, each at most once); `nil` for anything
    /// else — help, short options, `--`, an unknown or repeated name, a value that looks like an
    /// option — which ArgumentParser then parses and reports exactly as before.
    static func quickParse(_ arguments: [String]) -> Self? {
        var values: [String: String] = [:]
        var pictures: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--") else {
                guard argument == "-" || !argument.hasPrefix("-") else { return nil }
                pictures.append(argument)
                continue
            }
            let parts = argument.dropFirst(2).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard values[name] == nil else { return nil }
            if flagNames.contains(name) {
                guard parts.count == 1 else { return nil }
                values[name] = ""
            } else if optionNames.contains(name) {
                if parts.count == 2 {
                    values[name] = String(parts[1])
                } else {
                    guard index < arguments.count, !arguments[index].hasPrefix("-") else { return nil }
                    values[name] = arguments[index]
                    index += 1
                }
            } else {
                return nil
            }
        }
        guard !pictures.isEmpty else { return nil }
        var command = Self()
        command.urls = pictures
        guard let cols = optionalInt(values["cols"]), let rows = optionalInt(values["rows"]),
              let format = values["format"].map(Format.init(rawValue:)) ?? .auto,
              let palette = values["palette"].map(SixelPalette.init(rawValue:)) ?? .auto,
              let colors = optionalValue(values["colors"], ColorDepth.init(rawValue:)) else { return nil }
        command.cols = cols
        command.rows = rows
        command.format = format
        command.palette = palette
        command.colors = colors
        command.cellSize = values["cell-size"]
        command.stats = values["stats"] != nil
        command.reload = values["reload"] != nil
        command.offline = values["offline"] != nil
        command.output = values["output"]
        command.place = values["place"]
        command.noAnimate = values["no-animate"] != nil
        guard let duration = optionalValue(values["duration"], { Double($0) }) else { return nil }
        command.duration = duration
        command.tiles = .none
        return command
    }

    private static let flagNames: Set = ["stats", "reload", "offline", "no-animate"]
    private static let optionNames: Set = ["cols", "rows", "format", "palette", "colors", "cell-size", "output", "place", "duration"]

    /// `.some(nil)` when absent, `.some(value)` when it parses, `nil` when it does not.
    private static func optionalInt(_ text: String?) -> Int?? {
        optionalValue(text) { Int($0) }
    }

    private static func optionalValue<T>(_ text: String?, _ parse: (String) -> T?) -> T?? {
        guard let text else { return .some(nil) }
        return parse(text).map { .some($0) }
    }
}
