import Foundation
import Testing
import AdaptiveLayout
@testable import LayoutInterchange

@Suite("Interchange form")
struct InterchangeTests {
    func solve(_ json: String) throws -> LayoutAnswer {
        try LayoutProblem(json: Data(json.utf8)).solve()
    }

    func error(_ json: String) -> String? {
        do {
            _ = try LayoutProblem(json: Data(json.utf8))
            return nil
        } catch {
            return error.description
        }
    }

    /// INTERCHANGE.md's fitting root: pulled toward 0 at priority 50.
    @Test func fittingRoot() throws {
        let answer = try solve("""
            {"root": {"name": "cell", "fitting": "compressed"},
             "views": [{"name": "label", "superview": "cell", "intrinsicContentSize": {"width": 80, "height": 21}}],
             "constraints": [{"first": "label.leading", "relation": "==", "second": "cell.leadingMargin"},
                             {"first": "label.trailing", "relation": "<=", "second": "cell.trailingMargin"},
                             {"first": "label.top", "relation": "==", "second": "cell.topMargin"},
                             {"first": "cell.bottomMargin", "relation": "==", "second": "label.bottom"}]}
            """)
        #expect(answer.fittingSize == Size(width: 96, height: 37))
        #expect(answer.frames.first { $0.name == "label" }?.frame == Rect(x: 8, y: 8, width: 80, height: 21))
        #expect(!answer.isAmbiguous && !answer.isUnsatisfiable)
        #expect(answer.json.contains("\"fittingSize\": {\"width\": 96, \"height\": 37}"))
    }

    @Test func guidesAndDirection() throws {
        let answer = try solve("""
            {"root": {"width": 300, "height": 100}, "layoutDirection": "rightToLeft",
             "views": [{"name": "a", "superview": "root"}],
             "guides": [{"name": "g", "owningView": "root"}],
             "constraints": [{"first": "g.leading", "relation": "==", "second": "root.leading", "constant": 10},
                             {"first": "g.width", "relation": "==", "second": null, "constant": 50},
                             {"first": "g.top", "relation": "==", "second": "root.top"},
                             {"first": "g.height", "relation": "==", "second": "root.height"},
                             {"first": "a.leading", "relation": "==", "second": "g.trailing", "constant": 5},
                             {"first": "a.width", "relation": "==", "second": null, "constant": 20},
                             {"first": "a.centerY", "relation": "==", "second": "g.centerY"},
                             {"first": "a.height", "relation": "==", "second": "a.width", "multiplier": 0.5}]}
            """)
        let frames = Dictionary(uniqueKeysWithValues: answer.frames.map { ($0.name, $0.frame) })
        #expect(frames["g"] == Rect(x: 240, y: 0, width: 50, height: 100))
        #expect(frames["a"] == Rect(x: 215, y: 45, width: 20, height: 10))
    }

    @Test func errorsNameTheKey() {
        #expect(error(#"{"root": {"width": 1, "height": 1}, "views": [{"name": "a.b", "superview": "root"}]}"#)
                == "key 'views[0].name': \"a.b\" is not a name (no dots or spaces, not empty)")
        #expect(error(#"{"root": {"width": 1, "height": 1}, "constraints": [{"first": "root.width", "relation": "==", "priority": 0}]}"#)
                == "key 'constraints[0].priority': a priority must be from 1 to 1000, not 0.0")
        #expect(error(#"{"root": {"width": 1, "height": 1}, "constraints": [{"first": "root.sideways", "relation": "=="}]}"#)
                == "key 'constraints[0].first': \"sideways\" is not a layout attribute")
        #expect(error(#"{"root": {"width": "wide", "height": 1}}"#) == "key 'root.width': must be a number, not a string")
        #expect(error(#"{"root": {"width": true, "height": 1}}"#) == "key 'root.width': must be a number, not a boolean")
        #expect(error(#"{"root": {"width": 1, "height": 1}, "views": [{"name": "a", "superview": "b"}, {"name": "b", "superview": "a"}]}"#)?
                .contains("cannot contain itself") == true)
        #expect(error(#"{"root": {"width": 1, "height": 1}, "constraints": [{"first": "root.top", "relation": "==", "second": null, "constant": 3}]}"#)?
                .contains("location equal to a constant") == true)
    }
}
