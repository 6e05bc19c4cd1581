import Testing
@testable import AdaptiveLayout
import LayoutInterchange

/// One block of VisualFormatTables.swift.
struct FormatCase: CustomStringConvertible {
    var format = ""
    var views: String?
    var metrics = ""
    var options = ""
    var extensions = ""
    var constraints: [String] = []
    var message: String?
    var caret: Int?
    var line = 0
    var description: String { "line \(line): \(format)" }

    /// The views named as views in the format (`[name`), the default dictionary.
    var namedViews: String {
        var names: [String] = []
        var rest = Substring(format)
        while let open = rest.firstIndex(of: "[") {
            rest = rest[rest.index(after: open)...]
            let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !name.isEmpty, !names.contains(String(name)) { names.append(String(name)) }
        }
        return names.joined(separator: ",")
    }

    static func parse(_ table: String) -> [FormatCase] {
        var cases: [FormatCase] = []
        var current: FormatCase?
        for (index, line) in table.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("#") { continue }
            if line.isEmpty {
                if let c = current { cases.append(c) }
                current = nil
                continue
            }
            guard var c = current else {
                current = FormatCase(format: line == "\"\"" ? "" : String(line), line: index + 1)
                continue
            }
            let (key, value) = (line.prefix { $0 != " " }, String(line.drop { $0 != " " }.dropFirst()))
            switch key {
            case "views": c.views = value == "-" ? "" : value
            case "metrics": c.metrics = value
            case "options": c.options = value
            case "extensions": c.extensions = value
            case ">": c.constraints.append(value)
            case "!": c.message = value
            case "^": c.caret = Int(value)
            default: Issue.record("line \(index + 1): unknown key '\(key)'")
            }
            current = c
        }
        if let c = current { cases.append(c) }
        return cases
    }
}

@Suite("Visual Format Language: UIKit's constraints, UIKit's errors")
struct VisualFormatTests {
    static let cases = FormatCase.parse(validFormats) + FormatCase.parse(malformedFormats)

    @Test func tablesAreLargeEnough() {
        #expect(Self.cases.filter { $0.message == nil }.count >= 100)
        #expect(Self.cases.filter { $0.message != nil }.count >= 40)
    }

    @Test(arguments: cases)
    func format(_ c: FormatCase) throws {
        let query = try VisualFormatQuery(format: c.format, views: c.views ?? c.namedViews, metrics: c.metrics,
                                          options: c.options, extensions: c.extensions)
        switch query.constraints() {
        case .success(let constraints):
            #expect(c.message == nil, "expected: \(c.message ?? "")")
            let lines = VisualFormatQuery.text(.success(constraints)).split(separator: "\n").map(String.init)
            #expect(lines == c.constraints)
        case .failure(let error):
            #expect(error.message == c.message)
            #expect(error.caret == c.caret)
            #expect(error.format == c.format)
        }
    }

    /// UIKit's exception reason: the message, the format and the caret line,
    /// each line but the last ending in a space.
    @Test func errorDescriptionIsUIKits() throws {
        let a = View(name: "a")
        do {
            _ = try LayoutConstraint.constraints(withVisualFormat: "H:[blackBox]", views: ["a": a])
            Issue.record("accepted")
        } catch {
            #expect(error.description == "Unable to parse constraint format: \nblackBox is not a key in the views dictionary. \nH:[blackBox] \n           ^")
        }
        do {
            _ = try LayoutConstraint.constraints(withVisualFormat: "", views: [:])
            Issue.record("accepted")
        } catch {
            #expect(error.description == "Unable to parse constraint format: It's an empty string.")
        }
    }

    /// Auto Layout Guide, "A Complete Line of Layout", solved: margins of 8,
    /// standard gaps of 8, the text field taking the rest.
    @Test func completeLineOfLayoutSolves() throws {
        let (root, v) = makeRoot(320, 480, "find", "findNext", "findField")
        for view in v { view.intrinsicContentSize = Size(width: 60, height: 30) }
        v[2].setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        let constraints = try LayoutConstraint.constraints(
            withVisualFormat: "|-[find]-[findNext]-[findField(>=20)]-|", options: .alignAllTop,
            views: ["find": v[0], "findNext": v[1], "findField": v[2]])
        try LayoutConstraint.activate(constraints)
        try LayoutConstraint.activate([v[0].topAnchor.constraint(equalTo: root.topAnchor, constant: 20)])
        root.layoutIfNeeded()
        #expect(v[0].frame == Rect(x: 8, y: 20, width: 60, height: 30))
        #expect(v[1].frame == Rect(x: 76, y: 20, width: 60, height: 30))
        #expect(v[2].frame == Rect(x: 144, y: 20, width: 168, height: 30))
        #expect(!root.hasAmbiguousLayout)
    }

    /// Layout guides are items too: `|` next to a guide is its owning view.
    @Test func guidesInTheViewsDictionary() throws {
        let (root, v) = makeRoot(300, 100, "a")
        let guide = LayoutGuide(name: "g")
        root.addLayoutGuide(guide)
        let constraints = try LayoutConstraint.constraints(
            withVisualFormat: "H:|-10-[g(100)][a]-10-|", views: ["g": guide, "a": v[0]])
        #expect(constraints.map(\.description) == [
            "g.leading == root.leading + 10", "g.width == 100", "a.leading == g.trailing", "root.trailing == a.trailing + 10",
        ])
    }

    /// Equal spacing centres a view; its spacer guides join the superview
    /// only when the format is accepted.
    @Test func equalSpacingCentres() throws {
        let (root, v) = makeRoot(300, 100, "a")
        let constraints = try LayoutConstraint.constraints(
            withVisualFormat: "H:|~[a(100)]~|", views: ["a": v[0]], extensions: .equalSpacing)
        #expect(root.layoutGuides.map(\.identifier) == ["spacer1", "spacer2"])
        try LayoutConstraint.activate(constraints)
        try LayoutConstraint.activate(try LayoutConstraint.constraints(withVisualFormat: "V:|[a(20)]", views: ["a": v[0]]))
        root.layoutIfNeeded()
        #expect(v[0].frame == Rect(x: 100, y: 0, width: 100, height: 20))
        #expect(!root.hasAmbiguousLayout)

        let (other, w) = makeRoot(300, 100, "a")
        #expect(throws: VisualFormatError.self) {
            try LayoutConstraint.constraints(withVisualFormat: "H:|~[a(100)]~[b]", views: ["a": w[0]],
                                             extensions: .equalSpacing)
        }
        #expect(other.layoutGuides.isEmpty)
    }

    /// Percentages and ratios solve as written.
    @Test func extensionsSolve() throws {
        let (root, v) = makeRoot(400, 300, "a")
        try LayoutConstraint.activate(try LayoutConstraint.constraints(
            withVisualFormat: "H:|[a(==25%)]", views: ["a": v[0]], extensions: .all))
        try LayoutConstraint.activate(try LayoutConstraint.constraints(
            withVisualFormat: "V:|[a(1:2)]", views: ["a": v[0]], extensions: .all))
        root.layoutIfNeeded()
        #expect(v[0].frame == Rect(x: 0, y: 0, width: 100, height: 200))
    }
}
