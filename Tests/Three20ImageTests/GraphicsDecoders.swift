import CSpng
import Foundation
import Three20Image
import Three20Style

/// Readers for what pictures write, so tests check the escape sequences by reading them back
/// the way a terminal would: sixel images, kitty and iTerm2 sequences, and PNG files.
enum GraphicsDecoders {
  /// A sixel image read back: its raster size, its colour registers (0–255 per channel) and,
  /// for each pixel, the register that painted it (`nil` where nothing did).
  struct Sixel {
    var width: Int
    var height: Int
    var registers: [Int: (red: Int, green: Int, blue: Int)]
    var pixels: [Int?]

    /// The colour at a pixel, or `nil` where nothing was painted.
    func color(x: Int, y: Int) -> (red: Int, green: Int, blue: Int)? {
      pixels[y * width + x].flatMap { registers[$0] }
    }
  }

  /// Reads one DCS sixel sequence (`ESC P … q "1;1;W;H #… ESC \`), as a terminal would.
  ///
  /// - Returns: The image, or `nil` when the sequence is malformed, has no raster
  ///   attributes, or paints outside them.
  static func decodeSixel(_ text: String) -> Sixel? {
    let bytes = Array(text.utf8)
    guard bytes.starts(with: [0x1B, 0x50]), bytes.suffix(2) == [0x1B, 0x5C] else { return nil }
    guard let q = bytes.firstIndex(of: UInt8(ascii: "q")) else { return nil }
    var index = q + 1
    let end = bytes.count - 2

    func number() -> Int? {
      var value: Int?
      while index < end, let digit = Int(exactly: bytes[index]).map({ $0 - 48 }), (0...9).contains(digit) {
        value = (value ?? 0) * 10 + digit
        index += 1
      }
      return value
    }
    func numbers() -> [Int] {
      var values: [Int] = []
      repeat {
        if index < end, bytes[index] == UInt8(ascii: ";") { index += 1 }
        values.append(number() ?? 0)
      } while index < end && bytes[index] == UInt8(ascii: ";")
      return values
    }

    guard index < end, bytes[index] == UInt8(ascii: "\"") else { return nil }
    index += 1
    let raster = numbers()
    guard raster.count == 4, raster[0] == 1, raster[1] == 1 else { return nil }
    var image = Sixel(
      width: raster[2], height: raster[3], registers: [:],
      pixels: Array(repeating: nil, count: raster[2] * raster[3]))
    var current = 0
    var x = 0
    var band = 0
    while index < end {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "#"):
        index += 1
        let values = numbers()
        current = values[0]
        if values.count == 5 {
          guard values[1] == 2 else { return nil }
          image.registers[current] = (
            (values[2] * 255 + 50) / 100, (values[3] * 255 + 50) / 100, (values[4] * 255 + 50) / 100
          )
        }
      case UInt8(ascii: "$"):
        x = 0
        index += 1
      case UInt8(ascii: "-"):
        x = 0
        band += 1
        index += 1
      case UInt8(ascii: "!"), 0x3F...0x7E:
        var count = 1
        if byte == UInt8(ascii: "!") {
          index += 1
          count = number() ?? 1
        }
        guard index < end, (0x3F...0x7E).contains(bytes[index]) else { return nil }
        let bits = Int(bytes[index] - 0x3F)
        index += 1
        for _ in 0..<count {
          for bit in 0..<6 where bits & (1 << bit) != 0 {
            let y = band * 6 + bit
            guard x < image.width, y < image.height else { return nil }
            image.pixels[y * image.width + x] = current
          }
          x += 1
        }
      default:
        return nil
      }
    }
    return image
  }

  /// One kitty graphics sequence: its keys and its payload.
  struct KittyChunk {
    var keys: [String: String]
    var payload: String
  }

  /// Splits kitty graphics sequences (`ESC _ G keys ; payload ESC \`), one after another with
  /// nothing between them.
  ///
  /// - Returns: The chunks, or `nil` when anything else is in the text.
  static func kittyChunks(_ text: String) -> [KittyChunk]? {
    var rest = Substring(text)
    var chunks: [KittyChunk] = []
    while !rest.isEmpty {
      guard rest.hasPrefix("\u{1B}_G"), let close = rest.range(of: "\u{1B}\\") else { return nil }
      let body = rest[rest.index(rest.startIndex, offsetBy: 3)..<close.lowerBound]
      let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2 else { return nil }
      var keys: [String: String] = [:]
      for pair in parts[0].split(separator: ",") {
        let sides = pair.split(separator: "=", maxSplits: 1)
        guard sides.count == 2, keys[String(sides[0])] == nil else { return nil }
        keys[String(sides[0])] = String(sides[1])
      }
      chunks.append(KittyChunk(keys: keys, payload: String(parts[1])))
      rest = rest[close.upperBound...]
    }
    return chunks
  }

  /// An iTerm2 inline image read back: its arguments and its decoded file.
  struct ITerm2 {
    var arguments: [String: String]
    var file: [UInt8]
  }

  /// Reads `ESC ] 1337 ; File=args : base64 BEL`.
  ///
  /// - Returns: The image, or `nil` when the text is anything else.
  static func iterm2(_ text: String) -> ITerm2? {
    let prefix = "\u{1B}]1337;File="
    guard text.hasPrefix(prefix), text.hasSuffix("\u{07}"), let colon = text.firstIndex(of: ":") else {
      return nil
    }
    let arguments = text[text.index(text.startIndex, offsetBy: prefix.count)..<colon]
    var parsed: [String: String] = [:]
    for pair in arguments.split(separator: ";") {
      let sides = pair.split(separator: "=", maxSplits: 1)
      guard sides.count == 2 else { return nil }
      parsed[String(sides[0])] = String(sides[1])
    }
    let payload = text[text.index(after: colon)..<text.index(before: text.endIndex)]
    guard let data = Data(base64Encoded: String(payload)) else { return nil }
    return ITerm2(arguments: parsed, file: [UInt8](data))
  }

  /// Decodes base64 (with Foundation, independent of the module's encoder).
  static func base64(_ text: String) -> [UInt8]? {
    Data(base64Encoded: text).map { [UInt8]($0) }
  }

  /// Decodes a PNG file to RGBA8 with libspng's decoder.
  ///
  /// - Returns: The bitmap, or `nil` when libspng refuses the data.
  static func decodePNG(_ bytes: [UInt8]) -> TTImageBitmap? {
    guard let context = spng_ctx_new(0) else { return nil }
    defer { spng_ctx_free(context) }
    return bytes.withUnsafeBytes { raw -> TTImageBitmap? in
      guard spng_set_png_buffer(context, raw.baseAddress, raw.count) == 0 else { return nil }
      var header = spng_ihdr()
      guard spng_get_ihdr(context, &header) == 0 else { return nil }
      var size = 0
      let format = Int32(SPNG_FMT_RGBA8.rawValue)
      guard spng_decoded_image_size(context, format, &size) == 0 else { return nil }
      var pixels = [UInt8](repeating: 0, count: size)
      let status = pixels.withUnsafeMutableBytes {
        spng_decode_image(context, $0.baseAddress, size, format, 0)
      }
      guard status == 0 else { return nil }
      return TTImageBitmap(width: Int(header.width), height: Int(header.height), pixels: pixels)
    }
  }
}

