import Foundation
import Testing
@testable import AdaptiveLayout
@testable import LayoutInterchange

@Suite("Traits: image assets, image files, appearance by trait collection")
struct ImageAssetTests {
    static func image(_ name: String, _ side: Double, scale: Double = 1) -> Image {
        Image(name: name, size: Size(width: side, height: side), scale: scale)
    }

    /// Apple, `UIImageAsset`: "If you don't define these properties in the
    /// trait collection, the following default values are assigned:
    /// displayScale = 1.0"; `register(_:with:)`: "If the asset already
    /// contains a registered image with the equivalent traits, it replaces
    /// that image".
    @Test func registration() {
        let asset = ImageAsset()
        #expect(asset.image(with: TraitCollection()) == nil)
        asset.register(Self.image("a", 10), with: TraitCollection(horizontalSizeClass: .compact))
        #expect(asset.images.map(\.traitCollection) == [TraitCollection(horizontalSizeClass: .compact, displayScale: 1)])
        asset.register(Self.image("b", 10), with: TraitCollection(horizontalSizeClass: .compact, displayScale: 1))
        #expect(asset.images.map(\.name) == ["b"])
        asset.register(Self.image("c", 10), with: TraitCollection(displayScale: 2))
        asset.unregister(imageWith: TraitCollection(horizontalSizeClass: .compact))
        #expect(asset.images.map(\.name) == ["c"])
        asset.unregister(imageWith: TraitCollection(horizontalSizeClass: .regular)) // not registered: no change
        #expect(asset.images.map(\.name) == ["c"])
    }

    /// `image(with:)` "returns the best match available": the scale drawn
    /// for the display, else the nearest larger one, else the largest.
    @Test func scaleMatching() {
        let asset = ImageAsset()
        for s in [1.0, 3] { asset.register(Self.image("@\(Int(s))x", 10, scale: s), with: TraitCollection(displayScale: s)) }
        #expect(asset.image(with: TraitCollection(displayScale: 1))?.name == "@1x")
        #expect(asset.image(with: TraitCollection(displayScale: 2))?.name == "@3x") // scaled down, not up
        #expect(asset.image(with: TraitCollection(displayScale: 3))?.name == "@3x")
        asset.unregister(imageWith: TraitCollection(displayScale: 3))
        asset.register(Self.image("@2x", 10, scale: 2), with: TraitCollection(displayScale: 2))
        #expect(asset.image(with: TraitCollection(displayScale: 3))?.name == "@2x") // the largest there is
        #expect(asset.image(with: TraitCollection())?.name == "@2x")
    }

    /// Size classes, idiom and style: the variant whose traits the
    /// environment contains, the most specific winning; a variant for a trait
    /// the environment lacks (an unspecified width) does not match while
    /// another does; with no match at all, the one with fewest conflicts.
    @Test func traitMatching() {
        let asset = ImageAsset()
        asset.register(Self.image("any", 100, scale: 2), with: TraitCollection(displayScale: 2))
        asset.register(Self.image("compact", 50, scale: 2), with: TraitCollection(horizontalSizeClass: .compact, displayScale: 2))
        asset.register(Self.image("compact-compact", 40, scale: 2),
                       with: TraitCollection(horizontalSizeClass: .compact, verticalSizeClass: .compact, displayScale: 2))
        asset.register(Self.image("dark", 100, scale: 2), with: TraitCollection(displayScale: 2, userInterfaceStyle: .dark))
        let phone = Device.named("iPhone 8")!
        let portrait = phone.window(.portrait)!.traits, landscape = phone.window(.landscape)!.traits
        #expect(asset.image(with: portrait)?.name == "compact")
        #expect(asset.image(with: landscape)?.name == "compact-compact")
        #expect(asset.image(with: Device.named("iPad Pro 12.9-inch (6th generation)")!.window(.portrait)!.traits)?.name == "any")
        #expect(asset.image(with: TraitCollection(displayScale: 2))?.name == "any")
        #expect(asset.image(with: TraitCollection(horizontalSizeClass: .regular, displayScale: 2, userInterfaceStyle: .dark))?.name == "dark")

        let only = ImageAsset()
        only.register(Self.image("compact", 50), with: TraitCollection(horizontalSizeClass: .compact))
        only.register(Self.image("compact-dark", 50), with: TraitCollection(horizontalSizeClass: .compact, userInterfaceStyle: .dark))
        #expect(only.image(with: TraitCollection(horizontalSizeClass: .regular))?.name == "compact")
    }

