import AdaptiveLayout
import Foundation

/// One laid-out screen to draw: a device's window and the views in it.
public struct PreviewPanel {
    /// What a box is drawn as: laid out, or part of a problem.
    public enum Status: Sendable { case ok, ambiguous, conflicting }
    public struct Box {
        public var name: String
        /// In the panel's root coordinates.
        public var frame: Rect
        public var depth: Int
        public var status: Status
    }
    /// The device (first line of the label).
    public var title: String
    /// Orientation, window, size classes and size (second line).
    public var subtitle: String
    public var size: Size
    public var boxes: [Box]
}

/// Previews of a layout on many devices: panels drawn as one SVG picture
/// (views as boxes with their names, conflicts in red, ambiguous views
/// dashed orange), and an HTML page that shows it.
public enum LayoutPreview {
    /// The windows to preview on `devices`: both orientations, and on iPads
    /// every multitasking arrangement that exists.
    public static func windows(_ devices: [Device]) -> [(Device, Orientation, WindowArrangement)] {
        var out: [(Device, Orientation, WindowArrangement)] = []
        for d in devices {
            for o in Orientation.allCases {
                for a in WindowArrangement.allCases where d.window(o, a) != nil { out.append((d, o, a)) }
            }
        }
        return out
    }

    /// `wC hR`: a window's size classes as the size-class grid names its cells.
    static func sizeClasses(_ traits: TraitCollection) -> String {
        func sc(_ c: UserInterfaceSizeClass) -> String { c == .compact ? "C" : c == .regular ? "R" : "Any" }
        return "w\(sc(traits.horizontalSizeClass)) h\(sc(traits.verticalSizeClass))"
    }

    static func subtitle(_ o: Orientation, _ a: WindowArrangement, _ traits: TraitCollection, _ size: Size) -> String {
        let window = a == .fullScreen ? "" : " \(a.rawValue)"
        return "\(o.rawValue)\(window) · \(sizeClasses(traits)) · \(number(size.width))×\(number(size.height))"
    }

    /// The panel of a document laid out in one window.
    public static func panel(_ layout: DocumentLayout, _ device: Device, _ o: Orientation, _ a: WindowArrangement) -> PreviewPanel? {
        guard let window = device.window(o, a), let answer = layout.solve(on: device, o, a) else { return nil }
        var parent: [String: String] = [:]
        var local: [String: Rect] = [:]
        for (name, frame) in answer.frames { local[name] = frame }
        for v in layout.order { if let s = v.superview, v !== layout.root { parent[v.layoutName] = s.layoutName } }
        let ambiguous = Set(answer.ambiguous.map(\.name))
        var boxes: [PreviewPanel.Box] = []
        for (name, frame) in answer.frames where name != layout.root.layoutName {
            var r = frame, depth = 0, p = parent[name]
            while let q = p, q != layout.root.layoutName, let f = local[q] {
                r = Rect(x: r.minX + f.minX, y: r.minY + f.minY, width: r.width, height: r.height)
                depth += 1
                p = parent[q]
            }
            let status: PreviewPanel.Status = answer.conflictingItems.contains(name) ? .conflicting
                : ambiguous.contains(name) ? .ambiguous : .ok
            boxes.append(.init(name: name, frame: r, depth: depth, status: status))
        }
        return PreviewPanel(title: device.name, subtitle: subtitle(o, a, window.traits, window.size), size: window.size,
                            boxes: boxes)
    }

    /// The panels of an Interface Builder document: each view controller's
    /// view in every window (the document's stored sizes stand in for text
    /// and images), other top-level views once at their stored size.
    public static func panels(_ document: IBDocument, _ windows: [(Device, Orientation, WindowArrangement)]) -> [PreviewPanel] {
        var out: [PreviewPanel] = []
        for root in document.roots {
            guard let stored = root.size else { continue }
            let label = root.rootView.label
            if root.controllerElement == nil {
                let v = IBVariations(horizontal: document.horizontalSizeClass, vertical: document.verticalSizeClass)
                var env = IBEnvironment(rootSize: stored)
                env.collapsesHiddenViews = true
                out.append(panel(root, v, env, title: label, subtitle: "stored size · \(number(stored.width))×\(number(stored.height))"))
                continue
            }
            for (d, o, a) in windows {
                guard let window = d.window(o, a) else { continue }
                let v = IBVariations(horizontal: window.traits.horizontalSizeClass, vertical: window.traits.verticalSizeClass)
                var env = IBEnvironment(rootSize: window.size)
                env.collapsesHiddenViews = true
                let safe = d.safeAreaInsets(o)
                env.safeAreaInsets[root.id] = safe
                env.topGuideLength = safe.top
                env.bottomGuideLength = safe.bottom
                let side = window.size.width >= 414 ? 20.0 : 16.0
                env.margins[root.id] = root.rootView.layoutMargins
                    ?? EdgeInsets(top: safe.top + 8, left: safe.left + side, bottom: safe.bottom + 8, right: safe.right + side)
                out.append(panel(root, v, env, title: "\(d.name) · \(label)", subtitle: subtitle(o, a, window.traits, window.size)))
            }
        }
        return out
    }

