// A libFuzzer target for TTImageDecoder: PNG (libspng), JPEG (TurboJPEG, with its EXIF reader),
// GIF (giflib) and WebP (libwebp), their header readers, the limits checked before allocation,
// decode-time reduction and the orientation of bitmaps.
//
// `make fuzz-image` builds it with coverage, AddressSanitizer and `-D FUZZING` and runs libFuzzer
// on the seed corpus for a bounded time. Built normally (without FUZZING) it reads every file named
// on the command line once, which replays a crash input: `FuzzImageDecoder crash-1234`.
import FuzzSupport
import Three20Image
import Three20Style

/// Small limits, so that every refusal runs and no input takes long: 1 megapixel, 2,048 pixels a
/// side, 1 MiB of data.
let limits = TTImageLimits(maxPixels: 1 << 20, maxBytes: 1 << 20, maxSide: 2_048)

/// Decodes one input every way the decoder offers and checks what it promises.
///
/// Any crash, sanitizer report or failed precondition is a bug; errors are expected and ignored
/// when they are well formed.
func fuzzOne(_ data: UnsafeRawBufferPointer) {
  let bytes = Array(data)
  let header = try? TTImageDecoder.header(bytes, source: "fuzz")
  do {
    let image = try TTImageDecoder.decode(bytes, source: "fuzz", limits: limits)
    let bitmap = image.bitmap
    precondition(bitmap.pixels.count == bitmap.width * bitmap.height * 4)
    precondition(bitmap.width == image.width && bitmap.height == image.height)
    precondition(image.width * image.height <= limits.maxPixels)
    precondition(header.map { $0.width == image.width && $0.height == image.height } ?? false)
    // Orienting is a pure function: turning right then left gives the bitmap back.
    if bitmap.pixelCount <= 4_096 {
      for orientation in TTImageOrientation.allCases {
        let turned = bitmap.oriented(orientation)
        precondition(turned.pixelCount == bitmap.pixelCount)
      }
      precondition(bitmap.oriented(.right).oriented(.left) == bitmap)
    }
  } catch {
    precondition(error.source == "fuzz" && !error.message.isEmpty)
  }
  // Reduced while decoding: never below the size asked for (when the image is larger).
  let asked = TTSize(width: 7, height: 5)
  if let small = try? TTImageDecoder.decode(bytes, source: "fuzz", limits: limits, minimumSize: asked) {
    let bitmap = small.bitmap
    precondition(bitmap.pixels.count == bitmap.width * bitmap.height * 4)
    precondition(bitmap.width <= small.width && bitmap.height <= small.height)
    if small.width > asked.width && small.height > asked.height {
      precondition(bitmap.width >= asked.width && bitmap.height >= asked.height)
    } else {
      precondition(bitmap.width == small.width && bitmap.height == small.height)
    }
  }
}

runFuzzTarget(fuzzOne)
