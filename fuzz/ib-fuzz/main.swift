// ib-fuzz: libFuzzer target for Interface Builder import. Each input is
// read as a storyboard or xib (IBDocument(data:)): malformed XML, a document
// type declaration (entity expansion, external entities), invalid UTF-8,
// nesting past the limit and IB's own mistakes must be refused with an
// error; an accepted document is laid out in every scene with a stored size
// (IBCheck.check, as `layout check-ib` does), with finite frames, without a
// crash or a leak. Built only by scripts/fuzz.sh (ADAPTIVELAYOUT_FUZZ).
import Foundation
import FuzzDriver
import LayoutInterchange

runFuzzer { bytes in
    guard let document = try? IBDocument(data: Data(bytes)) else { return } // refused: fine
    for root in IBCheck.check(document) {
        for v in root.views {
            let f = v.solved
            precondition([f.minX, f.minY, f.width, f.height].allSatisfy(\.isFinite), "ib-fuzz: \(v.id) at \(f)")
        }
    }
}
