import Testing
import Three20Image

@Suite("Image formats")
struct TTImageFormatTests {
  @Test("Formats are told by their signature, never by a name")
  func sniffsSignatures() {
    #expect(TTImageFormat.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == .png)
    #expect(TTImageFormat.sniff([0xFF, 0xD8, 0xFF, 0xE1]) == .jpeg)
    #expect(TTImageFormat.sniff(Array("GIF89a".utf8)) == .gif)
    #expect(TTImageFormat.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
    #expect(TTImageFormat.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8)) == nil)
    #expect(TTImageFormat.sniff(Array("<html>".utf8)) == nil)
    #expect(TTImageFormat.sniff([0xFF]) == nil)
  }

  @Test("A bitmap shrinks by averaging and keeps transparent pixels from darkening edges")
  func bitmapShrinksByAveraging() {
    let bitmap = TTImageBitmap(
      width: 2, height: 1, pixels: [200, 100, 0, 255, 0, 0, 0, 0])
    let one = bitmap.scaled(width: 1, height: 1)
    #expect(one[0, 0].red == 200)
    #expect(one[0, 0].green == 100)
    #expect(one[0, 0].alpha == 127)
    #expect(bitmap.scaled(width: 4, height: 2).pixelCount == 8)
  }
}
