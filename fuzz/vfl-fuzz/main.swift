// vfl-fuzz: libFuzzer target for the Visual Format Language. The first byte
// of an input chooses the options (bits 0-3: an alignment, 4-5: a direction,
// 6: baseline spacing) and bit 7 turns every extension on; the rest is the
// format. Checked on every input: no crash or leak; a refused format carries
// a message and a caret within the format (or none) and changes nothing (no
// spacer guide added); an accepted one gives constraints with finite
// constants and valid priorities between the dictionary's items, which are
// then activated and laid out with finite frames; the lint agrees with the
// call about whether the format's syntax is sound. Built only by
// scripts/fuzz.sh (ADAPTIVELAYOUT_FUZZ).
import AdaptiveLayout
import Foundation
import FuzzDriver
import LayoutInterchange

let alignments: [LayoutConstraint.FormatOptions] = [
    [], .alignAllLeft, .alignAllRight, .alignAllTop, .alignAllBottom, .alignAllLeading, .alignAllTrailing,
    .alignAllCenterX, .alignAllCenterY, .alignAllLastBaseline, .alignAllFirstBaseline, [.alignAllTop, .alignAllBottom],
    [.alignAllLeading, .alignAllTrailing], FormatOptionsRaw(1 << 7), FormatOptionsRaw(1 << 8), .alignmentMask,
]
func FormatOptionsRaw(_ raw: UInt) -> LayoutConstraint.FormatOptions { .init(rawValue: raw) }
let directions: [LayoutConstraint.FormatOptions] = [[], .directionLeftToRight, .directionRightToLeft, .directionMask]

runFuzzer { bytes in
    guard let selector = bytes.first else { return }
    let format = String(decoding: bytes.dropFirst(), as: UTF8.self)
    var options = alignments[Int(selector & 0xF)].union(directions[Int(selector >> 4) & 3])
    if selector & 0x40 != 0 { options.insert(.spacingBaselineToBaseline) }
    let extensions: LayoutConstraint.VisualFormatExtensions = selector & 0x80 != 0 ? .all : []

    let root = View(name: "superview", frame: Rect(x: 0, y: 0, width: 320, height: 480))
    var views: [String: LayoutItem] = [:]
    for name in ["a", "b", "c", "H", "V", "_x1"] {
        let v = View(name: name)
        v.translatesAutoresizingMaskIntoConstraints = false
        try! root.addSubview(v)
        views[name] = v
    }
    let orphan = View(name: "orphan")
    views["orphan"] = orphan
    let guide = LayoutGuide(name: "g")
    root.addLayoutGuide(guide)
    views["g"] = guide
    let metrics = ["m": 10.0, "p": 750, "z": 0, "neg": -5, "big": 1e300, "a": 3]

    let result = Result { () throws(VisualFormatError) in
        try LayoutConstraint.constraints(withVisualFormat: format, options: options, metrics: metrics,
                                         views: views, extensions: extensions)
    }
    switch result {
    case .failure(let error):
        precondition(!error.message.isEmpty, "vfl-fuzz: an empty message")
        if let caret = error.caret { precondition(caret >= 0 && caret <= format.utf8.count, "vfl-fuzz: caret \(caret) outside \(format.utf8.count)") }
        precondition(root.layoutGuides.count == 1, "vfl-fuzz: a refused format added guides")
    case .success(let constraints):
        var known = Set(views.values.map(ObjectIdentifier.init))
        known.insert(ObjectIdentifier(root))
        for g in root.layoutGuides { known.insert(ObjectIdentifier(g)) }
        for c in constraints {
            precondition(c.constant.isFinite && abs(c.constant) <= 1e12, "vfl-fuzz: constant \(c.constant)")
            precondition(c.multiplier.isFinite && abs(c.multiplier) <= 1e12, "vfl-fuzz: multiplier \(c.multiplier)")
            precondition(c.priority.isValid, "vfl-fuzz: priority \(c.priority)")
            precondition(known.contains(ObjectIdentifier(c.firstItem)), "vfl-fuzz: an unknown item")
            if let s = c.secondItem { precondition(known.contains(ObjectIdentifier(s)), "vfl-fuzz: an unknown item") }
        }
        if (try? LayoutConstraint.activate(constraints)) != nil {
            root.layoutIfNeeded()
            for case let v as View in views.values where v.superview != nil {
                let f = v.frame
                precondition([f.minX, f.minY, f.width, f.height].allSatisfy(\.isFinite), "vfl-fuzz: frame \(f)")
            }
        }
    }
    // The lint sees the syntax alone: it refuses every format with a syntax error.
    if VisualFormatParser.parse(format, extensions: extensions).error != nil {
        precondition(VisualFormatLint.check(format, extensions: extensions) != nil, "vfl-fuzz: lint accepted a syntax error")
    }
}

