import Testing
@testable import AdaptiveLayout

/// The seed's adaptive photos profile screen ("Adapting to Trait Environment
/// Changes"): an image and three labels, with one set of constraints (the
/// seed's visual formats) for a compact height and another otherwise,
/// installed as size-class variations and switched by rotation.
final class ProfileViewController: ViewController {
    let image = View(name: "imageView"), nameLabel = View(name: "nameLabel")
    let conversations = View(name: "conversationsLabel"), photos = View(name: "photosLabel")
    let top = LayoutGuide(name: "topLayoutGuide")

    override func viewDidLoad() {
        for label in [nameLabel, conversations, photos] { label.intrinsicContentSize = Size(width: 120, height: 21) }
        for v in [image, nameLabel, conversations, photos] {
            v.translatesAutoresizingMaskIntoConstraints = false
            try! view.addSubview(v)
        }
        view.addLayoutGuide(top)
        let views: [String: LayoutItem] = ["topLayoutGuide": top, "imageView": image, "nameLabel": nameLabel,
                                           "conversationsLabel": conversations, "photosLabel": photos]
        func vfl(_ formats: String...) -> [LayoutConstraint] {
            formats.flatMap { try! LayoutConstraint.constraints(withVisualFormat: $0, views: views) }
        }
        try! LayoutConstraint.activate([top.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                                        top.widthAnchor.constraint(equalToConstant: 0),
                                        top.heightAnchor.constraint(equalToConstant: 0)])
        let compactHeight = vfl("|[imageView]-[nameLabel]-|", "[imageView]-[conversationsLabel]-|",
                                "[imageView]-[photosLabel]-|",
                                "V:|[topLayoutGuide]-[nameLabel]-[conversationsLabel]-[photosLabel]",
                                "V:|[topLayoutGuide][imageView]|")
            + [image.widthAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.5)]
        let otherwise = vfl("|[imageView]|", "|-[nameLabel]-|", "|-[conversationsLabel]-|", "|-[photosLabel]-|",
                            "V:|[topLayoutGuide]-[nameLabel]-[conversationsLabel]-[photosLabel]-20-[imageView]|")
        view.addConstraints(compactHeight, installed: .only(in: SizeClassCell(height: .compact)))
        view.addConstraints(otherwise, installed: .except(in: SizeClassCell(height: .compact)))
    }
}

@Suite("The adaptive photos profile screen on every device")
struct AdaptivePhotosTests {
    /// Every device of the catalog, both orientations: the compact-height
    /// layout (image on the left half, labels beside it) exactly where the
    /// window's vertical size class is compact, the stacked layout elsewhere,
    /// no ambiguity and no conflict.
    @Test(arguments: Device.all)
    func profileScreen(_ device: Device) throws {
        let screen = Screen(device: device)
        let window = Window(screen: screen)
        let profile = ProfileViewController(name: "profile")
        window.rootViewController = profile
        for orientation in [Orientation.portrait, .landscape, .portrait] {
            screen.rotate(to: orientation)
            window.layoutIfNeeded()
            let (w, h) = (window.bounds.width, window.bounds.height)
            if profile.traitCollection.verticalSizeClass == .compact {
                #expect(device.idiom == .phone && orientation == .landscape)
                #expect(profile.image.frame == Rect(x: 0, y: 0, width: w / 2, height: h))
                #expect(profile.nameLabel.frame == Rect(x: w / 2 + 8, y: 8, width: w / 2 - 16, height: 21))
                #expect(profile.photos.frame == Rect(x: w / 2 + 8, y: 66, width: w / 2 - 16, height: 21))
            } else {
                #expect(!(device.idiom == .phone && orientation == .landscape))
                #expect(profile.nameLabel.frame == Rect(x: 8, y: 8, width: w - 16, height: 21))
                #expect(profile.conversations.frame == Rect(x: 8, y: 37, width: w - 16, height: 21))
                #expect(profile.photos.frame == Rect(x: 8, y: 66, width: w - 16, height: 21))
                #expect(profile.image.frame == Rect(x: 0, y: 107, width: w, height: h - 107))
            }
            #expect(!window.hasAmbiguousLayout)
            #expect(window.layoutConflicts.isEmpty)
        }
    }
}
