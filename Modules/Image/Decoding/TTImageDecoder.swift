import Three20Core
public import Three20Style

/// Decodes PNG, JPEG, GIF and WebP data into upright RGBA bitmaps, within limits.
///
/// The format is told by the data's signature, never by a file name or a media type. The
/// decoder checks ``TTImageLimits/maxBytes`` first, then reads the image's header and checks
/// its size against ``TTImageLimits/maxSide`` and ``TTImageLimits/maxPixels`` before it
/// allocates any pixel memory: a file of a few bytes that claims 100,000 × 100,000 pixels is
/// refused at once with ``TTImageError/Code/tooManyPixels``.
///
/// - PNG (libspng): every colour type and depth, with `tRNS` transparency, as 8-bit RGBA;
///   checksums are checked, metadata chunks are bounded (1 MiB each, 8 MiB in all).
/// - JPEG (TurboJPEG): baseline, progressive (at most 500 scans), greyscale and CMYK; the EXIF
///   orientation is applied, so the bitmap is upright. Asked for a `minimumSize`, it decodes at
///   1/2, 1/4 or 1/8 when that still covers it.
/// - GIF (giflib): the first frame, composed onto the logical screen with its transparency;
///   ``TTDecodedImage/frameCount`` says how many frames there are.
/// - WebP (libwebp): lossy and lossless stills, scaled while decoding for a `minimumSize`.
///   Animated WebP is refused with ``TTImageError/Code/unsupported``.
///
/// Every failure is a ``TTImageError`` with a code, the `source` passed in, the format when it
/// was recognised and a message that says what was wrong and what to do.
///
/// ```swift
/// let image = try TTImageDecoder.decode(bytes, source: url.absoluteString)
/// image.bitmap[0, 0]   // (red: 255, green: 0, blue: 0, alpha: 255)
/// ```
public enum TTImageDecoder {
  /// Decodes an image into upright RGBA pixels.
  ///
  /// The checks run cheapest first: the byte count, the signature, the header's size against
  /// the limits, and only then the pixels. When `minimumSize` is given, JPEG and WebP images
  /// may come back smaller than they are, but never smaller than the size that covers
  /// `minimumSize` with the image's proportions (JPEG picks the smallest of TurboJPEG's scaling
  /// factors, 1/2, 1/4, 1/8, whose result is at least that size; WebP scales to it); PNG and GIF
  /// always decode at full size.
  ///
  /// ```swift
  /// var limits = TTImageLimits()
  /// limits.maxPixels = 4_000_000
  /// let thumbnail = try TTImageDecoder.decode(
  ///   bytes, source: "photo.jpg", limits: limits, minimumSize: TTSize(width: 160, height: 120))
  /// ```
  ///
  /// - Parameters:
  ///   - data: The whole file.
  ///   - source: Where the data came from (a URL or a path), passed through to the error.
  ///   - limits: How large the data and the image may be; the defaults let every real photo
  ///     through.
  ///   - minimumSize: The smallest upright size, in pixels, the bitmap must cover; `nil` decodes
  ///     at full size.
  /// - Returns: The upright bitmap with the image's format, full size, orientation and, for
  ///   GIF, frame count.
  /// - Throws: ``TTImageError`` with ``TTImageError/Code/tooManyBytes``,
  ///   ``TTImageError/Code/unknownFormat``, ``TTImageError/Code/truncated``,
  ///   ``TTImageError/Code/corrupt``, ``TTImageError/Code/tooManyPixels`` or
  ///   ``TTImageError/Code/unsupported``.
  public static func decode(
    _ data: [UInt8], source: String? = nil, limits: TTImageLimits = TTImageLimits(),
    minimumSize: TTSize? = nil
  ) throws(TTImageError) -> TTDecodedImage {
    guard data.count <= limits.maxBytes else {
      throw TTImageError(
        .tooManyBytes,
        "the data is \(grouped(data.count)) bytes, more than the limit of \(grouped(limits.maxBytes)) "
          + "(TTImageLimits.maxBytes); it was not read. Raise maxBytes if images this large are expected",
        source: source, format: TTImageFormat.sniff(data))
    }
    let context = try TTImageDecodeContext(data, source: source, limits: limits)
    switch context.format {
    case .png: return try TTPNGDecoding.decode(data, context)
    case .jpeg: return try TTJPEGDecoding.decode(data, context, minimumSize: minimumSize)
    case .gif: return try TTGIFDecoding.decode(data, context)
    case .webp: return try TTWebPDecoding.decode(data, context, minimumSize: minimumSize)
    }
  }

