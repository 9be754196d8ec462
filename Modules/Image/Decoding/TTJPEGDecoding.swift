import CTurboJPEG
import Three20Core
import Three20Style

/// JPEG through TurboJPEG, with the EXIF orientation read here and applied to the pixels.
enum TTJPEGDecoding {
  /// What the markers before the compressed data say.
  struct Markers {
    /// The orientation in the first EXIF segment, or `.up`.
    var orientation = TTImageOrientation.up
    /// The stored size in the first frame header (SOF), as written.
    var frame: (width: Int, height: Int)?
    /// Whether an Adobe segment (APP14) is there: its CMYK is stored inverted.
    var adobe = false
    /// Whether the data ended before the start of the compressed data (SOS).
    var endedEarly = false
    /// Where the first scan's compressed data starts, after its SOS header.
    var scanStart: Int?
  }

  /// Reads the markers up to the compressed data: the EXIF orientation, the frame size and the
  /// Adobe segment.
  ///
  /// Every step moves forward, so the walk ends; a damaged marker stops it and
  /// leaves the judgement to TurboJPEG.
  static func markers(_ data: [UInt8]) -> Markers {
    var markers = Markers()
    var sawExif = false
    var index = 2
    while true {
      guard index + 2 <= data.count else {
        markers.endedEarly = true
        return markers
      }
      guard data[index] == 0xFF else { return markers }
      let marker = data[index + 1]
      if marker == 0xFF {  // fill byte
        index += 1
        continue
      }
      if marker == 0x01 || (0xD0...0xD8).contains(marker) {  // markers without a length
        index += 2
        continue
      }
      if marker == 0xD9 { return markers }
      guard index + 4 <= data.count else {
        markers.endedEarly = true
        return markers
      }
      let length = data.bigEndian16(at: index + 2)
      guard length >= 2 else { return markers }
      let end = index + 2 + length
      let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
      if isFrame, markers.frame == nil, length >= 7, index + 9 <= data.count {
        markers.frame = (data.bigEndian16(at: index + 7), data.bigEndian16(at: index + 5))
      }
      guard end <= data.count else {
        markers.endedEarly = true
        return markers
      }
      switch marker {
      case 0xDA:
        markers.scanStart = end
        return markers
      case 0xE1 where !sawExif && length >= 8 && data[index + 4..<index + 10].elementsEqual("Exif\0\0".utf8):
        sawExif = true
        markers.orientation = exifOrientation(data, tiff: index + 10, end: end) ?? .up
      case 0xEE where length >= 7 && data[index + 4..<index + 9].elementsEqual("Adobe".utf8):
        markers.adobe = true
      default:
        break
      }
      index = end
    }
  }

  /// The orientation tag (0x0112) of IFD0 in the TIFF structure at `data[tiff..<end]`, either
  /// byte order, every read checked against `end`; `nil` when it is missing or not 1–8.
  static func exifOrientation(_ data: [UInt8], tiff: Int, end: Int) -> TTImageOrientation? {
    let count = end - tiff
    guard count >= 8 else { return nil }
    let little: Bool
    switch (data[tiff], data[tiff + 1]) {
    case (0x49, 0x49): little = true
    case (0x4D, 0x4D): little = false
    default: return nil
    }
    func read16(_ offset: Int) -> Int? {
      guard offset >= 0, offset <= count - 2 else { return nil }
      return little ? data.littleEndian16(at: tiff + offset) : data.bigEndian16(at: tiff + offset)
    }
    func read32(_ offset: Int) -> Int? {
      guard offset >= 0, offset <= count - 4 else { return nil }
      return little ? data.littleEndian32(at: tiff + offset) : data.bigEndian32(at: tiff + offset)
    }
    guard read16(2) == 42, let directory = read32(4), let entries = read16(directory) else { return nil }
    for entry in 0..<entries {
      let offset = directory + 2 + entry * 12
      guard let tag = read16(offset), let type = read16(offset + 2), let values = read32(offset + 4) else {
        return nil
      }
      guard tag == 0x0112 else { continue }
      guard values >= 1 else { return nil }
      // A SHORT sits in the first two bytes of the value field in both byte orders.
      let value = type == 3 ? read16(offset + 8) : type == 4 ? read32(offset + 8) : nil
      return value.flatMap { TTImageOrientation(rawValue: $0) }
    }
    return nil
  }

