/// One variant of a piece of artwork, as layout sees it — the part of
/// Apple's `UIImage` that matters here: its size in points, the scale its
/// pixels were drawn for, and the traits it was registered with.
public struct Image: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    /// The size in points: pixels divided by ``scale``.
    public var size: Size
    /// Pixels per point (1, 2, 3).
    public var scale: Double
    /// The file it came from, if any.
    public var path: String?
    /// The traits the image was registered with in its asset (its display
    /// scale always specified); empty until registered.
    public internal(set) var traitCollection = TraitCollection()

    public init(name: String, size: Size, scale: Double = 1, path: String? = nil) {
        self.name = name
        self.size = size
        self.scale = scale
        self.path = path
    }

    /// An image of `pixelWidth` x `pixelHeight` pixels drawn for `scale`.
    public init(name: String, pixelWidth: Int, pixelHeight: Int, scale: Double = 1, path: String? = nil) {
        self.init(name: name, size: Size(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale),
                  scale: scale, path: path)
    }

    public var description: String {
        "\(path ?? name) (\(size.width) x \(size.height) pt @\(scale)x)"
    }
}

/// The variants of one piece of artwork for different traits — Apple's
/// `UIImageAsset`: register an image per trait collection, then ask for the
/// one that suits an environment.
///
/// Registration follows Apple's rules: a trait collection without a display
/// scale is registered at scale 1 (so register `@2x` and `@3x` variants with
/// theirs), and registering traits again replaces the image registered with
/// them.
public final class ImageAsset {
    private var registrations: [Image] = []

    public init() {}

    /// The registered images, in the order registered.
    public var images: [Image] { registrations }

    /// Registers `image` for `traits`, replacing an image registered for
    /// the same traits.
    public func register(_ image: Image, with traits: TraitCollection) {
        var image = image
        image.traitCollection = Self.registrationTraits(traits)
        if let i = registrations.firstIndex(where: { $0.traitCollection == image.traitCollection }) {
            registrations[i] = image
        } else {
            registrations.append(image)
        }
    }

    /// Removes the image registered for `traits` (with scale 1 where they
    /// give none, as in ``register(_:with:)``).
    public func unregister(imageWith traits: TraitCollection) {
        let key = Self.registrationTraits(traits)
        registrations.removeAll { $0.traitCollection == key }
    }

    /// The variant that best suits an environment with `traits`, or nil when
    /// nothing is registered. As `UIImageAsset.image(with:)`, it always
    /// answers when it can: when no variant matches exactly, the closest does.
    ///
    /// The rules, in order:
    /// 1. Fewest conflicts: a variant conflicts on each trait it specifies
    ///    (display scale aside) that `traits` does not have — a variant for
    ///    compact width does not suit a regular or an unspecified width.
    /// 2. Most specific: among those, the variant that specifies the most
    ///    traits (display scale aside) wins — `wC hC` before `wC` before Any.
    /// 3. Scale: the variant drawn for the display's scale; else the
    ///    smallest larger one (scaled down); else the largest. Where `traits`
    ///    has no display scale, the largest.
    /// 4. Registration order: the first registered.
    public func image(with traits: TraitCollection) -> Image? {
        var best: (image: Image, rank: (Int, Int, Double))?
        for image in registrations {
            let rank = Self.rank(of: image.traitCollection, for: traits)
            if let b = best, !Self.isBetter(rank, than: b.rank) { continue }
            best = (image, rank)
        }
        return best?.image
    }

    static func registrationTraits(_ traits: TraitCollection) -> TraitCollection {
        var t = traits
        if t.displayScale == 0 { t.displayScale = 1 }
        return t
    }

    /// (conflicts, -specificity, scale distance), smaller being better. The
    /// scale distance puts the exact scale first (0), larger scales next in
    /// increasing order (0 < d < 1000), smaller ones last in decreasing order.
    private static func rank(of registered: TraitCollection, for wanted: TraitCollection)
        -> (Int, Int, Double) {
        var r = registered
        r.displayScale = 0
        var conflicts = 0
        for single in r.singleTraits where !wanted.containsTraits(in: single) { conflicts += 1 }
        let scale = registered.displayScale, target = wanted.displayScale
        let distance: Double
        if target == 0 { distance = -scale }
        else if scale == target { distance = 0 }
        else if scale > target { distance = scale - target }
        else { distance = 1000 + (target - scale) }
        return (conflicts, -r.specifiedTraitCount, distance)
    }

    private static func isBetter(_ a: (Int, Int, Double), than b: (Int, Int, Double)) -> Bool {
        a.0 != b.0 ? a.0 < b.0 : a.1 != b.1 ? a.1 < b.1 : a.2 < b.2
    }
}

extension TraitCollection {
    /// One collection per specified trait, each specifying only that one.
    var singleTraits: [TraitCollection] {
        var result: [TraitCollection] = []
        if horizontalSizeClass != .unspecified { result.append(.init(horizontalSizeClass: horizontalSizeClass)) }
        if verticalSizeClass != .unspecified { result.append(.init(verticalSizeClass: verticalSizeClass)) }
        if userInterfaceIdiom != .unspecified { result.append(.init(userInterfaceIdiom: userInterfaceIdiom)) }
        if displayScale != 0 { result.append(.init(displayScale: displayScale)) }
        if layoutDirection != .unspecified { result.append(.init(layoutDirection: layoutDirection)) }
        if userInterfaceStyle != .unspecified { result.append(.init(userInterfaceStyle: userInterfaceStyle)) }
        if preferredContentSizeCategory != .unspecified {
            result.append(.init(preferredContentSizeCategory: preferredContentSizeCategory))
        }
        return result
    }
}

/// A view that shows an image — Apple's `UIImageView`, for layout: its
/// intrinsic content size is its image's size, and when it has an asset it
/// shows the asset's best variant for its traits, switching (and so
/// changing its intrinsic size) when they change.
open class ImageView: View {
    /// The artwork to show; the image follows the view's traits.
    public var imageAsset: ImageAsset? {
        didSet { resolveImage() }
    }

    /// The image shown: set directly, or chosen from ``imageAsset``.
    public var image: Image? {
        didSet {
            guard image != oldValue else { return }
            intrinsicContentSize = image?.size
                ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
        }
    }

    public init(asset: ImageAsset? = nil, name: String? = nil) {
        super.init(name: name)
        imageAsset = asset
        resolveImage()
    }

    public init(image: Image?, name: String? = nil) {
        super.init(name: name)
        self.image = image
        intrinsicContentSize = image?.size ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }

    open override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        resolveImage()
    }

    private func resolveImage() {
        guard let imageAsset else { return }
        image = imageAsset.image(with: traitCollection)
    }
}
