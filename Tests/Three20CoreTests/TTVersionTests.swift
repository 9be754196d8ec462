import Foundation
import Testing
import Three20Core

@Suite("TTVersion")
struct TTVersionTests {
  // MARK: - Parsing

  /// Equal versions: trailing zeros, stage spellings, `-stage.N`, leading zeros, `v`, build
  /// metadata.
  @Test(arguments: [
    ("3.0", "3.0.0"),
    ("v3", "3.0.0"),
    ("V2", "2"),
    ("3.0a1", "3.0alpha1"),
    ("3.0b2", "3.0beta2"),
    ("3.0rc1", "3.0RC1"),
    ("3.0c1", "3.0rc1"),
    ("3.0pre1", "3.0preview1"),
    ("3.0.0-beta.1", "3.0.0b1"),
    ("3.0-rc.2", "3.0rc2"),
    ("3.0-rc2", "3.0rc2"),
    ("3.0-beta", "3.0b0"),
    ("3.0b", "3.0b0"),
    ("3.01", "3.1"),
    ("007", "7"),
    (" 1.2 ", "1.2"),
    ("1.0+build.5", "1.0"),
    ("1.0-beta.2+exp", "1.0b2"),
  ])
  func equalVersions(lhs: String, rhs: String) throws {
    let left = try #require(TTVersion(lhs))
    let right = try #require(TTVersion(rhs))
    #expect(left == right)
    #expect(left.hashValue == right.hashValue)
    #expect(Set([left, right]).count == 1)
  }

  /// Strings that are not versions are rejected.
  @Test(arguments: [
    "", " ", "v", "abc", "3.x", "3..1", "3.", ".3", "3.0-SNAPSHOT", "3.0 final", "3.0-", "3.0+",
    "3.0a1-beta", "3.0-beta.x", "3.0-beta.", "-1", "1.0.beta", "１.0", "3.0gamma1", "1,2",
  ])
  func invalidStringsAreRejected(input: String) {
    #expect(TTVersion(input) == nil)
  }

  /// The description is canonical and parses back to an equal version.
  @Test(arguments: [
    ("v03.0-Beta", "3.0b0"),
    ("v3.0.0-beta.1", "3.0.0b1"),
    ("3.0.0", "3.0.0"),
    ("2.10-RC.3", "2.10rc3"),
    ("1.0dev2", "1.0dev2"),
    ("1.0preview1", "1.0rc1"),
    ("1.0a01.5", "1.0a1.5"),
    ("00000000000000000000000000001", "1"),
  ])
  func descriptionIsCanonical(input: String, expected: String) throws {
    let version = try #require(TTVersion(input))
    #expect(version.description == expected)
    #expect(TTVersion(version.description) == version)
    #expect(TTVersion(version.description)?.description == expected)
  }

  /// Components expose their numbers and pre-release suffixes.
  @Test func componentsAreExposed() throws {
    let version = try #require(TTVersion("3.02rc1.4"))
    #expect(version.components.map(\.number) == ["3", "2", "4"])
    #expect(version.components.map(\.preRelease?.stage) == [nil, .releaseCandidate, nil])
    #expect(version.components[1].preRelease?.number == "1")
    #expect(version.components.map(\.description) == ["3", "2rc1", "4"])
  }

  // MARK: - Ordering

  /// Pre-releases come before releases, stages in order, numbers numerically.
  @Test func releaseOrder() {
    let strings = [
      "3.0dev1", "3.0a1", "3.0a4", "3.0b1", "3.0rc1", "3.0", "3.0.1", "3.0.9", "3.0.10", "3.1", "10",
    ]
    let versions = strings.compactMap(TTVersion.init)
    #expect(versions.count == strings.count)
    #expect(versions == versions.shuffled().sorted())
    for (earlier, later) in zip(versions, versions.dropFirst()) {
      #expect(earlier < later, "\(earlier) < \(later)")
    }
  }

  /// A pre-release suffix belongs to its component; later components still count.
  @Test func suffixesArePerComponent() throws {
    let base = try #require(TTVersion("1.0a1"))
    let later = try #require(TTVersion("1.0a1.5"))
    let release = try #require(TTVersion("1.0"))
    #expect(base < later)
    #expect(later < release)
  }

  /// Numeric components of any size compare without overflow.
  @Test(arguments: [
    ("1.99999999999999999999999999", "1.100000000000000000000000000"),
    ("18446744073709551615", "18446744073709551616"),
    ("1.0b99999999999999999999", "1.0b100000000000000000000"),
    ("9223372036854775807.1", "9223372036854775808"),
  ])
  func hugeNumbersCompare(earlier: String, later: String) throws {
    let left = try #require(TTVersion(earlier))
    let right = try #require(TTVersion(later))
    #expect(left < right)
    #expect(earlier.tt.compareVersion(to: later) == .orderedAscending)
  }

  // MARK: - compareVersion(to:)

  /// Three20's `versionStringCompare:` results, and lenient comparison of non-versions.
  @Test(arguments: [
    ("3.0a1", "3.0", ComparisonResult.orderedAscending),
    ("3.0a1", "3.0a4", .orderedAscending),
    ("3.0.10", "3.0.9", .orderedDescending),
    ("v3", "3.0.0", .orderedSame),
    ("3.0", "3.0", .orderedSame),
    ("2.0-SNAPSHOT", "2.0a1", .orderedAscending),
    ("2.0-SNAPSHOT", "1.9", .orderedDescending),
    ("3.x", "3.0", .orderedAscending),
    ("3..1", "3.0.1", .orderedSame),
    ("", "0", .orderedSame),
    ("abc", "0dev", .orderedAscending),
    ("abc", "ABC", .orderedDescending),
    ("1.0 final", "1.0", .orderedAscending),
  ])
  func compareVersionResults(lhs: String, rhs: String, expected: ComparisonResult) {
    #expect(lhs.tt.compareVersion(to: rhs) == expected)
  }

  /// For any strings, garbage included, the comparison is a consistent total order.
  @Test func compareVersionIsATotalOrder() {
    let strings = [
      "", "0", "abc", "ABC", "3.x", "3.0", "3.0.0", "3.0a1", "3.0-SNAPSHOT", "3.0 final", "-1", "..",
      "v", "1.0.beta", "3.0gamma", "😀", "3.0a", "10", "3.0.1", "3..1", "3.0-beta.x", "１.0",
    ]
    func compare(_ lhs: String, _ rhs: String) -> Int {
      switch lhs.tt.compareVersion(to: rhs) {
      case .orderedAscending: -1
      case .orderedSame: 0
      case .orderedDescending: 1
      }
    }
    for a in strings {
      #expect(compare(a, a) == 0)
      for b in strings {
        #expect(compare(a, b) == -compare(b, a), "\(a) vs \(b)")
        for c in strings where compare(a, b) <= 0 && compare(b, c) <= 0 {
          #expect(compare(a, c) <= 0, "\(a) <= \(b) <= \(c)")
        }
      }
    }
  }

  /// For valid versions, `compareVersion(to:)` agrees with `TTVersion`.
  @Test func compareVersionAgreesWithTTVersion() throws {
    let strings = ["3.0a1", "3.0", "3.0.0", "v3.0.1", "3.0-rc.1", "2.9.9", "3.0b2", "3.0dev"]
    for a in strings {
      for b in strings {
        let left = try #require(TTVersion(a))
        let right = try #require(TTVersion(b))
        let expected: ComparisonResult =
          left < right ? .orderedAscending : (left == right ? .orderedSame : .orderedDescending)
        #expect(a.tt.compareVersion(to: b) == expected, "\(a) vs \(b)")
      }
    }
  }
}
