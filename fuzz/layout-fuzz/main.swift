// layout-fuzz: libFuzzer target for the interchange reader and the layout
// engine behind it. Each input is read as a layout problem
// (LayoutProblem(json:)); a malformed one must be refused with an error,
// a well-formed one laid out (frames, ambiguity, conflicts) without a crash
// or a leak (LeakSanitizer is on: a retain cycle among views, constraints
// and the engine shows up here), and its frames must be finite. Built only by scripts/fuzz.sh, which
// sets ADAPTIVELAYOUT_FUZZ so that Package.swift declares this target.
import FuzzDriver
import Foundation
import LayoutInterchange

runFuzzer { bytes in
    guard let problem = try? LayoutProblem(json: Data(bytes)) else { return } // refused: fine
    let answer = problem.solve()
    for (name, frame) in answer.frames
    where ![frame.minX, frame.minY, frame.width, frame.height].allSatisfy(\.isFinite) {
        fatalError("layout-fuzz: a frame that is not finite for \(name): \(frame)")
    }
    _ = answer.json
}

