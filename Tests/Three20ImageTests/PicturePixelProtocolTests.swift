import Testing
import Three20Style

@testable import Three20Image

/// Sixel, kitty and iTerm2 sequences, read back as a terminal would read them, and PNG bytes.
///
/// The tests pass their own cell pixel size rather than change the global one that other
/// tests may read at the same time.
@Suite("Picture pixel protocols")
struct PicturePixelProtocolTests {
  static let cellPixels = TTSize(width: 10, height: 20)
  static let cells = TTSize(width: 8, height: 4)
  static let quadrants = GraphicsFixtures.quadrants(width: 80, height: 80)

  /// Whether every byte of a sequence is printable ASCII or one of the framing controls.
  static func onlyFramingControls(_ text: String) -> Bool {
    text.utf8.allSatisfy { (0x20..<0x7F).contains($0) || $0 == 0x1B || $0 == 0x07 }
  }

  @Test(
    "A sixel image has the cells' pixel size (height down to a multiple of six) and each quadrant's colour")
  func sixelQuadrants() throws {
    let picture = TTImagePicture(bitmap: Self.quadrants, cellSize: Self.cells)
    let text = try #require(picture.sequence(for: .sixel, imageID: 1, cellPixelSize: Self.cellPixels))
    #expect(text.hasPrefix("\u{1B}P0;1;0q\"1;1;80;78"))
    #expect(Self.onlyFramingControls(text))
    let image = try #require(GraphicsDecoders.decodeSixel(text))
    #expect(image.width == 80 && image.height == 78)
    #expect(image.registers.count <= 256)
    for (x, y) in [(2, 2), (30, 30), (50, 10), (77, 38), (5, 45), (39, 77), (45, 60), (79, 77)] {
      let expected = GraphicsFixtures.quadrantColors[
        GraphicsFixtures.quadrant(x: x, y: y, width: 80, height: 80)]
      let color = try #require(image.color(x: x, y: y), "pixel \(x), \(y) is not painted")
      #expect(GraphicsFixtures.distance(color, expected) <= 6, "pixel \(x), \(y): \(color)")
    }
    #expect(image.pixels.allSatisfy { $0 != nil })
  }

