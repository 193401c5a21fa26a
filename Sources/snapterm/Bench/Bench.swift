// Bench: `snapterm bench …` — benchmarks that print figures (they are not tests).
import ArgumentParser

extension Snapterm {
    /// Benchmarks; build with `-c release` for meaningful figures.
    struct Bench: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run benchmarks and print their figures (use a release build).",
            subcommands: [LoaderBench.self, ImagingBench.self, RenderBench.self, SixelPSNR.self])
    }
}
