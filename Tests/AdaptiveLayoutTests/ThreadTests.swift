import Dispatch
import Foundation
import Synchronization
import Testing
@testable import AdaptiveLayout
@testable import LayoutInterchange

/// Separate hierarchies (each with its own engine and solver) on separate
/// threads at once, as the documentation allows: each thread reads a layout
/// document and lays it out on every device, both orientations, which walks
/// it through every size-class transition. The frames must be those of the
/// same work done on one thread. `make test` also runs this suite under
/// ThreadSanitizer, which fails on any data race between the threads.
@Suite("Threads")
struct ThreadTests {
    static let documents = ["profile.yaml", "master-detail.yaml", "launch.yaml"]

    /// Every frame of `document` on every device and orientation, in order.
    static func frames(of document: String) throws -> [Rect] {
        let layout = try LayoutDocumentTests.example(document)
        var out: [Rect] = []
        for device in Device.all {
            for orientation in Orientation.allCases {
                guard let answer = layout.solve(on: device, orientation) else { continue }
                out += answer.frames.map(\.frame)
            }
        }
        return out
    }

    @Test func separateLayoutsOnSeparateThreads() throws {
        let alone = try Self.documents.map(Self.frames(of:))
        let threads = 2 * Self.documents.count
        let together = Mutex([[Rect]?](repeating: nil, count: threads))
        DispatchQueue.concurrentPerform(iterations: threads) { k in
            let frames = try? Self.frames(of: Self.documents[k % Self.documents.count])
            together.withLock { $0[k] = frames }
        }
        let results = together.withLock { $0 }
        for k in 0..<threads {
            #expect(results[k] == alone[k % Self.documents.count], "thread \(k): \(Self.documents[k % Self.documents.count])")
        }
    }
}
