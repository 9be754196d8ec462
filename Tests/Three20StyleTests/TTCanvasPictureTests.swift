import Testing
import Three20Style

/// A picture of one colour: upper half blocks, red over blue.
///
/// Style cannot decode images (that is the Image module's work), so these tests make pictures
/// of their own through the protocol.
private final class TwoColourPicture: TTTerminalPicture {
  let cellSize: TTSize
  init(_ size: TTSize) { cellSize = size }
  func cells(for profile: TTColorProfile) -> [TTCell] {
    guard profile != .none else { return [] }
    return Array(
      repeating: TTCell("▀", style: TTCellStyle(foreground: .red, background: .blue)),
      count: cellSize.width * cellSize.height)
  }
  func sequence(for graphics: TTTerminalGraphics, imageID: UInt32) -> String? {
    graphics == .kitty ? "<kitty \(imageID)>" : nil
  }
  func pngData() -> [UInt8]? { [0x89, 0x50, 0x4E, 0x47] }
}

/// Gives a picture for `picture:` URLs only, so that other tests drawing images while this one
/// is installed still see their alternate text.
private struct PictureProvider: TTImageProviding {
  func picture(for look: TTImageLook, fitting size: TTSize) -> TTImageDrawState {
    guard let url = look.url, url.hasPrefix("picture:") else { return .loading }
    if url == "picture:broken" { return .failed("broken on purpose") }
    return .ready(TwoColourPicture(TTSize(width: min(4, size.width), height: min(2, size.height))))
  }
}

@Suite("Pictures on a canvas")
struct TTCanvasPictureTests {
  @Test("A placed picture is drawn as symbols in colour and as what lies beneath on a pipe")
  func picturesResolveBySymbolsOrText() {
    var canvas = TTCanvas(width: 6, height: 2)
    canvas.write("[cat]", at: TTPoint(x: 0, y: 0))
    canvas.place(TwoColourPicture(TTSize(width: 3, height: 2)), at: TTPoint(x: 1, y: 0))
    #expect(canvas.pictures.count == 1)
    #expect(canvas.lines == ["[cat]", ""])
    let shown = canvas.resolvingPictures(for: .trueColor)
    #expect(shown.pictures.isEmpty)
    #expect(shown.lines == ["[▀▀▀]", " ▀▀▀"])
    #expect(shown[1, 0].style.background == .blue)
    #expect(TTANSIRenderer(capabilities: .plain).render(canvas) == "[cat]\n")
    #expect(TTANSIRenderer(capabilities: .ansi256).render(canvas).contains("▀"))
    #expect(!TTANSIRenderer(capabilities: .monochrome).render(canvas).contains("▀"))
  }

  @Test("A picture drawn with a pixel protocol leaves blank cells for the sequence")
  func pixelPicturesBlankTheirCells() {
    var canvas = TTCanvas(width: 5, height: 1)
    canvas.write("hello", at: .zero)
    canvas.place(TwoColourPicture(TTSize(width: 2, height: 1)), at: TTPoint(x: 1, y: 0))
    let kitty = TTTerminalCapabilities(colorProfile: .trueColor, graphics: .kitty)
    let shown = canvas.resolvingPictures(for: kitty, drawnAsPixels: Set(canvas.pictures))
    #expect(shown.lines == ["h  lo"])
    #expect(canvas.resolvingPictures(for: kitty).lines == ["h▀▀lo"])
  }

  @Test("Clipping cuts a picture to what can be seen and says it is clipped")
  func clippingCutsPictures() {
    var canvas = TTCanvas(width: 4, height: 2)
    canvas.withClip(TTRect(x: 0, y: 0, width: 4, height: 1)) {
      $0.place(TwoColourPicture(TTSize(width: 3, height: 2)), at: TTPoint(x: 2, y: 0))
    }
    let placed = canvas.pictures[0]
    #expect(placed.visibleRect == TTRect(x: 2, y: 0, width: 2, height: 1))
    #expect(placed.isClipped)
    #expect(canvas.resolvingPictures(for: .trueColor).lines == ["  ▀▀", ""])
  }

  @Test("Copying a canvas carries its pictures, moved and clipped")
  func drawingACanvasCarriesPictures() {
    var row = TTCanvas(width: 4, height: 2)
    row.place(TwoColourPicture(TTSize(width: 2, height: 2)), at: TTPoint(x: 1, y: 0))
    var screen = TTCanvas(width: 10, height: 3)
    screen.draw(row, at: TTPoint(x: 3, y: 2))
    #expect(screen.pictures.map(\.origin) == [TTPoint(x: 4, y: 2)])
    #expect(screen.pictures[0].visibleRect == TTRect(x: 4, y: 2, width: 2, height: 1))
  }

