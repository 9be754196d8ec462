import Testing
import Three20Image
import Three20Style

@Suite("Image decoding")
struct DecoderTests {
  /// The 4 × 2 RGBA picture in png-rgba.png and webp-lossless.webp.
  static let rgbaPixels: [[UInt8]] = [
    [255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 255, 128],
    [0, 0, 0, 255], [0, 0, 0, 0], [10, 20, 30, 40], [200, 100, 50, 255],
  ]
  /// The quadrants of the 64 × 48 JPEG and WebP pictures: top left, top right, bottom left,
  /// bottom right.
  static let quadrants = [(220, 30, 30), (30, 200, 30), (30, 30, 220), (240, 240, 240)]
  /// The 4 × 2 blocks of 8 × 8 pixels in the orientation pictures, upright.
  static let blocks = [
    [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0)],
    [(0, 255, 255), (255, 0, 255), (0, 0, 0), (255, 255, 255)],
  ]

  @Test("An RGBA PNG decodes to its exact pixels, transparency kept unassociated")
  func pngRGBA() throws {
    let image = try DecoderFixture.decode("png-rgba.png")
    #expect(image.format == .png)
    #expect((image.width, image.height) == (4, 2))
    #expect((image.bitmap.width, image.bitmap.height) == (4, 2))
    #expect(DecoderFixture.pixels(image.bitmap) == Self.rgbaPixels)
    #expect(image.orientation == .up)
    #expect(image.frameCount == nil)
  }

  @Test("A palette PNG applies its tRNS alpha to each entry")
  func pngPalette() throws {
    let image = try DecoderFixture.decode("png-palette-trns.png")
    #expect(DecoderFixture.pixels(image.bitmap) == [[255, 0, 0, 255], [0, 255, 0, 0], [0, 0, 255, 128]])
  }

  @Test("Grey and 16-bit PNGs come out as 8-bit RGBA")
  func pngGreyAndSixteenBit() throws {
    let grey = try DecoderFixture.decode("png-grey.png")
    #expect(
      DecoderFixture.pixels(grey.bitmap) == [
        [0, 0, 0, 255], [85, 85, 85, 255], [170, 170, 170, 255], [255, 255, 255, 255],
      ])
    let sixteen = try DecoderFixture.decode("png-rgba16.png")
    #expect(DecoderFixture.pixels(sixteen.bitmap) == [[255, 128, 0, 255], [17, 34, 51, 68]])
  }

  @Test(
    "Baseline and progressive JPEGs decode to the colours they were saved with",
    arguments: [
      "jpeg-baseline.jpg", "jpeg-progressive.jpg",
    ])
  func jpegQuadrants(name: String) throws {
    let image = try DecoderFixture.decode(name)
    #expect(image.format == .jpeg)
    #expect((image.width, image.height) == (64, 48))
    #expect((image.bitmap.width, image.bitmap.height) == (64, 48))
    for (index, colour) in Self.quadrants.enumerated() {
      let x = (index % 2) * 32 + 16
      let y = (index / 2) * 24 + 12
      #expect(
        DecoderFixture.pixel(image.bitmap, x: x, y: y, near: colour),
        "quadrant \(index): \(String(describing: image.bitmap[x, y]))")
    }
  }

  @Test("Every EXIF orientation, in either byte order, comes out upright and the same")
  func jpegOrientations() throws {
    let upright = try DecoderFixture.decode("jpeg-orientation-1.jpg")
    for number in 1...8 {
      let image = try DecoderFixture.decode("jpeg-orientation-\(number).jpg")
      #expect(image.orientation.rawValue == number)
      #expect((image.width, image.height) == (32, 16), "orientation \(number)")
      #expect((image.bitmap.width, image.bitmap.height) == (32, 16), "orientation \(number)")
      for (row, colours) in Self.blocks.enumerated() {
        for (column, colour) in colours.enumerated() {
          for (x, y) in [(column * 8 + 1, row * 8 + 1), (column * 8 + 6, row * 8 + 6)] {
            #expect(
              DecoderFixture.pixel(image.bitmap, x: x, y: y, near: colour, tolerance: 3),
              "orientation \(number) at \(x), \(y): \(String(describing: image.bitmap[x, y]))")
          }
        }
      }
      let largest = zip(image.bitmap.pixels, upright.bitmap.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
      #expect(largest <= 2, "orientation \(number) differs from 1 by up to \(largest)")
    }
  }

  @Test(
    "The header gives the upright size without decoding",
    arguments: [
      ("png-rgba.png", TTImageFormat.png, 4, 2), ("jpeg-baseline.jpg", .jpeg, 64, 48),
      ("jpeg-orientation-6.jpg", .jpeg, 32, 16), ("jpeg-orientation-5.jpg", .jpeg, 32, 16),
      ("gif-interlaced.gif", .gif, 6, 10), ("webp-lossless.webp", .webp, 4, 2),
      ("webp-lossy.webp", .webp, 64, 48),
      ("webp-animated.webp", .webp, 8, 8), ("png-bomb.png", .png, 100_000, 100_000),
      ("webp-bomb.webp", .webp, 100_000, 100_000), ("gif-bomb.gif", .gif, 65_535, 65_535),
      ("jpeg-bomb.jpg", .jpeg, 65_500, 65_500),
    ])
  func header(name: String, format: TTImageFormat, width: Int, height: Int) throws {
    let header = try TTImageDecoder.header(DecoderFixture.bytes(name), source: name)
    #expect(header.format == format)
    #expect((header.width, header.height) == (width, height))
  }

  @Test("A CMYK JPEG (Adobe, inverted inks) comes out in RGB")
  func jpegCMYK() throws {
    let image = try DecoderFixture.decode("jpeg-cmyk.jpg")
    #expect((image.bitmap.width, image.bitmap.height) == (16, 16))
    #expect(
      DecoderFixture.pixel(image.bitmap, x: 8, y: 8, near: (255, 0, 0)),
      "\(String(describing: image.bitmap[8, 8]))")
  }

  @Test("A JPEG asked for a minimum size decodes at the smallest scale that still covers it")
  func jpegMinimumSize() throws {
    // 64 × 48 covering 10 × 10 needs 14 × 10: 1/8 (8 × 6) is too small, 1/4 (16 × 12) is the one.
    let quarter = try DecoderFixture.decode("jpeg-baseline.jpg", minimumSize: TTSize(width: 10, height: 10))
    #expect((quarter.width, quarter.height) == (64, 48))
    #expect((quarter.bitmap.width, quarter.bitmap.height) == (16, 12))
    #expect(DecoderFixture.pixel(quarter.bitmap, x: 4, y: 3, near: Self.quadrants[0], tolerance: 12))
    let half = try DecoderFixture.decode("jpeg-progressive.jpg", minimumSize: TTSize(width: 32, height: 24))
    #expect((half.bitmap.width, half.bitmap.height) == (32, 24))
    let tiny = try DecoderFixture.decode("jpeg-baseline.jpg", minimumSize: TTSize(width: 1, height: 1))
    #expect((tiny.bitmap.width, tiny.bitmap.height) == (8, 6))
    let full = try DecoderFixture.decode("jpeg-baseline.jpg", minimumSize: TTSize(width: 100, height: 10))
    #expect((full.bitmap.width, full.bitmap.height) == (64, 48))
    // 20 × 5 needs 20 × 15: 3/8 (24 × 18) covers it.
    let asked = TTSize(width: 20, height: 5)
    let image = try DecoderFixture.decode("jpeg-baseline.jpg", minimumSize: asked)
    #expect(image.bitmap.width >= asked.width && image.bitmap.height >= asked.height)
    #expect(image.bitmap.width < 64 && image.bitmap.height < 48)
  }

  @Test("A turned JPEG's minimum size is read upright")
  func jpegMinimumSizeTurned() throws {
    // Stored 16 × 32, upright 32 × 16; 8 × 4 upright is covered by 1/4, stored 4 × 8.
    let image = try DecoderFixture.decode("jpeg-orientation-6.jpg", minimumSize: TTSize(width: 8, height: 4))
    #expect((image.width, image.height) == (32, 16))
    #expect((image.bitmap.width, image.bitmap.height) == (8, 4))
    #expect(DecoderFixture.pixel(image.bitmap, x: 0, y: 0, near: Self.blocks[0][0], tolerance: 40))
    #expect(DecoderFixture.pixel(image.bitmap, x: 7, y: 3, near: Self.blocks[1][3], tolerance: 40))
  }

  @Test("A lossless WebP decodes to its exact pixels")
  func webpLossless() throws {
    let image = try DecoderFixture.decode("webp-lossless.webp")
    #expect(image.format == .webp)
    #expect(DecoderFixture.pixels(image.bitmap) == Self.rgbaPixels)
  }

  @Test("A lossy WebP decodes to its colours, and scales while decoding for a minimum size")
  func webpLossy() throws {
    let image = try DecoderFixture.decode("webp-lossy.webp")
    #expect((image.bitmap.width, image.bitmap.height) == (64, 48))
    for (index, colour) in Self.quadrants.enumerated() {
      let x = (index % 2) * 32 + 16
      let y = (index / 2) * 24 + 12
      #expect(DecoderFixture.pixel(image.bitmap, x: x, y: y, near: colour), "quadrant \(index)")
    }
    let small = try DecoderFixture.decode("webp-lossy.webp", minimumSize: TTSize(width: 16, height: 6))
    #expect((small.width, small.height) == (64, 48))
    #expect((small.bitmap.width, small.bitmap.height) == (16, 12))
    #expect(DecoderFixture.pixel(small.bitmap, x: 12, y: 9, near: Self.quadrants[3], tolerance: 12))
  }

  @Test("An interlaced GIF's first frame is drawn with its transparent index, and its frames counted")
  func gifInterlaced() throws {
    let image = try DecoderFixture.decode("gif-interlaced.gif")
    #expect(image.format == .gif)
    #expect((image.bitmap.width, image.bitmap.height) == (6, 10))
    #expect(image.frameCount == 2)
    let colours: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255]]
    for y in 0..<10 {
      #expect(image.bitmap[0, y].alpha == 0, "row \(y)")
      for x in 1..<6 {
        let pixel = image.bitmap[x, y]
        #expect([pixel.red, pixel.green, pixel.blue, pixel.alpha] == colours[y % 3], "pixel \(x), \(y)")
      }
    }
  }

  @Test("A GIF frame that hangs over the screen is clipped; the rest of the screen is clear")
  func gifOffsetFrame() throws {
    let image = try DecoderFixture.decode("gif-offset.gif")
    #expect((image.bitmap.width, image.bitmap.height) == (4, 4))
    #expect(image.frameCount == 1)
    for y in 0..<4 {
      for x in 0..<4 where x < 2 || y < 2 {
        #expect(image.bitmap[x, y].alpha == 0, "pixel \(x), \(y)")
      }
    }
    let first: [UInt8] = [10, 20, 30, 255]
    let second: [UInt8] = [40, 50, 60, 255]
    let pixels = DecoderFixture.pixels(image.bitmap)
    #expect(
      [pixels[2 * 4 + 2], pixels[2 * 4 + 3], pixels[3 * 4 + 2], pixels[3 * 4 + 3]] == [
        first, second, second, first,
      ])
  }

  @Test("Decoding is safe from many tasks at once and gives the same pixels")
  func concurrentDecoding() async throws {
    let names = [
      "png-rgba.png", "jpeg-orientation-6.jpg", "gif-interlaced.gif", "webp-lossy.webp", "jpeg-truncated.jpg",
    ]
    let files = try names.map { try DecoderFixture.bytes($0) }
    let expected = files.map { try? TTImageDecoder.decode($0).bitmap }
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for round in 0..<64 {
        group.addTask {
          let index = round % files.count
          return (try? TTImageDecoder.decode(files[index]).bitmap) == expected[index] ? 0 : 1
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }

  @Test("Orienting a bitmap is a pure function that matches each EXIF case")
  func orientedBitmap() {
    // 3 × 2 as stored, pixel values 1…6 in reading order (red channel):
    //   1 2 3
    //   4 5 6
    let stored = TTImageBitmap(width: 3, height: 2, pixels: (1...6).flatMap { [UInt8($0), 0, 0, 255] })
    func reds(_ bitmap: TTImageBitmap) -> [UInt8] {
      stride(from: 0, to: bitmap.pixels.count, by: 4).map { bitmap.pixels[$0] }
    }
    let expected: [TTImageOrientation: (Int, Int, [UInt8])] = [
      .up: (3, 2, [1, 2, 3, 4, 5, 6]),
      .upMirrored: (3, 2, [3, 2, 1, 6, 5, 4]),
      .down: (3, 2, [6, 5, 4, 3, 2, 1]),
      .downMirrored: (3, 2, [4, 5, 6, 1, 2, 3]),
      .leftMirrored: (2, 3, [1, 4, 2, 5, 3, 6]),
      .right: (2, 3, [4, 1, 5, 2, 6, 3]),
      .rightMirrored: (2, 3, [6, 3, 5, 2, 4, 1]),
      .left: (2, 3, [3, 6, 2, 5, 1, 4]),
    ]
    for orientation in TTImageOrientation.allCases {
      let result = stored.oriented(orientation)
      let (width, height, values) = expected[orientation]!
      #expect((result.width, result.height) == (width, height), "\(orientation)")
      #expect(reds(result) == values, "\(orientation)")
      #expect(orientation.swapsWidthAndHeight == (width != 3))
    }
    #expect(stored.oriented(.right).oriented(.left) == stored)
    #expect(stored.oriented(.down).oriented(.down) == stored)
    #expect(TTImageBitmap(width: 0, height: 3, pixels: []).oriented(.right).width == 3)
    #expect(TTImageOrientation(rawValue: 6) == .right)
    #expect(TTImageOrientation(rawValue: 9) == nil)
  }
}
