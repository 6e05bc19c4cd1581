// layout-fuzz: libFuzzer target for the interchange reader and the layout
// engine behind it. Each input is read as a layout problem
// (LayoutProblem(json:)); a malformed one must be refused with an error,
// a well-formed one laid out (frames, ambiguity, conflicts) without a crash
// or a leak (LeakSanitizer is on: a retain cycle among views, constraints
// and the engine shows up here), and its frames must be finite. Built only by scripts/fuzz.sh, which
// sets ADAPTIVELAYOUT_FUZZ so that Package.swift declares this target.
import Foundation
import LayoutInterchange

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

let testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { bytes, count in
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    guard let problem = try? LayoutProblem(json: data) else { return 0 } // refused: fine
    let answer = problem.solve()
    for (name, frame) in answer.frames
    where ![frame.minX, frame.minY, frame.width, frame.height].allSatisfy(\.isFinite) {
        fatalError("layout-fuzz: a frame that is not finite for \(name): \(frame)")
    }
    _ = answer.json
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(runFuzzerDriver(&argc, &argv, testOneInput))
