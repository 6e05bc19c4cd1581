/// `coefficient * variable`.
public struct Term: Hashable, Sendable, CustomStringConvertible {
    public var variable: Variable
    public var coefficient: Double

    public init(_ variable: Variable, coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    public var description: String {
        coefficient == 1 ? "\(variable)" : coefficient == -1 ? "-\(variable)" : "\(coefficient) * \(variable)"
    }
}

/// A linear expression `sum(terms) + constant`.
public struct Expression: Hashable, Sendable, CustomStringConvertible {
    public var terms: [Term]
    public var constant: Double

    public init(terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// Reads as written: `x + 2.0 * y - 10.0`.
    public var description: String {
        var text = ""
        func append(_ magnitude: String, negative: Bool) {
            text += text.isEmpty ? (negative ? "-" : "") : (negative ? " - " : " + ")
            text += magnitude
        }
        for t in terms {
            let c = abs(t.coefficient)
            append(c == 1 ? "\(t.variable)" : "\(c) * \(t.variable)", negative: t.coefficient < 0)
        }
        if constant != 0 || terms.isEmpty { append("\(abs(constant))", negative: constant < 0) }
        return text
    }

    func scaled(by k: Double) -> Expression {
        Expression(terms: terms.map { Term($0.variable, coefficient: $0.coefficient * k) }, constant: constant * k)
    }
}

/// Anything that reads as a linear expression: a variable, a term, an expression.
public protocol LinearExpressible: Sendable {
    var expression: Expression { get }
}

extension Variable: LinearExpressible {
    public var expression: Expression { Expression(terms: [Term(self)]) }
}

extension Term: LinearExpressible {
    public var expression: Expression { Expression(terms: [self]) }
}

extension Expression: LinearExpressible {
    public var expression: Expression { self }
}

// MARK: - Arithmetic

public func + <A: LinearExpressible, B: LinearExpressible>(a: A, b: B) -> Expression {
    let x = a.expression, y = b.expression
    return Expression(terms: x.terms + y.terms, constant: x.constant + y.constant)
}

public func + <A: LinearExpressible>(a: A, k: Double) -> Expression {
    var x = a.expression
    x.constant += k
    return x
}

public func + <A: LinearExpressible>(k: Double, a: A) -> Expression { a + k }

public prefix func - <A: LinearExpressible>(a: A) -> Expression { a.expression.scaled(by: -1) }

public func - <A: LinearExpressible, B: LinearExpressible>(a: A, b: B) -> Expression { a + (-b) }

public func - <A: LinearExpressible>(a: A, k: Double) -> Expression { a + (-k) }

public func - <A: LinearExpressible>(k: Double, a: A) -> Expression { k + (-a) }

public func * <A: LinearExpressible>(k: Double, a: A) -> Expression { a.expression.scaled(by: k) }

public func * <A: LinearExpressible>(a: A, k: Double) -> Expression { a.expression.scaled(by: k) }

public func / <A: LinearExpressible>(a: A, k: Double) -> Expression { a.expression.scaled(by: 1 / k) }

// MARK: - Relations

public func == <A: LinearExpressible, B: LinearExpressible>(a: A, b: B) -> Constraint {
    Constraint(a - b, .equal)
}

public func == <A: LinearExpressible>(a: A, k: Double) -> Constraint { Constraint(a - k, .equal) }

public func == <A: LinearExpressible>(k: Double, a: A) -> Constraint { Constraint(k - a, .equal) }

public func <= <A: LinearExpressible, B: LinearExpressible>(a: A, b: B) -> Constraint {
    Constraint(a - b, .lessThanOrEqual)
}

public func <= <A: LinearExpressible>(a: A, k: Double) -> Constraint { Constraint(a - k, .lessThanOrEqual) }

public func <= <A: LinearExpressible>(k: Double, a: A) -> Constraint { Constraint(k - a, .lessThanOrEqual) }

public func >= <A: LinearExpressible, B: LinearExpressible>(a: A, b: B) -> Constraint {
    Constraint(a - b, .greaterThanOrEqual)
}

public func >= <A: LinearExpressible>(a: A, k: Double) -> Constraint { Constraint(a - k, .greaterThanOrEqual) }

public func >= <A: LinearExpressible>(k: Double, a: A) -> Constraint { Constraint(k - a, .greaterThanOrEqual) }
