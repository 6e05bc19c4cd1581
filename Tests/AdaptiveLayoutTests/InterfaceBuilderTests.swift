import Foundation
import Testing
@testable import AdaptiveLayout
@testable import LayoutInterchange

/// Interface Builder import, feature by feature, on small documents written
/// as Xcode writes them; then the real files of `../shared/corpus`, whose
/// stored frames Apple's engine computed.
@Suite("Interface Builder import")
struct InterfaceBuilderTests {
    /// A storyboard for an iPhone 8 (375 x 667, compact width, regular
    /// height) with one view controller whose view holds `subviews`,
    /// `constraints`, and whatever else `extra` adds inside the view.
    static func storyboard(_ subviews: String, constraints: String, extra: String = "",
                           controller: String = "", device: String = "retina4_7") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="17701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
            <device id="\(device)" orientation="portrait" appearance="light"/>
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="vc" sceneMemberID="viewController">
                            \(controller)
                            <view key="view" contentMode="scaleToFill" id="root">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                <subviews>
                                    \(subviews)
                                </subviews>
                                \(extra)
                                <constraints>
                                    \(constraints)
                                </constraints>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
    }

    static func layout(_ xml: String, horizontal: UserInterfaceSizeClass = .compact, vertical: UserInterfaceSizeClass = .regular,
                       environment: (inout IBEnvironment) -> Void = { _ in }) throws -> IBLayout {
        let doc = try IBDocument(data: Data(xml.utf8))
        let root = try #require(doc.roots.first)
        var env = IBEnvironment(rootSize: try #require(root.size))
        environment(&env)
        return IBLayout(root, variations: IBVariations(horizontal: horizontal, vertical: vertical), environment: env)
    }

    static func view(_ id: String, _ element: String = "view", frame: String = "0,0,10,10", attributes: String = "") -> String {
        let f = frame.split(separator: ",")
        return """
            <\(element) contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" \(attributes) id="\(id)">
                <rect key="frame" x="\(f[0])" y="\(f[1])" width="\(f[2])" height="\(f[3])"/>
            </\(element)>
            """
    }

    @Test func documentDeviceAndSizeClasses() throws {
        let doc = try IBDocument(data: Data(Self.storyboard("", constraints: "").utf8))
        #expect(doc.kind == .storyboard)
        #expect(doc.deviceID == "retina4_7")
        #expect(doc.horizontalSizeClass == .compact && doc.verticalSizeClass == .regular)
        #expect(doc.roots.count == 1 && doc.roots[0].size == Size(width: 375, height: 667))
        let pad = try IBDocument(data: Data(Self.storyboard("", constraints: "", device: "ipad9_7").utf8))
        #expect(pad.horizontalSizeClass == .regular && pad.verticalSizeClass == .regular)
    }

    /// An omitted firstItem is the owner; a `16:9` multiplier is a ratio;
    /// labels get their stored size as intrinsic size; priorities apply.
    @Test func constraintsItemsRatiosAndIntrinsicSizes() throws {
        let subviews = Self.view("img", frame: "0,0,375,211") + Self.view("title", "label", frame: "20,219,120,21")
        let constraints = """
            <constraint firstItem="img" firstAttribute="top" secondItem="root" secondAttribute="top" id="c1"/>
            <constraint firstItem="img" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c2"/>
            <constraint firstAttribute="trailing" secondItem="img" secondAttribute="trailing" id="c3"/>
            <constraint firstItem="img" firstAttribute="width" secondItem="img" secondAttribute="height" multiplier="16:9" id="c4"/>
            <constraint firstItem="title" firstAttribute="top" secondItem="img" secondAttribute="bottom" constant="8" id="c5"/>
            <constraint firstItem="title" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="20" id="c6"/>
            <constraint firstItem="title" firstAttribute="width" constant="300" priority="250" id="c7"/>
            """
        let l = try Self.layout(Self.storyboard(subviews, constraints: constraints))
        #expect(l.frame(of: "img") == Rect(x: 0, y: 0, width: 375, height: 375 * 9 / 16))
        // The label's intrinsic width (120, compression resistance 750) beats a width at 250... and hugging (250) ties it:
        let title = try #require(l.frame(of: "title"))
        #expect(title.minX == 20 && title.minY == 375 * 9 / 16 + 8 && title.height == 21)
        #expect(title.width >= 120 && title.width <= 300)
        #expect(l.refused.isEmpty)
    }

    /// Margin attributes use the view's margins; the safe area guide is the
    /// root's; the old top and bottom layout guides have the lengths given.
    @Test func guidesAndMargins() throws {
        let subviews = Self.view("a", frame: "16,20,343,10") + Self.view("b", frame: "0,600,375,10")
            + Self.view("c", frame: "0,0,375,10")
        let extra = #"<viewLayoutGuide key="safeArea" id="safe"/>"#
        let controller = """
            <layoutGuides>
                <viewControllerLayoutGuide type="top" id="top"/>
                <viewControllerLayoutGuide type="bottom" id="bottom"/>
            </layoutGuides>
            """
        let constraints = """
            <constraint firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leadingMargin" id="m1"/>
            <constraint firstItem="a" firstAttribute="trailing" secondItem="root" secondAttribute="trailingMargin" id="m2"/>
            <constraint firstItem="a" firstAttribute="top" secondItem="top" secondAttribute="bottom" id="m3"/>
            <constraint firstItem="a" firstAttribute="height" constant="10" id="m4"/>
            <constraint firstItem="bottom" firstAttribute="top" secondItem="b" secondAttribute="bottom" id="m5"/>
            <constraint firstItem="b" firstAttribute="leading" secondItem="safe" secondAttribute="leading" id="m6"/>
            <constraint firstItem="b" firstAttribute="trailing" secondItem="safe" secondAttribute="trailing" id="m7"/>
            <constraint firstItem="b" firstAttribute="height" constant="10" id="m8"/>
            <constraint firstItem="c" firstAttribute="top" secondItem="safe" secondAttribute="top" id="m9"/>
            <constraint firstItem="c" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="m10"/>
            <constraint firstItem="c" firstAttribute="width" constant="10" id="m11"/>
            <constraint firstItem="c" firstAttribute="height" constant="10" id="m12"/>
            """
        let l = try Self.layout(Self.storyboard(subviews, constraints: constraints, extra: extra, controller: controller)) { env in
            env.margins["root"] = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
            env.safeAreaInsets["root"] = EdgeInsets(top: 20, left: 5, bottom: 0, right: 5)
            env.topGuideLength = 20
            env.bottomGuideLength = 49
        }
        #expect(l.frame(of: "a") == Rect(x: 16, y: 20, width: 343, height: 10))
        #expect(l.frame(of: "b") == Rect(x: 5, y: 667 - 49 - 10, width: 365, height: 10))
        #expect(l.frame(of: "c") == Rect(x: 0, y: 20, width: 10, height: 10))
    }

    /// A stack view's attributes, its arranged subviews, and its constraints.
    @Test func stackViews() throws {
        let arranged = Self.view("s1", frame: "0,0,100,40") + Self.view("s2", frame: "0,0,100,40") + Self.view("s3", frame: "0,0,100,40")
        let subviews = """
            <stackView opaque="NO" contentMode="scaleToFill" distribution="fillEqually" alignment="top" spacing="10" translatesAutoresizingMaskIntoConstraints="NO" id="stack">
                <rect key="frame" x="20" y="100" width="335" height="40"/>
                <subviews>\(arranged)</subviews>
                <constraints>
                    <constraint firstItem="s1" firstAttribute="height" constant="40" id="h1"/>
                    <constraint firstItem="s2" firstAttribute="height" constant="30" id="h2"/>
                    <constraint firstItem="s3" firstAttribute="height" constant="20" id="h3"/>
                </constraints>
            </stackView>
            """
        let constraints = """
            <constraint firstItem="stack" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="20" id="k1"/>
            <constraint firstAttribute="trailing" secondItem="stack" secondAttribute="trailing" constant="20" id="k2"/>
            <constraint firstItem="stack" firstAttribute="top" secondItem="root" secondAttribute="top" constant="100" id="k3"/>
            """
        let l = try Self.layout(Self.storyboard(subviews, constraints: constraints))
        let w = (335 - 20) / 3.0
        #expect(l.frame(of: "stack") == Rect(x: 20, y: 100, width: 335, height: 40))
        #expect(l.frame(of: "s1") == Rect(x: 20, y: 100, width: w, height: 40))
        #expect(l.frame(of: "s2") == Rect(x: 20 + w + 10, y: 100, width: w, height: 30))
        #expect(l.frame(of: "s3") == Rect(x: 20 + 2 * (w + 10), y: 100, width: w, height: 20))
        #expect((l.views["stack"] as? StackView)?.arrangedSubviews.map(\.layoutName) == ["s1", "s2", "s3"])
    }

    /// `<variation>` masks install constraints and subviews per size class;
    /// constant overrides apply from the least to the most specific key.
    @Test func sizeClassVariations() throws {
        let subviews = Self.view("a", frame: "10,10,100,100") + Self.view("wide", frame: "0,0,10,10")
        let constraints = """
            <constraint firstItem="a" firstAttribute="top" secondItem="root" secondAttribute="top" constant="10" id="t"/>
            <constraint firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="10" id="l1"/>
            <constraint firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="50" id="l2"/>
            <constraint firstItem="a" firstAttribute="height" constant="100" id="h">
                <variation key="heightClass=compact" constant="40"/>
                <variation key="heightClass=compact-widthClass=regular" constant="60"/>
            </constraint>
            <constraint firstItem="a" firstAttribute="width" constant="100" id="w"/>
            """
        let extra = """
            <variation key="default">
                <mask key="constraints"><exclude reference="l2"/></mask>
                <mask key="subviews"><exclude reference="wide"/></mask>
            </variation>
            <variation key="widthClass=regular">
                <mask key="constraints"><exclude reference="l1"/><include reference="l2"/></mask>
                <mask key="subviews"><include reference="wide"/></mask>
            </variation>
            """
        let xml = Self.storyboard(subviews, constraints: constraints, extra: extra)
        let phone = try Self.layout(xml)
        #expect(phone.frame(of: "a") == Rect(x: 10, y: 10, width: 100, height: 100))
        #expect(phone.views["wide"] == nil)
        let landscapeMax = try Self.layout(xml, horizontal: .regular, vertical: .compact)
        #expect(landscapeMax.frame(of: "a") == Rect(x: 50, y: 10, width: 100, height: 60))
        #expect(landscapeMax.views["wide"] != nil)
        let landscape = try Self.layout(xml, horizontal: .compact, vertical: .compact)
        #expect(landscape.frame(of: "a") == Rect(x: 10, y: 10, width: 100, height: 40))
        // Any x Any applies only `default`; a key naming another trait never applies.
        #expect(IBVariations(horizontal: .unspecified, vertical: .regular)
            .applicable(["default", "widthClass=compact", "heightClass=regular", "userInterfaceIdiom=mac"])
            == ["default", "heightClass=regular"])
    }

    /// Views that translate their autoresizing mask keep their stored frame,
    /// and follow their superview's growth by their mask.
    @Test func autoresizingViews() throws {
        let subviews = """
            <view contentMode="scaleToFill" id="fixed">
                <rect key="frame" x="10" y="20" width="355" height="100"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxY="YES"/>
            </view>
            """
        let xml = Self.storyboard(subviews, constraints: "")
        #expect(try Self.layout(xml).frame(of: "fixed") == Rect(x: 10, y: 20, width: 355, height: 100))
        let wider = try Self.layout(xml) { $0.rootSize = Size(width: 414, height: 736) }
        #expect(wider.frame(of: "fixed") == Rect(x: 10, y: 20, width: 394, height: 100))
    }

    /// Edges of a scroll view tied to its own descendants are its content's.
    @Test func scrollViewContent() throws {
        let subviews = """
            <scrollView contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="scroll">
                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                <subviews>\(Self.view("tall", frame: "0,0,375,2000"))</subviews>
                <constraints>
                    <constraint firstItem="tall" firstAttribute="top" secondItem="scroll" secondAttribute="top" id="s1"/>
                    <constraint firstAttribute="bottom" secondItem="tall" secondAttribute="bottom" id="s2"/>
                    <constraint firstItem="tall" firstAttribute="leading" secondItem="scroll" secondAttribute="leading" id="s3"/>
                    <constraint firstAttribute="trailing" secondItem="tall" secondAttribute="trailing" id="s4"/>
                    <constraint firstItem="tall" firstAttribute="width" secondItem="scroll" secondAttribute="width" id="s5"/>
                    <constraint firstItem="tall" firstAttribute="height" constant="2000" id="s6"/>
                </constraints>
            </scrollView>
            """
        let constraints = """
            <constraint firstItem="scroll" firstAttribute="top" secondItem="root" secondAttribute="top" id="r1"/>
            <constraint firstItem="scroll" firstAttribute="bottom" secondItem="root" secondAttribute="bottom" id="r2"/>
            <constraint firstItem="scroll" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="r3"/>
            <constraint firstItem="scroll" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" id="r4"/>
            """
        let l = try Self.layout(Self.storyboard(subviews, constraints: constraints))
        #expect(l.frame(of: "scroll") == Rect(x: 0, y: 0, width: 375, height: 667))
        #expect(l.frame(of: "tall") == Rect(x: 0, y: 0, width: 375, height: 2000))
        #expect(l.rootView.layoutConflicts.isEmpty)
    }

    /// Ids that repeat can make the superview links a cycle (`a` holds `b`,
    /// which holds another `a`): the check's walk up from `b`, asking
    /// whether the scroll view is an ancestor, went round forever (ib-fuzz).
    @Test func checkOfRepeatedIDsEnds() throws {
        let inner = Self.view("a", frame: "0,0,5,5")
        let subviews = """
            \(Self.view("scroll", "scrollView", frame: "0,0,375,100"))
            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="a">
                <rect key="frame" x="0.0" y="100" width="375" height="100"/>
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="b">
                        <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                        <subviews>\(inner)</subviews>
                    </view>
                </subviews>
            </view>
            """
        let constraints = """
            <constraint firstItem="scroll" firstAttribute="top" secondItem="b" secondAttribute="top" id="c1"/>
            """
        let doc = try IBDocument(data: Data(Self.storyboard(subviews, constraints: constraints).utf8))
        let results = IBCheck.check(doc)
        #expect(results.count == 1)
    }

    /// What the check infers from stored frames: a margin and a safe-area
    /// edge tied to stored frames by required equalities.
    @Test func environmentFromStoredFrames() throws {
        let subviews = Self.view("a", frame: "20,47,335,10")
        let extra = #"<viewLayoutGuide key="safeArea" id="safe"/>"#
        let constraints = """
            <constraint firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leadingMargin" id="e1"/>
            <constraint firstItem="a" firstAttribute="trailing" secondItem="root" secondAttribute="trailingMargin" id="e2"/>
            <constraint firstItem="a" firstAttribute="top" secondItem="safe" secondAttribute="top" id="e3"/>
            <constraint firstItem="a" firstAttribute="height" constant="10" id="e4"/>
            """
        let doc = try IBDocument(data: Data(Self.storyboard(subviews, constraints: constraints, extra: extra).utf8))
        let results = IBCheck.check(doc)
        #expect(results.count == 1 && results[0].views.count == 1)
        #expect(results[0].views[0].deviation == 0)
    }

    /// Bad input gets an error with a position, and nothing is built.
    @Test(arguments: [
        ("<document", "not well-formed XML"),
        ("", "not well-formed XML"),
        ("<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;&lol;\">]>\n<document>&lol2;</document>",
         "document type declaration"),
        ("<?xml version=\"1.0\"?>\n<!DOCTYPE foo [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n<document>&xxe;</document>",
         "document type declaration"),
        ("<document><a></b></document>", "</b> closes <a>"),
        ("<document a=\"1\" a=\"2\"/>", "a second attribute named \"a\""),
        ("<document a=1/>", "must be in quotes"),
        ("<document a=\"<\"/>", "'<' inside an attribute value"),
        ("<document>&nbsp;</document>", "the entity &nbsp; is not defined"),
        ("<document>&#0;</document>", "is not a character"),
        ("<document/><document/>", "content after the root element"),
        ("<document><!ENTITY e \"x\"></document>", "a declaration inside an element"),
        ("<!-- no end", "truncated"),
        ("text", "does not start with an element"),
        ("<plist></plist>", "not an Interface Builder document"),
        ("<document targetRuntime=\"MacOSX.Cocoa\"></document>", "only iOS documents"),
    ])
    func malformedDocuments(_ text: String, _ message: String) {
        #expect {
            _ = try IBDocument(data: Data(text.utf8))
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    /// What the reader keeps: references replaced, CDATA as text, comments
    /// and processing instructions skipped, white space in attribute values
    /// normalised, and positions of elements and errors.
    @Test func markupReader() throws {
        let xml = "\u{FEFF}<?xml version=\"1.0\"?>\n<!-- c -->\n<root a='x &amp; &#x3C;y&#62;' b=\"1\n2\">\r\n"
            + "  <string key=\"text\">Tom &quot;&apos;s <![CDATA[<b>&]]></string><?pi x?>\n  <empty/>\n</root>\n"
        let root = try MarkupElement.parse(Data(xml.utf8))
        #expect(root.name == "root" && root["a"] == "x & <y>" && root["b"] == "1 2")
        #expect(root.children.map(\.name) == ["string", "empty"])
        #expect(root.child("string", key: "text")?.text == "Tom \"'s <b>&")
        #expect(root.children[1].position == SourcePosition(line: 6, column: 3))
        #expect { _ = try MarkupElement.parse(Data("<a>\n\n  <b></c></a>".utf8)) } throws: {
            ($0 as! DocumentError).position == SourcePosition(line: 3, column: 6)
        }
    }

    @Test func malformedBytesAndNesting() {
        var bytes = Data(Self.storyboard("", constraints: "").utf8)
        bytes.insert(contentsOf: [0xFF, 0xFE], at: bytes.count - 20)
        #expect(throws: DocumentError.self) { _ = try IBDocument(data: bytes) }
        let truncated = Data(Self.storyboard("", constraints: "").utf8.prefix(700))
        #expect { _ = try IBDocument(data: truncated) } throws: { "\($0)".contains("not well-formed") }
        let deep = "<document>" + String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300) + "</document>"
        #expect { _ = try IBDocument(data: Data(deep.utf8)) } throws: { "\($0)".contains("nested more than") }
    }

    @Test(arguments: [
        (#"<constraint firstItem="x" firstAttribute="sideways" id="bad1"/>"#, "'sideways' is not a layout attribute"),
        (#"<constraint firstItem="nowhere" firstAttribute="width" constant="1" id="bad2"/>"#, "\"nowhere\", which is not in this scene"),
        (#"<constraint firstItem="x" firstAttribute="width" secondItem="x" secondAttribute="height" multiplier="16:0" id="bad3"/>"#, "is not a multiplier"),
        (#"<constraint firstItem="x" firstAttribute="width" constant="1" priority="2000" id="bad4"/>"#, "not in 1...1000"),
        (#"<constraint firstItem="x" firstAttribute="top" constant="1" id="bad5"/>"#, "cannot equal a constant"),
        (#"<constraint firstItem="x" firstAttribute="width" relation="about" constant="1" id="bad6"/>"#, "is not a relation"),
    ])
    func malformedConstraints(_ constraint: String, _ message: String) {
        let xml = Self.storyboard(Self.view("x"), constraints: constraint)
        #expect {
            _ = try IBDocument(data: Data(xml.utf8))
        } throws: { error in
            let e = error as! DocumentError
            return e.message.contains(message) && e.position != nil
        }
    }

    // MARK: - The corpus

    static var corpus: URL {
        let shared = ProcessInfo.processInfo.environment["SHARED"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared")
        return shared.appendingPathComponent("corpus/storyboards")
    }

    /// The 26 real documents of the corpus: at least 95% of eligible views
    /// within 0.5 pt of the frame Interface Builder stored. The score is
    /// printed (and stated in the README).
    @Test func corpusScore() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.corpus.path)
            .filter { $0.hasSuffix(".storyboard") || $0.hasSuffix(".xib") }.sorted()
        try #require(files.count == 26, "the corpus at \(Self.corpus.path)")
        var report = IBCheckReport()
        for f in files { report.check(path: Self.corpus.appendingPathComponent(f).path) }
        #expect(report.files.allSatisfy { $0.error == nil })
        let score = Double(report.within(0.5)) / Double(report.eligible)
        print("IB corpus: \(report.within(0.5)) of \(report.eligible) eligible views within 0.5 pt (\(String(format: "%.1f", 100 * score))%), \(report.within(1)) within 1 pt")
        #expect(report.eligible >= 440)
        #expect(score >= 0.95)
        #expect(report.files.flatMap(\.roots).allSatisfy { $0.refused.isEmpty })
    }
}
