// FuzzDriver: what every Swift fuzz target shares -- libFuzzer's driver,
// entered with a Swift closure. Declared only under ADAPTIVELAYOUT_FUZZ
// (Package.swift), built only with `-sanitize=fuzzer` (scripts/fuzz.sh),
// which is what links LLVMFuzzerRunDriver.
import Foundation

@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// The body libFuzzer calls; a C callback cannot capture it, so it is kept here.
nonisolated(unsafe) private var body: (UnsafeBufferPointer<UInt8>) -> Void = { _ in }

/// Runs libFuzzer with the command line's options and corpus folders, calling
/// `testOneInput` with every input (a crash, a trap or a leak in it is a
/// finding), and exits with libFuzzer's status.
public func runFuzzer(_ testOneInput: @escaping (UnsafeBufferPointer<UInt8>) -> Void) -> Never {
    body = testOneInput
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(runFuzzerDriver(&argc, &argv) { bytes, count in
        body(UnsafeBufferPointer(start: count > 0 ? bytes : nil, count: count))
        return 0
    })
}
