import AdaptiveLayout

/// A constraint written as an equation, the way Apple documents them:
///
///     name.top == image.bottom + 8
///     image.width == 0.5 * root.width @750
///     badge.width <= 44
///     spacer.height == title.height * 2 - gap      (gap: a metric)
///
/// Grammar: `ITEM.ATTRIBUTE RELATION RHS [@ PRIORITY]` where RHS is a
/// number, or `[NUMBER *] ITEM.ATTRIBUTE [* NUMBER | / NUMBER] [+ NUMBER | - NUMBER]`,
/// a NUMBER is a literal or a metric name, and RELATION is `==`, `<=` or `>=`.
enum RelationExpression {
    private enum Token: Equatable {
        case name(String), number(Double), symbol(String), end
    }

    static func parse(_ text: String, line: Int, column: Int, metrics: [String: Double]) throws(DocumentError)
        -> RelationDeclaration {
        // Tokens with their 0-based offsets in `text`.
        var tokens: [(Token, Int)] = []
        let chars = Array(text.unicodeScalars)
        var i = 0
        func at(_ offset: Int) -> SourcePosition { SourcePosition(line: line, column: column + offset) }
        while i < chars.count {
            let c = chars[i]
            if c == " " || c == "\t" { i += 1; continue }
            let start = i
            if c.properties.isAlphabetic || c == "_" {
                while i < chars.count, chars[i].properties.isAlphabetic || chars[i] == "_" || ("0"..."9").contains(chars[i]) { i += 1 }
                tokens.append((.name(String(String.UnicodeScalarView(chars[start..<i]))), start))
            } else if ("0"..."9").contains(c) || (c == "." && i + 1 < chars.count && ("0"..."9").contains(chars[i + 1])) {
                while i < chars.count, ("0"..."9").contains(chars[i]) || chars[i] == "." { i += 1 }
                let s = String(String.UnicodeScalarView(chars[start..<i]))
                guard let x = Double(s), x.isFinite, x <= 1e12 else { throw DocumentError("\"\(s)\" is not a number", at: at(start)) }
                tokens.append((.number(x), start))
            } else if ["=", "<", ">"].contains(c) {
                guard i + 1 < chars.count, chars[i + 1] == "=" else {
                    throw DocumentError("expected ==, <= or >=", at: at(start))
                }
                tokens.append((.symbol(String(c) + "="), start))
                i += 2
            } else if ["*", "/", "+", "-", "@", "."].contains(c) {
                tokens.append((.symbol(String(c)), start))
                i += 1
            } else {
                throw DocumentError("unexpected \"\(Character(c))\" in a relation", at: at(start))
            }
        }
        tokens.append((.end, chars.count))

        var k = 0
        func peek() -> Token { tokens[k].0 }
        func here() -> SourcePosition { at(tokens[k].1) }
        func take(_ symbol: String) -> Bool {
            if peek() == .symbol(symbol) { k += 1; return true }
            return false
        }
        func isSide() -> Bool {
            if case .name = peek(), tokens[k + 1].0 == .symbol(".") { return true }
            return false
        }
        func side() throws(DocumentError) -> RelationDeclaration.Side {
            guard case .name(let item) = peek() else { throw DocumentError("expected ITEM.ATTRIBUTE", at: here()) }
            let p = here()
            k += 1
            guard take(".") else { throw DocumentError("expected \".\" and an attribute after \"\(item)\"", at: here()) }
            guard case .name(let name) = peek(),
                  let attribute = name == "baseline" ? .lastBaseline : LayoutAttribute(rawValue: name),
                  attribute != .notAnAttribute else {
                throw DocumentError("expected a layout attribute (leading, width, centerY, ...)", at: here())
            }
            k += 1
            return .init(item: item, attribute: attribute, position: p)
        }
        func number() throws(DocumentError) -> Double {
            if take("-") { return -(try number()) }
            switch peek() {
            case .number(let x): k += 1; return x
            case .name(let n):
                guard let x = metrics[n] else { throw DocumentError("\"\(n)\" is not a metric", at: here()) }
                k += 1
                return x
            default: throw DocumentError("expected a number or a metric", at: here())
            }
        }

        let first = try side()
        let relation: LayoutRelation
        switch peek() {
        case .symbol("=="): relation = .equal
        case .symbol("<="): relation = .lessThanOrEqual
        case .symbol(">="): relation = .greaterThanOrEqual
        default: throw DocumentError("expected ==, <= or >=", at: here())
        }
        k += 1
        var r = RelationDeclaration(first: first, relation: relation)
        if isSide() {
            r.second = try side()
        } else {
            let x = try number()
            if take("*") {
                r.multiplier = x
                r.second = try side()
            } else {
                r.constant = x
            }
        }
        if r.second != nil {
            if take("*") { r.multiplier *= try number() }
            else if take("/") {
                let p = here()
                let d = try number()
                guard d != 0 else { throw DocumentError("division by zero", at: p) }
                r.multiplier /= d
            }
            if take("+") { r.constant = try number() } else if take("-") { r.constant = -(try number()) }
        }
        if take("@") {
            let p = here()
            let x = try number()
            guard x >= 1, x <= 1000 else { throw DocumentError("a priority is from 1 to 1000", at: p) }
            r.priority = LayoutPriority(Float(x))
        }
        guard peek() == .end else { throw DocumentError("unexpected text after the relation", at: here()) }
        return r
    }
}