  @Test("A sixel image follows the cell pixel size and leaves transparent pixels unpainted")
  func sixelSizeAndTransparency() throws {
    var pixels: [UInt8] = []
    for _ in 0..<30 {
      for x in 0..<60 { pixels += [0, 0, 255, x < 30 ? 0 : 255] }
    }
    let picture = TTImagePicture(
      bitmap: TTImageBitmap(width: 60, height: 30, pixels: pixels), cellSize: TTSize(width: 6, height: 2))
    let text = try #require(
      picture.sequence(for: .sixel, imageID: 0, cellPixelSize: TTSize(width: 7, height: 15)))
    let image = try #require(GraphicsDecoders.decodeSixel(text))
    #expect(image.width == 42 && image.height == 30)
    for y in 0..<30 {
      #expect(image.pixels[y * 42 + 3] == nil)
      #expect(image.pixels[y * 42 + 17] == nil)
      let right = try #require(image.color(x: 38, y: y))
      #expect(GraphicsFixtures.distance(right, (0, 0, 255)) <= 6)
    }
    // Asked again with another cell size, the picture draws it anew.
    let larger = try #require(
      picture.sequence(for: .sixel, imageID: 0, cellPixelSize: TTSize(width: 10, height: 24)))
    #expect(GraphicsDecoders.decodeSixel(larger)?.width == 60)
    #expect(GraphicsDecoders.decodeSixel(larger)?.height == 48)
  }

  @Test(
    "A kitty image is placed with its id over the cells without moving the cursor or asking for an answer")
  func kittySingleChunk() throws {
    let picture = TTImagePicture(bitmap: Self.quadrants, cellSize: Self.cells)
    let text = try #require(picture.sequence(for: .kitty, imageID: 42, cellPixelSize: Self.cellPixels))
    #expect(Self.onlyFramingControls(text))
    let chunks = try #require(GraphicsDecoders.kittyChunks(text))
    #expect(chunks.count == 1)
    let keys = chunks[0].keys
    #expect(keys["a"] == "T" && keys["f"] == "100")
    #expect(keys["s"] == "80" && keys["v"] == "80")
    #expect(keys["i"] == "42" && keys["p"] == "1")
    #expect(keys["c"] == "8" && keys["r"] == "4")
    #expect(keys["C"] == "1" && keys["q"] == "2" && keys["m"] == "0")
    let png = try #require(GraphicsDecoders.base64(chunks[0].payload))
    #expect(GraphicsDecoders.decodePNG(png) == Self.quadrants)
  }

  @Test("A large kitty image is sent in chunks of at most 4,096 base64 bytes, m=1 on all but the last")
  func kittyChunks() throws {
    let noise = GraphicsFixtures.noise(width: 80, height: 60)
    let picture = TTImagePicture(bitmap: noise, cellSize: TTSize(width: 8, height: 3))
    let text = try #require(picture.sequence(for: .kitty, imageID: 7, cellPixelSize: Self.cellPixels))
    let chunks = try #require(GraphicsDecoders.kittyChunks(text))
    #expect(chunks.count > 2)
    for (index, chunk) in chunks.enumerated() {
      #expect(chunk.payload.utf8.count <= 4_096)
      #expect(chunk.keys["m"] == (index == chunks.count - 1 ? "0" : "1"))
      #expect(chunk.keys["q"] == "2")
      if index > 0 { #expect(Set(chunk.keys.keys) == ["m", "q"]) }
      if index < chunks.count - 1 { #expect(chunk.payload.utf8.count == 4_096) }
    }
    #expect(chunks[0].keys["s"] == "80" && chunks[0].keys["v"] == "60" && chunks[0].keys["i"] == "7")
    let png = try #require(GraphicsDecoders.base64(chunks.map(\.payload).joined()))
    #expect(GraphicsDecoders.decodePNG(png) == noise)
  }

  @Test("A kitty image larger than its cells is shrunk to their pixels; a smaller one is sent as it is")
  func kittySizes() throws {
    let large = TTImagePicture(
      bitmap: GraphicsFixtures.quadrants(width: 400, height: 300), cellSize: Self.cells)
    let text = try #require(large.sequence(for: .kitty, imageID: 3, cellPixelSize: Self.cellPixels))
    let chunks = try #require(GraphicsDecoders.kittyChunks(text))
    #expect(chunks[0].keys["s"] == "80" && chunks[0].keys["v"] == "80")
    let png = try #require(GraphicsDecoders.base64(chunks.map(\.payload).joined()))
    let decoded = try #require(GraphicsDecoders.decodePNG(png))
    #expect(decoded.width == 80 && decoded.height == 80)
    #expect(decoded[10, 10].red == 255 && decoded[10, 10].green == 0)
    #expect(decoded[70, 70].red == 255 && decoded[70, 70].green == 255)

    let small = TTImagePicture(bitmap: GraphicsFixtures.quadrants(width: 16, height: 8), cellSize: Self.cells)
    let smallText = try #require(small.sequence(for: .kitty, imageID: 0, cellPixelSize: Self.cellPixels))
    let smallChunks = try #require(GraphicsDecoders.kittyChunks(smallText))
    #expect(smallChunks[0].keys["s"] == "16" && smallChunks[0].keys["v"] == "8")
    #expect(smallChunks[0].keys["i"] == nil && smallChunks[0].keys["p"] == nil)
    #expect(smallChunks[0].keys["c"] == "8" && smallChunks[0].keys["r"] == "4")
  }

  @Test("The kitty sequence follows the image id it is asked with")
  func kittyImageID() throws {
    let picture = TTImagePicture(bitmap: Self.quadrants, cellSize: Self.cells)
    for id: UInt32 in [1, 9, 1, UInt32.max] {
      let text = try #require(picture.sequence(for: .kitty, imageID: id, cellPixelSize: Self.cellPixels))
      #expect(GraphicsDecoders.kittyChunks(text)?.first?.keys["i"] == String(id))
    }
  }

  @Test("An iTerm2 image is an inline PNG stretched over the cells, its size the PNG's length")
  func iterm2() throws {
    let picture = TTImagePicture(bitmap: Self.quadrants, cellSize: Self.cells)
    let text = try #require(picture.sequence(for: .iterm2, imageID: 5, cellPixelSize: Self.cellPixels))
    #expect(Self.onlyFramingControls(text))
    let image = try #require(GraphicsDecoders.iterm2(text))
    #expect(image.arguments["inline"] == "1")
    #expect(image.arguments["width"] == "8" && image.arguments["height"] == "4")
    #expect(image.arguments["preserveAspectRatio"] == "0")
    #expect(image.arguments["size"] == String(image.file.count))
    #expect(GraphicsDecoders.decodePNG(image.file) == Self.quadrants)
  }

  @Test("Symbols, none, an empty picture or bitmap, and sub-pixel sixel cells have no sequence")
  func noSequence() {
    let picture = TTImagePicture(bitmap: Self.quadrants, cellSize: Self.cells)
    #expect(picture.sequence(for: .none, imageID: 1) == nil)
    #expect(picture.sequence(for: .symbols, imageID: 1) == nil)
    let noCells = TTImagePicture(bitmap: Self.quadrants, cellSize: TTSize(width: 0, height: 0))
    let noPixels = TTImagePicture(
      bitmap: TTImageBitmap(width: 0, height: 0, pixels: []), cellSize: Self.cells)
    for graphics in [TTTerminalGraphics.sixel, .kitty, .iterm2] {
      #expect(noCells.sequence(for: graphics, imageID: 1) == nil)
      #expect(noPixels.sequence(for: graphics, imageID: 1) == nil)
    }
    let wide = TTImagePicture(bitmap: Self.quadrants, cellSize: TTSize(width: 5_000, height: 1))
    #expect(wide.sequence(for: .sixel, imageID: 1, cellPixelSize: Self.cellPixels) == nil)
  }

  @Test("Pixel sizes are bounded to 4,096 a side, keeping proportions")
  func pixelBounds() throws {
    #expect(
      TTImagePicture.pixelSize(cells: TTSize(width: 80, height: 24), cellPixels: Self.cellPixels)
        == TTSize(width: 800, height: 480))
    #expect(
      TTImagePicture.pixelSize(cells: TTSize(width: 1_000, height: 100), cellPixels: Self.cellPixels)
        == TTSize(width: 4_096, height: 819))
    let picture = TTImagePicture(
      bitmap: GraphicsFixtures.quadrants(width: 100, height: 40), cellSize: TTSize(width: 500, height: 100))
    let text = try #require(picture.sequence(for: .sixel, imageID: 1, cellPixelSize: Self.cellPixels))
    let image = try #require(GraphicsDecoders.decodeSixel(text))
    #expect(image.width == 4_000 && image.height <= 2_000)
  }

  @Test("The PNG bytes decode to the bitmap, alpha and all, and are kept")
  func pngRoundTrip() throws {
    let noise = GraphicsFixtures.noise(width: 33, height: 17, seed: 99)
    let picture = TTImagePicture(bitmap: noise, cellSize: TTSize(width: 3, height: 1))
    let png = try #require(picture.pngData())
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    #expect(GraphicsDecoders.decodePNG(png) == noise)
    #expect(picture.pngData() == png)
    #expect(try noise.pngData() == png)
  }

  @Test("An empty bitmap has no PNG")
  func emptyPNG() {
    let empty = TTImageBitmap(width: 0, height: 5, pixels: [])
    #expect(TTImagePicture(bitmap: empty, cellSize: Self.cells).pngData() == nil)
    #expect(throws: TTImageError.self) { try empty.pngData() }
    do {
      _ = try empty.pngData()
    } catch {
      #expect(error.code == .unsupported)
    }
  }

  @Test("Base64 follows RFC 4648, padding included")
  func base64() {
    let vectors = [
      "": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=",
      "foobar": "Zm9vYmFy",
    ]
    for (input, output) in vectors {
      #expect(String(decoding: TTGraphicsSequences.base64(Array(input.utf8)), as: UTF8.self) == output)
    }
    let bytes = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 37) }
    #expect(
      GraphicsDecoders.base64(String(decoding: TTGraphicsSequences.base64(bytes), as: UTF8.self)) == bytes)
  }
}