  /// The stored size and the orientation, without decoding: TurboJPEG's header, or the frame
  /// header the markers hold when TurboJPEG cannot read it (a size past its 65,500 pixels, data
  /// cut after the frame header).
  static func header(
    _ data: [UInt8], _ context: TTImageDecodeContext
  ) throws(TTImageError) -> (width: Int, height: Int, orientation: TTImageOrientation) {
    let found = markers(data)
    do {
      let size = try withDecompressor(data, context) { decoder, bytes throws(TTImageError) in
        try readHeader(decoder, bytes, data, found, context)
      }
      return (size.width, size.height, found.orientation)
    } catch {
      guard let frame = found.frame else { throw error }
      return (frame.width, frame.height, found.orientation)
    }
  }

  /// Decodes a JPEG file, shrunk by a scaling factor when `minimumSize` allows, upright.
  static func decode(
    _ data: [UInt8], _ context: TTImageDecodeContext, minimumSize: TTSize?
  ) throws(TTImageError) -> TTDecodedImage {
    let found = markers(data)
    if let frame = found.frame {  // a bomb is refused before TurboJPEG starts
      try context.checkSize(width: frame.width, height: frame.height)
    }
    return try withDecompressor(data, context) { decoder, bytes throws(TTImageError) in
      try decode(decoder, bytes, data, found, context, minimumSize: minimumSize)
    }
  }

