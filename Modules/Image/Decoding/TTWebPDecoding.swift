import CWebP
import Three20Core
import Three20Style

/// WebP through libwebp: still images, lossy or lossless, scaled while decoding when asked.
enum TTWebPDecoding {
  /// The size (and whether it is animated) read from the first chunk: VP8X's canvas, or the
  /// VP8 or VP8L frame header.
  ///
  /// Read here rather than by libwebp, which refuses a canvas of
  /// 2³² pixels or more without saying how large it claims to be.
  static func header(
    _ data: [UInt8], _ context: TTImageDecodeContext
  ) throws(TTImageError) -> (
    width: Int, height: Int, animated: Bool, chunk: String
  ) {
    guard data.count >= 20 else { throw context.truncated(data, "inside the RIFF header") }
    let chunk = String(decoding: data[12..<16], as: UTF8.self)
    switch chunk {
    case "VP8X":
      guard data.count >= 30 else { throw context.truncated(data, "inside the extended header, VP8X") }
      return (data.littleEndian24(at: 24) + 1, data.littleEndian24(at: 27) + 1, data[20] & 0x02 != 0, chunk)
    case "VP8 ":
      guard data.count >= 30 else { throw context.truncated(data, "inside the lossy frame header, VP8") }
      guard data[23] == 0x9D, data[24] == 0x01, data[25] == 0x2A else {
        throw context.corrupt("the WebP lossy frame header (VP8) lacks its start code")
      }
      return (data.littleEndian16(at: 26) & 0x3FFF, data.littleEndian16(at: 28) & 0x3FFF, false, chunk)
    case "VP8L":
      guard data.count >= 25 else { throw context.truncated(data, "inside the lossless header, VP8L") }
      guard data[20] == 0x2F else {
        throw context.corrupt("the WebP lossless header (VP8L) lacks its signature byte")
      }
      let bits = data.littleEndian32(at: 21)
      return ((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1, false, chunk)
    default:
      throw context.corrupt(
        "the WebP data starts with a chunk named \(TTMessageText.quoted(chunk)) where VP8, VP8L or VP8X belongs"
      )
    }
  }

  /// Decodes a still WebP image, scaled to cover `minimumSize` when given.
  static func decode(
    _ data: [UInt8], _ context: TTImageDecodeContext, minimumSize: TTSize?
  ) throws(TTImageError) -> TTDecodedImage {
    let claimed = try header(data, context)
    try context.checkSize(width: claimed.width, height: claimed.height)
    guard !claimed.animated else { throw animated(context) }
    if data.littleEndian32(at: 4) > data.count - 8 {
      throw context.truncated(
        data, "in the \(claimed.chunk.trimmingSuffix()) chunk, before the end its RIFF header announces")
    }
    let result: Result<TTDecodedImage, TTImageError> = data.withUnsafeBufferPointer { bytes in
      var config = WebPDecoderConfig()
      guard WebPInitDecoderConfig(&config) != 0 else {
        return .failure(
          context.failure(
            .unsupported, "libwebp could not start (its version does not match); reinstall libwebp"))
      }
      var status = WebPGetFeatures(bytes.baseAddress, bytes.count, &config.input)
      guard status == VP8_STATUS_OK else { return .failure(error(status, data, context)) }
      guard config.input.has_animation == 0 else { return .failure(animated(context)) }
      let width = Int(config.input.width)
      let height = Int(config.input.height)
      do throws(TTImageError) {
        try context.checkSize(width: width, height: height)
      } catch {
        return .failure(error)
      }
      let size = coveringSize(width: width, height: height, minimum: minimumSize)
      if size != (width, height) {
        config.options.use_scaling = 1
        config.options.scaled_width = Int32(size.width)
        config.options.scaled_height = Int32(size.height)
      }
      var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
      status = pixels.withUnsafeMutableBufferPointer { output in
        config.output.colorspace = MODE_RGBA
        config.output.is_external_memory = 1
        config.output.u.RGBA.rgba = output.baseAddress
        config.output.u.RGBA.stride = Int32(size.width * 4)
        config.output.u.RGBA.size = output.count
        defer { WebPFreeDecBuffer(&config.output) }
        return WebPDecode(bytes.baseAddress, bytes.count, &config)
      }
      guard status == VP8_STATUS_OK else { return .failure(error(status, data, context)) }
      let bitmap = TTImageBitmap(width: size.width, height: size.height, pixels: pixels)
      return .success(TTDecodedImage(bitmap: bitmap, format: .webp, width: width, height: height))
    }
    return try result.get()
  }

  /// The error for an animated WebP.
  static func animated(_ context: TTImageDecodeContext) -> TTImageError {
    context.failure(
      .unsupported,
      "this is an animated WebP, and Three20Image reads only still WebP images; save its first frame "
        + "as a still WebP, PNG or JPEG, or use an animated GIF")
  }

  /// The error for a libwebp status.
  static func error(_ status: VP8StatusCode, _ data: [UInt8], _ context: TTImageDecodeContext) -> TTImageError
  {
    switch status {
    case VP8_STATUS_NOT_ENOUGH_DATA:
      return context.truncated(data, "in the compressed image data")
    case VP8_STATUS_UNSUPPORTED_FEATURE:
      return context.failure(
        .unsupported,
        "this WebP uses a feature libwebp does not read; save the image again as an ordinary WebP, PNG or JPEG"
      )
    case VP8_STATUS_OUT_OF_MEMORY:
      return context.failure(
        .unsupported,
        "there was not enough memory to decode the WebP image; lower TTImageLimits.maxPixels "
          + "or free memory, and try again")
    default:
      return context.corrupt("the WebP data is damaged (libwebp status \(status.rawValue))")
    }
  }
}

extension String {
  /// The string without trailing spaces (a WebP chunk name is padded: `VP8 `).
  fileprivate func trimmingSuffix() -> String {
    var result = self
    while result.last == " " { result.removeLast() }
    return result
  }
}
