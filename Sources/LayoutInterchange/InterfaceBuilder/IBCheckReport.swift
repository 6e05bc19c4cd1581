import AdaptiveLayout
import Foundation

/// `layout check-ib`'s report: per view, per root, per file and overall,
/// as text or JSON.
public struct IBCheckReport {
    public struct File {
        public var path: String
        public var roots: [IBCheck.RootResult]
        /// Why the file could not be read, if it could not.
        public var error: String?
        public var eligible: Int { roots.reduce(0) { $0 + $1.views.count } }
        public func within(_ t: Double) -> Int { roots.reduce(0) { $0 + $1.within(t) } }
    }

    public var files: [File] = []
    public init() {}

    /// Reads, lays out and compares one file.
    public mutating func check(path: String) {
        do {
            let document = try IBDocument(contentsOf: URL(fileURLWithPath: path))
            files.append(File(path: path, roots: IBCheck.check(document)))
        } catch {
            files.append(File(path: path, roots: [], error: error.description(file: path)))
        }
    }

    public var eligible: Int { files.reduce(0) { $0 + $1.eligible } }
    public func within(_ t: Double) -> Int { files.reduce(0) { $0 + $1.within(t) } }

    static func percent(_ n: Int, _ d: Int) -> String {
        d == 0 ? "-" : String(format: "%.1f%%", 100 * Double(n) / Double(d))
    }

    /// One line per root and file, off views with `verbose`, and the overall score.
    public func text(verbose: Bool) -> String {
        var lines: [String] = []
        for f in files {
            if let e = f.error { lines.append(e); continue }
            let name = (f.path as NSString).lastPathComponent
            lines.append("\(name): \(f.within(0.5)) of \(f.eligible) views within 0.5 pt (\(Self.percent(f.within(0.5), f.eligible))), \(f.within(1)) within 1 pt")
            for r in f.roots {
                let size = "\(number(r.size.width)) x \(number(r.size.height))"
                var line = "  \(r.id) (\(size)): \(r.within(0.5)) of \(r.views.count) within 0.5 pt"
                if !r.excluded.isEmpty { line += ", \(r.excluded.count) not eligible" }
                if !r.refused.isEmpty { line += ", \(r.refused.count) constraints refused" }
                lines.append(line)
                guard verbose else { continue }
                for v in r.views where v.deviation > 0.5 {
                    lines.append("    off \(number((v.deviation * 100).rounded() / 100)) pt: \(v.label) [\(v.id)] stored \(v.stored) laid out \(v.solved)")
                }
                for (id, reason) in r.excluded { lines.append("    not eligible: \(id): \(reason)") }
                for (id, reason) in r.refused { lines.append("    refused: constraint \(id): \(reason)") }
            }
        }
        let n = eligible
        lines.append("overall: \(within(0.5)) of \(n) eligible views within 0.5 pt (\(Self.percent(within(0.5), n))), \(within(1)) within 1 pt (\(Self.percent(within(1), n))) in \(files.count) files")
        return lines.joined(separator: "\n")
    }

    public var json: String {
        func rect(_ r: Rect) -> [Double] { [r.minX, r.minY, r.width, r.height] }
        let object: [String: Any] = [
            "eligible": eligible, "within0_5": within(0.5), "within1": within(1),
            "files": files.map { f -> [String: Any] in
                var o: [String: Any] = ["file": f.path, "eligible": f.eligible, "within0_5": f.within(0.5), "within1": f.within(1)]
                if let e = f.error { o["error"] = e }
                o["roots"] = f.roots.map { r -> [String: Any] in
                    [
                        "id": r.id, "size": [r.size.width, r.size.height],
                        "views": r.views.map { ["id": $0.id, "label": $0.label, "stored": rect($0.stored),
                                                "laidOut": rect($0.solved), "deviation": $0.deviation] as [String: Any] },
                        "excluded": r.excluded.map { ["id": $0.id, "reason": $0.reason] },
                        "refused": r.refused.map { ["id": $0.id, "reason": $0.reason] },
                    ]
                }
                return o
            },
        ]
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
