import Foundation
import TTModuleKit
import Testing

/// The owned region of a generated Package.swift: rendering, reading, and replacing it alone.
@Suite struct TTManifestRegionTests {
  /// A region reads back as it was written, for paths and URLs with characters that need escaping.
  @Test(arguments: [
    TTThree20Source.path("/src/three20-swift"),
    .path("/home/me/My \"odd\" folder\\three20 ü"),
    .url("https://github.com/me/three20-swift.git", from: "1.2.3"),
    .url("git@github.com:me/Three20.git", from: "0.1.0"),
  ])
  func regionRoundTrips(source: TTThree20Source) throws {
    let region = TTManifestRegion(source: source, modules: ["Three20Core", "Three20Style"])
    let manifest = Array("// swift-tools-version: 6.0\n\(region.rendered)\nlet package = 1\n".utf8)
    #expect(try TTManifestRegion.parse(manifest) == region)
  }

  /// The package identity is the last path component, without .git, lower-cased.
  @Test(arguments: [
    (TTThree20Source.path("/src/three20-swift"), "three20-swift"),
    (.path("/work/Main"), "main"),
    (.url("https://github.com/me/Three20.git", from: "1.0.0"), "three20"),
    (.url("git@github.com:me/three20-swift", from: "1.0.0"), "three20-swift"),
  ])
  func packageIdentityIsTheLastComponent(source: TTThree20Source, identity: String) {
    #expect(source.packageIdentity == identity)
  }

  /// Replacing the region keeps every other byte: user edits, CRLF lines and bytes that are not UTF-8.
  @Test func replacingKeepsEveryByteOutsideTheRegion() throws {
    let old = TTManifestRegion(source: .path("/src/three20"), modules: ["Three20Core"])
    let new = TTManifestRegion(
      source: .path("/src/three20"), modules: ["Three20Core", "Three20Style", "Three20Table"])
    let before: [UInt8] =
      Array("// swift-tools-version: 6.0\r\nimport PackageDescription\r\n// mine: ".utf8) + [0xFF, 0xFE]
      + Array("\r\n".utf8)
    let after: [UInt8] = Array("\r\nlet extra = [\"keep\"]  // user code\r\n".utf8) + [0xC3]
    let manifest = before + Array(old.rendered.utf8) + after
    let replaced = try new.replacing(in: manifest)
    #expect(Array(replaced.prefix(before.count)) == before)
    #expect(Array(replaced.suffix(after.count)) == after)
    #expect(Array(replaced[before.count..<(replaced.count - after.count)]) == Array(new.rendered.utf8))
    #expect(try TTManifestRegion.parse(replaced).modules == new.modules)
  }

  /// Missing, repeated or reversed markers are refused with the reason.
  @Test(arguments: [
    "let package = Package(name: \"App\")\n",
    "// ttmodule:begin\nlet three20Modules = []\n",
    "// ttmodule:end\n// ttmodule:begin\n",
    "// ttmodule:begin\n// ttmodule:end\n// ttmodule:begin\n// ttmodule:end\n",
  ])
  func malformedMarkersAreRefused(manifest: String) {
    #expect {
      _ = try TTManifestRegion.parse(Array(manifest.utf8))
    } throws: { error in
      (error as? TTModuleToolError)?.kind == .refused
        && (error as? TTModuleToolError)?.message.contains("ttmodule:begin") == true
    }
  }

  /// A region edited beyond recognition is refused rather than guessed at.
  @Test func unreadableRegionIsRefused() {
    let manifest =
      "// ttmodule:begin\nlet three20 = somethingElse()\nlet three20Modules = [\"Three20Core\"]\n// ttmodule:end\n"
    #expect(throws: TTModuleToolError.self) { try TTManifestRegion.parse(Array(manifest.utf8)) }
  }
}
