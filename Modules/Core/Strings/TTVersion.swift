/// A dotted version number such as `3.0`, `3.0.1` or `3.0b2`, ordered as releases are.
///
/// A version is a list of numeric components separated by `.`, with an optional leading `v`.
/// Any component may carry a pre-release suffix: a stage and an optional number, written right
/// after the digits (`3.0a1`, `3.0b2`, `3.0rc1`, `3.0beta`), or after a `-` at the end, with or
/// without a `.` before the number (`3.0.0-beta.1`, `3.0-rc2`). The stages, from lowest:
///
/// | Stage | Spellings (any case) |
/// | --- | --- |
/// | ``Stage/development`` | `dev` |
/// | ``Stage/alpha`` | `a`, `alpha` |
/// | ``Stage/beta`` | `b`, `beta` |
/// | ``Stage/releaseCandidate`` | `rc`, `c`, `pre`, `preview` |
///
/// A missing stage number is 0. Semantic-versioning build metadata after a `+` is ignored.
///
/// Versions compare component by component. Components compare by number (of any size, without
/// overflow), and a component with a pre-release comes before the same number without one.
/// Missing trailing components count as `0`, so `3.0`, `3.0.0` and `v3` are equal:
///
/// ```swift
/// let order = ["3.0a1", "3.0a4", "3.0b1", "3.0rc1", "3.0", "3.0.1", "3.0.10", "3.1"]
///   .compactMap(TTVersion.init)
/// order == order.sorted()                          // true
/// TTVersion("3.0") == TTVersion("3.0.0")           // true
/// TTVersion("v3.0.0-beta.1")?.description          // Optional("3.0.0b1")
/// TTVersion("3.x")                                 // nil
/// ```
///
/// To compare strings that may not be versions at all, use
/// ``TTAdditions/compareVersion(to:)``.
public struct TTVersion: Sendable, Hashable, Comparable, LosslessStringConvertible {
  /// The stage of a pre-release, in release order.
  public enum Stage: Int, Sendable, Hashable, Comparable, CaseIterable {
    /// A development snapshot: `dev`.
    case development
    /// An alpha: `a` or `alpha`.
    case alpha
    /// A beta: `b` or `beta`.
    case beta
    /// A release candidate: `rc`, `c`, `pre` or `preview`.
    case releaseCandidate

    /// Orders stages from ``development`` to ``releaseCandidate``.
    public static func < (lhs: Stage, rhs: Stage) -> Bool {
      lhs.rawValue < rhs.rawValue
    }

    /// The stage a tag names, ignoring case, or `nil`.
    init?(tag: some StringProtocol) {
      switch tag.lowercased() {
      case "dev": self = .development
      case "a", "alpha": self = .alpha
      case "b", "beta": self = .beta
      case "rc", "c", "pre", "preview": self = .releaseCandidate
      default: return nil
      }
    }

    /// The short spelling used in ``TTVersion/description``.
    var tag: String {
      switch self {
      case .development: "dev"
      case .alpha: "a"
      case .beta: "b"
      case .releaseCandidate: "rc"
      }
    }
  }

  /// A pre-release suffix: a stage and its number, as in `b2`.
  public struct PreRelease: Sendable, Hashable {
    /// The stage.
    public let stage: Stage
    /// The number, as decimal digits without leading zeros; `"0"` when none was written.
    public let number: String
  }

  /// One dotted component: a number and an optional pre-release suffix.
  public struct Component: Sendable, Hashable, CustomStringConvertible {
    /// The number, as decimal digits without leading zeros (`"0"` for zero), so that it can be
    /// of any size.
    public let number: String
    /// The pre-release suffix, or `nil` for a release.
    public let preRelease: PreRelease?

    /// The component as written in a version, for example `0rc1`.
    public var description: String {
      guard let preRelease else { return number }
      return number + preRelease.stage.tag + preRelease.number
    }
  }

  /// The components, as written; trailing zeros are kept (`3.0.0` has three).
  public let components: [Component]

  /// Parses a version, or returns `nil` when the string is not one.
  ///
  /// Surrounding whitespace and a leading `v` or `V` are allowed. The string is rejected when it
  /// is empty, when a component has no digits (`3..1`, `3.x`), or when a suffix is not one of
  /// the stages in the table above (`3.0-SNAPSHOT`, `3.0 final`).
  ///
  /// ```swift
  /// TTVersion("v2.10rc3")?.components.count   // 2
  /// TTVersion("2.10-RC.3") == TTVersion("2.10rc3")   // true
  /// ```
  ///
  /// - Parameter description: The text of the version.
  public init?(_ description: String) {
    let parsed = Self.parse(description)
    guard parsed.isValid else { return nil }
    var components: [Component] = []
    for part in parsed.parts {
      switch part.suffix {
      case .release:
        components.append(Component(number: part.number, preRelease: nil))
      case .preRelease(let stage, let number):
        components.append(
          Component(number: part.number, preRelease: PreRelease(stage: stage, number: number)))
      case .unknown:
        return nil
      }
    }
    self.components = components
  }

  /// The version in canonical form: digits without leading zeros, stages in their short spelling.
  ///
  /// ```swift
  /// TTVersion("v03.0-Beta")?.description   // Optional("3.0b0")
  /// ```
  public var description: String {
    components.map(\.description).joined(separator: ".")
  }

  /// Whether two versions are equal once missing trailing components count as `0`.
  public static func == (lhs: TTVersion, rhs: TTVersion) -> Bool {
    Self.compare(lhs.parts, rhs.parts) == 0
  }

  /// Whether `lhs` is an earlier version than `rhs`.
  public static func < (lhs: TTVersion, rhs: TTVersion) -> Bool {
    Self.compare(lhs.parts, rhs.parts) < 0
  }

