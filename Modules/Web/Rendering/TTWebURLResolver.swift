import Foundation
import Three20Core

/// Resolves the addresses a page writes (`href`, `src`) the way browsers read them: spaces
/// and controls around them and line breaks inside removed, characters URLs cannot hold
/// percent-encoded, then resolved against the base (RFC 3986, section 5).
///
/// Resolution works on the text, so a page with thousands of links does not parse thousands
/// of `URL`s: only addresses with a scheme or host of their own are checked with `URL`.
struct TTWebURLResolver {
  /// What a link's address came to.
  struct Resolution: Hashable {
    /// The absolute URL as text, or `nil` when none can be made.
    var target: String?
    /// Whether the link may be opened.
    var isFollowable: Bool
    /// The anchor in the same page, percent-decoded, when the link points into the page.
    var fragment: String?
  }

  /// The parts of a URL reference (RFC 3986, appendix B).
  struct Parts {
    var scheme: Substring?
    var authority: Substring?
    var path: Substring
    var query: Substring?
    var fragment: Substring?
  }

  /// The schemes that run or read something instead of opening a page.
  static let refusedSchemes: Set<String> = ["javascript", "vbscript", "data", "file", "about"]

  /// What relative addresses are resolved against: `<base href>` or the page's URL.
  private let base: String?
  private let baseParts: Parts?
  /// The page's URL without its fragment, for spotting links into the same page.
  private let pageWithoutFragment: String?
  /// Resolutions already made, by address.
  private var known: [String: Resolution] = [:]

  init(pageURL: URL?, baseHref: String?) {
    var base = pageURL?.absoluteString
    pageWithoutFragment = base.map { Self.withoutFragment($0) }
    // A `<base>` that would make every link run script or read data is ignored; a file page
    // may have a file base.
    if let baseHref, let resolved = Self.absolute(baseHref, against: base), let url = URL(string: resolved),
      let scheme = url.scheme?.lowercased(), !Self.refusedSchemes.contains(scheme) || scheme == "file"
    {
      base = resolved
    }
    if let text = base, URL(string: text)?.scheme == nil { base = nil }
    self.base = base
    baseParts = base.map { Self.parts(of: Substring($0)) }
  }

  /// Resolves a link's `href`.
  mutating func resolve(_ href: String) -> Resolution {
    if let resolution = known[href] { return resolution }
    let resolution = makeResolution(href)
    if known.count < 100_000 { known[href] = resolution }
    return resolution
  }

  private func makeResolution(_ href: String) -> Resolution {
    let trimmed = Self.trimmed(href)
    if trimmed.utf8.first == UInt8(ascii: "#") {
      // Scrolling within the page is always allowed, with or without a URL.
      let name = String(trimmed.dropFirst())
      return Resolution(target: resolved(trimmed), isFollowable: true, fragment: Self.decoded(name))
    }
    let scheme = TTURLSchemePolicy.scheme(of: trimmed)
    guard let target = resolved(trimmed), let targetScheme = TTURLSchemePolicy.scheme(of: target) else {
      return Resolution(target: nil, isFollowable: false, fragment: nil)
    }
    let followable =
      !Self.refusedSchemes.contains(targetScheme) && !Self.refusedSchemes.contains(scheme ?? "")
    var fragment: String?
    if let pageWithoutFragment, let hash = target.utf8.firstIndex(of: UInt8(ascii: "#")),
      target[..<hash] == pageWithoutFragment
    {
      fragment = Self.decoded(String(target[target.utf8.index(after: hash)...]))
    }
    return Resolution(target: target, isFollowable: followable, fragment: fragment)
  }

  /// Resolves an image's `src` to an absolute URL with a scheme that can be fetched.
  func resolveSource(_ source: String) -> URL? {
    let trimmed = Self.trimmed(source)
    guard !trimmed.isEmpty, let target = resolved(trimmed), let scheme = TTURLSchemePolicy.scheme(of: target),
      !Self.refusedSchemes.contains(scheme)
    else { return nil }
    return URL(string: target)
  }

  /// The absolute URL text for a trimmed address, or `nil`.
  private func resolved(_ trimmed: String) -> String? {
    Self.absolute(trimmed, against: base, baseParts: baseParts)
  }

