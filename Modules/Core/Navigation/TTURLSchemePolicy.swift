/// Which URL schemes may be opened, or kept, when a URL comes from data.
///
/// A feed, a web page or a server decides what its links say. A link such as
/// `javascript:…`, `data:text/html,…` or `file:///etc/passwd` is harmless as text but not when
/// an app opens it. Code that takes URLs from data and opens or hands them on asks a policy
/// first: Three20XML's feed reader drops links whose scheme the policy refuses, and
/// Three20Navigator's `TTNavigator` refuses to open them through a catch-all (`*`) route.
///
/// ```swift
/// let policy = TTURLSchemePolicy.default
/// policy.allows("https://example.com/a")      // true
/// policy.allows("JavaScript:alert(1)")        // false: schemes ignore case
/// policy.allows("/about")                     // true: a relative reference has no scheme
///
/// let podcasts = TTURLSchemePolicy.default.allowing("itpc", "feed")
/// podcasts.allows("itpc://example.com/show")  // true
/// ```
///
/// The scheme is read the way browsers read it, so that disguises do not get through: spaces
/// and control characters before it, and tabs and line breaks anywhere in it, are ignored
/// (`" java\tscript:…"` is a `javascript` URL).
public struct TTURLSchemePolicy: Sendable, Hashable {
  /// The schemes allowed, in lowercase.
  public private(set) var allowedSchemes: Set<String>

  /// Whether references without a scheme (`/about`, `page.html`, `//cdn.example.com/a.png`)
  /// are allowed; default `true`.
  ///
  /// They cannot name a scheme of their own: they are resolved against the address of the
  /// page, feed or screen they came from, whose scheme was allowed already.
  public var allowsRelativeReferences: Bool

  /// The policy used when none is given: `http`, `https` and `mailto`, and relative references.
  ///
  /// Web pages and e-mail addresses are what links in feeds and pages are for; every other
  /// scheme (`javascript`, `data`, `file`, an app's own) must be allowed on purpose.
  public static let `default` = TTURLSchemePolicy(allowing: ["http", "https", "mailto"])

  /// Creates a policy.
  ///
  /// ```swift
  /// let webOnly = TTURLSchemePolicy(allowing: ["https"], allowsRelativeReferences: false)
  /// webOnly.allows("http://example.com")   // false
  /// ```
  ///
  /// - Parameters:
  ///   - schemes: The schemes allowed, such as `https`; case does not matter.
  ///   - allowsRelativeReferences: Whether references without a scheme are allowed. Defaults
  ///     to `true`.
  public init(allowing schemes: some Sequence<String>, allowsRelativeReferences: Bool = true) {
    allowedSchemes = Set(schemes.map { $0.lowercased() })
    self.allowsRelativeReferences = allowsRelativeReferences
  }

  /// The policy with more schemes allowed.
  ///
  /// - Parameter schemes: The schemes to allow as well, such as `"ftp"`.
  /// - Returns: A copy that also allows them.
  public func allowing(_ schemes: String...) -> TTURLSchemePolicy {
    var copy = self
    copy.allowedSchemes.formUnion(schemes.map { $0.lowercased() })
    return copy
  }

  /// Whether a scheme is allowed.
  ///
  /// - Parameter scheme: A scheme such as `https` (any case), or `nil` for a relative
  ///   reference.
  /// - Returns: Whether the policy allows it.
  public func allowsScheme(_ scheme: String?) -> Bool {
    guard let scheme else { return allowsRelativeReferences }
    return allowedSchemes.contains(scheme.lowercased())
  }

  /// Whether a URL written as text may be opened.
  ///
  /// - Parameter url: The URL, as it came from the data.
  /// - Returns: Whether its scheme (see ``scheme(of:)``) is allowed.
  public func allows(_ url: String) -> Bool {
    allowsScheme(Self.scheme(of: url))
  }

  /// Why a URL may not be opened, as a sentence for a log or an error message, or `nil` when
  /// it may.
  ///
  /// ```swift
  /// TTURLSchemePolicy.default.refusal(of: "data:text/html,hi")
  /// // "The URL \"data:text/html,hi\" uses the scheme data, which the URL scheme policy does
  /// //  not allow (it allows http, https, mailto); …"
  /// ```
  ///
  /// - Parameter url: The URL, as it came from the data.
  /// - Returns: The reason it is refused, with the URL quoted safely, or `nil`.
  public func refusal(of url: String) -> String? {
    let scheme = Self.scheme(of: url)
    guard !allowsScheme(scheme) else { return nil }
    let allowed = allowedSchemes.sorted().joined(separator: ", ")
    let list = allowed.isEmpty ? "no scheme" : allowed
    guard let scheme else {
      return "The URL \(TTMessageText.quoted(url)) is a relative reference, which the URL scheme "
        + "policy does not allow (it allows \(list)); make it absolute, or allow relative references "
        + "in the policy."
    }
    return
      "The URL \(TTMessageText.quoted(url)) uses the scheme \(TTMessageText.escaped(scheme, limit: 40)), "
      + "which the URL scheme policy does not allow (it allows \(list)); add the scheme to the policy "
      + "(TTURLSchemePolicy.allowing(_:)) only if the app handles such URLs safely."
  }

  /// The longest scheme ``scheme(of:)`` reads: 64 characters (registered schemes are far
  /// shorter).
  public static let maximumSchemeLength = 64

  /// The scheme of a URL written as text, in lowercase, or `nil` for a relative reference.
  ///
  /// The text is read as browsers read it: leading spaces and control characters are skipped,
  /// and tabs and line breaks are ignored wherever they are. A scheme is a letter followed by
  /// letters, digits, `+`, `-` or `.`, ended by `:` (RFC 3986); text whose first `:` comes
  /// after any other character has no scheme.
  ///
  /// ```swift
  /// TTURLSchemePolicy.scheme(of: "HTTPS://example.com")    // "https"
  /// TTURLSchemePolicy.scheme(of: "\u{1}java\nscript:x")    // "javascript"
  /// TTURLSchemePolicy.scheme(of: "a/b:c")                  // nil
  /// ```
  ///
  /// - Parameter url: The URL.
  /// - Returns: The scheme, or `nil`.
  /// A run of more than ``maximumSchemeLength`` scheme characters is returned cut to that
  /// length: no scheme is that long, so no policy allows it (where a browser would say "unknown
  /// scheme", never "relative").
  ///
  /// - Complexity: O(the leading white space and control characters + the scheme); at most
  ///   ``maximumSchemeLength`` bytes are kept.
  public static func scheme(of url: String) -> String? {
    var scheme: [UInt8] = []
    var started = false
    for byte in url.utf8 {
      if scheme.count == maximumSchemeLength { return String(decoding: scheme, as: UTF8.self) }
      if !started, byte <= 0x20 { continue }
      started = true
      switch byte {
      case 0x09, 0x0A, 0x0D:
        continue
      case UInt8(ascii: ":"):
        return scheme.isEmpty ? nil : String(decoding: scheme, as: UTF8.self)
      case UInt8(ascii: "A")...UInt8(ascii: "Z"):
        scheme.append(byte + 0x20)
      case UInt8(ascii: "a")...UInt8(ascii: "z"):
        scheme.append(byte)
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
        guard !scheme.isEmpty else { return nil }
        scheme.append(byte)
      default:
        return nil
      }
    }
    return nil
  }
}
