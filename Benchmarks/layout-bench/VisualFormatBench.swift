// layout-bench vfl N: parse and lower N typical Visual Format Language
// strings (five views each, the mix of gaps, predicates, metrics and
// priorities found in real code) through the public API, and print the time
// in solver-bench's `phase` format with a check line (constraints made).
import AdaptiveLayout

func runVisualFormats(count: Int) {
    let superview = View(name: "superview")
    var views: [String: LayoutItem] = [:]
    for name in ["icon", "title", "subtitle", "badge", "button"] {
        let v = View(name: name)
        try! superview.addSubview(v)
        views[name] = v
    }
    let metrics = ["pad": 16.0, "gap": 8, "side": 44, "low": 250]
    let formats = [
        "H:|-[icon(side)]-[title]-[subtitle(==title)]-[badge(>=20,<=60@750)]-[button(side)]-|",
        "V:|-pad-[icon]-gap-[title]-gap-[subtitle]-(>=gap)-[badge]-pad-[button(44)]-|",
        "H:|-(pad)-[icon]-(>=gap@low)-[title(>=100)]-(gap)-[subtitle]-[badge(==icon)][button]|",
        "H:|[icon][title(==icon)][subtitle(==icon)][badge(==icon)][button(==icon)]|",
        "V:|-(>=pad,<=40@750)-[icon(>=side)]-[title]-[subtitle]-[badge]-[button]-(pad@999)-|",
    ]
    let options: [LayoutConstraint.FormatOptions] = [.alignAllCenterY, [], .alignAllTop, .alignAllCenterY, .alignAllLeading]
    var made = 0
    let start = ContinuousClock.now
    for i in 0..<count {
        let k = i % formats.count
        made += try! LayoutConstraint.constraints(withVisualFormat: formats[k], options: options[k],
                                                  metrics: metrics, views: views).count
    }
    let d = ContinuousClock.now - start
    let ms = Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) / 1e15
    print("phase vfl \(format3(ms))")
    print("check \(count) \(made)")
}
