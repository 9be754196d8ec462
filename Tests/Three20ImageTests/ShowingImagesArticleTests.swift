// The code of the article ShowingImages.md, compiled and run.
//
// Every `swift` block of the article is in this file, unchanged (the suite "Documentation
// articles" checks it): edit both together.
import Foundation
import Testing
import Three20Image
import Three20Style
import Three20UICommon

@MainActor
@Suite("Showing Images article", .serialized)
struct ShowingImagesArticleTests {
  @Test("Installing the provider makes it the one drawing asks")
  func install() {
    // Other tests of this process draw tables and styles, so the program's provider is put
    // back at once; inside withProvider(nil) this task sees none either way.
    let previous = TTGlobalImageProvider.current
    defer { TTGlobalImageProvider.current = previous }
    TTImageProvider.install()
    #expect(TTGlobalImageProvider.current is TTImageProvider)
  }

  @Test("An image view is set up with a URL, a size, a content mode and a default image")
  func imageView() {
    let photo = TTImageView(urlPath: "https://example.com/cat.jpg", alternateText: "A cat")
    photo.frame = TTRect(x: 0, y: 0, width: 30, height: 12)
    photo.contentMode = .scaleAspectFill
    photo.defaultImageURL = "bundle://placeholder.png"
    #expect(photo.contentMode == .scaleAspectFill)
    #expect(!photo.isLoaded)
  }

  @Test("An image style names its image by URL")
  func imageStyle() {
    let avatar = TTImageStyle(
      TTImageLook(url: "https://example.com/me.png", alternateText: "me", contentMode: .scaleAspectFill)
    ).style
    var canvas = TTCanvas(width: 6, height: 1)
    avatar.draw(in: canvas.bounds, on: &canvas)
    #expect(canvas.plainText == " [me]")
  }

  @Test("Decoding bytes, and the limits that refuse too large an image")
  func decoding() throws {
    let png = try TTImageBitmap(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255]).pngData()
    let image = try TTImageDecoder.decode(png, source: "two.png")
    print(image.format, image.width, image.height)  // PNG 2 1
    #expect("\(image.format) \(image.width) \(image.height)" == "PNG 2 1")
    #expect(image.bitmap[1, 0].blue == 255)

    var limits = TTImageLimits()
    limits.maxPixels = 1
    do {
      _ = try TTImageDecoder.decode(png, source: "upload.png", limits: limits)
    } catch {
      print(error.code)  // tooManyPixels
      print(error)  // upload.png (PNG): …
    }
    #expect(throws: TTImageError.self) {
      try TTImageDecoder.decode(png, source: "upload.png", limits: limits)
    }
    do {
      _ = try TTImageDecoder.decode(png, source: "upload.png", limits: limits)
      Issue.record("a picture over the limit was decoded")
    } catch {
      #expect(error.code == .tooManyPixels)
      #expect(error.description.hasPrefix("upload.png (PNG): "))
    }
  }

  @Test("The cache's limit is set in pixels and a memory warning empties it")
  func memory() {
    let previous = TTImageCache.shared.maxPixelCount
    defer { TTImageCache.shared.maxPixelCount = previous }
    TTImageCache.shared.maxPixelCount = 8_000_000
    TTImageCache.shared.didReceiveMemoryWarning()  // frees every picture
    #expect(TTImageCache.shared.count == 0)
  }
}
