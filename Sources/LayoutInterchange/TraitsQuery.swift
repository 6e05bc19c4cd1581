import AdaptiveLayout

/// `layout devices` and `layout traits`: the device catalog and a window's
/// traits in the JSON of INTERCHANGE.md.
public enum TraitsQuery {
    /// `{"horizontalSizeClass": ..., "verticalSizeClass": ..., "userInterfaceIdiom": ...,
    /// "displayScale": ..., "size": {"width": ..., "height": ...}}`, or nil
    /// where the device has no such window.
    public static func json(_ device: Device, _ orientation: Orientation, _ arrangement: WindowArrangement) -> String? {
        guard let w = device.window(orientation, arrangement) else { return nil }
        let t = w.traits
        return "{\"horizontalSizeClass\": \(string(t.horizontalSizeClass.rawValue)), "
            + "\"verticalSizeClass\": \(string(t.verticalSizeClass.rawValue)), "
            + "\"userInterfaceIdiom\": \(string(t.userInterfaceIdiom.rawValue)), "
            + "\"displayScale\": \(number(t.displayScale)), "
            + "\"size\": {\"width\": \(number(w.size.width)), \"height\": \(number(w.size.height))}}"
    }

    /// Every device with its screen, scale and the windows it has.
    public static func devicesJSON() -> String {
        let entries = Device.all.map { d -> String in
            var windows: [String] = []
            for o in Orientation.allCases {
                for a in d.arrangements(o) {
                    windows.append("{\"orientation\": \(string(o.rawValue)), \"arrangement\": \(string(a.rawValue)), \"traits\": \(json(d, o, a)!)}")
                }
            }
            return "{\"name\": \(string(d.name)), \"idiom\": \(string(d.idiom.rawValue)), "
                + "\"size\": {\"width\": \(number(d.portraitSize.width)), \"height\": \(number(d.portraitSize.height))}, "
                + "\"displayScale\": \(number(d.displayScale)),\n   \"windows\": [" + windows.joined(separator: ",\n     ") + "]}"
        }
        return "{\"devices\": [\n  " + entries.joined(separator: ",\n  ") + "\n]}"
    }

    /// One line per device: name, size in points, scale, classes portrait and landscape.
    public static func devicesTable() -> String {
        Device.all.map { d in
            let p = d.window(.portrait)!.traits, l = d.window(.landscape)!.traits
            let cell = { (t: TraitCollection) in "\(SizeClassCell(width: t.horizontalSizeClass, height: t.verticalSizeClass))" }
            return "\(d.name)  \(number(d.portraitSize.width))x\(number(d.portraitSize.height)) @\(number(d.displayScale))x  portrait \(cell(p))  landscape \(cell(l))"
        }.joined(separator: "\n")
    }
}
