import Cassowary
import Testing

/// Values are compared within this tolerance (the solver's own is 1e-8).
private func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * (1 + abs(b)) }

@Suite("Expressions")
struct ExpressionTests {
    @Test func operatorsBuildLinearExpressions() {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y")
        let c = x + 2 * y >= 10
        #expect(c.relation == .greaterThanOrEqual)
        #expect(c.expression.constant == -10)
        #expect(c.expression.terms.map(\.coefficient) == [1, 2])
        #expect(c.description == "x + 2.0 * y >= 10.0")
        #expect((x - y / 2 == 3).withStrength(.weak).description == "x - 0.5 * y == 3.0 @weak")
    }

    @Test func constraintsHaveIdentity() {
        let s = Solver()
        let x = s.makeVariable("x")
        let a = x == 1, b = x == 1
        #expect(a != b)
        #expect(a == a)
    }

    @Test func autoLayoutPrioritiesMapToStrengths() {
        #expect(Strength(priority: 1000) == .required)
        #expect(Strength(priority: 750).value == 750_000)
        #expect(Strength(priority: 250) < Strength(priority: 251))
    }
}

@Suite("Solver")
struct SolverTests {
    /// The kiwi README example: x1 + x2 == 40 ... (values chosen here, checked by hand).
    @Test func solvesAndEdits() throws {
        let s = Solver(mode: .lexicographic)
        let left = s.makeVariable("left"), width = s.makeVariable("width"), right = s.makeVariable("right")
        try s.add(left == 20)
        try s.add(right == left + width)
        try s.add((width >= 100).withStrength(.strong))
        try s.addEditVariable(right, strength: .medium)
        try s.suggestValue(300, for: right)
        s.updateVariables()
        #expect(near(s.value(of: width), 280))
        try s.suggestValue(50, for: right) // width >= 100 is stronger than the edit
        s.updateVariables()
        #expect(near(s.value(of: width), 100) && near(s.value(of: right), 120))
        #expect(Set(s.changedVariables) == [width, right])
        #expect(s.invariantsHold)
    }

    @Test func weightedAndLexicographicDiffer() throws {
        for mode in [Solver.Mode.weighted, .lexicographic] {
            let s = Solver(mode: mode)
            let x = s.makeVariable("x")
            try s.add((x == 0).withStrength(Strength(2)))
            for _ in 0..<3 { try s.add((x == 10).withStrength(Strength(1))) }
            s.updateVariables()
            #expect(near(s.value(of: x), mode == .weighted ? 10 : 0))
        }
    }

    @Test func refusalsThrowTypedErrorsAndChangeNothing() throws {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y")
        let pin = x == 10
        try s.add(pin)
        try s.add(y >= x + 5)
        s.updateVariables()
        let before = s.dump()

        #expect(throws: SolverError.duplicateConstraint) { try s.add(pin) }
        #expect(throws: SolverError.unknownConstraint) { try s.remove(x == 3) }
        #expect(throws: SolverError.badStrength) { try s.addEditVariable(x, strength: .required) }
        #expect(throws: SolverError.unknownEditVariable) { try s.suggestValue(1, for: y) }
        #expect(throws: SolverError.invalidNumber) { try s.add(x == .nan) }
        let other = Solver().makeVariable("z")
        #expect(throws: SolverError.unknownVariable) { try s.add(other == 1) }

        let clash = y <= 12
        do {
            try s.add(clash)
            Issue.record("y <= 12 should be refused")
        } catch let error {
            guard case .unsatisfiable(let conflict) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(Set(conflict).count == 3 && Set(conflict).contains(clash) && Set(conflict).contains(pin))
        }
        #expect(s.dump() == before)
        #expect(!s.contains(clash))
    }