  /// The address made absolute against `base`, after percent-encoding what a URL cannot hold.
  static func absolute(_ text: String, against base: String?, baseParts: Parts? = nil) -> String? {
    let encoded = encoded(trimmed(text))
    let reference = parts(of: Substring(encoded))
    if reference.scheme != nil || reference.authority != nil {
      // An address of its own: the URL parser says whether it is one.
      let result: String
      if reference.scheme != nil {
        result = compose(reference, path: removeDotSegments(reference.path))
      } else {
        guard let base, let scheme = (baseParts ?? parts(of: Substring(base))).scheme else { return nil }
        var absolute = reference
        absolute.scheme = scheme
        result = compose(absolute, path: removeDotSegments(reference.path))
      }
      return URL(string: result) != nil ? result : nil
    }
    guard let base else { return nil }
    let basis = baseParts ?? parts(of: Substring(base))
    guard basis.scheme != nil else { return nil }
    var target = basis
    target.fragment = reference.fragment
    if reference.path.isEmpty {
      if reference.query != nil { target.query = reference.query }
      return compose(target, path: basis.path)
    }
    target.query = reference.query
    if reference.path.first == "/" { return compose(target, path: removeDotSegments(reference.path)) }
    // Merge: the base's path up to its last "/", then the reference.
    var merged: String
    if basis.authority != nil, basis.path.isEmpty {
      merged = "/" + reference.path
    } else if let slash = basis.path.utf8.lastIndex(of: UInt8(ascii: "/")) {
      merged = String(basis.path[...slash]) + reference.path
    } else {
      merged = String(reference.path)
    }
    merged = removeDotSegments(Substring(merged))
    return compose(target, path: Substring(merged))
  }

  /// The parts of a reference: `scheme:`, `//authority`, path, `?query`, `#fragment`.
  static func parts(of text: Substring) -> Parts {
    let utf8 = text.utf8
    var result = Parts(scheme: nil, authority: nil, path: "", query: nil, fragment: nil)
    var end = utf8.endIndex
    if let hash = utf8.firstIndex(of: UInt8(ascii: "#")) {
      result.fragment = text[utf8.index(after: hash)...]
      end = hash
    }
    if let question = utf8[..<end].firstIndex(of: UInt8(ascii: "?")) {
      result.query = text[utf8.index(after: question)..<end]
      end = question
    }
    var start = utf8.startIndex
    // A scheme: a letter, then letters, digits, "+", "-" or ".", then ":".
    if let first = utf8.first, isLetter(first) {
      var index = utf8.index(after: start)
      while index < end, isSchemeByte(utf8[index]) { index = utf8.index(after: index) }
      if index < end, utf8[index] == UInt8(ascii: ":") {
        result.scheme = text[start..<index]
        start = utf8.index(after: index)
      }
    }
    let rest = utf8[start..<end]
    if rest.count >= 2, rest.first == UInt8(ascii: "/"),
      rest[rest.index(after: rest.startIndex)] == UInt8(ascii: "/")
    {
      let authorityStart = utf8.index(start, offsetBy: 2)
      let authorityEnd = utf8[authorityStart..<end].firstIndex(of: UInt8(ascii: "/")) ?? end
      result.authority = text[authorityStart..<authorityEnd]
      start = authorityEnd
    }
    result.path = text[start..<end]
    return result
  }

