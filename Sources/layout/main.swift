// The `layout` command-line tool: layout problems in and answers out, in the
// interchange form of shared/formats/INTERCHANGE.md.
//
// Exit status: 0 when an answer is printed (ambiguous and unsatisfiable
// layouts included), 1 for malformed input (the error is printed), 2 for a
// wrong command line.
import ArgumentParser
import Foundation
import AdaptiveLayout
import LayoutInterchange

struct Layout: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Auto Layout on the command line: solve layout problems given as JSON, read visual formats.",
        subcommands: [Solve.self, VisualFormat.self, Devices.self, Traits.self, CheckIB.self, Preview.self, Explain.self])
}

struct Solve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lay out a problem or a layout document: frames, fitting size, ambiguity and conflicts.",
        discussion: """
            FILE is a layout problem (INTERCHANGE.md: JSON with a "root") or a layout document \
            (YAML, or JSON without a "root"; Examples/README.md), which is laid out in a window of \
            --device (default: the document's device, else the generic 600 x 600 canvas).
            """)

    @Argument(help: "A layout problem or document; - reads standard input.")
    var file: String

    @OptionGroup(title: "For a document")
    var window: WindowChoice

    @Flag(help: "Print the answer as JSON instead of a table.")
    var json = false

    func run() throws {
        let data = try readInput(file)
        // A problem is JSON with a "root"; a document is YAML, or JSON
        // without one. Malformed JSON in a .json file (or on standard input
        // starting with "{") gets the problem reader's error.
        let isProblem: Bool
        if file.hasSuffix(".yaml") || file.hasSuffix(".yml") {
            isProblem = false
        } else if let object = try? JSONSerialization.jsonObject(with: data) {
            isProblem = (object as? [String: Any])?["root"] != nil
        } else {
            isProblem = file.hasSuffix(".json") || (file == "-" && data.first == UInt8(ascii: "{"))
        }
        let answer: LayoutAnswer
        if isProblem {
            let problem: LayoutProblem
            do {
                problem = try LayoutProblem(json: data)
            } catch {
                throw InputError(message: "layout: \(file): \(error)")
            }
            answer = problem.solve()
        } else {
            let layout = try buildDocument(data, file: file)
            let (model, o, a) = try window.resolve(defaultDevice: layout.document.device ?? Device.generic.name)
            answer = layout.solve(on: model, o, a)!
        }
        print(json ? answer.json : answer.table)
    }
}

struct VisualFormat: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vfl",
        abstract: "The constraints of a Visual Format Language string, or UIKit's error for it.",
        discussion: """
            Prints the constraints in the order UIKit's constraints(withVisualFormat:options:metrics:views:) \
            returns them. A malformed format prints UIKit's message and caret and exits with status 1. \
            With --lint FILE, checks every format string in the file (one per line in a .vfl or .txt file; \
            string literals starting with H:, V:, | or [ in any other file) and reports each error \
            with its line and column.
            """)

    @Argument(help: "The format, for example 'H:|-[a]-[b(==a)]-|'.")
    var format: String?

    @Option(help: "The views dictionary: NAME (a subview of 'superview'), NAME:SUPERVIEW, or NAME: (no superview), comma-separated; '' for none.")
    var views: String?

    @Option(help: "The metrics dictionary: NAME=NUMBER, comma-separated.")
    var metrics = ""

    @Option(help: "NSLayoutFormatOptions member names, comma-separated (alignAllTop, directionRightToLeft, ...).")
    var options = ""

    @Option(help: "Grammar extensions (off by default): all, or some of percentages, multipliers, aspectRatios, equalSpacing.")
    var extensions = ""

    @Option(help: "Check every format string in FILE instead of one format.")
    var lint: String?

    @Flag(help: "Print JSON (INTERCHANGE.md) instead of text.")
    var json = false

    func validate() throws {
        if (format == nil) == (lint == nil) { throw ValidationError("give either a FORMAT or --lint FILE") }
        if format != nil && views == nil { throw ValidationError("--views is required with a FORMAT ('' for none)") }
    }

    func run() throws {
        if let lint { return try runLint(lint) }
        let query: VisualFormatQuery
        do {
            query = try VisualFormatQuery(format: format!, views: views!, metrics: metrics, options: options,
                                          extensions: extensions)
        } catch {
            throw ValidationError("\(error)")
        }
        let result = query.constraints()
        if json {
            print(VisualFormatQuery.json(result))
        } else if case .failure(let error) = result {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
        } else {
            print(VisualFormatQuery.text(result))
        }
        if case .failure = result { throw ExitCode(1) }
    }

    func runLint(_ path: String) throws {
        let data = try readInput(path)
        guard let contents = String(data: data, encoding: .utf8) else {
            throw InputError(message: "layout: \(path): not UTF-8 text")
        }
        let chosen: LayoutConstraint.VisualFormatExtensions
        do {
            chosen = try VisualFormatQuery.extensions(extensions)
        } catch {
            throw ValidationError("\(error)")
        }
        let (checked, findings) = VisualFormatLint.findings(in: contents, path: path, extensions: chosen)
        print(json ? VisualFormatLint.json(checked: checked, findings: findings)
                   : VisualFormatLint.text(path: path, checked: checked, findings: findings))
        if !findings.isEmpty { throw ExitCode(1) }
    }
}

struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The device catalog: screens in points, scales, and each window's size classes.")

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() throws {
        print(json ? TraitsQuery.devicesJSON() : TraitsQuery.devicesTable())
    }
}

struct Traits: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The trait collection and size of a window on a device.")

    @OptionGroup var window: WindowChoice

    @Flag(help: "Print JSON (INTERCHANGE.md).")
    var json = false

    func run() throws {
        guard window.device != nil else { throw ValidationError("Missing expected argument '--device <device>'") }
        let (model, o, a) = try window.resolve(defaultDevice: "")
        print(TraitsQuery.json(model, o, a)!)
    }
}

struct CheckIB: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-ib",
        abstract: "Lay out Interface Builder files and compare every view with the frame IB stored.",
        discussion: """
            Each scene is laid out at its stored root size for the size classes the file was saved in; \
            sizes that come from fonts and images are the stored ones. A view matches when x, y, width \
            and height are within 0.5 pt of the stored frame. Prints per file and root, and overall; \
            with --verbose, every view off and why views are not eligible. Exit status 1 when a file \
            cannot be read.
            """)

    @Argument(help: "Storyboard and xib files.")
    var files: [String]

    @Flag(help: "Print JSON: every view's stored and laid-out frame.")
    var json = false

    @Flag(name: .shortAndLong, help: "List the views that are off, and those not eligible.")
    var verbose = false

    func run() throws {
        var report = IBCheckReport()
        let progress = files.count > 1 && isatty(2) != 0
        for (i, path) in files.enumerated() {
            if progress {
                let width = 30, done = width * i / files.count
                let bar = String(repeating: "=", count: done) + String(repeating: " ", count: width - done)
                FileHandle.standardError.write(Data("\r[\(bar)] \(i)/\(files.count) \((path as NSString).lastPathComponent.prefix(40))\u{1B}[K".utf8))
            }
            report.check(path: path)
        }
        if progress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        if json { for f in report.files { if let e = f.error { FileHandle.standardError.write(Data((e + "\n").utf8)) } } }
        print(json ? report.json : report.text(verbose: verbose))
        if report.files.contains(where: { $0.error != nil }) { throw ExitCode(1) }
    }
}

struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a layout document or an Interface Builder file on every device, as one SVG picture.",
        discussion: """
            One panel per device, orientation and iPad multitasking window, labelled with the device, \
            its size classes and its size; views are boxes with their names, views in a conflict red, \
            ambiguous views dashed orange. --html also writes a page that shows the picture.
            """)

    @Argument(help: "A layout document (.yaml, .json) or an Interface Builder file (.storyboard, .xib).")
    var file: String

    @Option(help: "all, or device names separated by commas (see `layout devices`).")
    var devices = "all"

    @Option(name: .shortAndLong, help: "The SVG file to write.")
    var output: String

    @Option(help: "Also write an HTML page showing the SVG.")
    var html: String?

    func run() throws {
        var models: [Device] = []
        if devices == "all" {
            models = Device.all
        } else {
            for name in devices.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                guard let d = Device.named(name) else { throw ValidationError("unknown device '\(name)'; `layout devices` lists them") }
                models.append(d)
            }
        }
        let data = try readInput(file)
        let windows = LayoutPreview.windows(models)
        let panels: [PreviewPanel]
        if file.hasSuffix(".storyboard") || file.hasSuffix(".xib") {
            do {
                panels = LayoutPreview.panels(try IBDocument(data: data), windows)
            } catch {
                throw InputError(message: error.description(file: file))
            }
        } else {
            let layout = try buildDocument(data, file: file)
            panels = windows.compactMap { LayoutPreview.panel(layout, $0.0, $0.1, $0.2) }
        }
        let title = (file as NSString).lastPathComponent
        do {
            try LayoutPreview.svg(panels, title: title).write(toFile: output, atomically: true, encoding: .utf8)
            if let html {
                let relative = URL(fileURLWithPath: output).lastPathComponent
                try LayoutPreview.html(title: title, svgName: relative, panels: panels.count)
                    .write(toFile: html, atomically: true, encoding: .utf8)
            }
        } catch {
            throw InputError(message: "layout: cannot write: \(error.localizedDescription)")
        }
        let problems = panels.filter { $0.boxes.contains { $0.status != .ok } }.count
        print("\(output): \(panels.count) panels" + (problems > 0 ? ", \(problems) with conflicts or ambiguity" : ""))
    }
}

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "What goes wrong in a layout document, size class by size class.",
        discussion: """
            Lays the document out in one window for each cell of the size-class grid that the devices \
            have, and reports conflicts (the constraints that cannot hold together, with where each was \
            written: LINE:COLUMN), ambiguous views, and optional constraints that do not hold, with how \
            far off they are. Exit status 1 when there is a conflict or an ambiguous view.
            """)

    @Argument(help: "A layout document (.yaml or .json).")
    var file: String

    func run() throws {
        let layout = try buildDocument(try readInput(file), file: file)
        let explanation = DocumentExplanation(layout)
        print(explanation.text)
        if explanation.hasProblems { throw ExitCode(1) }
    }
}

/// A window of a device: `--device`, `--orientation`, `--arrangement`.
struct WindowChoice: ParsableArguments {
    @Option(help: "A model name as Apple writes it ('iPhone 15 Pro Max'); see `layout devices`.")
    var device: String?

    @Option(help: "portrait or landscape.")
    var orientation = "portrait"

    @Option(help: "fullScreen, twoThirds, half, oneThird or slideOver (iPad multitasking).")
    var arrangement = "fullScreen"

    /// The device, orientation and arrangement named, checked: the device
    /// exists and has such a window. Wrong values are command-line errors.
    func resolve(defaultDevice: String) throws -> (Device, Orientation, WindowArrangement) {
        let name = device ?? defaultDevice
        guard let model = Device.named(name) else {
            throw ValidationError("unknown device '\(name)'; `layout devices` lists them")
        }
        guard let o = Orientation(rawValue: orientation) else { throw ValidationError("orientation must be portrait or landscape") }
        guard let a = WindowArrangement(rawValue: arrangement) else {
            throw ValidationError("arrangement must be one of " + WindowArrangement.allCases.map(\.rawValue).joined(separator: ", "))
        }
        guard model.window(o, a) != nil else {
            throw ValidationError("\(model.name) has no \(a.rawValue) window in \(o.rawValue)")
        }
        return (model, o, a)
    }
}

/// The bytes of FILE (`-`: standard input), or the error `layout solve` prints.
func readInput(_ file: String) throws -> Data {
    if file == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
    guard let data = FileManager.default.contents(atPath: file) else {
        throw InputError(message: "layout: \(file): cannot read the file")
    }
    return data
}

/// A layout document read and built, or its error at FILE:LINE:COLUMN.
func buildDocument(_ data: Data, file: String) throws -> DocumentLayout {
    do {
        return try DocumentLayout(data: data)
    } catch {
        throw InputError(message: error.description(file: file == "-" ? "<stdin>" : file))
    }
}

/// Malformed input: printed as is, exit status 1.
struct InputError: Error {
    let message: String
}

do {
    var command = try Layout.parseAsRoot()
    try command.run()
} catch let code as ExitCode {
    exit(code.rawValue) // an answer that is an error, already printed
} catch let error as InputError {
    FileHandle.standardError.write(Data((error.message + "\n").utf8))
    exit(1)
} catch {
    let code = Layout.exitCode(for: error)
    if code == .success {
        Layout.exit(withError: error) // --help, --version
    }
    FileHandle.standardError.write(Data((Layout.fullMessage(for: error) + "\n").utf8))
    exit(2)
}