/// Bitmaps the picture tests draw.
enum GraphicsFixtures {
  /// The four quadrant colours, top-left, top-right, bottom-left, bottom-right: red, green,
  /// blue and yellow, each an exact entry of both the 16- and the 256-colour palettes.
  static let quadrantColors: [(red: UInt8, green: UInt8, blue: UInt8)] = [
    (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0),
  ]

  /// A bitmap of four solid quadrants in ``quadrantColors``.
  static func quadrants(width: Int, height: Int, alpha: UInt8 = 255) -> TTImageBitmap {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let color = quadrantColors[quadrant(x: x, y: y, width: width, height: height)]
        pixels += [color.red, color.green, color.blue, alpha]
      }
    }
    return TTImageBitmap(width: width, height: height, pixels: pixels)
  }

  /// Which quadrant a point of a `width × height` area lies in, 0–3.
  static func quadrant(x: Int, y: Int, width: Int, height: Int) -> Int {
    (y >= height / 2 ? 2 : 0) + (x >= width / 2 ? 1 : 0)
  }

  /// Seeded noise with varying alpha, which compresses badly (for multi-chunk kitty images).
  static func noise(width: Int, height: Int, seed: UInt64 = 7) -> TTImageBitmap {
    var generator = SeededGenerator(seed: seed)
    let pixels = (0..<(width * height * 4)).map { _ in UInt8.random(in: 0...255, using: &generator) }
    return TTImageBitmap(width: width, height: height, pixels: pixels)
  }

  /// The largest difference of one channel between two colours.
  static func distance(
    _ a: (red: Int, green: Int, blue: Int), _ b: (red: UInt8, green: UInt8, blue: UInt8)
  ) -> Int {
    max(abs(a.red - Int(b.red)), abs(a.green - Int(b.green)), abs(a.blue - Int(b.blue)))
  }
}