  /// Runs `body` with a TurboJPEG decompressor and the data's bytes, and destroys it after.
  private static func withDecompressor<Value>(
    _ data: [UInt8], _ context: TTImageDecodeContext,
    _ body: (tjhandle, UnsafeBufferPointer<UInt8>) throws(TTImageError) -> Value
  ) throws(TTImageError) -> Value {
    let result: Result<Value, TTImageError> = data.withUnsafeBufferPointer { bytes in
      guard let decoder = tjInitDecompress() else {
        return .failure(
          context.failure(.unsupported, "TurboJPEG could not start (out of memory); try again later"))
      }
      defer { tjDestroy(decoder) }
      do throws(TTImageError) {
        return .success(try body(decoder, bytes))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// TurboJPEG's reading of the header: the stored size and the colour space.
  private static func readHeader(
    _ decoder: tjhandle, _ bytes: UnsafeBufferPointer<UInt8>, _ data: [UInt8], _ found: Markers,
    _ context: TTImageDecodeContext
  ) throws(TTImageError) -> (width: Int, height: Int, colorspace: Int32) {
    var width: Int32 = 0
    var height: Int32 = 0
    var subsampling: Int32 = 0
    var colorspace: Int32 = 0
    let headerStatus = tjDecompressHeader3(
      decoder, bytes.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colorspace)
    if headerStatus != 0 {
      let warning = tjGetErrorCode(decoder) == Int32(TJERR_WARNING.rawValue)
      if !(warning && width > 0 && height > 0) {
        throw headerError(decoder, data, found, context)
      }
    }
    // A datastream that ends before its frame header reads as "tables only": no error, no size.
    if width <= 0 || height <= 0 {
      if found.endedEarly {
        throw context.truncated(data, "in its markers, before the frame header that holds its size")
      }
      throw context.corrupt("the JPEG data holds no image, only tables (there is no frame header)")
    }
    return (Int(width), Int(height), colorspace)
  }

  /// Decodes with a TurboJPEG decompressor.
  private static func decode(
    _ decoder: tjhandle, _ bytes: UnsafeBufferPointer<UInt8>, _ data: [UInt8], _ found: Markers,
    _ context: TTImageDecodeContext, minimumSize: TTSize?
  ) throws(TTImageError) -> TTDecodedImage {
    let header = try readHeader(decoder, bytes, data, found, context)
    let colorspace = header.colorspace
    let stored = (width: header.width, height: header.height)
    try context.checkSize(width: stored.width, height: stored.height)
    let orientation = found.orientation
    let swaps = orientation.swapsWidthAndHeight
    let minimum = minimumSize.map { swaps ? TTSize(width: $0.height, height: $0.width) : $0 }
    let size = scaledSize(width: stored.width, height: stored.height, covering: minimum)
    let cmyk = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
    let format = cmyk ? TJPF_CMYK : TJPF_RGBA
    var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
    let status = pixels.withUnsafeMutableBufferPointer { output in
      tjDecompress2(
        decoder, bytes.baseAddress, UInt(bytes.count), output.baseAddress, Int32(size.width), 0,
        Int32(size.height), Int32(format.rawValue), TJFLAG_LIMITSCANS)
    }
    if status != 0 {
      let warning = tjGetErrorCode(decoder) == Int32(TJERR_WARNING.rawValue)
      let message = String(cString: tjGetErrorStr2(decoder))
      // libjpeg-turbo fills what is missing with grey and warns; a warning and no end marker
      // mean the data was cut, whichever warning came first (TurboJPEG reports the first).
      if message.contains("Premature end of JPEG file")
        || (warning && !hasEndMarker(data, after: found.scanStart))
      {
        throw context.truncated(data, "in the compressed image data")
      }
      if !warning { throw decodeError(message, context) }
      // Other warnings (stray bytes, a bad code) leave a picture that is mostly right: keep it.
    }
    if cmyk { convertCMYK(&pixels, inverted: found.adobe) }
    let bitmap = TTImageBitmap(width: size.width, height: size.height, pixels: pixels).oriented(orientation)
    return TTDecodedImage(
      bitmap: bitmap, format: .jpeg, width: swaps ? stored.height : stored.width,
      height: swaps ? stored.width : stored.height, orientation: orientation)
  }

  /// The smallest size TurboJPEG can decode to (a scaling factor of at most 1) that covers
  /// `minimum` with the image's proportions; the stored size without a minimum.
  static func scaledSize(width: Int, height: Int, covering minimum: TTSize?) -> (width: Int, height: Int) {
    let needed = coveringSize(width: width, height: height, minimum: minimum)
    var best = (width: width, height: height)
    guard needed != best else { return best }
    var count: Int32 = 0
    guard let factors = tjGetScalingFactors(&count) else { return best }
    for factor in UnsafeBufferPointer(start: factors, count: Int(max(0, count))) {
      let numerator = Int(factor.num)
      let denominator = Int(factor.denom)
      guard numerator > 0, denominator > 0, numerator <= denominator else { continue }
      let scaled = (
        width: (width * numerator + denominator - 1) / denominator,
        height: (height * numerator + denominator - 1) / denominator
      )
      if scaled.width >= needed.width, scaled.height >= needed.height,
        scaled.width * scaled.height < best.width * best.height
      {
        best = scaled
      }
    }
    return best
  }

  /// Whether the end marker (FF D9) follows the compressed data that starts at `start`.
  ///
  /// Without a start, the whole data is searched. Compressed data escapes every FF byte, so the
  /// first FF D9 after the scan header is the end marker; one inside an EXIF thumbnail, before
  /// it, does not count.
  static func hasEndMarker(_ data: [UInt8], after start: Int?) -> Bool {
    var index = start ?? 2
    while index + 1 < data.count {
      if data[index] == 0xFF && data[index + 1] == 0xD9 { return true }
      index += 1
    }
    return false
  }

  /// CMYK from TurboJPEG to RGBA in place; Adobe files store the inks inverted.
  static func convertCMYK(_ pixels: inout [UInt8], inverted: Bool) {
    pixels.withUnsafeMutableBufferPointer { buffer in
      var index = 0
      while index + 3 < buffer.count {
        let black = Int(inverted ? buffer[index + 3] : 255 - buffer[index + 3])
        for channel in 0..<3 {
          let ink = Int(inverted ? buffer[index + channel] : 255 - buffer[index + channel])
          buffer[index + channel] = UInt8((ink * black + 127) / 255)
        }
        buffer[index + 3] = 255
        index += 4
      }
    }
  }

  /// The error when TurboJPEG cannot read the header.
  private static func headerError(
    _ decoder: tjhandle, _ data: [UInt8], _ found: Markers, _ context: TTImageDecodeContext
  ) -> TTImageError {
    let message = String(cString: tjGetErrorStr2(decoder))
    if found.endedEarly || message.contains("Premature end of JPEG file") {
      return context.truncated(data, "in its markers, before the compressed image data")
    }
    return decodeError(message, context)
  }

  /// The error for a TurboJPEG failure message.
  private static func decodeError(_ message: String, _ context: TTImageDecodeContext) -> TTImageError {
    let said = TTMessageText.escaped(message, limit: 200)
    if message.contains("scans") {
      return context.failure(
        .unsupported,
        "the progressive JPEG has more scans than the 500 TurboJPEG reads (TurboJPEG says: \(said)); "
          + "only a hostile file has that many — save the image again as baseline JPEG if it is yours")
    }
    if message.contains("Unsupported") || message.contains("Maximum supported image dimension") {
      return context.failure(
        .unsupported,
        "this JPEG uses something TurboJPEG does not read (TurboJPEG says: \(said)); save the image again "
          + "as an ordinary (baseline, RGB) JPEG or as PNG")
    }
    return context.corrupt("the JPEG data is damaged (TurboJPEG says: \(said))")
  }
}
