import Foundation
import Three20

/// Where a generated project gets Three20 for Swift from: a local checkout or a git URL.
public enum TTThree20Source: Sendable, Hashable {
  /// A local checkout, by absolute path (`.package(path:)`).
  case path(String)
  /// A git repository and the lowest version to accept (`.package(url:from:)`).
  case url(String, from: String)

  /// The package identity SwiftPM gives this dependency, which product references must name.
  ///
  /// It is the last path component, without `.git`, lower-cased:
  /// `/src/three20-swift` → `three20-swift`, `https://github.com/me/Three20.git` → `three20`.
  public var packageIdentity: String {
    let location: String
    switch self {
    case .path(let path): location = path
    case .url(let url, _): location = url
    }
    var last = location.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? location
    if last.lowercased().hasSuffix(".git") { last.removeLast(4) }
    return last.lowercased()
  }

  /// The Swift expression declaring the dependency, for example `.package(path: "/src/three20")`.
  public var dependencyExpression: String {
    switch self {
    case .path(let path): ".package(path: \(Self.literal(path)))"
    case .url(let url, let version): ".package(url: \(Self.literal(url)), from: \(Self.literal(version)))"
    }
  }

  /// Checks a URL and version given on the command line.
  ///
  /// A URL needs a scheme (`https://`, `ssh://`, `file://`, `git://`) or the scp form
  /// `git@host:path`; the version must be `MAJOR.MINOR.PATCH`.
  ///
  /// - Parameters:
  ///   - url: The repository URL.
  ///   - version: The lowest version to accept.
  /// - Returns: The source.
  /// - Throws: ``TTModuleToolError`` (``TTModuleToolError/Kind/invalidInput``) saying what is wrong.
  public static func validated(url: String, from version: String) throws(TTModuleToolError) -> TTThree20Source
  {
    let schemes = ["https://", "http://", "ssh://", "file://", "git://"]
    let hasScheme = schemes.contains { url.lowercased().hasPrefix($0) && url.count > $0.count }
    let isSCP = url.contains("@") && url.contains(":") && !url.contains("://")
    guard (hasScheme || isSCP), !url.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "\\" }) else {
      throw TTModuleToolError(
        .invalidInput,
        "\(TTMessageText.quoted(url)) is not a git URL. Give one such as https://github.com/you/three20-swift.git."
      )
    }
    let parts = version.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3,
      parts.allSatisfy({ !$0.isEmpty && $0.count < 10 && $0.allSatisfy(\.isASCII) && Int($0) != nil })
    else {
      throw TTModuleToolError(
        .invalidInput,
        "\(TTMessageText.quoted(version)) is not a version. Give --from as MAJOR.MINOR.PATCH, for example 0.1.0."
      )
    }
    return .url(url, from: version)
  }

  /// A Swift string literal for `text`, with quotes, backslashes and control characters escaped.
  static func literal(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          result += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
