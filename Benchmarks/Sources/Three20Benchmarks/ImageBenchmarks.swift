import CTurboJPEGBench
import Foundation
import Three20Core
import Three20Image
import Three20Network
import Three20Style
import Three20UICommon

#if canImport(Glibc)
import Glibc
#endif

/// Image's benchmarks: turning a photo file into symbol art or a sixel for an 80 × 24 box,
/// against the command-line tools that do the same (`chafa`, `img2sixel`), and how a thumbnail
/// grid's frame grows with the thumbnails on it.
///
/// The test photos are generated here, deterministically and photo-like (a sky gradient over a
/// wavy horizon, textured ground, hard-edged discs and blocks, film grain), so that their files
/// are as large as real photos': a 12-megapixel JPEG (4000 × 3000, quality 90, 4:2:0, written
/// with TurboJPEG), a 1-megapixel PNG (1155 × 866, written with `TTImageBitmap.pngData()`) and
/// 100 thumbnails (160 × 120 JPEGs). They go into a temporary folder removed at the end.
///
/// Whole work against whole work: ours is timed in-process from reading the file to the
/// escape sequences written to /dev/null; a tool is timed from its process start to its exit,
/// writing to /dev/null. Both draw a box of 80 × 24 cells of 10 × 20 pixels (the cells'
/// pixel size Three20 assumes, `TTGlobalImageProvider.cellPixelSize`; its 1 : 2 proportion is
/// also `chafa`'s default `--font-ratio`, so both fit the photo to the same 64 × 24 cells).
/// A tool that is not installed is skipped with a line that names its Debian package;
/// `make bench-image` installs both when run as root.
enum ImageBenchmarks {
  static func run() {
    TTGlobalImageProvider.cellPixelSize = cellPixels
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "three20-bench-image-\(getpid())", isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      fatalError("image: cannot create the temporary folder \(folder.path): \(error)")
    }
    defer { try? FileManager.default.removeItem(at: folder) }

    let jpegPath = folder.appendingPathComponent("photo-12mp.jpg").path
    let pngPath = folder.appendingPathComponent("photo-1mp.png").path
    let jpeg = encodeJPEG(photo(width: small ? 1600 : 4000, height: small ? 1200 : 3000, seed: 12))
    let png: [UInt8]
    do {
      png = try photo(width: 1155, height: 866, seed: 1).pngData()
    } catch {
      fatalError("image: cannot write the test PNG: \(error)")
    }
    write(jpeg, to: jpegPath)
    write(png, to: pngPath)
    // A tiny image: a tool's process start and set-up, for the breakdown.
    let tinyPath = folder.appendingPathComponent("tiny.png").path
    do {
      write(try photo(width: 8, height: 8, seed: 3).pngData(), to: tinyPath)
    } catch {
      fatalError("image: cannot write the tiny PNG: \(error)")
    }
    print(
      "image: test files \(folder.path): JPEG \(small ? "1600 × 1200" : "4000 × 3000") "
        + "\(format(Double(jpeg.count) / 1_000_000)) MB, PNG 1155 × 866 \(format(Double(png.count) / 1_000_000)) MB"
    )

