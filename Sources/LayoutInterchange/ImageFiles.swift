import AdaptiveLayout
import Foundation

/// Why an image asset could not be loaded: the file and what is wrong with it.
public struct ImageFileError: Error, CustomStringConvertible {
    public let path: String
    public let problem: String
    public var description: String { "\(path): \(problem)" }
}

/// The parts of a loose image file's name as UIKit reads them:
/// `NAME[@Sx][~iphone|~ipad].png` (`icon@2x~ipad.png` is `icon` at scale 2
/// for the iPad idiom).
public struct ImageFileName: Hashable, Sendable {
    public var name: String
    public var scale: Double
    public var idiom: UserInterfaceIdiom

    /// Nil for a name that is not such a file (another extension, an empty
    /// name, a scale that is not a positive number).
    public init?(_ fileName: String) {
        guard fileName.lowercased().hasSuffix(".png") else { return nil }
        var stem = String(fileName.dropLast(4))
        idiom = .unspecified
        for (suffix, i) in [("~iphone", UserInterfaceIdiom.phone), ("~ipad", .pad)] where stem.hasSuffix(suffix) {
            stem.removeLast(suffix.count)
            idiom = i
        }
        scale = 1
        if let at = stem.lastIndex(of: "@"), stem.hasSuffix("x") {
            let digits = stem[stem.index(after: at)..<stem.index(before: stem.endIndex)]
            guard let s = Double(digits), s > 0, s.isFinite else { return nil }
            scale = s
            stem = String(stem[..<at])
        }
        guard !stem.isEmpty else { return nil }
        name = stem
    }
}

/// The width and height in pixels that a PNG file's header (its IHDR
/// chunk, the first one) states, or nil when `bytes` is not a PNG.
public func pngPixelSize(_ bytes: some Collection<UInt8>) -> (width: Int, height: Int)? {
    let b = Array(bytes.prefix(24))
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard b.count == 24, Array(b[0..<8]) == signature, Array(b[12..<16]) == Array("IHDR".utf8) else { return nil }
    func u32(_ i: Int) -> Int { b[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
    let width = u32(16), height = u32(20)
    guard width > 0, height > 0, width < 1 << 31, height < 1 << 31 else { return nil } // the PNG limits
    return (width, height)
}

extension ImageAsset {
    /// The variants of the artwork `name` in `directory`, as an app bundle
    /// holds them:
    /// - loose files `name.png`, `name@2x.png`, `name@3x~ipad.png` (scale and
    ///   idiom from the file name), and
    /// - an asset catalog image set `name.imageset/Contents.json`, in
    ///   `directory` or in a `*.xcassets` folder below it (scale, idiom,
    ///   `width-class`, `height-class` and the dark/light `luminosity`
    ///   appearance of each entry).
    ///
    /// Sizes come from the PNG headers. Throws, naming the file, when a file
    /// is not a PNG, a catalog entry is malformed, or nothing is found.
    public convenience init(named name: String, in directory: String) throws(ImageFileError) {
        self.init()
        let fm = FileManager.default
        let dir = URL(fileURLWithPath: directory)
        guard let entries = try? fm.contentsOfDirectory(atPath: directory) else {
            throw ImageFileError(path: directory, problem: "cannot list the directory")
        }
        for file in entries.sorted() {
            guard let parsed = ImageFileName(file), parsed.name == name else { continue }
            let path = dir.appendingPathComponent(file).path
            var traits = TraitCollection(displayScale: parsed.scale)
            traits.userInterfaceIdiom = parsed.idiom
            register(try Self.loadPNG(path, name: name, scale: parsed.scale), with: traits)
        }
        var sets = [dir.appendingPathComponent(name + ".imageset")]
        for catalog in entries.sorted() where catalog.hasSuffix(".xcassets") {
            sets.append(dir.appendingPathComponent(catalog).appendingPathComponent(name + ".imageset"))
        }
        for set in sets where fm.fileExists(atPath: set.path) { try loadImageSet(set, name: name) }
        if images.isEmpty {
            throw ImageFileError(path: directory, problem: "no image named \"\(name)\" (\(name).png, \(name)@2x.png, "
                                 + "\(name).imageset)")
        }
    }

    private static func loadPNG(_ path: String, name: String, scale: Double) throws(ImageFileError) -> Image {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ImageFileError(path: path, problem: "cannot be read")
        }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 24)) ?? nil
        guard let head, let (w, h) = pngPixelSize(head) else {
            throw ImageFileError(path: path, problem: "not a PNG file (no PNG signature and IHDR header)")
        }
        return Image(name: name, pixelWidth: w, pixelHeight: h, scale: scale, path: path)
    }

    /// Registers the entries of an asset catalog image set.
    private func loadImageSet(_ set: URL, name: String) throws(ImageFileError) {
        let contents = set.appendingPathComponent("Contents.json")
        guard let data = try? Data(contentsOf: contents) else {
            throw ImageFileError(path: contents.path, problem: "cannot be read")
        }
        let json: Any
        do { json = try JSONSerialization.jsonObject(with: data) } catch {
            throw ImageFileError(path: contents.path, problem: "not JSON: \(error.localizedDescription)")
        }
        let root = JSONReader(json, key: "")
        do {
            for entry in try root.object().required("images").array() {
                let o = try entry.object()
                guard let file = try o.optional("filename")?.string() else { continue } // an empty slot
                var traits = TraitCollection(displayScale: 1)
                if let s = try o.optional("scale")?.string() {
                    guard s.hasSuffix("x"), let scale = Double(s.dropLast()), scale > 0, scale.isFinite else {
                        throw entry.error("scale \"\(s)\" is not like \"2x\"")
                    }
                    traits.displayScale = scale
                }
                if let idiom = try o.optional("idiom")?.string() {
                    let idioms: [String: UserInterfaceIdiom] = [
                        "universal": .unspecified, "iphone": .phone, "ipad": .pad, "tv": .tv, "car": .carPlay,
                        "mac": .mac, "vision": .vision]
                    guard let i = idioms[idiom] else { continue } // watch, marketing: not a layout target
                    traits.userInterfaceIdiom = i
                }
                for (key, keyPath) in [("width-class", \TraitCollection.horizontalSizeClass),
                                       ("height-class", \TraitCollection.verticalSizeClass)] {
                    guard let v = try o.optional(key)?.string() else { continue }
                    guard let c = UserInterfaceSizeClass(rawValue: v), c != .unspecified else {
                        throw entry.error("\(key) \"\(v)\" is not compact or regular")
                    }
                    traits[keyPath: keyPath] = c
                }
                for appearance in try o.optional("appearances")?.array() ?? [] {
                    let a = try appearance.object()
                    guard try a.required("appearance").string() == "luminosity" else { continue }
                    let value = try a.required("value").string()
                    guard let style = ["light": UserInterfaceStyle.light, "dark": .dark][value] else {
                        throw appearance.error("luminosity \"\(value)\" is not light or dark")
                    }
                    traits.userInterfaceStyle = style
                }
                let path = set.appendingPathComponent(file).path
                register(try Self.loadPNG(path, name: name, scale: traits.displayScale), with: traits)
            }
        } catch let e as InterchangeError {
            throw ImageFileError(path: contents.path, problem: e.description)
        } catch let e as ImageFileError {
            throw e
        } catch {
            throw ImageFileError(path: contents.path, problem: "\(error)")
        }
    }
}
