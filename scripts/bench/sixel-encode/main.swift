// main.swift — Snapterm's sixel encoder (Sources/TerminalGraphics/Sixel/*.swift, built -O): IN.rgb W H OUT.six DIFFUSION [alpha] [REFINEMENTS];
// prints the best CPU time of 5 encodes and of each stage (scripts/bench/sixel-encode.sh).
import Foundation
let a = CommandLine.arguments
let w = Int(a[2])!, h = Int(a[3])!
let rgb = [UInt8](try! Data(contentsOf: URL(fileURLWithPath: a[1])))
var rgba = [UInt8](repeating: 255, count: w*h*4)
for i in 0..<(w*h) { rgba[i*4] = rgb[i*3]; rgba[i*4+1] = rgb[i*3+1]; rgba[i*4+2] = rgb[i*3+2] }
if a.count > 6 && a[6] == "alpha" { for y in 0..<h { for x in 0..<w where (x/20 + y/20) % 2 == 0 { rgba[(y*w+x)*4+3] = 0 } } }
let diff = SixelDiffusion(rawValue: a[5])!
let refinements = a.count > 7 ? Int(a[7])! : 3
var best = Double.infinity; var data = Data()
func now() -> Double { var t = timespec(); clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return Double(t.tv_sec)*1e3 + Double(t.tv_nsec)/1e6 }
var tq = 0.0, td = 0.0, tw = 0.0
for _ in 0..<5 {
  let t0 = now()
  let pal = rgba.withUnsafeBufferPointer { SixelQuantizer.palette(rgba: $0, maxColors: 256, refinements: refinements) }
  let table = SixelColorTable(colors: pal)
  let t1 = now()
  let (idx, tr) = rgba.withUnsafeBufferPointer { SixelDitherer.indices(rgba: $0, width: w, height: h, table: table, diffusion: diff) }
  let t2 = now()
  data = SixelWriter.write(indices: idx, width: w, height: h, table: table, transparent: tr)
  let t3 = now()
  let total = t3 - t0
  if total < best { best = total; tq = t1-t0; td = t2-t1; tw = t3-t2 }
}
try! data.write(to: URL(fileURLWithPath: a[4]))
FileHandle.standardError.write("\(a[4]): \(String(format: "%.1f ms (q %.1f d %.1f w %.1f) %d B", best, tq, td, tw, data.count))\n".data(using: .utf8)!)
