import Testing
import Three20Style

@Suite("TTCanvas")
struct TTCanvasTests {
  /// Text lands where it is written and the canvas reads back as plain lines.
  @Test func writeAndReadBack() {
    var canvas = TTCanvas(width: 10, height: 2)
    let advanced = canvas.write("hello", at: TTPoint(x: 2, y: 1))
    #expect(advanced == 5)
    #expect(canvas.lines == ["", "  hello"])
    #expect(canvas[2, 1].character == "h")
  }

  /// A wide character takes two cells; the second is a continuation that is never written out.
  @Test func wideCharactersTakeTwoCells() {
    var canvas = TTCanvas(width: 6, height: 1)
    let advanced = canvas.write("a漢b", at: .zero)
    #expect(advanced == 4)
    #expect(canvas[1, 0].character == "漢")
    #expect(canvas[2, 0].isContinuation)
    #expect(canvas.plainText == "a漢b")
  }

  /// A wide character that would straddle the right edge becomes a space, never half a glyph.
  @Test func wideCharacterAtEdgeBecomesSpace() {
    var canvas = TTCanvas(width: 3, height: 1)
    canvas.write("ab漢", at: .zero)
    #expect(canvas[2, 0].character == " ")
    #expect(!canvas[2, 0].isContinuation)
    #expect(canvas.plainText == "ab")
  }

  /// Writing over half of a wide character clears its other half.
  @Test func overwritingHalfAWideCharacter() {
    var canvas = TTCanvas(width: 4, height: 1)
    canvas.write("漢字", at: .zero)
    canvas.write("x", at: TTPoint(x: 1, y: 0))
    #expect(canvas.plainText == " x字")
    canvas.write("y", at: TTPoint(x: 2, y: 0))
    #expect(canvas.plainText == " xy")
    #expect(!canvas[3, 0].isContinuation)
  }

  /// Drawing stays inside the clip rectangle, and withClip restores the old clip.
  @Test func clipping() {
    var canvas = TTCanvas(width: 8, height: 3)
    canvas.withClip(TTRect(x: 2, y: 1, width: 3, height: 1)) { canvas in
      canvas.write("abcdef", at: TTPoint(x: 0, y: 1))
      canvas.write("nope", at: TTPoint(x: 2, y: 0))
      canvas.fill(TTRect(x: 0, y: 0, width: 8, height: 3), with: "#", style: .plain)
    }
    #expect(canvas.clipRect == canvas.bounds)
    #expect(canvas.lines == ["", "  ###", ""])
  }

  /// Text clipped on the left keeps its columns: what is visible sits where it would.
  @Test func leftClipKeepsColumns() {
    var canvas = TTCanvas(width: 6, height: 1)
    canvas.withClip(TTRect(x: 2, y: 0, width: 4, height: 1)) { canvas in
      canvas.write("abcdef", at: .zero)
    }
    #expect(canvas.plainText == "  cdef")
  }

  /// Escape sequences in written text never reach the canvas.
  @Test func writtenTextIsSanitised() {
    var canvas = TTCanvas(width: 20, height: 1)
    canvas.write("evil\u{1B}]0;title\u{07}name", at: .zero)
    #expect(canvas.plainText == "evilname")
  }

  /// Text written without a background keeps the background drawn beneath it.
  @Test func textKeepsBackgroundBeneath() {
    var canvas = TTCanvas(width: 4, height: 1)
    canvas.fill(canvas.bounds, style: TTCellStyle(background: .blue))
    canvas.write("hi", at: .zero, style: TTCellStyle(foreground: .white))
    #expect(canvas[0, 0].style.background == .blue)
    #expect(canvas[0, 0].style.foreground == .white)
  }

  /// maxWidth stops writing early.
  @Test func maxWidthLimitsColumns() {
    var canvas = TTCanvas(width: 10, height: 1)
    #expect(canvas.write("abcdef", at: .zero, maxWidth: 3) == 3)
    #expect(canvas.plainText == "abc")
  }

  /// Drawing far outside the canvas, or on negative sizes, does nothing and never traps.
  @Test func outOfBoundsDrawingIsHarmless() {
    var canvas = TTCanvas(width: -3, height: 2)
    #expect(canvas.size == TTSize(width: 0, height: 2))
    canvas.write("x", at: TTPoint(x: 1000, y: -5))
    canvas.fill(TTRect(x: -10, y: -10, width: 5, height: 5), style: .plain)
    #expect(canvas[-1, 99] == .blank)
  }
}