    static func panel(_ root: IBRoot, _ v: IBVariations, _ env: IBEnvironment, title: String, subtitle: String) -> PreviewPanel {
        let layout = IBLayout(root, variations: v, environment: env)
        let ambiguous = Set(layout.rootView.ambiguityReport().map { $0.item.layoutName })
        let conflicting = LayoutAnswer.conflictingItems(layout.rootView)
        var boxes: [PreviewPanel.Box] = []
        var depth: [String: Int] = [root.id: 0]
        for view in root.views.dropFirst() {
            guard let f = layout.frame(of: view.id), !view.inBarItem else { continue }
            let d = (view.superview.flatMap { depth[$0] } ?? 0) + 1
            depth[view.id] = d
            let status: PreviewPanel.Status = conflicting.contains(view.id) ? .conflicting : ambiguous.contains(view.id) ? .ambiguous : .ok
            boxes.append(.init(name: view.label, frame: f, depth: d - 1, status: status))
        }
        return PreviewPanel(title: title, subtitle: subtitle, size: env.rootSize, boxes: boxes)
    }

    // MARK: - Drawing

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// The panels in rows, each window drawn at `scale` (points to pixels),
    /// labelled above with its device and its size classes and size.
    public static func svg(_ panels: [PreviewPanel], title: String, scale: Double = 0.45, rowWidth: Double = 2600) -> String {
        let gap = 24.0, header = 40.0, top = 48.0
        var placed: [(PreviewPanel, Double, Double)] = []
        var x = gap, y = top, rowHeight = 0.0, width = 0.0
        for p in panels {
            // Room for the labels too (about 6.5 px a character at 12 to 13 px).
            let w = max(p.size.width * scale, Double(max(p.title.count, p.subtitle.count)) * 7.6), h = p.size.height * scale + header
            if x + w > rowWidth, x > gap { x = gap; y += rowHeight + gap; rowHeight = 0 }
            placed.append((p, x, y))
            x += w + gap
            width = max(width, x)
            rowHeight = max(rowHeight, h)
        }
        let height = y + rowHeight + gap
        let fills = ["#dbe9f6", "#e3f1dc", "#f6ecd6", "#ece0f3", "#dff1ef", "#f3dfe3"]
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif">
            <rect width="100%" height="100%" fill="#ffffff"/>
            <text x="\(gap)" y="30" font-size="20" font-weight="bold">\(escape(title))</text>

            """
        for (p, px, py) in placed {
            let ox = px, oy = py + header
            out += "<g>\n"
            out += "<text x=\"\(number(ox))\" y=\"\(number(py + 15))\" font-size=\"13\" font-weight=\"bold\">\(escape(p.title))</text>\n"
            out += "<text x=\"\(number(ox))\" y=\"\(number(py + 32))\" font-size=\"12\" fill=\"#555\">\(escape(p.subtitle))</text>\n"
            out += "<rect x=\"\(number(ox))\" y=\"\(number(oy))\" width=\"\(number(p.size.width * scale))\" height=\"\(number(p.size.height * scale))\" fill=\"#fafafa\" stroke=\"#222\" stroke-width=\"1.5\"/>\n"
            for b in p.boxes {
                let r = b.frame
                let bx = ox + r.minX * scale, by = oy + r.minY * scale, bw = max(0, r.width * scale), bh = max(0, r.height * scale)
                var style: String
                switch b.status {
                case .ok: style = "fill=\"\(fills[b.depth % fills.count])\" stroke=\"#4a6a8a\" stroke-width=\"0.8\""
                case .ambiguous: style = "fill=\"#fff1d6\" stroke=\"#e08a00\" stroke-width=\"1.5\" stroke-dasharray=\"4 2\""
                case .conflicting: style = "fill=\"#fbd5d5\" stroke=\"#d01010\" stroke-width=\"2\""
                }
                style += " fill-opacity=\"0.85\""
                out += "<rect x=\"\(number(bx))\" y=\"\(number(by))\" width=\"\(number(bw))\" height=\"\(number(bh))\" \(style)><title>\(escape(b.name)) \(r)</title></rect>\n"
                if bw >= 24, bh >= 8 {
                    let size = min(10.0, bh - 1.5)
                    let chars = max(1, Int(bw / (size * 0.55)))
                    let name = b.name.count > chars ? String(b.name.prefix(max(1, chars - 1))) + "…" : b.name
                    out += "<text x=\"\(number(bx + 2))\" y=\"\(number(by + size))\" font-size=\"\(number(size))\" fill=\"#1a1a1a\">\(escape(name))</text>\n"
                }
            }
            out += "</g>\n"
        }
        out += "</svg>\n"
        return out
    }

    /// A page that shows the SVG (file name `svgName`, beside it) with a legend.
    public static func html(title: String, svgName: String, panels: Int) -> String {
        """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>\(escape(title))</title>
        <style>body{font-family:Helvetica,Arial,sans-serif;margin:24px} .k{display:inline-block;width:14px;height:10px;margin:0 4px 0 12px;border:1px solid}</style>
        </head><body>
        <h1>\(escape(title))</h1>
        <p>\(panels) windows. <span class="k" style="background:#dbe9f6;border-color:#4a6a8a"></span>laid out
        <span class="k" style="background:#fff1d6;border-color:#e08a00;border-style:dashed"></span>ambiguous
        <span class="k" style="background:#fbd5d5;border-color:#d01010"></span>in a conflict</p>
        <img src="\(escape(svgName))" alt="\(escape(title))">
        </body></html>

        """
    }
}