  /// Reads an image's format and upright size from its header, without decoding its pixels.
  ///
  /// The size is what the header claims (for JPEG turned by its EXIF orientation, as
  /// ``TTDecodedImage/width`` is); no limit is checked, so a caller can refuse or plan before
  /// it decodes. Only the first bytes are read: a file cut after its header still answers.
  ///
  /// ```swift
  /// let (format, width, height) = try TTImageDecoder.header(bytes, source: "logo.png")
  /// ```
  ///
  /// - Parameters:
  ///   - data: The file, or at least its start.
  ///   - source: Where the data came from, passed through to the error.
  /// - Returns: The format, and the upright width and height in pixels.
  /// - Throws: ``TTImageError`` with ``TTImageError/Code/unknownFormat``,
  ///   ``TTImageError/Code/truncated`` (the data ends inside the header) or
  ///   ``TTImageError/Code/corrupt`` (the header is damaged or claims no pixels).
  public static func header(
    _ data: [UInt8], source: String? = nil
  ) throws(TTImageError) -> (format: TTImageFormat, width: Int, height: Int) {
    let context = try TTImageDecodeContext(data, source: source, limits: TTImageLimits())
    let size: (width: Int, height: Int)
    switch context.format {
    case .png: size = try TTPNGDecoding.header(data, context)
    case .jpeg:
      let header = try TTJPEGDecoding.header(data, context)
      size =
        header.orientation.swapsWidthAndHeight
        ? (header.height, header.width) : (header.width, header.height)
    case .gif: size = try TTGIFDecoding.header(data, context)
    case .webp:
      let header = try TTWebPDecoding.header(data, context)
      size = (header.width, header.height)
    }
    try context.checkNotEmpty(width: size.width, height: size.height)
    return (context.format, size.width, size.height)
  }
}

/// What every format's decoder needs: the format, where the data came from and the limits, and
/// the errors they share.
struct TTImageDecodeContext {
  let format: TTImageFormat
  let source: String?
  let limits: TTImageLimits

  /// Recognises the format, or throws `unknownFormat` (or `truncated`, for data that ends inside
  /// a signature).
  init(_ data: [UInt8], source: String?, limits: TTImageLimits) throws(TTImageError) {
    guard let format = TTImageFormat.sniff(data) else {
      throw TTImageDecodeContext.unrecognised(data, source: source)
    }
    self.format = format
    self.source = source
    self.limits = limits
  }

  /// An error about this data.
  func failure(_ code: TTImageError.Code, _ message: String) -> TTImageError {
    TTImageError(code, message, source: source, format: format)
  }

  /// The data ended early: `place` says where, for example `in the IDAT chunk`.
  func truncated(_ data: [UInt8], _ place: String) -> TTImageError {
    failure(
      .truncated,
      "the \(format.name) data ends after \(grouped(data.count)) bytes (\(place)); the download "
        + "was probably cut off — load it again")
  }

  /// The data is damaged: `what` says how; the advice is the same for every format.
  func corrupt(_ what: String) -> TTImageError {
    failure(
      .corrupt,
      "\(what); the file was damaged on the way or when it was made — load it again, and if it "
        + "stays broken ask for a new copy of the image")
  }

  /// Throws `corrupt` for an image without pixels.
  func checkNotEmpty(width: Int, height: Int, what: String = "image") throws(TTImageError) {
    guard width > 0, height > 0 else {
      throw corrupt(
        "the \(format.name) header says the \(what) is \(width) × \(height) pixels, and an image needs at least one"
      )
    }
  }

  /// Throws `tooManyPixels` (or `corrupt`, for no pixels) unless `width × height` is within
  /// the limits.
  ///
  /// Called with the header's size, before any pixel memory is allocated.
  func checkSize(width: Int, height: Int, what: String = "image") throws(TTImageError) {
    try checkNotEmpty(width: width, height: height, what: what)
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    if overflow || pixels > limits.maxPixels {
      let count = overflow ? "more than \(grouped(Int.max))" : grouped(pixels)
      throw failure(
        .tooManyPixels,
        "the \(format.name) \(what) claims \(width) × \(height) pixels (\(count)), more than the limit of "
          + "\(grouped(limits.maxPixels)) (TTImageLimits.maxPixels); it was refused before decoding. "
          + "Such a claim in a small file is a decompression bomb; raise maxPixels only for images you trust")
    }
    if width > limits.maxSide || height > limits.maxSide {
      throw failure(
        .tooManyPixels,
        "the \(format.name) \(what) claims \(width) × \(height) pixels, and a side longer than the limit "
          + "of \(grouped(limits.maxSide)) pixels (TTImageLimits.maxSide); it was refused before decoding. "
          + "Raise maxSide only for images you trust")
    }
  }

