import Three20Core

/// The problems a feed reader lists, XML or JSON alike: the first ``maxProblems``, then only a
/// count, which ``problems`` reports last (internal).
struct TTFeedProblemList: Sendable {
  /// The most problems ``TTFeed/problems`` lists.
  static let maxProblems = 100

  private var listed: [TTFeedProblem] = []
  /// How many problems were found beyond ``maxProblems``.
  private var omitted = 0

  /// Records a problem, or counts it once ``maxProblems`` are listed.
  mutating func report(_ code: TTFeedProblem.Code, _ message: String) {
    if listed.count < Self.maxProblems {
      listed.append(TTFeedProblem(code, message))
    } else {
      omitted += 1
    }
  }

  /// Reports each address a policy refused, once, after `prefix`.
  mutating func reportRefused(_ urls: [String], _ prefix: String, policy: TTURLSchemePolicy) {
    var seen = Set<String>()
    for url in urls where seen.insert(url).inserted {
      report(.refusedURL, prefix + (policy.refusal(of: url) ?? "its scheme is not allowed."))
    }
  }

  /// The problems, with a last ``TTFeedProblem/Code/moreProblems`` entry counting those not
  /// listed.
  var problems: [TTFeedProblem] {
    guard omitted > 0 else { return listed }
    return listed + [
      TTFeedProblem(
        .moreProblems,
        "\(omitted) more problems were found and not listed (only the first \(Self.maxProblems) are).")
    ]
  }
}
