import Foundation
import KumikiSolver
import LibFuzzerDriver

/// `kumiki solve-system` without the file: the bytes read as the JSON
/// interchange format, validated, solved, and the outcome written as JSON.
@main
enum SolveSystemFuzzTarget {
    static func main() { LibFuzzer.run(testOneInput) }
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let system = try? ConstraintSystemFile(json: Data(LibFuzzer.bytes(start, count))) else { return 0 }
    _ = ConstraintSystemFile.json(for: system.solve())
    return 0
}