    symbols("image.symbols-jpeg", path: jpegPath, tinyPath: tinyPath, folder: folder)
    symbols("image.symbols-png", path: pngPath, tinyPath: tinyPath, folder: folder)
    sixel(path: pngPath, tinyPath: tinyPath, folder: folder)
    MainActor.assumeIsolated {
      thumbs(folder: folder)
    }
  }

  /// Inputs smaller and runs single (`TT_BENCH_SMALL`, as the other suites).
  static var small: Bool { StyleBenchmarks.small }

  /// The box every picture fits, in cells.
  static let box = TTSize(width: 80, height: 24)
  /// One cell in pixels: Three20's default, 1 : 2 like `chafa`'s default font ratio.
  static let cellPixels = TTSize(width: 10, height: 20)
  /// The symbols `chafa` may use: the classes Three20's pictures use (space, solid, the block
  /// elements with half blocks and quadrants, sextants), inverted ones included as ours are.
  static let chafaSymbols = "space+solid+block+half+quad+sextant"

  // MARK: - Symbols

  /// A photo file to truecolor symbol art for an 80 × 24 box, against
  /// `chafa --size 80x24 --format symbols --colors full --symbols …`.
  static func symbols(_ name: String, path: String, tinyPath: String, folder: URL) {
    guard let devNull = FileHandle(forWritingAtPath: "/dev/null") else { fatalError("no /dev/null") }
    let runs = small ? 1 : 5
    let time = small ? 0.0 : 2.0
    var drawn = TTSize.zero
    let ours = measure(minimumRuns: runs, minimumTime: time) {
      drawn = oursSymbols(path: path, devNull: devNull)
    }
    print("\(name): \(URL(fileURLWithPath: path).lastPathComponent) to truecolor symbols in an 80 × 24 box")
    print(
      "  ours (read, decode, fit, chafa symbols, ANSI): \(format(ours.seconds * 1000)) ms, "
        + "\(drawn.width) × \(drawn.height) cells")
    symbolsBreakdown(path: path)

    guard let chafa = tool("chafa", package: "chafa", for: name) else { return }
    let arguments = [
      chafa, "--size", "\(box.width)x\(box.height)", "--format", "symbols", "--colors", "full",
      "--symbols", chafaSymbols, "--animate", "off", path,
    ]
    // Once into a file, to check it worked and drew the same cells.
    let check = folder.appendingPathComponent("chafa-check.txt").path
    let errors = folder.appendingPathComponent("chafa-errors.txt").path
    guard spawn(arguments, output: check, errors: errors) == 0 else {
      print("  chafa failed: \((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")")
      return
    }
    let grid = textGrid(of: check)
    let anchor = measure(minimumRuns: runs, minimumTime: time) {
      guard spawn(arguments, output: "/dev/null") == 0 else { fatalError("chafa failed") }
    }
    let start = measure(minimumRuns: runs, minimumTime: small ? 0 : 1) {
      guard spawn(Array(arguments.dropLast()) + [tinyPath], output: "/dev/null") == 0 else {
        fatalError("chafa failed")
      }
    }
    print(
      "  anchor (chafa process, same symbols): \(format(anchor.seconds * 1000)) ms, "
        + "\(grid.columns) × \(grid.rows) cells; of which process start and set-up (an 8 × 8 PNG): "
        + "\(format(start.seconds * 1000)) ms")
    report(
      name, ours: ours.seconds * 1000, anchorName: "chafa", anchor: anchor.seconds * 1000, unit: "ms",
      higherIsBetter: false)
  }

  /// Reads a file, makes its picture for the box and writes it as truecolor ANSI to
  /// `devNull`, on a canvas of the picture's cells (what `chafa` writes); returns the cells.
  static func oursSymbols(path: String, devNull: FileHandle) -> TTSize {
    let picture = makePicture(path: path)
    var canvas = TTCanvas(width: picture.cellSize.width, height: picture.cellSize.height)
    canvas.place(picture, at: .zero)
    devNull.write(Data(TTANSIRenderer(capabilities: .trueColor).render(canvas).utf8))
    return picture.cellSize
  }

  /// The file's picture for the 80 × 24 box, fitted inside: `TTImagePicture.make`.
  static func makePicture(path: String) -> TTImagePicture {
    guard let data = FileManager.default.contents(atPath: path) else { fatalError("cannot read \(path)") }
    do {
      return try TTImagePicture.make(
        from: [UInt8](data), source: path, cells: box, contentMode: .scaleAspectFit,
        cellPixelSize: cellPixels,
        limits: TTImageLimits())
    } catch {
      fatalError("image: \(path): \(error)")
    }
  }

  /// Where ours spends its time: each stage of ``oursSymbols(path:devNull:)`` on its own.
  static func symbolsBreakdown(path: String) {
    let runs = small ? 1 : 5
    let time = small ? 0.0 : 0.5
    guard let data = FileManager.default.contents(atPath: path) else { fatalError("cannot read \(path)") }
    let bytes = [UInt8](data)
    let read = measure(minimumRuns: runs, minimumTime: time) {
      blackHole(FileManager.default.contents(atPath: path)?.count)
    }
    // The stages of TTImagePicture.make.
    guard let header = try? TTImageDecoder.header(bytes, source: path) else { fatalError("no header") }
    let guess = TTImageFitting(
      imageSize: TTSize(width: header.width, height: header.height), cells: box, cellPixelSize: cellPixels,
      contentMode: .scaleAspectFit)
    let side = max(guess.minimumDecodeSize.width, guess.minimumDecodeSize.height)
    let minimum = TTSize(width: side, height: side)
    guard let decoded = try? TTImageDecoder.decode(bytes, source: path, minimumSize: minimum) else {
      fatalError("cannot decode \(path)")
    }
    let decode = measure(minimumRuns: runs, minimumTime: time) {
      blackHole(try? TTImageDecoder.header(bytes, source: path))
      blackHole(try? TTImageDecoder.decode(bytes, source: path, minimumSize: minimum))
    }
    let fullDecode = measure(minimumRuns: runs, minimumTime: time) {
      blackHole(try? TTImageDecoder.decode(bytes, source: path))
    }
    let fit = TTImageFitting(
      imageSize: TTSize(width: decoded.width, height: decoded.height), cells: box, cellPixelSize: cellPixels,
      contentMode: .scaleAspectFit)
    let fitted = fit.apply(to: decoded.bitmap)
    let scale = measure(minimumRuns: runs, minimumTime: time) { blackHole(fit.apply(to: decoded.bitmap)) }
    // A new picture each run: pictures keep their cells.
    let symbols = measure(minimumRuns: runs, minimumTime: time) {
      blackHole(TTImagePicture(bitmap: fitted, cellSize: fit.cellSize).cells(for: .trueColor))
    }
    let picture = TTImagePicture(bitmap: fitted, cellSize: fit.cellSize)
    var canvas = TTCanvas(width: fit.cellSize.width, height: fit.cellSize.height)
    canvas.place(picture, at: .zero)
    let renderer = TTANSIRenderer(capabilities: .trueColor)
    blackHole(renderer.render(canvas))
    let ansi = measure(minimumRuns: runs, minimumTime: time) { blackHole(renderer.render(canvas)) }
    print(
      "  breakdown (ms): read \(format(read.seconds * 1000)), decode \(format(decode.seconds * 1000)) "
        + "(\(decoded.bitmap.width) × \(decoded.bitmap.height) of \(header.width) × \(header.height); full size "
        + "\(format(fullDecode.seconds * 1000))), fit and scale to \(fitted.width) × \(fitted.height) "
        + "\(format(scale.seconds * 1000)), chafa symbols \(format(symbols.seconds * 1000)), "
        + "ANSI \(format(ansi.seconds * 1000))")
  }

  // MARK: - Sixel

  /// The 1-megapixel PNG to a sixel image for the 80 × 24 box, against `img2sixel` scaled to
  /// the same pixel size.
  static func sixel(path: String, tinyPath: String, folder: URL) {
    let name = "image.sixel-png"
    guard let devNull = FileHandle(forWritingAtPath: "/dev/null") else { fatalError("no /dev/null") }
    let runs = small ? 1 : 5
    let time = small ? 0.0 : 2.0
    let sample = makePicture(path: path)
    guard let sequence = sample.sequence(for: .sixel, imageID: 1), let size = sixelSize(Array(sequence.utf8))
    else { fatalError("image: no sixel for \(path)") }
    let ours = measure(minimumRuns: runs, minimumTime: time) {
      let picture = makePicture(path: path)
      guard let text = picture.sequence(for: .sixel, imageID: 1) else { fatalError("no sixel") }
      devNull.write(Data(text.utf8))
    }
    let fitted = sample.bitmap
    let sixelOnly = measure(minimumRuns: runs, minimumTime: small ? 0 : 0.5) {
      blackHole(TTImagePicture(bitmap: fitted, cellSize: sample.cellSize).sequence(for: .sixel, imageID: 1))
    }
    print("\(name): \(URL(fileURLWithPath: path).lastPathComponent) to a sixel image in an 80 × 24 box")
    print(
      "  ours (read, decode, fit, chafa sixel): \(format(ours.seconds * 1000)) ms, \(size.width) × \(size.height) "
        + "pixels, \(sequence.utf8.count) bytes; of which the sixel from the fitted \(fitted.width) × "
        + "\(fitted.height) bitmap \(format(sixelOnly.seconds * 1000)) ms")

    guard let img2sixel = tool("img2sixel", package: "libsixel-bin", for: name) else { return }
    let arguments = [img2sixel, "-w", "\(size.width)", "-h", "\(size.height)", path]
    let check = folder.appendingPathComponent("img2sixel-check.six").path
    let errors = folder.appendingPathComponent("img2sixel-errors.txt").path
    guard spawn(arguments, output: check, errors: errors) == 0,
      let output = FileManager.default.contents(atPath: check)
    else {
      print("  img2sixel failed: \((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")")
      return
    }
    let theirs = sixelSize([UInt8](output))
    let anchor = measure(minimumRuns: runs, minimumTime: time) {
      guard spawn(arguments, output: "/dev/null") == 0 else { fatalError("img2sixel failed") }
    }
    let start = measure(minimumRuns: runs, minimumTime: small ? 0 : 1) {
      guard spawn([img2sixel, tinyPath], output: "/dev/null") == 0 else { fatalError("img2sixel failed") }
    }
    print(
      "  anchor (img2sixel -w \(size.width) -h \(size.height) process): \(format(anchor.seconds * 1000)) ms, "
        + "\(theirs.map { "\($0.width) × \($0.height)" } ?? "?") pixels, \(output.count) bytes; of which process "
        + "start and set-up (an 8 × 8 PNG): \(format(start.seconds * 1000)) ms")
    report(
      name, ours: ours.seconds * 1000, anchorName: "img2sixel", anchor: anchor.seconds * 1000, unit: "ms",
      higherIsBetter: false)
  }

  /// The size a sixel image declares in its raster attributes (`"1;1;width;height`).
  static func sixelSize(_ bytes: [UInt8]) -> TTSize? {
    guard let quote = bytes.firstIndex(of: UInt8(ascii: "\"")) else { return nil }
    var numbers: [Int] = []
    var current = 0
    var digits = false
    for byte in bytes[(quote + 1)...] {
      if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        current = current * 10 + Int(byte - UInt8(ascii: "0"))
        digits = true
      } else if byte == UInt8(ascii: ";") {
        numbers.append(current)
        current = 0
        digits = false
      } else {
        break
      }
    }
    if digits { numbers.append(current) }
    return numbers.count == 4 ? TTSize(width: numbers[2], height: numbers[3]) : nil
  }

  // MARK: - Thumbnails

  /// A thumbnail's box: `TTThumbsViewController`'s default, 8 × 4 cells.
  static let thumbBox = TTSize(width: 8, height: 4)

  /// A 100-thumbnail grid's frame against a 10-thumbnail one, every thumbnail's picture in the
  /// provider's cache: 10 columns (width 89: ten 8-cell boxes and nine gaps), one row of
  /// thumbnails (height 6: a row of boxes, its gap row and the status line) against ten
  /// (height 51), drawn with `TTTerminalHost.renderOnce` in truecolor so that pictures are
  /// written as symbols.
  ///
  /// "Once cached" is the second frame on: the thumbnails are loaded (decoded and fitted) into
  /// the cache first, and `measure` draws one frame before it times any, so the pictures have
  /// made their symbol cells for truecolor (a picture keeps them) and every timed frame of
  /// either grid is the same kind of frame. The cost of a frame that also makes every
  /// thumbnail's symbols (new pictures of the same bitmaps before each frame) is printed too.
  ///
  /// Flatness is the time per thumbnail shown: ratio = (time10 / 10) / (time100 / 100), the
  /// 10-thumbnail grid's time per thumbnail over the 100-thumbnail grid's. 1 means the frame
  /// grows in proportion to the thumbnails on it; the goal is ≥ 0.67 (a thumbnail costs at most
  /// 1.5 times as much in the larger grid).
  @MainActor
  static func thumbs(folder: URL) {
    let count = 100
    let urls = (0..<count).map { index in
      let path = folder.appendingPathComponent("thumb-\(index).jpg").path
      write(encodeJPEG(photo(width: 160, height: 120, seed: 100 + UInt64(index))), to: path)
      return URL(fileURLWithPath: path).absoluteString
    }
    let provider = TTImageProvider(queue: TTURLRequestQueue(), cache: TTImageCache())
    // Load every thumbnail once (fewer at once than the provider's 64 pending loads).
    let failures = runBlocking {
      await closedLoop(count: count, concurrency: 8) { index in
        (try? await provider.load(urls[index], fitting: thumbBox, contentMode: .scaleAspectFill)) != nil
      }
    }
    guard failures == 0, provider.cache.count == count else {
      fatalError("image.thumbs: \(failures) of \(count) thumbnails failed to load")
    }

    func grid(_ shown: Int) -> TTThumbsViewController {
      let set = TTPhotoSet(
        title: "Benchmark",
        photos: (0..<shown).map { index in
          TTBasicPhoto(url: urls[index], thumbnailURL: urls[index], caption: "Photo \(index + 1)")
        })
      let controller = TTThumbsViewController(photoSource: set)
      controller.provider = provider
      return controller
    }
    func size(_ shown: Int) -> TTSize {
      let columns = 10
      let rows = (shown + columns - 1) / columns
      return TTSize(
        width: columns * thumbBox.width + (columns - 1), height: rows * (thumbBox.height + 1) + 1)
    }
    let ten = grid(10)
    let hundred = grid(100)
    for (controller, shown) in [(ten, 10), (hundred, 100)] {
      _ = TTTerminalHost.renderOnce(controller, size: size(shown), capabilities: .trueColor)
      guard controller.visibleIndices.count == shown, provider.pendingLoadCount == 0 else {
        fatalError("image.thumbs: the \(shown)-thumbnail grid shows \(controller.visibleIndices.count)")
      }
    }

    let runs = small ? 1 : 20
    let time = small ? 0.0 : 1.0
    var bytes = 0
    let frame10 = measure(minimumRuns: runs, minimumTime: time) {
      bytes = TTTerminalHost.renderOnce(ten, size: size(10), capabilities: .trueColor).utf8.count
    }
    let bytes10 = bytes
    let frame100 = measure(minimumRuns: runs, minimumTime: time) {
      bytes = TTTerminalHost.renderOnce(hundred, size: size(100), capabilities: .trueColor).utf8.count
    }
    let bytes100 = bytes

    // A frame that makes every thumbnail's symbols: new pictures of the cached bitmaps first.
    func renewPictures() {
      for url in urls {
        let key = TTImageCache.Key(url: url, cells: thumbBox, contentMode: .scaleAspectFill)
        guard let old = provider.cache.picture(for: key) else {
          fatalError("image.thumbs: \(url) left the cache")
        }
        provider.cache.store(TTImagePicture(bitmap: old.bitmap, cellSize: old.cellSize), for: key)
      }
    }
    func firstFrame(_ controller: TTThumbsViewController, _ shown: Int) -> Double {
      let clock = ContinuousClock()
      var best = Double.infinity
      for _ in 0..<(small ? 1 : 10) {
        renewPictures()
        let elapsed = clock.measure {
          blackHole(TTTerminalHost.renderOnce(controller, size: size(shown), capabilities: .trueColor))
        }
        best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
      }
      return best
    }
    let symbols10 = firstFrame(ten, 10)
    let symbols100 = firstFrame(hundred, 100)

    let per10 = frame10.seconds * 1000 / 10
    let per100 = frame100.seconds * 1000 / 100
    print("image.thumbs: 160 × 120 JPEG thumbnails in 8 × 4 boxes, cached, truecolor frames (renderOnce)")
    print(
      "  10 thumbnails (\(size(10).width) × \(size(10).height)): \(format(frame10.seconds * 1000)) ms a frame, "
        + "\(format(per10)) ms a thumbnail, \(bytes10) bytes")
    print(
      "  100 thumbnails (\(size(100).width) × \(size(100).height)): \(format(frame100.seconds * 1000)) ms a frame, "
        + "\(format(per100)) ms a thumbnail, \(bytes100) bytes")
    print(
      "  frame making every thumbnail's symbols: 10 \(format(symbols10 * 1000)) ms "
        + "(\(format(symbols10 * 100)) ms a thumbnail), 100 \(format(symbols100 * 1000)) ms "
        + "(\(format(symbols100 * 10)) ms a thumbnail)")
    // ratio = anchor / ours = (time10 / 10) / (time100 / 100): see the function's description.
    report(
      "image.thumbs", ours: per100, anchorName: "10-thumbnails", anchor: per10, unit: "ms/thumbnail",
      higherIsBetter: false)
  }

  // MARK: - Test images

  /// A deterministic photo-like image, the same scene at any size for a seed.
  ///
  /// A sky gradient over a wavy horizon, textured ground, hard-edged discs and blocks with
  /// shading, and film grain.
  static func photo(width: Int, height: Int, seed: UInt64) -> TTImageBitmap {
    var random = SplitMix(seed: seed)
    func unit() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
    let w = Double(width)
    let h = Double(height)
    let phases = (unit() * 6.28, unit() * 6.28, unit() * 6.28)
    let top = (40 + 60 * unit(), 80 + 60 * unit(), 160 + 70 * unit())
    let bottom = (170 + 60 * unit(), 150 + 60 * unit(), 140 + 80 * unit())
    let earth = (60 + 60 * unit(), 70 + 60 * unit(), 30 + 40 * unit())
    let horizon = (0..<width).map { x -> Int in
      let u = Double(x) / w
      return Int(h * (0.58 + 0.07 * sin(u * 8.2 + phases.0) + 0.03 * sin(u * 23 + phases.1)))
    }
    let textureX = (0..<width).map { x in
      16 * sin(Double(x) * 70 / w + phases.2) + 6 * sin(Double(x) * 310 / w)
    }
    let textureY = (0..<height).map { y in 12 * sin(Double(y) * 95 / h + phases.0) }
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    func clamp(_ value: Double) -> UInt8 { UInt8(max(0, min(255, value))) }
    pixels.withUnsafeMutableBufferPointer { p in
      for y in 0..<height {
        let v = Double(y) / h
        let sky = (
          top.0 + (bottom.0 - top.0) * v, top.1 + (bottom.1 - top.1) * v, top.2 + (bottom.2 - top.2) * v
        )
        for x in 0..<width {
          let index = (y * width + x) * 4
          if y < horizon[x] {
            let haze = textureX[x] * 0.15
            p[index] = clamp(sky.0 + haze)
            p[index + 1] = clamp(sky.1 + haze)
            p[index + 2] = clamp(sky.2 + haze)
          } else {
            let depth = Double(y - horizon[x]) / h * 120
            let texture = textureX[x] + textureY[y]
            p[index] = clamp(earth.0 + depth + texture)
            p[index + 1] = clamp(earth.1 + depth * 0.6 + texture * 0.8)
            p[index + 2] = clamp(earth.2 + depth * 0.3 + texture * 0.5)
          }
        }
      }
      // Hard-edged shapes, each shaded from one side to the other.
      for shape in 0..<16 {
        let centerX = unit() * w
        let centerY = (0.2 + 0.7 * unit()) * h
        let radius = (0.03 + 0.09 * unit()) * min(w, h)
        let color = (30 + 200 * unit(), 30 + 200 * unit(), 30 + 200 * unit())
        let disc = shape % 2 == 0
        let left = max(0, Int(centerX - radius))
        let right = min(width, Int(centerX + radius))
        let upper = max(0, Int(centerY - radius * (disc ? 1 : 2)))
        let lower = min(height, Int(centerY + radius))
        guard left < right, upper < lower else { continue }
        for y in upper..<lower {
          for x in left..<right {
            let dx = Double(x) - centerX
            let dy = Double(y) - centerY
            if disc && dx * dx + dy * dy > radius * radius { continue }
            let shade = 0.65 + 0.35 * (dx / radius)
            let index = (y * width + x) * 4
            p[index] = clamp(color.0 * shade)
            p[index + 1] = clamp(color.1 * shade)
            p[index + 2] = clamp(color.2 * shade)
          }
        }
      }
      // Grain: ±8 in brightness, ±2 in each channel.
      var index = 0
      while index < p.count {
        let bits = random.next()
        let grain = Int(bits & 15) - 8
        for channel in 0..<3 {
          let chroma = Int(bits >> (8 + 8 * UInt64(channel)) & 3) - 2
          p[index + channel] = UInt8(clamping: Int(p[index + channel]) + grain + chroma)
        }
        index += 4
      }
    }
    return TTImageBitmap(width: width, height: height, pixels: pixels)
  }

  /// The bitmap as a JPEG, quality 90, 4:2:0 chroma subsampling, written by TurboJPEG.
  static func encodeJPEG(_ bitmap: TTImageBitmap) -> [UInt8] {
    guard let handle = tjInitCompress() else { fatalError("TurboJPEG: tjInitCompress failed") }
    defer { tjDestroy(handle) }
    var buffer: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let status = bitmap.pixels.withUnsafeBufferPointer { pixels in
      tjCompress2(
        handle, pixels.baseAddress, Int32(bitmap.width), 0, Int32(bitmap.height), Int32(TJPF_RGBA.rawValue),
        &buffer, &size, Int32(TJSAMP_420.rawValue), 90, 0)
    }
    defer { tjFree(buffer) }
    guard status == 0, let buffer else {
      fatalError("TurboJPEG: \(tjGetErrorStr2(handle).map { String(cString: $0) } ?? "error \(status)")")
    }
    return [UInt8](UnsafeBufferPointer(start: buffer, count: Int(size)))
  }

  static func write(_ bytes: [UInt8], to path: String) {
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
      fatalError("image: cannot write \(path)")
    }
  }

  // MARK: - Tools

  /// The path of a command on `PATH`, or `nil` after a line saying the comparison is skipped
  /// and which Debian package has the command.
  static func tool(_ command: String, package: String, for benchmark: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for folder in path.split(separator: ":") where !folder.isEmpty {
      let candidate = "\(folder)/\(command)"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    print(
      "  \(benchmark): skipped, the anchor `\(command)` is not installed. Install it with "
        + "`sudo apt-get install \(package)` (Debian package \(package)), or run make bench-image as root.")
    return nil
  }

  /// Runs a program and waits for it (`posix_spawn`, `waitpid`: no run-loop polling in the
  /// timing), standard input from /dev/null and output to `output`; returns its exit status,
  /// or -1 when it did not start or was killed.
  static func spawn(_ arguments: [String], output: String, errors: String = "/dev/null") -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { return -1 }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 {
      if errno != EINTR { return -1 }
    }
    // WIFEXITED / WEXITSTATUS.
    return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
  }

  /// The rows and the widest row, in characters, of a tool's text output, escape sequences left
  /// out.
  static func textGrid(of path: String) -> (columns: Int, rows: Int) {
    guard let data = FileManager.default.contents(atPath: path) else { return (0, 0) }
    var rows: [Int] = [0]
    var escape = false
    var csi = false
    for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
      if csi {
        if (0x40...0x7E).contains(scalar.value) { csi = false }
      } else if escape {
        escape = false
        csi = scalar == "["
      } else if scalar == "\u{1B}" {
        escape = true
      } else if scalar == "\n" {
        rows.append(0)
      } else if scalar.value >= 0x20 {
        rows[rows.count - 1] += 1
      }
    }
    while rows.last == 0 { rows.removeLast() }
    return (rows.max() ?? 0, rows.count)
  }
}