    @Test func changeSetsAreAllOrNothing() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        let portrait = [x >= 0, x == 375]
        let landscape = [x >= 0, x == 667]
        try s.add(portrait)
        try s.apply(removing: portrait, adding: landscape)
        s.updateVariables()
        #expect(near(s.value(of: x), 667))
        #expect(throws: SolverError.self) { try s.apply(removing: landscape, adding: [x == 1, x == 2]) }
        s.updateVariables()
        #expect(near(s.value(of: x), 667))
        #expect(landscape.allSatisfy(s.contains))
        #expect(s.constraints.count == 2)
    }

    @Test func statisticsReportTheTableau() throws {
        let s = Solver()
        let v = (0..<10).map { s.makeVariable("v\($0)") }
        try s.add(v[0] == 0)
        for k in 1..<10 { try s.add(v[k] == v[k - 1] + 8) }
        s.updateVariables()
        #expect(near(s.value(of: v[9]), 72))
        #expect(s.statistics.rows == 10)
        #expect(s.statistics.levels == 0) // lexicographic: a level exists only while its strength is used
        #expect(s.dump().contains("Tableau"))
    }

    /// A chain of 20 variables whose spacing is a size-class variant, 8 or
    /// 16: every transition swaps all but the first constraint, so the
    /// first one to a variant is solved afresh and leaves the state it
    /// came from kept (CSolver/include/csolver.h, cs_set_cache_limit).
    @Test func keptSolvedStatesAreBoundedAndReported() throws {
        func chain(_ s: Solver) -> (v: [Variable], narrow: [Constraint], wide: [Constraint]) {
            let v = (0..<20).map { s.makeVariable("v\($0)") }
            return (v, (1..<20).map { v[$0] == v[$0 - 1] + 8 }, (1..<20).map { v[$0] == v[$0 - 1] + 16 })
        }
        let kept = Solver(), none = Solver()
        #expect(kept.solvedStateLimit == 4)
        try none.setSolvedStateLimit(0)
        let a = chain(kept), b = chain(none)
        try kept.add([a.v[0] == 0] + a.narrow)
        try none.add([b.v[0] == 0] + b.narrow)
        for (k, toWide) in [true, false, true].enumerated() {
            try kept.apply(removing: toWide ? a.narrow : a.wide, adding: toWide ? a.wide : a.narrow, keepingRemoved: true)
            try none.apply(removing: toWide ? b.narrow : b.wide, adding: toWide ? b.wide : b.narrow, keepingRemoved: true)
            kept.updateVariables()
            none.updateVariables()
            #expect(near(kept.value(of: a.v[19]), toWide ? 304 : 152), "transition \(k)")
            #expect(zip(a.v, b.v).allSatisfy { near(kept.value(of: $0), none.value(of: $1)) })
        }
        let stats = kept.statistics
        #expect(stats.rebuilds >= 1)
        #expect(stats.cachedStates == 1)
        #expect(stats.cacheBytes > 0 && stats.cacheBytes < stats.bytes)
        #expect(none.statistics.cachedStates == 0 && none.statistics.cacheBytes == 0)

        // Refused limits change nothing.
        #expect(throws: SolverError.invalidArgument) { try kept.setSolvedStateLimit(65) }
        #expect(throws: SolverError.invalidArgument) { try kept.setSolvedStateLimit(-1) }
        #expect(kept.solvedStateLimit == 4)
        #expect(kept.statistics.cachedStates == 1 && kept.statistics.cacheBytes == stats.cacheBytes)

        // A new limit keeps what fits: going back restores the state kept.
        try kept.setSolvedStateLimit(8)
        #expect(kept.solvedStateLimit == 8 && kept.statistics.cachedStates == 1)
        try kept.apply(removing: a.wide, adding: a.narrow, keepingRemoved: true)
        kept.updateVariables()
        #expect(near(kept.value(of: a.v[19]), 152))
        #expect(kept.statistics.rebuilds == stats.rebuilds)

        // A limit of 0 frees what was kept; transitions go on, solved afresh.
        try kept.setSolvedStateLimit(0)
        #expect(kept.statistics.cachedStates == 0 && kept.statistics.cacheBytes == 0)
        #expect(kept.statistics.bytes < stats.bytes)
        try kept.apply(removing: a.narrow, adding: a.wide, keepingRemoved: true)
        kept.updateVariables()
        #expect(near(kept.value(of: a.v[19]), 304))
        #expect(kept.statistics.rebuilds > stats.rebuilds)
        #expect(kept.invariantsHold)
    }

    @Test func memoryReservedAheadIsASetting() throws {
        let s = Solver()
        #expect(s.reservesMemory)
        s.reservesMemory = false
        #expect(!s.reservesMemory)
        let v = (0..<20).map { s.makeVariable("v\($0)") }
        try s.add([v[0] == 0] + (1..<20).map { v[$0] == v[$0 - 1] + 8 })
        s.updateVariables()
        #expect(near(s.value(of: v[19]), 152))
        s.reservesMemory = true
        #expect(s.reservesMemory)
    }
}