  /// Hashes the components without trailing zero components, consistently with ``==(_:_:)``.
  public func hash(into hasher: inout Hasher) {
    var parts = self.parts
    while let last = parts.last, last == Part.zero { parts.removeLast() }
    hasher.combine(parts.count)
    for part in parts {
      hasher.combine(part.number)
      hasher.combine(part.suffix)
    }
  }

  private var parts: [Part] {
    components.map { component in
      Part(
        number: component.number,
        suffix: component.preRelease.map { .preRelease($0.stage, $0.number) } ?? .release)
    }
  }
}

// MARK: - Parsing and comparing, strictly or leniently

extension TTVersion {
  /// What follows a component's digits.
  enum Suffix: Hashable {
    /// Text that is not a known stage; sorts before every stage.
    case unknown(String)
    /// A known stage and its number.
    case preRelease(Stage, String)
    /// Nothing: a release.
    case release
  }

  /// A component as read by the lenient parser.
  struct Part: Hashable {
    var number: String
    var suffix: Suffix

    /// The component that missing trailing components count as.
    static let zero = Part(number: "0", suffix: .release)
  }

  /// Reads a version leniently: never fails, and says whether the text was a valid version.
  ///
  /// Unparseable text becomes ``Suffix/unknown(_:)`` and missing digits become `0`, so any
  /// string has a place in the order used by ``TTAdditions/compareVersion(to:)``.
  static func parse(_ text: String) -> (parts: [Part], isValid: Bool) {
    var isValid = true
    var rest = Substring(text)
    while let first = rest.first, first.isWhitespace { rest.removeFirst() }
    while let last = rest.last, last.isWhitespace { rest.removeLast() }
    if rest.first == "v" || rest.first == "V" { rest.removeFirst() }
    if let plus = rest.firstIndex(of: "+") {
      if rest.index(after: plus) == rest.endIndex { isValid = false }
      rest = rest[..<plus]
    }
    var preRelease: Substring?
    if let dash = rest.firstIndex(of: "-") {
      preRelease = rest[rest.index(after: dash)...]
      rest = rest[..<dash]
    }
    var parts: [Part] = []
    for piece in rest.split(separator: ".", omittingEmptySubsequences: false) {
      let digits = piece.prefix { $0.isASCII && $0.isNumber }
      if digits.isEmpty { isValid = false }
      let suffix = parseSuffix(piece[digits.endIndex...], dotBeforeNumber: false)
      if case .unknown = suffix { isValid = false }
      parts.append(Part(number: normalized(digits), suffix: suffix))
    }
    if let preRelease {
      let suffix = parseSuffix(preRelease, dotBeforeNumber: true)
      switch suffix {
      case .unknown, .release: isValid = false
      case .preRelease: break
      }
      if let last = parts.last, last.suffix == .release {
        parts[parts.count - 1].suffix = suffix
      } else {
        isValid = false
        parts.append(Part(number: "0", suffix: suffix))
      }
    }
    return (parts, isValid)
  }

  /// Reads a stage tag and its optional number, allowing `beta.1` when `dotBeforeNumber`.
  private static func parseSuffix(_ text: Substring, dotBeforeNumber: Bool) -> Suffix {
    if text.isEmpty { return .release }
    let letters = text.prefix { $0.isASCII && $0.isLetter }
    var number = text[letters.endIndex...]
    if dotBeforeNumber && number.first == "." && number.count > 1 { number.removeFirst() }
    guard let stage = Stage(tag: letters), number.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      return .unknown(String(text))
    }
    return .preRelease(stage, normalized(number))
  }

  /// Digits without leading zeros; `"0"` for none.
  private static func normalized(_ digits: Substring) -> String {
    let significant = digits.drop { $0 == "0" }
    return significant.isEmpty ? "0" : String(significant)
  }

  /// Compares two digit strings without leading zeros as numbers of any size.
  private static func compareNumbers(_ lhs: String, _ rhs: String) -> Int {
    if lhs.utf8.count != rhs.utf8.count { return lhs.utf8.count < rhs.utf8.count ? -1 : 1 }
    return lhs == rhs ? 0 : (lhs < rhs ? -1 : 1)
  }

  private static func compare(_ lhs: Suffix, _ rhs: Suffix) -> Int {
    switch (lhs, rhs) {
    case (.release, .release): return 0
    case (.release, _): return 1
    case (_, .release): return -1
    case (.preRelease(let lhsStage, let lhsNumber), .preRelease(let rhsStage, let rhsNumber)):
      if lhsStage != rhsStage { return lhsStage < rhsStage ? -1 : 1 }
      return compareNumbers(lhsNumber, rhsNumber)
    case (.preRelease, .unknown): return 1
    case (.unknown, .preRelease): return -1
    case (.unknown(let lhsText), .unknown(let rhsText)):
      let lhsFolded = lhsText.lowercased()
      let rhsFolded = rhsText.lowercased()
      if lhsFolded != rhsFolded { return lhsFolded < rhsFolded ? -1 : 1 }
      return lhsText == rhsText ? 0 : (lhsText < rhsText ? -1 : 1)
    }
  }

  /// Compares part lists, padding the shorter with ``Part/zero``; -1, 0 or 1.
  static func compare(_ lhs: [Part], _ rhs: [Part]) -> Int {
    for index in 0..<max(lhs.count, rhs.count) {
      let left = index < lhs.count ? lhs[index] : .zero
      let right = index < rhs.count ? rhs[index] : .zero
      let numbers = compareNumbers(left.number, right.number)
      if numbers != 0 { return numbers }
      let suffixes = compare(left.suffix, right.suffix)
      if suffixes != 0 { return suffixes }
    }
    return 0
  }
}
