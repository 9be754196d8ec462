import CSpng

/// PNG through libspng: the header read here, the pixels by libspng as 8-bit RGBA.
enum TTPNGDecoding {
  /// The eight bytes every PNG file starts with.
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  /// The most bytes one ancillary chunk (text, ICC profile, EXIF…) may hold.
  static let chunkSizeLimit = 1 << 20
  /// The most bytes all ancillary chunks together may hold.
  static let chunkCacheLimit = 8 << 20

  /// The size in the IHDR chunk, read without libspng (so that a bomb is refused before a
  /// decoder exists).
  static func header(
    _ data: [UInt8], _ context: TTImageDecodeContext
  ) throws(TTImageError) -> (
    width: Int, height: Int
  ) {
    guard data.count >= 8 else {
      throw context.failure(
        .truncated,
        "the data ends after \(data.count) bytes, inside the PNG signature; the download was probably cut "
          + "off — load it again")
    }
    guard data[0..<8].elementsEqual(signature) else {
      throw context.corrupt(
        "the PNG signature is damaged (its bytes 5 to 8 are not 0D 0A 1A 0A; a transfer as text, "
          + "which changes line ends, does this)")
    }
    guard data.count >= 24 else { throw context.truncated(data, "inside the header chunk, IHDR") }
    guard data.bigEndian32(at: 8) == 13, data[12..<16].elementsEqual("IHDR".utf8) else {
      throw context.corrupt("the PNG data does not start with its header chunk (IHDR)")
    }
    return (data.bigEndian32(at: 16), data.bigEndian32(at: 20))
  }

  /// Decodes a PNG file at full size.
  static func decode(_ data: [UInt8], _ context: TTImageDecodeContext) throws(TTImageError) -> TTDecodedImage
  {
    let size = try header(data, context)
    try context.checkSize(width: size.width, height: size.height)
    let result: Result<TTImageBitmap, TTImageError> = data.withUnsafeBytes { bytes in
      guard let decoder = spng_ctx_new(0) else {
        return .failure(
          context.failure(.unsupported, "libspng could not start (out of memory); try again later"))
      }
      defer { spng_ctx_free(decoder) }
      let side = UInt32(min(context.limits.maxSide, Int(Int32.max)))
      var status = spng_set_image_limits(decoder, side, side)
      if status == 0 { status = spng_set_chunk_limits(decoder, chunkSizeLimit, chunkCacheLimit) }
      if status == 0 { status = spng_set_png_buffer(decoder, bytes.baseAddress, bytes.count) }
      var ihdr = spng_ihdr()
      if status == 0 { status = spng_get_ihdr(decoder, &ihdr) }
      var length = 0
      if status == 0 { status = spng_decoded_image_size(decoder, Int32(SPNG_FMT_RGBA8.rawValue), &length) }
      guard status == 0 else { return .failure(error(status, data, context)) }
      guard Int(ihdr.width) == size.width, Int(ihdr.height) == size.height,
        length == size.width * size.height * 4
      else {
        return .failure(context.corrupt("libspng read a size different from the PNG header's"))
      }
      var pixels = [UInt8](repeating: 0, count: length)
      status = pixels.withUnsafeMutableBytes { output in
        spng_decode_image(
          decoder, output.baseAddress, output.count, Int32(SPNG_FMT_RGBA8.rawValue),
          Int32(SPNG_DECODE_TRNS.rawValue))
      }
      guard status == 0 else { return .failure(error(status, data, context)) }
      return .success(TTImageBitmap(width: size.width, height: size.height, pixels: pixels))
    }
    let bitmap = try result.get()
    return TTDecodedImage(bitmap: bitmap, format: .png, width: size.width, height: size.height)
  }

