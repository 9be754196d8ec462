import Testing
import Three20Image
import Three20Style

@Suite("Fitting images to cells")
struct TTImageFittingTests {
  let cell = TTSize(width: 10, height: 20)

  @Test("Fitting inside keeps the proportions in pixels, not in cells")
  func aspectFitUsesPixels() {
    let wide = TTImageFitting(
      imageSize: TTSize(width: 400, height: 200), cells: TTSize(width: 20, height: 10), cellPixelSize: cell,
      contentMode: .scaleAspectFit)
    #expect(wide.cellSize == TTSize(width: 20, height: 5))
    #expect(wide.pixelSize == TTSize(width: 200, height: 100))
    #expect(wide.crop == TTRect(x: 0, y: 0, width: 400, height: 200))
    let square = TTImageFitting(
      imageSize: TTSize(width: 100, height: 100), cells: TTSize(width: 20, height: 10), cellPixelSize: cell,
      contentMode: .scaleAspectFit)
    #expect(square.cellSize == TTSize(width: 20, height: 10))
    let tall = TTImageFitting(
      imageSize: TTSize(width: 100, height: 400), cells: TTSize(width: 20, height: 10), cellPixelSize: cell,
      contentMode: .scaleAspectFit)
    #expect(tall.cellSize == TTSize(width: 5, height: 10))
  }

  @Test("Filling cuts the sides that do not fit, in the middle")
  func aspectFillCrops() {
    let fit = TTImageFitting(
      imageSize: TTSize(width: 400, height: 100), cells: TTSize(width: 10, height: 5), cellPixelSize: cell,
      contentMode: .scaleAspectFill)
    #expect(fit.cellSize == TTSize(width: 10, height: 5))
    #expect(fit.crop == TTRect(x: 150, y: 0, width: 100, height: 100))
    #expect(fit.minimumDecodeSize == TTSize(width: 400, height: 100))
  }

  @Test("Stretching takes every cell; centring keeps the image's own size, cut when larger")
  func fillAndCentre() {
    let stretched = TTImageFitting(
      imageSize: TTSize(width: 7, height: 3), cells: TTSize(width: 4, height: 4), cellPixelSize: cell,
      contentMode: .scaleToFill)
    #expect(stretched.cellSize == TTSize(width: 4, height: 4))
    let small = TTImageFitting(
      imageSize: TTSize(width: 16, height: 16), cells: TTSize(width: 10, height: 10), cellPixelSize: cell,
      contentMode: .center)
    #expect(small.cellSize == TTSize(width: 2, height: 1))
    let large = TTImageFitting(
      imageSize: TTSize(width: 1000, height: 1000), cells: TTSize(width: 10, height: 5), cellPixelSize: cell,
      contentMode: .center)
    #expect(large.crop == TTRect(x: 450, y: 450, width: 100, height: 100))
    #expect(large.cellSize == TTSize(width: 10, height: 5))
  }

  @Test("A picture is never empty, whatever the sizes")
  func degenerateSizes() {
    for mode in [TTImageLook.ContentMode.scaleToFill, .scaleAspectFit, .scaleAspectFill, .center] {
      let fit = TTImageFitting(
        imageSize: TTSize(width: 0, height: 100_000), cells: TTSize(width: 0, height: 0),
        cellPixelSize: .zero,
        contentMode: mode)
      #expect(fit.cellSize.width >= 1 && fit.cellSize.height >= 1)
      #expect(fit.pixelSize.width >= 1 && fit.pixelSize.height >= 1)
    }
  }

  @Test("Applying a fit crops and scales a bitmap decoded smaller than the image")
  func applyScalesCrop() {
    // A 40 × 20 bitmap standing for a 400 × 200 image: left half red, right half blue.
    var pixels: [UInt8] = []
    for _ in 0..<20 {
      for x in 0..<40 { pixels += x < 20 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
    }
    let bitmap = TTImageBitmap(width: 40, height: 20, pixels: pixels)
    let fit = TTImageFitting(
      imageSize: TTSize(width: 400, height: 200), cells: TTSize(width: 1, height: 1), cellPixelSize: cell,
      contentMode: .scaleAspectFill)
    let shown = fit.apply(to: bitmap)
    #expect(shown.width == 10 && shown.height == 20)
    #expect(shown[0, 0].red > 100 && shown[9, 0].blue > 100)
  }
}

@Suite("The image cache")
struct TTImageCacheTests {
  func picture(_ side: Int) -> TTImagePicture {
    TTImagePicture(
      bitmap: TTImageBitmap(width: side, height: side, pixels: Array(repeating: 200, count: side * side * 4)),
      cellSize: TTSize(width: 1, height: 1))
  }

  @Test("Pictures are kept by URL and size and dropped least recently used first, by pixels")
  func keepsByPixels() {
    let cache = TTImageCache(maxPixelCount: 800)
    let a = TTImageCache.Key(
      url: "a", cells: TTSize(width: 1, height: 1), cellPixelSize: TTSize(width: 1, height: 1))
    let b = TTImageCache.Key(
      url: "b", cells: TTSize(width: 1, height: 1), cellPixelSize: TTSize(width: 1, height: 1))
    let c = TTImageCache.Key(
      url: "c", cells: TTSize(width: 1, height: 1), cellPixelSize: TTSize(width: 1, height: 1))
    #expect(cache.store(picture(10), for: a))
    #expect(!cache.store(picture(11), for: b))  // 121 pixels: more than an eighth of 800
    cache.maxPixelCount = 1_000
    #expect(cache.store(picture(11), for: b))
    #expect(cache.picture(for: a) != nil)  // a is now the most recently used
    cache.maxPixelCount = 240
    #expect(cache.store(picture(5), for: c))
    #expect(cache.picture(for: b) == nil)
    #expect(cache.picture(for: a) != nil)
    #expect(cache.pixelCount == 125)
    var other = a
    other.cells = TTSize(width: 2, height: 2)
    #expect(cache.picture(for: other) == nil)
  }

  @Test("A memory warning empties the cache; a URL's pictures go at every size")
  func purges() {
    let cache = TTImageCache()
    let one = TTImageCache.Key(url: "x y", cells: TTSize(width: 1, height: 1))
    let two = TTImageCache.Key(url: "x y", cells: TTSize(width: 3, height: 1))
    let keep = TTImageCache.Key(url: "x", cells: TTSize(width: 3, height: 1))
    for key in [one, two, keep] { cache.store(picture(2), for: key) }
    cache.removePictures(forURL: "x y")
    #expect(cache.count == 1)
    cache.didReceiveMemoryWarning()
    #expect(cache.count == 0 && cache.pixelCount == 0)
  }
}
