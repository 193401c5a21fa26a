// ImagingBench: `snapterm-bench imaging` — thumbnail of the large JPEG, asset:// cold / disk / memory,
// and the command-line anchors (vipsthumbnail, ImageMagick) on the same file, in one run.
import ArgumentParser
import AssetLibrary
import Foundation
import Imaging
import SchemeLoader
import TestSupport

extension SnaptermBench {
    struct ImagingBench: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "imaging", abstract: "Benchmark Imaging and the asset:// scheme (issue 3).")

        @Option(help: "Repetitions per measurement.")
        var iterations = 30

        @Option(help: "Thumbnail box, WIDTHxHEIGHT.")
        var box = "240x160"

        @Option(help: "The asset id of the photo (default: elephants-large.jpg, 5640×3172).")
        var id = "p-d720d49f"

        @Flag(help: "Skip the hyperfine anchors.")
        var noAnchors = false

        func run() async throws {
            let parts = box.split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2 else { throw ValidationError("--box must look like 240x160") }
            let (width, height) = (parts[0], parts[1])
            let library = try AssetLibrary(shippedFolder: BenchEnvironment.dataDirectory.appendingPathComponent("photos"))
            let file = try library.fileURL(id: id)
            let data = try Data(contentsOf: file)
            let processor = ImageProcessor()
            let info = try processor.info(of: data)
            print("photo: \(file.lastPathComponent), \(info.width)×\(info.height) \(info.format.rawValue), \(data.count) bytes; box \(box)")

            var thumbnail = Samples(), thumbnailCPU = Samples(), edited = Samples(), full = Samples()
            for index in 0..<(iterations + 2) {
                let cpuStart = Self.processCPUNanoseconds()
                let a = try await measure { _ = try processor.thumbnail(data, width: width, height: height, mode: .fit) }
                if index >= 2 { thumbnailCPU.add(nanoseconds: Self.processCPUNanoseconds() - cpuStart) }
                let b = try await measure {
                    let bitmap = try processor.render(data, width: width, height: height, mode: .fill,
                                                      edit: ImageEdit(crop: try CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8), rotation: .clockwise90, filter: .sepia))
                    _ = try processor.encode(bitmap, as: .jpeg(quality: 85))
                }
                if index >= 2 { thumbnail.add(a); edited.add(b) }
            }
            for _ in 0..<max(3, iterations / 10) { full.add(try await measure { _ = try processor.decode(data) }) }
            // The attachment size, turned: the case that read the shrunk photo out of order (issue 13).
            var attachment = Samples()
            for index in 0..<(max(3, iterations / 3) + 1) {
                let sample = try await measure {
                    let bitmap = try processor.render(data, width: 1280, height: nil, edit: ImageEdit(rotation: .clockwise90))
                    _ = try processor.encode(bitmap, as: .jpeg(quality: 85))
                }
                if index >= 1 { attachment.add(sample) }
            }
            print("in-process thumbnail \(box) (fit):               \(thumbnail.summary)")
            print("  the same, process CPU time (all vips threads):  \(thumbnailCPU.summary)")
            print("in-process render + JPEG (crop, rotate, sepia):  \(edited.summary)")
            print("in-process full decode (no shrink-on-load):      \(full.summary)")
            print("in-process render 1280 wide, turned 90° + JPEG:  \(attachment.summary)")
            try encodings(processor.thumbnail(data, width: width, height: height, mode: .fit), processor: processor)

            try await assetURL(library: library, width: width, height: height)
            if !noAnchors { try anchors(file: file, width: width, height: height) }
        }

        /// CPU time used by the whole process so far (user + system, every thread): immune to
        /// the wall-clock noise of other processes on a shared machine.
        static func processCPUNanoseconds() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
            return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
        }

        /// What the handler's format choice costs: JPEG against PNG for the same opaque thumbnail.
        private func encodings(_ bitmap: Bitmap, processor: ImageProcessor) throws {
            for format in [EncodedFormat.jpeg(quality: 85), .png] {
                var samples = Samples(), bytes = 0
                for _ in 0..<iterations {
                    let start = ContinuousClock.now
                    bytes = try processor.encode(bitmap, as: format).count
                    samples.add(ContinuousClock.now - start)
                }
                print("encode \(bitmap.width)×\(bitmap.height) as \(format.mimeType): \(bytes) bytes, \(samples.summary)")
            }
        }

        /// The same picture through the loader: rendered (cold), after a restart (disk), again (memory).
        private func assetURL(library: AssetLibrary, width: Int, height: Int) async throws {
            let url = URL(string: "asset://?id=\(id)&width=\(width)&height=\(height)&filter=vivid")!
            var cold = Samples(), disk = Samples(), memory = Samples()
            var bytes = 0
            for _ in 0..<iterations {
                let directory = try TemporaryDirectory(prefix: "snapterm-bench-imaging")
                let configuration = SchemeLoaderConfiguration(diskDirectory: directory.url)
                let first = try SchemeLoader(handlers: [AssetSchemeHandler(library: library)], configuration: configuration)
                cold.add(try await measure { bytes = try await first.data(for: url).data.count })
                memory.add(try await measure { _ = try await first.data(for: url) })
                let restarted = try SchemeLoader(handlers: [AssetSchemeHandler(library: library)], configuration: configuration)
                disk.add(try await measure {
                    let result = try await restarted.data(for: url)
                    precondition(result.source == .disk, "expected a disk hit")
                })
            }
            print("\(url.absoluteString) → \(bytes) bytes")
            print("asset:// cold (read, decode, edit, encode, store): \(cold.summary)")
            print("asset:// disk cache (new loader, same folder):     \(disk.summary)")
            print("asset:// memory cache:                             \(memory.summary)")
        }

        /// `vipsthumbnail` and ImageMagick on the same file, timed by hyperfine (process start included).
        private func anchors(file: URL, width: Int, height: Int) throws {
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("snapterm-bench-anchors-\(getpid())")
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: output) }
            let json = output.appendingPathComponent("hyperfine.json").path
            let commands = [
                "vipsthumbnail '\(file.path)' -s \(width)x\(height) -o '\(output.path)/vips.jpg'",
                "convert '\(file.path)' -thumbnail \(width)x\(height) '\(output.path)/magick.jpg'",
                "vips --version",
            ]
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["hyperfine", "--warmup", "2", "--runs", String(max(10, iterations / 2)), "--style", "none",
                                 "--export-json", json] + commands
            process.standardOutput = FileHandle.nullDevice
            do { try process.run() } catch {
                print("anchors skipped: hyperfine cannot start (\(error))")
                return
            }
            process.waitUntilExit()
            guard process.terminationStatus == 0,
                  let report = try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any],
                  let results = report["results"] as? [[String: Any]] else {
                print("anchors skipped: hyperfine failed (status \(process.terminationStatus))")
                return
            }
            for result in results {
                let command = result["command"] as? String ?? "?"
                let median = (result["median"] as? Double ?? .nan) * 1e9
                let times = (result["times"] as? [Double] ?? []).sorted()
                let p95 = times.isEmpty ? Double.nan : times[min(times.count - 1, Int(Double(times.count) * 0.95))] * 1e9
                print("anchor (hyperfine) \(command.replacingOccurrences(of: file.path, with: file.lastPathComponent).replacingOccurrences(of: output.path, with: "$TMP")): median \(Samples.format(median)), p95 \(Samples.format(p95)) (n=\(times.count))")
            }
        }
    }
}
