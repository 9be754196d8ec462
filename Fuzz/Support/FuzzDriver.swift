// What every fuzz target's program does around its `fuzzOne` function.
//
// Built with `-D FUZZING` (`make fuzz-<name>`), the program hands control to libFuzzer, which
// calls the target with input after input. Built normally, it runs the target once on each file
// named on the command line, which replays a crash input: `swift run FuzzXMLParser crash-1234`.
//
// `-sanitize=fuzzer` would link libFuzzer's own `main`, which clashes with the one SwiftPM gives
// every executable, so libFuzzer is linked without its `main` and started here with
// `LLVMFuzzerRunDriver`.
import Foundation

/// The target the running program fuzzes; set once, before libFuzzer starts.
nonisolated(unsafe) private var fuzzTarget: (UnsafeRawBufferPointer) -> Void = { _ in }

/// The entry point libFuzzer's library refers to; the inputs arrive through
/// `LLVMFuzzerRunDriver`'s callback, which calls the same target.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  fuzzTarget(UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : count))
  return 0
}

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
#endif

/// Runs `target` on every input: libFuzzer's, or the files named on the command line.
///
/// - Parameter target: Checks one input; a crash, a sanitizer report or a `fatalError` in it is
///   a finding.
/// - Returns: Never: the program exits with libFuzzer's status, or 0 when every file could be
///   read (1 otherwise).
public func runFuzzTarget(_ target: @escaping (UnsafeRawBufferPointer) -> Void) -> Never {
  fuzzTarget = target
  #if FUZZING
  var argc = CommandLine.argc
  var argv = CommandLine.unsafeArgv
  exit(runDriver(&argc, &argv) { bytes, count in fuzzerTestOneInput(bytes, count) })
  #else
  var failures = 0
  for path in CommandLine.arguments.dropFirst() {
    guard let data = FileManager.default.contents(atPath: path) else {
      print("cannot read \(path)")
      failures += 1
      continue
    }
    data.withUnsafeBytes { target($0) }
    print("ok \(path)")
  }
  exit(failures == 0 ? 0 : 1)
  #endif
}
