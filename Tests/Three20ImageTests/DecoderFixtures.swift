import Foundation
import Testing
import Three20Image
import Three20Style

/// Loads the image files in Tests/Three20ImageTests/Fixtures (written by
/// scripts/generate-image-fixtures.py, which says what each one holds).
enum DecoderFixture {
  /// The bytes of one fixture file.
  static func bytes(_ name: String) throws -> [UInt8] {
    let url = try #require(
      Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"),
      "missing fixture \(name)")
    return Array(try Data(contentsOf: url))
  }

  /// Decodes one fixture, with its name as the source.
  static func decode(
    _ name: String, limits: TTImageLimits = TTImageLimits(), minimumSize: TTSize? = nil
  ) throws -> TTDecodedImage {
    try TTImageDecoder.decode(bytes(name), source: name, limits: limits, minimumSize: minimumSize)
  }

  /// The error decoding one fixture throws, or `nil` when it decodes.
  static func error(_ name: String, limits: TTImageLimits = TTImageLimits()) throws -> TTImageError? {
    let data = try bytes(name)
    do {
      _ = try TTImageDecoder.decode(data, source: name, limits: limits)
      return nil
    } catch {
      return error
    }
  }

  /// The pixels of a bitmap as (red, green, blue, alpha) tuples flattened to arrays, for
  /// readable comparisons.
  static func pixels(_ bitmap: TTImageBitmap) -> [[UInt8]] {
    stride(from: 0, to: bitmap.pixels.count, by: 4).map { Array(bitmap.pixels[$0..<$0 + 4]) }
  }

  /// Whether a pixel is within `tolerance` of a colour in every channel (alpha must be 255).
  static func pixel(
    _ bitmap: TTImageBitmap, x: Int, y: Int, near colour: (Int, Int, Int), tolerance: Int = 8
  ) -> Bool {
    let pixel = bitmap[x, y]
    return abs(Int(pixel.red) - colour.0) <= tolerance && abs(Int(pixel.green) - colour.1) <= tolerance
      && abs(Int(pixel.blue) - colour.2) <= tolerance && pixel.alpha == 255
  }
}
