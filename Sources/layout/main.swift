// The `layout` command-line tool: layout problems in and answers out, in the
// interchange form of shared/formats/INTERCHANGE.md.
//
// Exit status: 0 when an answer is printed (ambiguous and unsatisfiable
// layouts included), 1 for malformed input (the error is printed), 2 for a
// wrong command line.
import ArgumentParser
import Foundation
import LayoutInterchange

struct Layout: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Auto Layout on the command line: solve layout problems given as JSON.",
        subcommands: [Solve.self])
}

struct Solve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lay out a problem: frames, fitting size, ambiguity and conflicts.")

    @Argument(help: "A layout problem (INTERCHANGE.md); - reads standard input.")
    var file: String

    @Flag(help: "Print the answer as JSON instead of a table.")
    var json = false

    func run() throws {
        let data: Data
        if file == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let d = FileManager.default.contents(atPath: file) else {
                throw InputError(message: "layout: \(file): cannot read the file")
            }
            data = d
        }
        let problem: LayoutProblem
        do {
            problem = try LayoutProblem(json: data)
        } catch {
            throw InputError(message: "layout: \(file): \(error)")
        }
        let answer = problem.solve()
        print(json ? answer.json : answer.table)
    }
}

/// Malformed input: printed as is, exit status 1.
struct InputError: Error {
    let message: String
}

do {
    var command = try Layout.parseAsRoot()
    try command.run()
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
