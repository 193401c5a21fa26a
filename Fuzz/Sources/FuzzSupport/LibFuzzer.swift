// LibFuzzer: hands a fuzz target's test function to libFuzzer's driver and exits with its status.
import Foundation
import LibFuzzerDriver

/// libFuzzer's callback: one input's bytes; returns 0 (a failed property traps instead).
public typealias FuzzTest = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// Runs libFuzzer with the process arguments (corpus folders, `-max_total_time=` …) on `test`.
public func runLibFuzzer(_ test: FuzzTest) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}

/// The input's bytes as a buffer (libFuzzer passes a null pointer for the empty input).
public func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ count: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: count > 0 ? data : nil, count: count)
}