    /// UIImageView: the intrinsic size is the image's; with an asset the
    /// image follows the traits, so a rotation changes the layout.
    @Test func imageViewFollowsTraits() throws {
        let asset = ImageAsset()
        asset.register(Image(name: "hero", pixelWidth: 600, pixelHeight: 400, scale: 2), with: TraitCollection(displayScale: 2))
        asset.register(Image(name: "hero-small", pixelWidth: 300, pixelHeight: 200, scale: 2),
                       with: TraitCollection(verticalSizeClass: .compact, displayScale: 2))
        let screen = Screen(device: Device.named("iPhone 8")!)
        let window = Window(screen: screen)
        let imageView = ImageView(asset: asset, name: "hero")
        #expect(imageView.image?.name == "hero") // no traits yet: the variant without conflicts
        imageView.translatesAutoresizingMaskIntoConstraints = false
        try window.addSubview(imageView)
        try LayoutConstraint.activate([imageView.topAnchor.constraint(equalTo: window.topAnchor),
                                       imageView.centerXAnchor.constraint(equalTo: window.centerXAnchor)])
        window.layoutIfNeeded()
        #expect(imageView.image?.name == "hero")
        #expect(imageView.frame == Rect(x: 37.5, y: 0, width: 300, height: 200))
        screen.rotate(to: .landscape)
        #expect(imageView.image?.name == "hero-small")
        #expect(imageView.frame == Rect(x: 258.5, y: 0, width: 150, height: 100))
        imageView.image = Image(name: "fixed", size: Size(width: 10, height: 20))
        window.layoutIfNeeded()
        #expect(imageView.frame.size == Size(width: 10, height: 20))
    }

    // MARK: Files

    /// A PNG's first 24 bytes: signature, IHDR length and type, width, height.
    static func pngHeader(_ width: UInt32, _ height: UInt32) -> Data {
        var d = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
        for v in [width, height] { d.append(contentsOf: [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]) }
        d.append(contentsOf: [8, 6, 0, 0, 0]) // bit depth, colour type, compression, filter, interlace
        return d
    }

    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("adaptive-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func fileNamesAndHeaders() {
        let n = ImageFileName("icon@2x~ipad.png")
        #expect(n?.name == "icon" && n?.scale == 2 && n?.idiom == .pad)
        #expect(ImageFileName("icon.png") == ImageFileName("icon@1x.png"))
        #expect(ImageFileName("icon~iphone.PNG")?.idiom == .phone)
        #expect(ImageFileName("my@home@3x.png")?.name == "my@home")
        #expect(ImageFileName("icon.jpg") == nil && ImageFileName("@2x.png") == nil && ImageFileName("icon@0x.png") == nil)
        #expect(pngPixelSize(Self.pngHeader(1242, 2688))! == (1242, 2688))
        #expect(pngPixelSize(Self.pngHeader(0, 10)) == nil)
        #expect(pngPixelSize(Data("GIF89a and more bytes, enough of them".utf8)) == nil)
        #expect(pngPixelSize(Self.pngHeader(10, 10).prefix(20)) == nil)
    }

