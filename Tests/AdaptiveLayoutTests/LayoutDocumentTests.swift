import Foundation
import Testing
@testable import AdaptiveLayout
@testable import LayoutInterchange

@Suite("Layout documents: the format, its errors, the bundled examples")
struct LayoutDocumentTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples")

    static func example(_ name: String) throws -> DocumentLayout {
        let text = try String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8)
        return try DocumentLayout(text: text)
    }

    static func frames(_ answer: LayoutAnswer) -> [String: Rect] {
        Dictionary(uniqueKeysWithValues: answer.frames.map { ($0.name, $0.frame) })
    }

    /// The document form of the seed's profile screen gives the frames of
    /// the Swift form (AdaptivePhotosTests) on every device and orientation.
    @Test(arguments: Device.all)
    func profileDocumentMatchesTheSwiftScreen(_ device: Device) throws {
        for orientation in Orientation.allCases {
            let answer = try #require(try Self.example("profile.yaml").solve(on: device, orientation))
            let f = Self.frames(answer)
            let (w, h) = (f["root"]!.width, f["root"]!.height)
            #expect(Size(width: w, height: h) == device.screenSize(orientation))
            if device.idiom == .phone && orientation == .landscape {
                #expect(f["imageView"] == Rect(x: 0, y: 0, width: w / 2, height: h))
                #expect(f["nameLabel"] == Rect(x: w / 2 + 8, y: 8, width: w / 2 - 16, height: 21))
                #expect(f["photosLabel"] == Rect(x: w / 2 + 8, y: 66, width: w / 2 - 16, height: 21))
            } else {
                #expect(f["conversationsLabel"] == Rect(x: 8, y: 37, width: w - 16, height: 21))
                #expect(f["imageView"] == Rect(x: 0, y: 107, width: w, height: h - 107))
            }
            #expect(!answer.isAmbiguous && !answer.isUnsatisfiable)
        }
    }

    /// One built document laid out in window after window (a hierarchy
    /// moved between windows keeps its constraints, among them those no
    /// size-class change touches): the frames of a fresh build each time.
    @Test func oneDocumentInManyWindows() throws {
        let reused = try Self.example("profile.yaml")
        for device in Device.all {
            for orientation in Orientation.allCases {
                for arrangement in device.arrangements(orientation) {
                    let a = try #require(reused.solve(on: device, orientation, arrangement))
                    let b = try #require(try Self.example("profile.yaml").solve(on: device, orientation, arrangement))
                    #expect(Self.frames(a) == Self.frames(b), "\(device) \(orientation) \(arrangement)")
                    #expect(!a.isAmbiguous)
                }
            }
        }
    }

    /// Every bundled example on every device, orientation and iPad
    /// multitasking window: no ambiguity, no conflict, every view inside the root.
    @Test(arguments: ["profile.yaml", "master-detail.yaml", "launch.yaml"])
    func examplesLayOutEverywhere(_ file: String) throws {
        for device in Device.all {
            for orientation in Orientation.allCases {
                for arrangement in device.arrangements(orientation) {
                    let answer = try #require(try Self.example(file).solve(on: device, orientation, arrangement))
                    #expect(!answer.isAmbiguous, "\(file) \(device) \(orientation) \(arrangement): \(answer.ambiguous.map(\.name))")
                    #expect(!answer.isUnsatisfiable, "\(file) \(device) \(orientation) \(arrangement): \(answer.conflictReports)")
                }
            }
        }
    }

    /// The split example: the detail is installed in a regular width only.
    @Test func masterDetailCollapses() throws {
        let pad = Device.named("iPad Air 11-inch (M2)")!
        let full = Self.frames(try Self.example("master-detail.yaml").solve(on: pad, .landscape)!)
        #expect(full["sidebar"] == Rect(x: 0, y: 0, width: 320, height: 820))
        #expect(full["detail"] == Rect(x: 321, y: 0, width: 859, height: 820))
        #expect(full["photo"] == Rect(x: 229.5, y: 240, width: 400, height: 300))
        let narrow = Self.frames(try Self.example("master-detail.yaml").solve(on: pad, .landscape, .oneThird)!)
        #expect(narrow["detail"] == nil && narrow["photo"] == nil)
        #expect(narrow["sidebar"]?.width == narrow["root"]?.width)
        // One layout, solved again on another device: the variations switch.
        let layout = try Self.example("master-detail.yaml")
        let slideOver = Self.frames(layout.solve(on: pad, .portrait, .slideOver)!)
        #expect(slideOver["detail"] == nil)
        let portrait = Self.frames(layout.solve(on: pad, .portrait)!)
        #expect(portrait["detail"] == Rect(x: 321, y: 0, width: 499, height: 1180))
    }

    /// The launch screen: a square logo, a third of the shorter side at
    /// most, 200 where there is room; the footnote on the bottom margin.
    @Test func launchScreenProportions() throws {
        let se = Self.frames(try Self.example("launch.yaml").solve(on: Device.named("iPhone SE (3rd generation)")!)!)
        #expect(se["logo"]?.size == Size(width: 125, height: 125))
        #expect(se["footnote"] == Rect(x: 77.5, y: 667 - 8 - 12 - 16, width: 220, height: 16))
        let pad = Self.frames(try Self.example("launch.yaml").solve(on: Device.named("iPad Pro 13-inch (M4)")!, .landscape)!)
        #expect(pad["logo"]?.size == Size(width: 200, height: 200))
    }

    /// One document laid out on a phone in both orientations and then on
    /// an iPad (one hierarchy moving from window to window, as document-fuzz
    /// does) gives the iPad the answer it gets first: here a conflict of
    /// its two regular-width variations, broken, where the refused change
    /// set once tried to add a constraint the phone's window had taken and
    /// the iPad's had not (a crash, found by document-fuzz).
    @Test func aDocumentOnOneDeviceAfterAnotherAnswersAsOnItsOwn() throws {
        let doc = """
        views:
          - name: sidebar
            subviews: [{name: list}]
          - name: divider
          - name: detail
            subviews: [{name: caption}]
        constraints:
          - installed: {except: [wR]}
            constraints: ["H:|[sidebar]|"]
          - installed: {only: [wR]}
            constraints: ["H:|[sidebar(462)][divider(1)][detail]|"]
          - installed: {except: [wR]}
            constraints: ["H:|[sidebar]|"]
          - installed: {only: [wR]}
            constraints: ["H:|[sidebar(640)][divider(1)][detail]|"]
        """
        let phone = Device.named("iPhone 8")!, pad = Device.named("iPad Pro 11-inch (M4)")!
        let alone = try #require(try DocumentLayout(text: doc).solve(on: pad))
        #expect(alone.brokenConstraint == "sidebar.width == 640")
        #expect(Self.frames(alone)["sidebar"]?.width == 462)
        let layout = try DocumentLayout(text: doc)
        #expect(Self.frames(try #require(layout.solve(on: phone)))["sidebar"]?.width == 375)
        #expect(Self.frames(try #require(layout.solve(on: phone, .landscape)))["sidebar"]?.width == 667)
        let after = try #require(layout.solve(on: pad))
        #expect(after.brokenConstraint == alone.brokenConstraint)
        #expect(Self.frames(after) == Self.frames(alone))
    }

    /// JSON documents read as YAML does; equations with metrics, identifiers.
    @Test func jsonAndEquations() throws {
        let doc = """
        {"metrics": {"gap": 12, "low": 250},
         "views": [{"name": "a", "intrinsicSize": {"width": 50, "height": 20}}, {"name": "b"}],
         "constraints": ["H:|-gap-[a]", "V:|-gap-[a]",
                         {"relation": "b.leading == a.trailing + gap", "id": "spacing"},
                         "b.width == a.width * 2 - 10", "b.height == a.height / 2 @low",
                         "b.height >= 4", "b.top == a.top"]}
        """
        let layout = try DocumentLayout(text: doc)
        #expect(layout.constraints.contains { $0.identifier == "spacing" })
        let f = Self.frames(layout.solve(on: .generic)!)
        #expect(f["a"] == Rect(x: 12, y: 12, width: 50, height: 20))
        #expect(f["b"] == Rect(x: 74, y: 12, width: 90, height: 10))
        #expect(layout.constraints.first { $0.firstItem === layout.views["b"] && $0.firstAttribute == .height
            && $0.relation == .equal }?.priority == .defaultLow)
    }

    /// Bad documents: what, where (line:column), and nothing built.
    @Test(arguments: [
        ("views: [{name: a}]\nconstraints: [\"H:|[a][b]|\"]", "2:24: error: b is not a key in the views dictionary."),
        ("views: [{name: a}]\nconstraints:\n  - a.width == c.width", "3:16: error: no view named \"c\""),
        ("views: [{name: a}]\nconstraints:\n  - a.width = 10", "3:13: error: expected ==, <= or >="),
        ("views: [{name: a}]\nconstraints:\n  - a.width == 10 @1001", "3:20: error: a priority is from 1 to 1000"),
        ("views: [{name: a}]\nconstraints:\n  - a.widht == 10", "3:7: error: expected a layout attribute (leading, width, centerY, ...)"),
        ("views: [{name: a}]\nconstraints:\n  - a.width == gap", "3:16: error: \"gap\" is not a metric"),
        ("views: [{name: a}]\nconstraints:\n  - a.width == b.width / 0", "3:26: error: division by zero"),
        ("views: [{name: a}]\nconstraints:\n  - a.leading == a.width", "3:5: error: Invalid pairing of layout attributes: a constraint cannot relate leading to width (a location on the horizontal axis and a size on the horizontal axis)."),
        ("views:\n  - name: a\n  - name: a", "3:11: error: a second view named \"a\" (the first is at 2:11)"),
        ("views:\n  - name: a\n    kind: box", "3:11: error: unknown kind \"box\" (one of: view, label, button, image, textField, switch, slider)"),
        ("views:\n  - name: a\n    intrinsicSise: {width: 3}", "3:5: error: unknown key \"intrinsicSise\" in a view (expected one of: compressionResistance, frame, hugging, installed, intrinsicSize, kind, margins, name, subviews, translatesAutoresizingMaskIntoConstraints)"),
        ("views:\n  - name: a\n    intrinsicSize: {width: -3}", "3:28: error: a size cannot be negative"),
        ("views:\n  - name: a\n    installed: {only: [wX]}", "3:24: error: \"wX\" is not a size-class cell like \"wC hR\", \"wAny hC\" or \"hC\""),
        ("views:\n  - name: root", "2:11: error: \"root\" names the root view"),
        ("views:\n  - name: a b", "2:11: error: \"a b\" is not a name (letters, digits and _, as in a visual format)"),
        ("views: [{name: a}]\nconstraints:\n  - {vfl: \"H:|[a]\", options: [alignAllTopp]}", "3:31: error: unknown option \"alignAllTopp\" (one of: alignAllLeft, alignAllRight, alignAllTop, alignAllBottom, alignAllLeading, alignAllTrailing, alignAllCenterX, alignAllCenterY, alignAllLastBaseline, alignAllFirstBaseline, alignAllBaseline, directionLeadingToTrailing, directionLeftToRight, directionRightToLeft, spacingEdgeToEdge, spacingBaselineToBaseline)"),
        ("device: iPhone 99", "1:9: error: unknown device \"iPhone 99\" (`layout devices` lists them)"),
        ("views: [{name: a}\n", "2:1: error: did not find expected ',' or ']' (while parsing a flow sequence at 1:8)"),
        ("", "1:1: error: the document is empty"),
        ("- a\n- b", "1:1: error: the document must be a mapping"),
    ])
    func errors(_ text: String, _ expected: String) {
        do {
            _ = try DocumentLayout(text: text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.description == expected)
        }
    }

    /// Hostile sizes and bytes (README, "Bad input"): a clear error with a
    /// position, before anything is built, and quickly.
    @Test func oversizedDeepAndInvalidDocuments() {
        func error(_ data: Data) -> String? {
            do { _ = try DocumentLayout(data: data); return nil } catch { return error.description }
        }
        let views = "views:\n" + (0..<10).map { "  - name: v\($0)\n" }.joined()
        // A million constraints is far beyond the byte limit.
        let million = views + "constraints:\n" + String(repeating: "  - v1.width >= 10\n", count: 1_000_000)
        #expect(error(Data(million.utf8)) == "1:1: error: the document has \(million.utf8.count) bytes; a layout document may have at most 8388608 (8 MB)")
        // 100,001 declarations fit in the bytes, not in the count: the first one over is named.
        let many = views + "constraints:\n" + String(repeating: "  - v1.width >= 10\n", count: 100_001)
        #expect(error(Data(many.utf8)) == "100013:5: error: more than 100000 constraint declarations: a layout document may declare at most 100000")
        // Nested groups count too.
        let nested = views + "constraints:\n  - installed: {only: [wC]}\n    constraints:\n"
            + String(repeating: "      - v1.width >= 10\n", count: 100_000)
        #expect(error(Data(nested.utf8))?.contains("more than 100000 constraint declarations") == true)
        // 100,000 levels of nesting stop at YAML's 1,000.
        let deep = "views: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(error(Data(deep.utf8)) == "1:9: error: nested more than 1000 levels deep (while parsing at 1:9)")
        // Bytes that are not UTF-8, with the line they are on; a truncated file.
        var bytes = Data("views:\n  - name: a\n  - name: b".utf8)
        bytes.insert(contentsOf: [0xC3, 0x28], at: 20)
        #expect(error(bytes) == "3:1: error: not UTF-8: an invalid byte sequence at byte 20")
        #expect(error(Data("views:\n  - {name: a, kind: lab".utf8))?.contains("2:") == true)
    }

    /// The README's document example lays out as it says.
    @Test func readmeExample() throws {
        let readme = try String(contentsOf: Self.examples.deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## Layout documents"))
        let start = try #require(readme.range(of: "```yaml\n", range: section.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let layout = try DocumentLayout(text: String(readme[start.upperBound..<end.lowerBound]))
        let phone = Device.named("iPhone 8")!
        let landscape = Self.frames(layout.solve(on: phone, .landscape)!)
        #expect(landscape["imageView"] == Rect(x: 0, y: 0, width: 333.5, height: 375))
        let portrait = Self.frames(layout.solve(on: phone, .portrait)!)
        #expect(portrait["nameLabel"] == Rect(x: 8, y: 8, width: 359, height: 21))
        #expect(portrait["imageView"] == Rect(x: 0, y: 49, width: 375, height: 618))
    }
}

