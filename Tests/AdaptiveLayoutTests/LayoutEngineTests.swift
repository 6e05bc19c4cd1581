import Testing
@testable import AdaptiveLayout

/// The engine's own bookkeeping, seen from inside the module.
@Suite("Layout engine")
struct LayoutEngineTests {
    /// The solver's variable id of an item's x (its four are made together).
    private func variableID(_ item: LayoutItem) -> Int {
        Int(item.variables!.minX.description.dropFirst())! // unnamed: "v<id>"
    }

    /// A hierarchy that joins an engine gets its variables parent first and
    /// then each subview's subtree in order, the order its views were made
    /// in: CSolver's build starts its topological order from the variables'
    /// (cs_topo.c), and a list of cells chained top to bottom whose
    /// variables came bottom to top placed the whole chain again at each
    /// link (the API's cells build at L 29% slower than it is now).
    @Test func variablesAreMadeInTheViewsOrder() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 320, height: 480))
        var views: [View] = [root]
        for i in 0..<3 {
            let cell = View(name: "c\(i)")
            try root.addSubview(cell)
            views.append(cell)
            for k in 0..<2 {
                let sub = View(name: "c\(i).\(k)")
                try cell.addSubview(sub)
                views.append(sub)
            }
        }
        // The first activation makes the engine, which adopts the hierarchy.
        let c = views[1].heightAnchor.constraint(equalToConstant: 44)
        try LayoutConstraint.activate([c])
        root.layoutIfNeeded()
        let ids = views.map(variableID)
        #expect(ids == ids.sorted(), "\(zip(views.map(\.layoutName), ids).map { "\($0) \($1)" })")
        #expect(Set(ids).count == views.count)
    }
}