  /// The error for data that is no image format this module reads.
  static func unrecognised(_ data: [UInt8], source: String?) -> TTImageError {
    guard !data.isEmpty else {
      return TTImageError(
        .unknownFormat,
        "there are no bytes: the data is empty, not an image — check that the address serves an image, "
          + "and load it again",
        source: source)
    }
    if data.count < 12 {
      let signatures: [(TTImageFormat, [UInt8?])] = [
        (.png, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
        (.jpeg, [0xFF, 0xD8, 0xFF]),
        (.gif, Array("GIF8".utf8)),
        (.webp, Array("RIFF".utf8) + [nil, nil, nil, nil] + Array("WEBP".utf8)),
      ]
      for (format, signature) in signatures
      where data.count < signature.count
        && zip(data, signature).allSatisfy({ byte, expected in expected == nil || expected == byte })
      {
        return TTImageError(
          .truncated,
          "the data ends after \(data.count) bytes, inside the \(format.name) signature; the download was "
            + "probably cut off — load it again",
          source: source, format: format)
      }
    }
    let text = data.prefix(64).drop {
      $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF
    }
    if text.first == UInt8(ascii: "<") || text.first == UInt8(ascii: "{") {
      return TTImageError(
        .unknownFormat,
        "the data is not an image but text starting \(TTMessageText.quoted(String(decoding: text.prefix(40), as: UTF8.self))), "
          + "probably a web page or an error message from the server; check the address and the server's answer",
        source: source)
    }
    let start = data.prefix(8).map { byte in
      let hex = String(byte, radix: 16, uppercase: true)
      return hex.count == 1 ? "0" + hex : hex
    }
    return TTImageError(
      .unknownFormat,
      "the data starts with the bytes \(start.joined(separator: " ")), which is no PNG, JPEG, GIF or WebP "
        + "signature; convert the image to one of these formats, or check that the address serves an image",
      source: source)
  }
}

/// The size that covers `minimum` with the proportions of a `width × height` image, or the full
/// size when that is no larger.
///
/// - Returns: At least 1 × 1, at most `width × height`.
func coveringSize(width: Int, height: Int, minimum: TTSize?) -> (width: Int, height: Int) {
  guard let minimum, width > 0, height > 0, minimum.width < width, minimum.height < height else {
    return (width, height)
  }
  // Scale by the larger of minimum.width / width and minimum.height / height, rounding up.
  if minimum.width * height >= minimum.height * width {
    return (max(1, minimum.width), max(1, (height * minimum.width + width - 1) / width))
  } else {
    return (max(1, (width * minimum.height + height - 1) / height), max(1, minimum.height))
  }
}

/// `1234567` as `1,234,567`.
func grouped(_ value: Int) -> String {
  let digits = String(value.magnitude)
  var result = ""
  for (index, digit) in digits.enumerated() {
    if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
    result.append(digit)
  }
  return value < 0 ? "-" + result : result
}

extension Array where Element == UInt8 {
  /// The big-endian 16-bit value at `offset`; the caller checks the bounds.
  func bigEndian16(at offset: Int) -> Int { Int(self[offset]) << 8 | Int(self[offset + 1]) }

  /// The big-endian 32-bit value at `offset`; the caller checks the bounds.
  func bigEndian32(at offset: Int) -> Int { bigEndian16(at: offset) << 16 | bigEndian16(at: offset + 2) }

  /// The little-endian 16-bit value at `offset`; the caller checks the bounds.
  func littleEndian16(at offset: Int) -> Int { Int(self[offset]) | Int(self[offset + 1]) << 8 }

  /// The little-endian 24-bit value at `offset`; the caller checks the bounds.
  func littleEndian24(at offset: Int) -> Int { littleEndian16(at: offset) | Int(self[offset + 2]) << 16 }

  /// The little-endian 32-bit value at `offset`; the caller checks the bounds.
  func littleEndian32(at offset: Int) -> Int {
    littleEndian16(at: offset) | littleEndian16(at: offset + 2) << 16
  }
}