    /// Loose `name@Sx~idiom.png` files and an asset catalog image set,
    /// resolved by display scale, idiom, size class and style.
    @Test func loadingFromDisk() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (file, side) in [("logo.png", 44), ("logo@2x.png", 88), ("logo@3x.png", 132), ("logo@2x~ipad.png", 200),
                             ("logos.png", 1), ("notes.txt", 1)] as [(String, UInt32)] {
            try Self.pngHeader(side, side).write(to: dir.appendingPathComponent(file))
        }
        let logo = try ImageAsset(named: "logo", in: dir.path)
        #expect(logo.images.count == 4)
        #expect(logo.image(with: Device.named("iPhone 8")!.window(.portrait)!.traits)?.path?.hasSuffix("logo@2x.png") == true)
        #expect(logo.image(with: Device.named("iPhone 15 Pro")!.window(.portrait)!.traits)?.size == Size(width: 44, height: 44))
        let pad = logo.image(with: Device.named("iPad Air (5th generation)")!.window(.landscape)!.traits)
        #expect(pad?.path?.hasSuffix("logo@2x~ipad.png") == true && pad?.size == Size(width: 100, height: 100))

        let set = dir.appendingPathComponent("Media.xcassets/hero.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Self.pngHeader(600, 400).write(to: set.appendingPathComponent("hero@2x.png"))
        try Self.pngHeader(300, 200).write(to: set.appendingPathComponent("hero-compact@2x.png"))
        try Self.pngHeader(600, 400).write(to: set.appendingPathComponent("hero-dark@2x.png"))
        try Data("""
        {"images": [
          {"idiom": "universal", "scale": "1x"},
          {"idiom": "universal", "scale": "2x", "filename": "hero@2x.png"},
          {"idiom": "universal", "scale": "2x", "filename": "hero-compact@2x.png", "height-class": "compact"},
          {"idiom": "universal", "scale": "2x", "filename": "hero-dark@2x.png",
           "appearances": [{"appearance": "luminosity", "value": "dark"}]}
        ], "info": {"author": "xcode", "version": 1}}
        """.utf8).write(to: set.appendingPathComponent("Contents.json"))
        let hero = try ImageAsset(named: "hero", in: dir.path)
        let phone = Device.named("iPhone 8")!
        #expect(hero.image(with: phone.window(.portrait)!.traits)?.size == Size(width: 300, height: 200))
        #expect(hero.image(with: phone.window(.landscape)!.traits)?.path?.hasSuffix("hero-compact@2x.png") == true)
        var dark = phone.window(.portrait)!.traits
        dark.userInterfaceStyle = .dark
        #expect(hero.image(with: dark)?.path?.hasSuffix("hero-dark@2x.png") == true)
    }

