import Foundation
import Three20

/// The part of a generated `Package.swift` that `ttmodule` owns: the Three20 dependency and the
/// list of Three20 products, between two marker comments.
///
/// `ttmodule add` and `ttmodule remove` rewrite only the bytes from the start of the
/// `// ttmodule:begin` line to the end of the `// ttmodule:end` line; every other byte of the
/// file is kept as it was, whatever its encoding or line endings.
///
/// ```swift
/// let region = TTManifestRegion(source: .path("/src/three20-swift"), modules: ["Three20Core"])
/// print(region.rendered)
/// // // ttmodule:begin — written by `ttmodule add` and `ttmodule remove`; edit the rest freely.
/// // let three20 = Package.Dependency.package(path: "/src/three20-swift")
/// // let three20Package = "three20-swift"
/// // let three20Modules = [
/// //   "Three20Core",
/// // ]
/// // // ttmodule:end
/// ```
public struct TTManifestRegion: Sendable, Hashable {
  /// The comment that opens the region.
  public static let beginMarker = "// ttmodule:begin"
  /// The comment that closes the region.
  public static let endMarker = "// ttmodule:end"

  /// Where Three20 comes from.
  public var source: TTThree20Source
  /// The Swift module names of the Three20 products the project uses, in dependency order.
  public var modules: [String]

  /// Creates a region.
  ///
  /// - Parameters:
  ///   - source: Where Three20 comes from.
  ///   - modules: The Swift module names of the products, in dependency order.
  public init(source: TTThree20Source, modules: [String]) {
    self.source = source
    self.modules = modules
  }

  /// The region's text, from the begin marker to the end marker, without a final newline.
  public var rendered: String {
    var lines = [
      "\(Self.beginMarker) — written by `ttmodule add` and `ttmodule remove`; edit the rest freely.",
      "let three20 = Package.Dependency\(source.dependencyExpression)",
      "let three20Package = \(TTThree20Source.literal(source.packageIdentity))",
      "let three20Modules = [",
    ]
    lines += modules.map { "  \(TTThree20Source.literal($0))," }
    lines += ["]", Self.endMarker]
    return lines.joined(separator: "\n")
  }

  /// Finds the region in a manifest's bytes.
  ///
  /// - Parameter manifest: The bytes of `Package.swift`.
  /// - Returns: The byte range from the start of the begin line to the end of the end line.
  /// - Throws: ``TTModuleToolError`` (``TTModuleToolError/Kind/refused``) when the markers are
  ///   missing, repeated or out of order.
  public static func locate(in manifest: [UInt8]) throws(TTModuleToolError) -> Range<Int> {
    let begins = occurrences(of: Array(beginMarker.utf8), in: manifest)
    let ends = occurrences(of: Array(endMarker.utf8), in: manifest)
    guard begins.count == 1, ends.count == 1, let begin = begins.first, let end = ends.first, begin < end
    else {
      let found = "\(begins.count) '\(beginMarker)' and \(ends.count) '\(endMarker)' line(s)"
      throw TTModuleToolError(
        .refused,
        "Package.swift has \(found); ttmodule edits only a project whose Package.swift has exactly one "
          + "region between them, begin first (as 'ttmodule new' writes it). Add the dependency by hand, "
          + "or restore the markers.")
    }
    var start = begin
    while start > 0, manifest[start - 1] != UInt8(ascii: "\n") { start -= 1 }
    var stop = end
    while stop < manifest.count, manifest[stop] != UInt8(ascii: "\n"), manifest[stop] != UInt8(ascii: "\r") {
      stop += 1
    }
    return start..<stop
  }

  /// Reads the region of a manifest.
  ///
  /// - Parameter manifest: The bytes of `Package.swift`.
  /// - Returns: The region's source and modules.
  /// - Throws: ``TTModuleToolError`` (``TTModuleToolError/Kind/refused``) when the region is
  ///   missing or was edited so that it no longer says where Three20 comes from and which
  ///   modules are used.
  public static func parse(_ manifest: [UInt8]) throws(TTModuleToolError) -> TTManifestRegion {
    let range = try locate(in: manifest)
    let text = String(decoding: manifest[range], as: UTF8.self)
    let refusal = { (what: String) in
      TTModuleToolError(
        .refused,
        "the ttmodule region of Package.swift \(what). It is written by ttmodule; restore it as "
          + "'ttmodule new' wrote it (a 'let three20 = Package.Dependency.package(…)' line and a "
          + "'let three20Modules = [ … ]' list of Three20 module names).")
    }
    guard
      let dependencyLine = text.split(whereSeparator: \.isNewline).first(where: {
        $0.contains("let three20 =")
      })
    else { throw refusal("has no 'let three20 = …' line") }
    let literals = stringLiterals(in: String(dependencyLine))
    let source: TTThree20Source
    if dependencyLine.contains(".package(path:"), literals.count == 1 {
      source = .path(literals[0])
    } else if dependencyLine.contains(".package(url:"), literals.count == 2 {
      source = .url(literals[0], from: literals[1])
    } else {
      throw refusal(
        "declares the dependency in a form it cannot read: \(TTMessageText.quoted(dependencyLine))")
    }
    guard let listStart = text.range(of: "let three20Modules = ["),
      let listEnd = text[listStart.upperBound...].firstIndex(of: "]")
    else { throw refusal("has no 'let three20Modules = [ … ]' list") }
    let modules = stringLiterals(in: String(text[listStart.upperBound..<listEnd]))
    return TTManifestRegion(source: source, modules: modules)
  }

  /// Returns `manifest` with its region replaced by this one's text; every other byte is kept.
  ///
  /// - Parameter manifest: The bytes of `Package.swift`.
  /// - Returns: The new bytes.
  /// - Throws: ``TTModuleToolError`` when the manifest has no well-formed region.
  public func replacing(in manifest: [UInt8]) throws(TTModuleToolError) -> [UInt8] {
    let range = try Self.locate(in: manifest)
    var result = manifest
    result.replaceSubrange(range, with: Array(rendered.utf8))
    return result
  }

  /// The start offsets of every occurrence of `needle` in `haystack`.
  static func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> [Int] {
    guard !needle.isEmpty, haystack.count >= needle.count else { return [] }
    var found: [Int] = []
    var index = 0
    while index <= haystack.count - needle.count {
      if haystack[index] == needle[0], Array(haystack[index..<index + needle.count]) == needle {
        found.append(index)
        index += needle.count
      } else {
        index += 1
      }
    }
    return found
  }

  /// The values of the Swift string literals in `text`, in order, unescaped.
  static func stringLiterals(in text: String) -> [String] {
    var result: [String] = []
    var scalars = text.unicodeScalars.makeIterator()
    var current: String?
    while let scalar = scalars.next() {
      guard var value = current else {
        if scalar == "\"" { current = "" }
        continue
      }
      switch scalar {
      case "\"":
        result.append(value)
        current = nil
        continue
      case "\\":
        switch scalars.next() {
        case "n": value += "\n"
        case "r": value += "\r"
        case "t": value += "\t"
        case "u":
          var hex = ""
          while let next = scalars.next(), next != "}" {
            if next != "{" { hex.unicodeScalars.append(next) }
          }
          if let code = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(code) {
            value.unicodeScalars.append(decoded)
          }
        case let other?: value.unicodeScalars.append(other)
        case nil: break
        }
      default:
        value.unicodeScalars.append(scalar)
      }
      current = value
    }
    return result
  }
}