  @inline(__always)
  private static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }

  @inline(__always)
  private static func isSchemeByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+")
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
  }

  /// The parts put back together, with `path`.
  static func compose(_ parts: Parts, path: some StringProtocol) -> String {
    var result = ""
    if let scheme = parts.scheme {
      result +=
        scheme.utf8.contains(where: { (0x41...0x5A).contains($0) }) ? scheme.lowercased() : String(scheme)
      result += ":"
    }
    if let authority = parts.authority {
      result += "//"
      result += authority
    }
    result += path
    if let query = parts.query {
      result += "?"
      result += query
    }
    if let fragment = parts.fragment {
      result += "#"
      result += fragment
    }
    return result
  }

  /// The path with `.` and `..` segments removed (RFC 3986, section 5.2.4).
  static func removeDotSegments(_ path: Substring) -> String {
    // Most paths have no dot segments.
    var hasDots = path.utf8.first == UInt8(ascii: ".")
    if !hasDots {
      var previous: UInt8 = 0
      for byte in path.utf8 {
        if byte == UInt8(ascii: "."), previous == UInt8(ascii: "/") {
          hasDots = true
          break
        }
        previous = byte
      }
    }
    guard hasDots else { return String(path) }
    let rooted = path.utf8.first == UInt8(ascii: "/")
    var segments = path.split(separator: "/", omittingEmptySubsequences: false)
    if rooted { segments.removeFirst() }
    var output: [Substring] = []
    var endsWithSlash = false
    for (index, segment) in segments.enumerated() {
      let isLast = index == segments.count - 1
      if segment == "." || segment == ".." {
        if segment == "..", !output.isEmpty { output.removeLast() }
        if isLast { endsWithSlash = true }
        continue
      }
      output.append(segment)
    }
    var result = (rooted ? "/" : "") + output.joined(separator: "/")
    if endsWithSlash, !result.hasSuffix("/") { result += "/" }
    return result
  }

  /// The address with leading and trailing spaces and controls removed, and tabs and line
  /// breaks inside removed, as the URL standard reads it.
  static func trimmed(_ text: String) -> String {
    let utf8 = text.utf8
    guard let first = utf8.first, let last = utf8.last,
      first <= 0x20 || last <= 0x20 || utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
    else { return text }
    var bytes = Array(utf8)
    while let first = bytes.first, first <= 0x20 { bytes.removeFirst() }
    while let last = bytes.last, last <= 0x20 { bytes.removeLast() }
    bytes.removeAll { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The text with spaces, controls, non-ASCII characters and the characters RFC 3986 does not
  /// allow percent-encoded; a `%` not followed by two hex digits becomes `%25`, a `#` after the
  /// first becomes `%23`; backslashes become slashes in web addresses, as browsers read them.
  static func encoded(_ text: String) -> String {
    let bytes = Array(text.utf8)
    if bytes.allSatisfy({ isPlain($0) }) { return text }
    let scheme = TTURLSchemePolicy.scheme(of: text)
    let isWeb = scheme == nil || scheme == "http" || scheme == "https"
    // The authority (between "//" and the next "/", "?" or "#") may hold "[" and "]".
    var authority = 0..<0
    if let schemeEnd = scheme == nil ? 0 : bytes.firstIndex(of: UInt8(ascii: ":")).map({ $0 + 1 }),
      schemeEnd + 1 < bytes.count, bytes[schemeEnd] == UInt8(ascii: "/"),
      bytes[schemeEnd + 1] == UInt8(ascii: "/")
    {
      var end = schemeEnd + 2
      while end < bytes.count,
        ![UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")].contains(bytes[end])
      {
        end += 1
      }
      authority = (schemeEnd + 2)..<end
    }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + 8)
    var sawHash = false
    let hex = Array("0123456789ABCDEF".utf8)
    func escape(_ byte: UInt8) {
      output.append(UInt8(ascii: "%"))
      output.append(hex[Int(byte >> 4)])
      output.append(hex[Int(byte & 0x0F)])
    }
    func isHex(_ byte: UInt8) -> Bool {
      (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
    for (index, byte) in bytes.enumerated() {
      switch byte {
      case 0x00...0x20, 0x7F...0xFF, UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"),
        UInt8(ascii: "^"),
        UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"):
        escape(byte)
      case UInt8(ascii: "\\"):
        if isWeb && !sawHash { output.append(UInt8(ascii: "/")) } else { escape(byte) }
      case UInt8(ascii: "["), UInt8(ascii: "]"):
        if authority.contains(index) { output.append(byte) } else { escape(byte) }
      case UInt8(ascii: "#"):
        if sawHash { escape(byte) } else { output.append(byte) }
        sawHash = true
      case UInt8(ascii: "%"):
        if index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) {
          output.append(byte)
        } else {
          escape(byte)
        }
      default:
        output.append(byte)
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Whether a byte needs no thought when encoding: a letter, digit or one of `-._~!$&'()*+,;=:@/?`.
  @inline(__always)
  private static func isPlain(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"),
      UInt8(ascii: "$"),
      UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"),
      UInt8(ascii: "+"),
      UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"),
      UInt8(ascii: "/"),
      UInt8(ascii: "?"):
      true
    default:
      false
    }
  }

  /// Percent-decoded text, or the text as it is when it holds no valid escapes.
  static func decoded(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
    return text.removingPercentEncoding ?? text
  }

  /// The URL text before its `#`.
  static func withoutFragment(_ text: String) -> String {
    guard let hash = text.utf8.firstIndex(of: UInt8(ascii: "#")) else { return text }
    return String(text[..<hash])
  }
}
