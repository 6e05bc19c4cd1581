/// Required constraints that could not all hold, met in a layout pass, and
/// the one the engine broke to go on (UIKit's "Unable to simultaneously
/// satisfy constraints").
public struct LayoutConflict: CustomStringConvertible {
    /// A minimal set: without any one of them, the rest can hold.
    public let conflicting: [LayoutConstraint]
    /// The constraint left unenforced (the newest of the set); it stays
    /// active and ``LayoutConstraint/isBroken`` says so.
    public let broken: LayoutConstraint

    /// The report as UIKit words it.
    public var description: String {
        var text = "Unable to simultaneously satisfy constraints.\n"
        text += "\tProbably at least one of the constraints in the following list is one you don't want.\n(\n"
        text += conflicting.map { "    \"\($0)\"" }.joined(separator: ",\n")
        text += "\n)\n\nWill attempt to recover by breaking constraint\n\(broken)"
        return text
    }
}