  /// The error for a libspng status.
  static func error(_ status: Int32, _ data: [UInt8], _ context: TTImageDecodeContext) -> TTImageError {
    let end = endOfData(data)
    func isStatus(_ value: spng_errno) -> Bool { status == Int32(value.rawValue) }
    if isStatus(SPNG_EOF) || isStatus(SPNG_IO_EOF) || (!end.complete && isStatus(SPNG_EIDAT_TOO_SHORT)) {
      return context.truncated(data, end.place)
    }
    // libspng inflates IDAT data as it reads it, so damage there shows as a stream error before
    // the chunk's checksum is reached: the checksums tell which chunk was damaged.
    if let chunk = firstChunkFailingCRC(data) {
      return context.corrupt("the \(chunk) chunk of the PNG data fails its checksum (CRC)")
    }
    if isStatus(SPNG_ECHUNK_CRC) {
      return context.corrupt("a chunk of the PNG data fails its checksum (CRC)")
    }
    if isStatus(SPNG_ECHUNK_LIMITS) {
      return context.failure(
        .unsupported,
        "the PNG data carries more metadata than this decoder reads (1 MiB in one chunk, 8 MiB in "
          + "all); save the image again without its metadata (text, ICC profile, EXIF)")
    }
    if isStatus(SPNG_EUSER_WIDTH) || isStatus(SPNG_EUSER_HEIGHT) {
      return context.failure(
        .tooManyPixels,
        "the PNG image is wider or taller than the limit of \(grouped(context.limits.maxSide)) pixels "
          + "(TTImageLimits.maxSide); raise maxSide only for images you trust")
    }
    if isStatus(SPNG_EMEM) {
      return context.failure(
        .unsupported,
        "there was not enough memory to decode the PNG image; lower TTImageLimits.maxPixels "
          + "or free memory, and try again")
    }
    let reason = String(cString: spng_strerror(status))
    if !end.complete {
      return context.truncated(data, "\(end.place); libspng says: \(reason)")
    }
    return context.corrupt("the PNG data is damaged (libspng says: \(reason))")
  }

  /// The type of the first complete chunk whose CRC does not match its type and data, or `nil`.
  static func firstChunkFailingCRC(_ data: [UInt8]) -> String? {
    var offset = 8
    while offset + 12 <= data.count {
      let length = data.bigEndian32(at: offset)
      let end = offset + 12 + length
      guard end <= data.count else { return nil }
      var crc: UInt32 = 0xFFFF_FFFF
      for byte in data[offset + 4..<end - 4] {
        crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
      }
      if crc ^ 0xFFFF_FFFF != UInt32(data.bigEndian32(at: end - 4)) {
        return chunkName(data, at: offset)
      }
      offset = end
    }
    return nil
  }

  /// The CRC-32 table of PNG (and zlib), polynomial 0xEDB88320.
  static let crcTable: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }

  /// The four-letter type of the chunk at `offset`, with anything but letters shown as `?`.
  static func chunkName(_ data: [UInt8], at offset: Int) -> String {
    String(
      decoding: data[offset + 4..<offset + 8].map { byte in
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
          || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
          ? byte : UInt8(ascii: "?")
      }, as: UTF8.self)
  }

  /// Where the data ends among the PNG chunks, for example `in the IDAT chunk`, and whether the
  /// end chunk (IEND) is complete.
  static func endOfData(_ data: [UInt8]) -> (place: String, complete: Bool) {
    guard data.count > 8 else { return ("inside the PNG signature", false) }
    var offset = 8
    var previous = "the signature"
    while true {
      if offset == data.count { return ("after \(previous), before the end chunk IEND", false) }
      if offset + 8 > data.count { return ("in the length and type of the chunk after \(previous)", false) }
      let length = data.bigEndian32(at: offset)
      let type = chunkName(data, at: offset)
      let end = offset + 12 + length
      if end > data.count { return ("in the \(type) chunk", false) }
      if type == "IEND" { return ("after the end chunk IEND", true) }
      previous = "the \(type) chunk"
      offset = end
    }
  }
}
