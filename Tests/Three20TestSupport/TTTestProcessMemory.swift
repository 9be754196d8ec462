import Foundation

/// The resident memory of this process, in bytes, from `/proc/self/status` (Linux); 0 where it
/// cannot be read.
///
/// ```swift
/// TTTestProcessMemory.resetPeak()
/// let before = TTTestProcessMemory.peak
/// // … the work measured …
/// let growth = TTTestProcessMemory.peak - before
/// ```
public enum TTTestProcessMemory {
  /// The current resident set size (`VmRSS`).
  public static var current: Int { value("VmRSS:") }
  /// The peak resident set size since the process started or the last ``resetPeak()``
  /// (`VmHWM`).
  public static var peak: Int { value("VmHWM:") }

  /// Starts a new peak at the current size (writes `5` to `/proc/self/clear_refs`).
  public static func resetPeak() {
    try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
  }

  private static func value(_ field: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
      let kilobytes = Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "")
    else { return 0 }
    return kilobytes * 1024
  }
}
