public import Foundation

extension TTAdditions where Base == String {
  /// Compares two version strings; Three20's `versionStringCompare:`.
  ///
  /// Strings that are versions compare exactly as ``TTVersion`` does: `3.0a1` < `3.0a4` <
  /// `3.0b1` < `3.0rc1` < `3.0` = `3.0.0` < `3.0.1` < `3.0.10` < `3.1`.
  ///
  /// Any other string is still given a place, so that the result is a total order that can be
  /// used to sort (it is consistent: antisymmetric and transitive):
  ///
  /// - A component without digits (`x` in `3.x`, or an empty one in `3..1`) has the number 0.
  /// - Text after the digits that is not a known stage (`3.0 final`, `2.0-SNAPSHOT`) sorts
  ///   before every pre-release of the same number; two such texts compare case-insensitively,
  ///   then, only if they differ just in case, by their exact characters.
  /// - So the empty string is equal to `0`, and `abc` is `0` with the unknown text `abc`, which
  ///   sorts before `0dev` and `0`.
  ///
  /// ```swift
  /// "3.0a1".tt.compareVersion(to: "3.0")        // .orderedAscending
  /// "3.0.10".tt.compareVersion(to: "3.0.9")     // .orderedDescending
  /// "v3".tt.compareVersion(to: "3.0.0")         // .orderedSame
  /// "2.0-SNAPSHOT".tt.compareVersion(to: "2.0a1")   // .orderedAscending
  /// ```
  ///
  /// - Parameter other: The version string to compare with.
  /// - Returns: `.orderedAscending` when this string is the earlier version, `.orderedSame`
  ///   when they are equal, `.orderedDescending` when it is the later one.
  public func compareVersion(to other: String) -> ComparisonResult {
    switch TTVersion.compare(TTVersion.parse(base).parts, TTVersion.parse(other).parts) {
    case ..<0: .orderedAscending
    case 0: .orderedSame
    default: .orderedDescending
    }
  }
}