  @Test("A picture over the whole of an earlier one replaces it")
  func coveringReplacesPictures() {
    var canvas = TTCanvas(width: 6, height: 2)
    canvas.place(TwoColourPicture(TTSize(width: 2, height: 1)), at: TTPoint(x: 1, y: 0))
    canvas.place(TwoColourPicture(TTSize(width: 2, height: 1)), at: TTPoint(x: 4, y: 0))
    canvas.place(TwoColourPicture(TTSize(width: 3, height: 2)), at: TTPoint(x: 0, y: 0))
    #expect(canvas.pictures.map(\.origin) == [TTPoint(x: 4, y: 0), TTPoint(x: 0, y: 0)])
  }

  @Test("An image style draws its alternate text and, with a provider, the picture over it")
  func imageStylesAskTheProvider() {
    let style = TTImageStyle(TTImageLook(url: "picture:cat", alternateText: "cat")).style
    var before = TTCanvas(width: 8, height: 3)
    style.draw(in: before.bounds, on: &before)
    #expect(before.pictures.isEmpty)
    TTGlobalImageProvider.withProvider(PictureProvider()) {
      var canvas = TTCanvas(width: 8, height: 3)
      style.draw(in: canvas.bounds, on: &canvas)
      #expect(canvas.lines == ["", " [cat]", ""])
      #expect(canvas.pictures.map(\.frame) == [TTRect(x: 2, y: 0, width: 4, height: 2)])

      var failed = TTCanvas(width: 8, height: 1)
      TTImageStyle(TTImageLook(url: "picture:broken", alternateText: "dog")).style.draw(
        in: failed.bounds, on: &failed)
      #expect(failed.pictures.isEmpty)
      #expect(failed.plainText == " [dog]")
    }
    TTGlobalImageProvider.withProvider(nil) { #expect(TTGlobalImageProvider.current == nil) }
  }

  @Test("SVG embeds the provider's picture as a PNG data address")
  func svgEmbedsPictures() {
    let svg = TTGlobalImageProvider.withProvider(PictureProvider()) {
      TTSVGRenderer().render(
        TTImageStyle(TTImageLook(url: "picture:cat", alternateText: "cat")).style,
        size: TTSize(width: 4, height: 2))
    }
    #expect(svg.contains("href=\"data:image/png;base64,iVBORw==\""))
    #expect(!svg.contains("stroke-dasharray"))
  }

  @Test("The provider's generation grows with each change")
  func generationGrows() {
    let before = TTGlobalImageProvider.generation
    TTGlobalImageProvider.noteChange()
    #expect(TTGlobalImageProvider.generation > before)
  }
}

@Suite("Terminal graphics detection")
struct TTTerminalGraphicsDetectionTests {
  @Test(
    "Pictures follow the terminal the environment names",
    arguments: [
      (["TERM": "xterm-kitty"], TTTerminalGraphics.kitty),
      (["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"], .kitty),
      (["TERM": "xterm-ghostty"], .kitty),
      (["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], .kitty),
      (["TERM": "xterm-256color", "KONSOLE_VERSION": "230800"], .kitty),
      (["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], .iterm2),
      (["TERM": "foot"], .sixel),
      (["TERM": "mlterm"], .sixel),
      (["TERM": "xterm-256color", "WT_SESSION": "x"], .sixel),
      (["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default,1,0"], .symbols),
      (["TERM": "screen-256color"], .symbols),
      (["TERM": "xterm-256color"], .symbols),
      (["TERM": "xterm-256color", "TT_GRAPHICS": "sixel"], .sixel),
      (["TERM": "xterm-kitty", "TT_GRAPHICS": "none"], TTTerminalGraphics.none),
    ])
  func detectsGraphics(environment: [String: String], expected: TTTerminalGraphics) {
    #expect(TTTerminalCapabilities.detect(environment: environment, isTerminal: true).graphics == expected)
  }

  @Test("Without colour there are no pictures, whatever the terminal")
  func noColourNoPictures() {
    #expect(
      TTTerminalCapabilities.detect(environment: ["TERM": "xterm-kitty"], isTerminal: false).graphics == .none
    )
    let noColor = TTTerminalCapabilities.detect(
      environment: ["TERM": "xterm-kitty", "NO_COLOR": "1"], isTerminal: true)
    #expect(noColor.graphics == .none)
    #expect(TTTerminalCapabilities(colorProfile: .none, graphics: .kitty).graphics == .none)
    #expect(TTTerminalCapabilities.trueColor.graphics == .symbols)
    #expect(
      TTTerminalCapabilities(colorProfile: .ansi16, graphics: .sixel).description.contains("sixel graphics"))
  }
}
