import Foundation
public import Testing

/// Compares text with a golden file in the `Snapshots/` folder next to the calling test file.
///
/// Run the tests with `TT_RECORD_SNAPSHOTS=1` to write the golden files anew; review the diff
/// before committing them.
///
/// - Parameters:
///   - text: The output to check.
///   - name: The golden file's name, for example `scene.256.ansi`.
///   - filePath: The calling test file; filled in by the compiler.
///   - sourceLocation: Where to report a difference; filled in by the compiler.
public func assertSnapshot(
  _ text: String, named name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent(
    "Snapshots")
  let file = directory.appendingPathComponent(name)
  if ProcessInfo.processInfo.environment["TT_RECORD_SNAPSHOTS"] == "1" {
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try? Data(text.utf8).write(to: file)
    return
  }
  guard let data = try? Data(contentsOf: file) else {
    Issue.record(
      "No golden file \(name) in \(directory.path). Run the tests with TT_RECORD_SNAPSHOTS=1 to record it.",
      sourceLocation: sourceLocation)
    return
  }
  let expected = String(decoding: data, as: UTF8.self)
  if expected != text {
    Issue.record(
      """
      Output differs from \(name).
      --- expected (escaped)
      \(expected.debugDescription)
      --- actual (escaped)
      \(text.debugDescription)
      """, sourceLocation: sourceLocation)
  }
}
