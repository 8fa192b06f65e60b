import Foundation
import ReduxGenCore

/// One input: decode, load, check and (when the spec is valid) generate. It must never crash,
/// hang or exhaust memory, whatever the bytes.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let text = try? SpecText.decode(bytes, path: "fuzz.yaml") else { return 0 }
  _ = try? GeneratorPipeline.generate(text, path: "fuzz.yaml")
  // The code models are freed on a thread of their own: done before the input ends, or the
  // leak check would count them.
  GeneratorPipeline.settle()
  return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(runDriver(&argc, &argv, fuzzOne))
