import Foundation

/// Reads the section and row of an `IndexPath` without trapping on short paths.
///
/// Foundation on Linux has no `section` and `row` accessors (they come from UIKit), and
/// subscripting an `IndexPath` past its end traps; table code reads paths through these.
enum TTTableIndexPath {
  /// The section: the first index, or -1 for an empty path.
  static func section(_ path: IndexPath) -> Int {
    path.count > 0 ? path[0] : -1
  }

  /// The row: the second index, or -1 for a path shorter than two.
  static func row(_ path: IndexPath) -> Int {
    path.count > 1 ? path[1] : -1
  }
}
