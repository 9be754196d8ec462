import Foundation
import Testing
import Three20Image
import Three20Style

/// Symbol art: a picture of four solid quadrants read back cell by cell, and through the ANSI
/// renderer's escape sequences.
@Suite("Picture symbols")
struct PictureSymbolTests {
  /// 8 × 4 cells of 10 × 20 pixels: each quadrant is exactly 4 × 2 cells.
  static let cells = TTSize(width: 8, height: 4)
  static let picture = TTImagePicture(
    bitmap: GraphicsFixtures.quadrants(width: 80, height: 80), cellSize: cells)

  /// The colours a cell shows: the background of a space, the foreground of a full block,
  /// both for any other symbol.
  static func shownColors(_ cell: TTCell) -> [TTColor?] {
    switch cell.character {
    case " ": [cell.style.background]
    case "█": [cell.style.foreground]
    default: [cell.style.foreground, cell.style.background]
    }
  }

  static func isBlockSymbol(_ character: Character) -> Bool {
    guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else {
      return false
    }
    return scalar == " " || (0x2580...0x259F).contains(scalar.value)
      || (0x1FB00...0x1FB3B).contains(scalar.value)
  }

  /// Checks every cell of the quadrant picture against the quadrant it lies in.
  static func expectQuadrants(
    _ cells: [TTCell], tolerance: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(cells.count == 32, sourceLocation: sourceLocation)
    for (index, cell) in cells.enumerated() {
      #expect(isBlockSymbol(cell.character), "\(cell.character)", sourceLocation: sourceLocation)
      #expect(TTDisplayWidth.of(cell.character) == 1, sourceLocation: sourceLocation)
      let expected =
        GraphicsFixtures.quadrantColors[
          GraphicsFixtures.quadrant(x: index % 8, y: index / 8, width: 8, height: 4)]
      for color in shownColors(cell) {
        guard let shown = color else {
          Issue.record("cell \(index) shows no colour", sourceLocation: sourceLocation)
          continue
        }
        let (r, g, b) = shown.rgb8
        let distance = GraphicsFixtures.distance((Int(r), Int(g), Int(b)), expected)
        #expect(
          distance <= tolerance, "cell \(index) shows \(shown), wants \(expected)",
          sourceLocation: sourceLocation)
      }
    }
  }

  @Test("Truecolor symbols show each quadrant in its own colour")
  func trueColorQuadrants() {
    Self.expectQuadrants(Self.picture.cells(for: .trueColor), tolerance: 8)
  }

  @Test("256-colour symbols use only palette entries 16–255, each the exact palette colour")
  func paletteColorsOnly() {
    let cells = Self.picture.cells(for: .ansi256)
    Self.expectQuadrants(cells, tolerance: 0)
    for cell in cells {
      for color in [cell.style.foreground, cell.style.background].compactMap({ $0 }) {
        let index = color.nearestXterm256
        #expect(index >= 16)
        #expect(TTColor.xterm256(index) == color)
      }
    }
  }

  @Test("16-colour symbols use the basic colours, each the exact palette colour")
  func basicColorsOnly() {
    let cells = Self.picture.cells(for: .ansi16)
    // The nearest basic colours: bright red, green and yellow exactly; blue is 12 (#5C5CFF).
    Self.expectQuadrants(cells, tolerance: 92)
    var shown: Set<UInt8> = []
    for cell in cells {
      for color in [cell.style.foreground, cell.style.background].compactMap({ $0 }) {
        #expect(TTColor.xterm256(color.nearestANSI16) == color)
        shown.insert(color.nearestANSI16)
      }
    }
    #expect(shown.isSuperset(of: [9, 10, 11]))
    #expect(shown.count == 4)
  }

  @Test("A gradient is drawn with block, quadrant and sextant symbols, one column each")
  func gradientSymbols() {
    var pixels: [UInt8] = []
    for y in 0..<120 {
      for x in 0..<200 { pixels += [UInt8(x), UInt8(y * 2), UInt8((x * y) & 0xFF), 255] }
    }
    let picture = TTImagePicture(
      bitmap: TTImageBitmap(width: 200, height: 120, pixels: pixels), cellSize: TTSize(width: 20, height: 6))
    for profile in [TTColorProfile.trueColor, .ansi256, .ansi16] {
      let cells = picture.cells(for: profile)
      #expect(cells.count == 120)
      #expect(cells.allSatisfy { Self.isBlockSymbol($0.character) && TTDisplayWidth.of($0.character) == 1 })
      #expect(cells.allSatisfy { $0.style.foreground != nil || $0.character == " " })
      #expect(
        cells.contains { $0.character != " " && $0.character != "█" }, "a gradient needs partial symbols")
    }
  }

  @Test("Transparent pixels leave cells without colour, and no symbol is drawn in the terminal's colour")
  func transparency() {
    // The left half transparent, the right half opaque red, with a ramp of alpha between.
    var pixels: [UInt8] = []
    for _ in 0..<40 {
      for x in 0..<80 { pixels += [255, 0, 0, x < 40 ? 0 : UInt8(min(255, (x - 40) * 16))] }
    }
    let picture = TTImagePicture(
      bitmap: TTImageBitmap(width: 80, height: 40, pixels: pixels), cellSize: TTSize(width: 8, height: 2))
    for profile in [TTColorProfile.trueColor, .ansi256, .ansi16] {
      let cells = picture.cells(for: profile)
      #expect(cells.count == 16)
      for row in 0..<2 {
        for column in 0..<4 {
          let cell = cells[row * 8 + column]
          #expect(cell.character == " " && cell.style.background == nil, "\(profile) cell \(column)")
        }
        #expect(Self.shownColors(cells[row * 8 + 7]).allSatisfy { $0 != nil })
      }
      #expect(cells.allSatisfy { $0.style.foreground != nil || $0.character == " " })
    }
  }

  @Test("No colour, an empty picture or an empty bitmap give no symbols")
  func emptyCases() {
    #expect(Self.picture.cells(for: .none).isEmpty)
    let noCells = TTImagePicture(
      bitmap: GraphicsFixtures.quadrants(width: 4, height: 4), cellSize: TTSize(width: 0, height: 3))
    #expect(noCells.cells(for: .trueColor).isEmpty)
    let blank = TTImagePicture(
      bitmap: TTImageBitmap(width: 0, height: 0, pixels: []), cellSize: TTSize(width: 3, height: 2))
    #expect(blank.cells(for: .ansi256) == Array(repeating: TTCell(" "), count: 6))
    let tooMany = TTImagePicture(
      bitmap: GraphicsFixtures.quadrants(width: 4, height: 4), cellSize: TTSize(width: 10_000, height: 1_000))
    #expect(tooMany.cells(for: .trueColor).isEmpty)
  }

  @Test("A bitmap larger than 4,096 pixels a side is scaled down, keeping its proportions")
  func boundsTheBitmap() {
    let wide = TTImagePicture(
      bitmap: TTImageBitmap(width: 8_192, height: 10, pixels: []), cellSize: TTSize(width: 4, height: 1))
    #expect(wide.bitmap.width == 4_096)
    #expect(wide.bitmap.height == 5)
    #expect(wide.cells(for: .trueColor).count == 4)
  }

  @Test("Cells are the same from many threads at once, and the same again")
  func concurrentCells() async {
    let picture = TTImagePicture(
      bitmap: GraphicsFixtures.noise(width: 120, height: 80), cellSize: TTSize(width: 12, height: 4))
    let results = await withTaskGroup(of: [TTCell].self) { group in
      for index in 0..<12 {
        group.addTask { picture.cells(for: index % 2 == 0 ? .trueColor : .ansi256) }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(Set(results.map { $0 }).count == 2)
    #expect(results.contains(picture.cells(for: .trueColor)))
    #expect(results.contains(picture.cells(for: .ansi256)))
  }

  /// The ANSI text a canvas holding only the picture renders to.
  static func rendered(_ capabilities: TTTerminalCapabilities) -> String {
    var canvas = TTCanvas(width: 8, height: 4)
    canvas.place(picture, at: TTPoint(x: 0, y: 0))
    return TTANSIRenderer(capabilities: capabilities).render(canvas)
  }

  /// The parameter lists of every SGR sequence (`ESC [ … m`) in `text`.
  static func sgrParameters(_ text: String) -> [[Int]] {
    var result: [[Int]] = []
    var rest = Substring(text)
    while let start = rest.range(of: "\u{1B}[") {
      rest = rest[start.upperBound...]
      guard let end = rest.firstIndex(of: "m") else { break }
      result.append(rest[..<end].split(separator: ";").compactMap { Int($0) })
      rest = rest[rest.index(after: end)...]
    }
    return result
  }

  @Test("Written out in 256 colours, the picture's escape sequences name palette entries 16–255 only")
  func ansi256Output() {
    let text = Self.rendered(.ansi256)
    let sgr = Self.sgrParameters(text)
    #expect(!sgr.isEmpty)
    for parameters in sgr {
      var index = 0
      while index < parameters.count {
        if parameters[index] == 38 || parameters[index] == 48 {
          #expect(parameters[index + 1] == 5)
          #expect(parameters[index + 2] >= 16)
          index += 3
        } else {
          #expect(parameters[index] == 0)
          index += 1
        }
      }
    }
    // Red (196), green (46), blue (21) and yellow (226) quadrants.
    let named = Set(sgr.flatMap { $0.count >= 3 ? Array($0.suffix(from: 2)) : [] })
    #expect([196, 46, 21, 226].allSatisfy { named.contains($0) })
    assertSnapshot(text, named: "quadrants.256.ansi")
  }

  @Test("Written out in 16 colours, the picture uses the bright basic colours")
  func ansi16Output() {
    let codes = Set(Self.sgrParameters(Self.rendered(.ansi16)).joined())
    // Bright red, green, blue, yellow as foreground (91…) or background (101…).
    #expect(codes.subtracting([0, 91, 92, 94, 93, 101, 102, 104, 103]).isEmpty)
    #expect(codes.contains(101) || codes.contains(91))
  }
}
