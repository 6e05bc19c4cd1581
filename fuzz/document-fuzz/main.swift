// document-fuzz: libFuzzer target for layout documents (YAML or JSON, as
// `layout render` and `layout explain` read them). Each input is read and
// built (DocumentLayout(data:)): invalid UTF-8, YAML syntax errors, unknown
// keys, names and devices, bad numbers, priorities and relations must be
// refused with an error that has a message; an accepted document is laid
// out on a phone in both orientations and on an iPad (size-class
// transitions on one hierarchy) with finite frames, without a crash or a
// leak. Built only by scripts/fuzz.sh (ADAPTIVELAYOUT_FUZZ).
import AdaptiveLayout
import Foundation
import FuzzDriver
import LayoutInterchange

let phone = Device.named("iPhone 8")!
let pad = Device.named("iPad Pro 11-inch (M4)")!

runFuzzer { bytes in
    let layout: DocumentLayout
    do throws(DocumentError) {
        layout = try DocumentLayout(data: Data(bytes))
    } catch {
        precondition(!error.message.isEmpty, "document-fuzz: an error without a message")
        return
    }
    for (device, orientation) in [(phone, Orientation.portrait), (phone, .landscape), (pad, .portrait)] {
        guard let answer = layout.solve(on: device, orientation) else { continue }
        for (name, f) in answer.frames where ![f.minX, f.minY, f.width, f.height].allSatisfy(\.isFinite) {
            fatalError("document-fuzz: \(name) at \(f) on \(device.name) \(orientation)")
        }
    }
}
