// libFuzzer entry point of the libinput-record YAML target (see Docs/Fuzzing.md). Not a
// SwiftPM target: Tools/fuzz.sh compiles it against the FuzzTargets module built with -sanitize=fuzzer,address.
import FuzzTargets

/// Runs the libinput-record YAML target on one input; a broken property stops the process.
///
/// The C boundary: libFuzzer passes the input as `const uint8_t *` and a length.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let violations = fuzzLibinputYAML(Array(UnsafeBufferPointer(start: data, count: size)))
  precondition(violations.isEmpty, "property broken: " + violations.joined(separator: "; "))
  return 0
}
