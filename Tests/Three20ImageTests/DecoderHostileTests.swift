import Testing
import Three20Image
import Three20Style
import Three20TestSupport

@Suite("Image decoding of hostile and broken data")
struct DecoderHostileTests {
  /// Checks that an error is well formed: a code, the source passed in, the format (when the
  /// data had enough bytes to tell it) and a message that its description carries.
  static func checkError(
    _ error: TTImageError, source: String, format: TTImageFormat?, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(error.source == source, comment, sourceLocation: sourceLocation)
    if let format {
      #expect(error.format == format, comment, sourceLocation: sourceLocation)
    }
    #expect(!error.message.isEmpty, comment, sourceLocation: sourceLocation)
    #expect(!error.code.description.isEmpty, comment, sourceLocation: sourceLocation)
    #expect(error.description.hasPrefix(source), comment, sourceLocation: sourceLocation)
    if let name = error.format?.name {
      #expect(error.description.contains("(\(name))"), comment, sourceLocation: sourceLocation)
    }
  }

  @Test(
    "A cut-off file of each format is reported as truncated, with source and format",
    arguments: [
      ("png-truncated.png", TTImageFormat.png), ("jpeg-truncated.jpg", .jpeg), ("gif-truncated.gif", .gif),
      ("webp-truncated.webp", .webp),
    ])
  func truncatedFiles(name: String, format: TTImageFormat) throws {
    let error = try #require(try DecoderFixture.error(name))
    #expect(error.code == .truncated, "\(error)")
    Self.checkError(error, source: name, format: format)
    #expect(error.message.contains("load it again"))
  }

  @Test("A PNG whose checksum does not match is corrupt")
  func badCRC() throws {
    let error = try #require(try DecoderFixture.error("png-bad-crc.png"))
    #expect(error.code == .corrupt, "\(error)")
    #expect(error.message.contains("CRC"))
    Self.checkError(error, source: "png-bad-crc.png", format: .png)
  }

  @Test(
    "A small file claiming a huge size is refused at once, naming the size and the limit",
    arguments: [
      ("png-bomb.png", TTImageFormat.png, "100000 × 100000"), ("webp-bomb.webp", .webp, "100000 × 100000"),
      ("gif-bomb.gif", .gif, "65535 × 65535"), ("jpeg-bomb.jpg", .jpeg, "65500 × 65500"),
    ])
  func bombs(name: String, format: TTImageFormat, size: String) throws {
    let data = try DecoderFixture.bytes(name)
    #expect(data.count < 1_000)
    let start = ContinuousClock.now
    var caught: TTImageError?
    do {
      _ = try TTImageDecoder.decode(data, source: name)
    } catch {
      caught = error
    }
    let elapsed = ContinuousClock.now - start
    let error = try #require(caught)
    #expect(error.code == .tooManyPixels, "\(error)")
    #expect(error.message.contains(size), "\(error)")
    #expect(error.message.contains("100,000,000"), "\(error)")
    #expect(error.message.contains("maxPixels"), "\(error)")
    #expect(elapsed < .milliseconds(100), "took \(elapsed)")
    Self.checkError(error, source: name, format: format)
  }

  @Test(
    "An image of zero pixels is corrupt",
    arguments: [
      ("png-zero.png", TTImageFormat.png), ("jpeg-zero.jpg", .jpeg), ("gif-zero.gif", .gif),
      ("webp-zero.webp", .webp),
    ])
  func zeroSize(name: String, format: TTImageFormat) throws {
    let error = try #require(try DecoderFixture.error(name))
    #expect(error.code == .corrupt, "\(error)")
    Self.checkError(error, source: name, format: format)
  }

  @Test("A GIF without any colour table is corrupt")
  func gifWithoutColourTable() throws {
    let error = try #require(try DecoderFixture.error("gif-no-colormap.gif"))
    #expect(error.code == .corrupt, "\(error)")
    #expect(error.message.contains("colour table"))
  }

  @Test("An animated WebP is refused as unsupported, saying so")
  func animatedWebP() throws {
    let error = try #require(try DecoderFixture.error("webp-animated.webp"))
    #expect(error.code == .unsupported, "\(error)")
    #expect(error.message.contains("animated WebP"))
    Self.checkError(error, source: "webp-animated.webp", format: .webp)
  }

  @Test("The limits are checked: bytes first, then pixels and sides")
  func limits() throws {
    var limits = TTImageLimits()
    limits.maxBytes = 50
    #expect(try DecoderFixture.error("png-rgba.png", limits: limits)?.code == .tooManyBytes)
    limits = TTImageLimits(maxPixels: 7)
    let pixels = try #require(try DecoderFixture.error("png-rgba.png", limits: limits))
    #expect(pixels.code == .tooManyPixels)
    #expect(pixels.message.contains("4 × 2") && pixels.message.contains("maxPixels"))
    limits = TTImageLimits(maxSide: 3)
    let side = try #require(try DecoderFixture.error("png-rgba.png", limits: limits))
    #expect(side.code == .tooManyPixels)
    #expect(side.message.contains("maxSide"))
    // A GIF frame larger than the limits is refused even on a small screen.
    limits = TTImageLimits(maxPixels: 11)
    #expect(try DecoderFixture.error("gif-offset.gif", limits: limits)?.code == .tooManyPixels)
    #expect(try DecoderFixture.error("png-rgba.png", limits: TTImageLimits(maxPixels: 8)) == nil)
  }