@Suite("README")
struct ReadmeTests {
    /// The Swift example of README.md, line for line.
    @Test func swiftExample() throws {
        let solver = Solver(mode: .lexicographic)
        let w = solver.makeVariable("w"), left = solver.makeVariable("left")
        let width = solver.makeVariable("width")
        let portrait = [left == 16, left + width == w - 16]
        let landscape = [left == 44, left + width == w - 44]
        try solver.add(portrait)
        try solver.add((width >= 300).withStrength(Strength(priority: 750)))
        try solver.addEditVariable(w, strength: .strong)
        try solver.suggestValue(375, for: w)
        solver.updateVariables()
        #expect(solver.value(of: width) == 343)
        try solver.apply(removing: portrait, adding: landscape)
        do {
            try solver.add(left == 20)
            Issue.record("left == 20 should be refused")
        } catch {
            if case .unsatisfiable(let conflict) = error {
                #expect(Set(conflict.map(\.description)) == ["left == 44.0", "left == 20.0"])
            } else {
                Issue.record("unexpected \(error)")
            }
        }
        // The paragraph after it.
        try solver.setSolvedStateLimit(1)
        #expect(solver.solvedStateLimit == 1)
        #expect(solver.statistics.cacheBytes <= solver.statistics.bytes)
    }
}

@Suite("Constants in place and kept constraints")
struct ConstantTests {
    @Test func setConstantMovesTheSolution() throws {
        let solver = Solver()
        let x = solver.makeVariable("x"), w = solver.makeVariable("w")
        let left = x == 20
        let hug = (w == 100).withStrength(Strength(priority: 250))
        let wall = x + w <= 300
        try solver.add([left, hug, wall])
        try solver.setConstant(-50, of: left)   // x - 50 == 0
        try solver.setConstant(-200, of: hug)
        solver.updateVariables()
        #expect(solver.value(of: x) == 50 && solver.value(of: w) == 200)
        #expect(solver.constant(of: left) == -50)
        // x == 150 would push x + w to 350 only if w kept 200; w gives way.
        try solver.setConstant(-150, of: left)
        solver.updateVariables()
        #expect(solver.value(of: w) == 150)
        // With w >= 0, x == 350 cannot hold under x + w <= 300.
        let floor = w >= 0
        try solver.add(floor)
        do {
            try solver.setConstant(-350, of: left)
            Issue.record("x == 350 should be refused")
        } catch {
            guard case .unsatisfiable(let conflict) = error else { Issue.record("\(error)"); return }
            #expect(Set(conflict) == [left, wall, floor])
        }
        #expect(solver.constant(of: left) == -150)
        #expect(solver.invariantsHold)
    }

    @Test func keptConstraintsComeBackCheaply() throws {
        let solver = Solver()
        let x = solver.makeVariable("x")
        let a = x == 10, b = x == 20
        try solver.add(a)
        try solver.apply(removing: [a], adding: [b], keepingRemoved: true)
        #expect(!solver.contains(a) && solver.constant(of: a) == -10)
        try solver.apply(removing: [b], adding: [a], keepingRemoved: true)
        solver.updateVariables()
        #expect(solver.value(of: x) == 10)
        solver.forget(b)
        #expect(solver.constant(of: b) == nil)
        #expect(throws: SolverError.unknownConstraint) { try solver.remove(b) }
    }
}
