// fuzz-keys: the key-script parser on arbitrary UTF-8 — it parses or throws, never traps or hangs.
import FuzzSupport
import FuzzedText

/// One input: the script's keys (never more than the limit), or an error naming one of its words.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzKeys(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let script = String(decoding: fuzzBytes(data, count), as: UTF8.self)
    do throws(KeyScriptError) {
        let keys = try KeyScript.parse(script)
        precondition(keys.count <= KeyScript.maxKeys, "more keys than the limit")
    } catch {
        precondition(!error.word.isEmpty && script.contains(error.word), "the error names no word of the script")
    }
    return 0
}

runLibFuzzer(fuzzKeys)