@Suite("TTANSIRenderer")
struct TTANSIRendererTests {
  /// A small scene with every feature: fill, colours, attributes, wide text, a link.
  static func scene() -> TTCanvas {
    var canvas = TTCanvas(width: 24, height: 4)
    canvas.fill(
      TTRect(x: 0, y: 0, width: 24, height: 1),
      style: TTCellStyle(background: TTColor(red: 36, green: 112, blue: 216)))
    canvas.write(
      " Three20 ", at: TTPoint(x: 1, y: 0), style: TTCellStyle(foreground: .white, attributes: .bold))
    canvas.write("漢字 and 😀", at: TTPoint(x: 1, y: 1), style: TTCellStyle(foreground: .red))
    canvas.write(
      "link", at: TTPoint(x: 1, y: 2),
      style: TTCellStyle(foreground: .blue, attributes: .underline, link: "https://example.com"))
    canvas.write("dim", at: TTPoint(x: 7, y: 2), style: TTCellStyle(attributes: .dim))
    canvas.write(
      "half", at: TTPoint(x: 1, y: 3),
      style: TTCellStyle(foreground: TTColor.white.withAlpha(0.5), background: .black))
    return canvas
  }

  /// Plain output has no escape sequence at all.
  @Test func plainOutputHasNoEscapes() {
    let text = TTANSIRenderer(capabilities: .plain).render(Self.scene())
    #expect(!text.contains("\u{1B}"))
    assertSnapshot(text, named: "scene.plain.txt")
  }

  /// Each colour profile renders the scene as recorded.
  @Test(arguments: [
    ("scene.truecolor.ansi", TTTerminalCapabilities.trueColor),
    ("scene.256.ansi", .ansi256),
    ("scene.16.ansi", .ansi16),
    ("scene.monochrome.ansi", .monochrome),
  ])
  func profilesMatchGoldenFiles(name: String, capabilities: TTTerminalCapabilities) {
    assertSnapshot(TTANSIRenderer(capabilities: capabilities).render(Self.scene()), named: name)
  }

  /// Every styled line ends with a reset, so nothing bleeds into what is printed next.
  @Test func linesEndReset() {
    let text = TTANSIRenderer(capabilities: .trueColor).render(Self.scene())
    for line in text.split(separator: "\n") where line.contains("\u{1B}[") {
      #expect(line.hasSuffix("\u{1B}[0m") || line.hasSuffix("\u{1B}\\"))
    }
  }

  /// Hyperlinks are written as OSC 8 only when allowed, and a link cannot smuggle an escape.
  @Test func hyperlinks() {
    var canvas = TTCanvas(width: 6, height: 1)
    canvas.write("go", at: .zero, style: TTCellStyle(link: "https://x.test/\u{1B}]0;evil\u{07}"))
    let linked = TTANSIRenderer(capabilities: .trueColor).render(canvas)
    #expect(linked.hasPrefix("\u{1B}]8;;https://x.test/]0;evil\u{1B}\\go"))
    #expect(linked.filter { $0 == "\u{1B}" }.count == 4)  // open and close, nothing from the URL
    let unlinked = TTANSIRenderer(capabilities: .ansi256).render(canvas)
    #expect(unlinked == "go")
  }

  /// Only style changes are written: a run of same-styled cells costs one sequence.
  @Test func onlyChangesAreWritten() {
    var canvas = TTCanvas(width: 5, height: 1)
    canvas.write("aaaaa", at: .zero, style: TTCellStyle(foreground: TTColor(red: 255, green: 0, blue: 0)))
    let text = TTANSIRenderer(capabilities: .ansi16).render(canvas)
    #expect(text == "\u{1B}[91maaaaa\u{1B}[0m")
  }
}

extension TTCanvasTests {
  /// Writing at extreme positions, inside or outside the clip, never traps.
  @Test(arguments: [Int.min, Int.min + 1, -5, 0, Int.max - 1, Int.max])
  func extremePositionsNeverTrap(position: Int) {
    var canvas = TTCanvas(width: 4, height: 2)
    canvas.write("漢字ab", at: TTPoint(x: position, y: 0))
    canvas.write("漢字ab", at: TTPoint(x: position, y: 9))
    canvas.write("漢字ab", at: TTPoint(x: 0, y: position), maxWidth: position)
    #expect(canvas.size == TTSize(width: 4, height: 2))
  }
}
