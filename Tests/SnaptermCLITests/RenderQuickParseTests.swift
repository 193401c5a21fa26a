// `snapterm render`'s quick parse (no ArgumentParser reflection) reads every command line it takes
// exactly as ArgumentParser does, and leaves everything else to ArgumentParser.
import ArgumentParser
@testable import snapterm
import Testing

@Suite struct RenderQuickParseTests {
    static let taken: [[String]] = [
        ["a.jpg"],
        ["a.jpg", "b.png", "-", "https://example.com/c.jpg"],
        ["--cols", "30", "--rows=10", "--format", "sixel", "x.jpg"],
        ["p.jpg", "--palette", "fixed", "--colors", "256", "--cell-size", "8x16", "--stats", "--reload"],
        ["--output", "o.png", "p.jpg"],
        ["--place", "40x2", "p.jpg", "q.jpg"],
        ["--format=symbols", "--colors=none", "with space.jpg", "ünïcode.png"],
    ]

    static let leftToArgumentParser: [[String]] = [
        [], ["--cols", "30"], ["--help"], ["-h"], ["--version"], ["-o", "x.png", "a.jpg"], ["--cols", "30", "--cols", "40", "a.jpg"],
        ["--format", "bogus", "a.jpg"], ["--cols", "-5", "a.jpg"], ["--cols", "many", "a.jpg"], ["--", "-a.jpg"],
        ["--stats=yes", "a.jpg"], ["--unknown", "a.jpg"], ["--place"], ["a.jpg", "--rows"],
    ]

    private func fields(_ render: Snapterm.Render) -> String {
        "\(render.urls) \(String(describing: render.cols)) \(String(describing: render.rows)) \(render.format) \(render.palette) "
            + "\(String(describing: render.colors)) \(String(describing: render.cellSize)) \(render.stats) \(render.reload) "
            + "\(String(describing: render.output)) \(String(describing: render.place))"
    }

    @Test(arguments: taken) func readsWhatItTakesAsArgumentParserDoes(arguments: [String]) throws {
        let quick = try #require(Snapterm.Render.quickParse(arguments))
        let parsed = try #require(try Snapterm.parseAsRoot(["render"] + arguments) as? Snapterm.Render)
        #expect(fields(quick) == fields(parsed))
    }

    @Test(arguments: leftToArgumentParser) func leavesEverythingElseToArgumentParser(arguments: [String]) {
        #expect(Snapterm.Render.quickParse(arguments) == nil)
    }
}
