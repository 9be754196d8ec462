import Foundation
import Testing

/// Loads the documents in Tests/Three20XMLTests/Fixtures.
enum Fixture {
  /// The bytes of one fixture file.
  static func data(_ name: String) throws -> Data {
    let url = try #require(
      Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"),
      "missing fixture \(name)")
    return try Data(contentsOf: url)
  }
}