    /// Bad files: the error names the file and the problem.
    @Test func loadingErrors() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func failure(_ name: String) -> String? {
            do { _ = try ImageAsset(named: name, in: dir.path); return nil } catch { return error.description }
        }
        #expect(failure("missing")?.contains("no image named \"missing\"") == true)
        try Data("not a png at all, just some text".utf8).write(to: dir.appendingPathComponent("fake@2x.png"))
        #expect(failure("fake") == "\(dir.path)/fake@2x.png: not a PNG file (no PNG signature and IHDR header)")
        let set = dir.appendingPathComponent("bad.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(#"{"images": [{"scale": "two", "filename": "x.png"}]}"#.utf8).write(to: set.appendingPathComponent("Contents.json"))
        #expect(failure("bad") == "\(set.path)/Contents.json: key 'images[0]': scale \"two\" is not like \"2x\"")
        try Data(#"{"images": [{"scale": "2x", "filename": "gone.png"}]}"#.utf8).write(to: set.appendingPathComponent("Contents.json"))
        #expect(failure("bad") == "\(set.path)/gone.png: cannot be read")
        try Data("{".utf8).write(to: set.appendingPathComponent("Contents.json"))
        #expect(failure("bad")?.hasPrefix("\(set.path)/Contents.json: not JSON") == true)
        do { _ = try ImageAsset(named: "logo", in: dir.path + "/nowhere"); Issue.record("no error") } catch {
            #expect(error.description == "\(dir.path)/nowhere: cannot list the directory")
        }
    }

    // MARK: Appearance

    /// Values by trait collection: the most specific registration whose
    /// traits the view's contain; the view's own value back where none does;
    /// a key path of a subclass applies to that subclass only.
    @Test func appearanceByTraits() throws {
        let screen = Screen(device: Device.named("iPhone 8 Plus")!) // wC hR in portrait, wR hC in landscape
        let window = Window(screen: screen)
        let plain = View(name: "plain"), picture = ImageView(image: nil, name: "picture")
        try window.addSubview(plain)
        try plain.addSubview(picture)
        let own = plain.layoutMargins
        let tight = EdgeInsets(top: 4, left: 4, bottom: 4, right: 4)
        let short = EdgeInsets(top: 0, left: 8, bottom: 0, right: 8)
        let wide = EdgeInsets(top: 8, left: 40, bottom: 8, right: 40)
        window.appearance.set(\View.layoutMargins, to: tight, for: TraitCollection(horizontalSizeClass: .compact))
        #expect(plain.layoutMargins == tight && picture.layoutMargins == tight) // applied at once
        let badge = Image(name: "badge", size: Size(width: 12, height: 12))
        window.appearance.set(\ImageView.image, to: badge)
        #expect(picture.image == badge && picture.intrinsicContentSize == Size(width: 12, height: 12))

        screen.rotate(to: .landscape) // regular width: no value applies, the views' own come back
        #expect(plain.layoutMargins == own && picture.layoutMargins == own)
        #expect(picture.image == badge)

        window.appearance.set(\View.layoutMargins, to: short, for: TraitCollection(verticalSizeClass: .compact))
        window.appearance.set(\View.layoutMargins, to: wide,
                              for: TraitCollection(horizontalSizeClass: .regular, verticalSizeClass: .compact))
        #expect(plain.layoutMargins == wide) // two traits beat one
        #expect(window.appearance.value(for: \View.layoutMargins, in: TraitCollection(verticalSizeClass: .compact)) == short)
        #expect(window.appearance.value(for: \View.layoutMargins, in: TraitCollection()) == nil)

        screen.rotate(to: .portrait)
        #expect(plain.layoutMargins == tight)
        window.appearance.set(\View.layoutMargins, to: short, for: TraitCollection(horizontalSizeClass: .compact)) // replaces
        #expect(plain.layoutMargins == short)

        let late = View(name: "late") // a view entering the window gets the values
        try window.addSubview(late)
        #expect(late.layoutMargins == short)
        #expect(!window.appearance.isEmpty)
        let pad = Window(screen: Screen(device: Device.named("iPad (10th generation)")!))
        #expect(pad.appearance.isEmpty)
    }

    /// Margins set by appearance move the margin guides: the layout follows.
    @Test func appearanceDrivesLayout() throws {
        let screen = Screen(device: Device.named("iPhone 8")!)
        let window = Window(screen: screen)
        window.appearance.set(\View.layoutMargins, to: EdgeInsets(top: 0, left: 16, bottom: 0, right: 16),
                              for: TraitCollection(verticalSizeClass: .regular))
        window.appearance.set(\View.layoutMargins, to: EdgeInsets(top: 0, left: 60, bottom: 0, right: 60),
                              for: TraitCollection(verticalSizeClass: .compact))
        let bar = View(name: "bar")
        bar.translatesAutoresizingMaskIntoConstraints = false
        try window.addSubview(bar)
        try LayoutConstraint.activate([bar.leadingAnchor.constraint(equalTo: window.layoutMarginsGuide.leadingAnchor),
                                       bar.trailingAnchor.constraint(equalTo: window.layoutMarginsGuide.trailingAnchor),
                                       bar.topAnchor.constraint(equalTo: window.topAnchor),
                                       bar.heightAnchor.constraint(equalToConstant: 44)])
        window.layoutIfNeeded()
        #expect(bar.frame == Rect(x: 16, y: 0, width: 343, height: 44))
        screen.rotate(to: .landscape)
        #expect(bar.frame == Rect(x: 60, y: 0, width: 547, height: 44))
    }
}