  @Test("Data that is no image says what it looks like")
  func unknownFormats() {
    for (data, code) in [
      (Array("<!DOCTYPE html><title>404</title>".utf8), TTImageError.Code.unknownFormat),
      ([], .unknownFormat), (Array("BM\u{0}\u{0}".utf8), .unknownFormat), ([0x89, 0x50], .truncated),
    ] as [([UInt8], TTImageError.Code)] {
      do {
        _ = try TTImageDecoder.decode(data, source: "x")
        Issue.record("decoded \(data)")
      } catch {
        #expect(error.code == code, "\(error)")
        #expect(error.source == "x")
      }
    }
    #expect(throws: TTImageError.self) { try TTImageDecoder.header(Array("<html>".utf8)) }
    // The example in TTImageError's documentation.
    do {
      _ = try TTImageDecoder.decode([0x89, 0x50, 0x4E, 0x47], source: "logo.png")
    } catch {
      #expect(error.code == .truncated)
      #expect(error.format == .png)
      #expect(error.description.hasPrefix("logo.png (PNG): the data ends"), "\(error)")
    }
  }

  @Test(
    "Every prefix of a small file fails cleanly or decodes, never crashes",
    arguments: [
      ("png-rgba.png", TTImageFormat.png), ("png-palette-trns.png", .png), ("gif-interlaced.gif", .gif),
      ("webp-lossless.webp", .webp), ("webp-lossy.webp", .webp), ("jpeg-orientation-6.jpg", .jpeg),
      ("jpeg-progressive.jpg", .jpeg), ("jpeg-cmyk.jpg", .jpeg),
    ])
  func everyPrefix(name: String, format: TTImageFormat) throws {
    let data = try DecoderFixture.bytes(name)
    var decoded = 0
    for length in 0..<data.count {
      let prefix = Array(data.prefix(length))
      do {
        let image = try TTImageDecoder.decode(prefix, source: name, minimumSize: TTSize(width: 3, height: 3))
        #expect(image.bitmap.pixels.count == image.bitmap.width * image.bitmap.height * 4)
        decoded += 1
      } catch {
        Self.checkError(error, source: name, format: length == 0 ? nil : format, "prefix \(length)")
        #expect(error.code == (length == 0 ? .unknownFormat : .truncated), "prefix \(length): \(error)")
      }
      do {
        _ = try TTImageDecoder.header(prefix, source: name)
      } catch {
        Self.checkError(error, source: name, format: length == 0 ? nil : format, "header of prefix \(length)")
      }
    }
    // Only a GIF whose first frame is complete (or a PNG missing no more than its end chunk) may
    // decode short.
    #expect(decoded < 40, "\(decoded) prefixes decoded")
  }

  @Test("Random bytes after a valid signature or header never crash")
  func randomTails() throws {
    var generator = SeededGenerator(seed: 0x7720_1A6E)
    let heads: [(TTImageFormat, [UInt8])] = try [
      (.png, Array(DecoderFixture.bytes("png-rgba.png").prefix(8))),
      (.png, Array(DecoderFixture.bytes("png-rgba.png").prefix(33))),
      (.jpeg, [0xFF, 0xD8, 0xFF]),
      (.jpeg, Array(DecoderFixture.bytes("jpeg-baseline.jpg").prefix(200))),
      (.gif, Array("GIF89a".utf8)),
      (.gif, Array(DecoderFixture.bytes("gif-interlaced.gif").prefix(40))),
      (.webp, Array("RIFF\u{40}\u{0}\u{0}\u{0}WEBPVP8L".utf8)),
      (.webp, Array(DecoderFixture.bytes("webp-lossy.webp").prefix(30))),
    ]
    var limits = TTImageLimits()
    limits.maxPixels = 1 << 20
    for round in 0..<2_000 {
      let (format, head) = heads[round % heads.count]
      let tail = (0..<Int.random(in: 0...300, using: &generator)).map { _ in
        UInt8.random(in: 0...255, using: &generator)
      }
      do {
        let image = try TTImageDecoder.decode(head + tail, source: "random", limits: limits)
        #expect(image.bitmap.pixelCount <= limits.maxPixels)
      } catch {
        Self.checkError(error, source: "random", format: format, "round \(round)")
      }
    }
  }

  @Test("Bytes flipped at random in real files never crash")
  func randomFlips() throws {
    var generator = SeededGenerator(seed: 20_260_101)
    let names = [
      "png-rgba.png", "png-palette-trns.png", "jpeg-baseline.jpg", "jpeg-progressive.jpg",
      "jpeg-orientation-3.jpg", "gif-interlaced.gif", "gif-offset.gif", "webp-lossless.webp",
      "webp-lossy.webp",
    ]
    let files = try names.map { try DecoderFixture.bytes($0) }
    var limits = TTImageLimits()
    limits.maxPixels = 1 << 20
    for round in 0..<2_000 {
      var data = files[round % files.count]
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        data[Int.random(in: 0..<data.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
      }
      do {
        let image = try TTImageDecoder.decode(
          data, source: names[round % names.count], limits: limits, minimumSize: TTSize(width: 5, height: 5))
        #expect(image.bitmap.pixels.count == image.bitmap.width * image.bitmap.height * 4)
      } catch {
        #expect(error.source == names[round % names.count])
        #expect(!error.message.isEmpty)
      }
    }
  }
}
