import CGIF

/// GIF through giflib: the first frame, composed onto the logical screen.
enum TTGIFDecoding {
  /// The bytes giflib reads, through the read callback: the state lives in this object, which
  /// the callback finds through the file's `UserData`.
  final class Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    /// How many bytes were handed to giflib.
    var position = 0
    /// Whether giflib asked for more bytes than there were.
    var hitEnd = false

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
      self.bytes = bytes
    }
  }

  /// giflib's read callback: copies up to `length` bytes and reports when the data runs out.
  static let read: InputFunc = { file, buffer, length in
    guard let file, let buffer, length > 0, let user = file.pointee.UserData else { return 0 }
    let reader = Unmanaged<Reader>.fromOpaque(user).takeUnretainedValue()
    let count = min(Int(length), reader.bytes.count - reader.position)
    if count < Int(length) { reader.hitEnd = true }
    guard count > 0, let base = reader.bytes.baseAddress else { return 0 }
    buffer.update(from: base + reader.position, count: count)
    reader.position += count
    return Int32(count)
  }

  /// The logical screen's size, from the first 10 bytes.
  static func header(
    _ data: [UInt8], _ context: TTImageDecodeContext
  ) throws(TTImageError) -> (
    width: Int, height: Int
  ) {
    guard data.count >= 10 else { throw context.truncated(data, "in its screen descriptor") }
    return (data.littleEndian16(at: 6), data.littleEndian16(at: 8))
  }

  /// Decodes the first frame of a GIF file onto its logical screen.
  static func decode(_ data: [UInt8], _ context: TTImageDecodeContext) throws(TTImageError) -> TTDecodedImage
  {
    let screen = try header(data, context)
    try context.checkSize(width: screen.width, height: screen.height, what: "screen")
    let result: Result<TTDecodedImage, TTImageError> = data.withUnsafeBufferPointer { bytes in
      let reader = Reader(bytes)
      return withExtendedLifetime(reader) {
        var status: Int32 = 0
        guard let file = DGifOpen(Unmanaged.passUnretained(reader).toOpaque(), read, &status) else {
          return .failure(error(status, reader, data, context, place: "in its screen descriptor"))
        }
        defer { DGifCloseFile(file, nil) }
        do throws(TTImageError) {
          let bitmap = try firstFrame(file, screen, reader, data, context)
          let frames = 1 + countFrames(data, from: reader.position)
          return .success(
            TTDecodedImage(
              bitmap: bitmap, format: .gif, width: screen.width, height: screen.height, frameCount: frames))
        } catch {
          return .failure(error)
        }
      }
    }
    return try result.get()
  }

  /// Walks the records up to the first image, keeping the transparent index of the graphic
  /// control extension before it, and draws that image.
  private static func firstFrame(
    _ file: UnsafeMutablePointer<GifFileType>, _ screen: (width: Int, height: Int), _ reader: Reader,
    _ data: [UInt8], _ context: TTImageDecodeContext
  ) throws(TTImageError) -> TTImageBitmap {
    var transparent: Int?
    while true {
      var type = UNDEFINED_RECORD_TYPE
      guard DGifGetRecordType(file, &type) == GIF_OK else {
        throw error(file.pointee.Error, reader, data, context, place: "before its first frame")
      }
      switch type {
      case EXTENSION_RECORD_TYPE:
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(file, &code, &block) == GIF_OK else {
          throw error(
            file.pointee.Error, reader, data, context, place: "in an extension before its first frame")
        }
        if code == GRAPHICS_EXT_FUNC_CODE, let block, block[0] >= 4 {
          transparent = block[1] & 0x01 != 0 ? Int(block[4]) : nil
        }
        while block != nil {
          guard DGifGetExtensionNext(file, &block) == GIF_OK else {
            throw error(
              file.pointee.Error, reader, data, context, place: "in an extension before its first frame")
          }
        }
      case IMAGE_DESC_RECORD_TYPE:
        guard DGifGetImageDesc(file) == GIF_OK else {
          throw error(file.pointee.Error, reader, data, context, place: "in the first frame's descriptor")
        }
        return try draw(file, screen, transparent: transparent, reader, data, context)
      case TERMINATE_RECORD_TYPE:
        throw context.corrupt("the GIF file ends (its trailer) before it has any frame")
      default:
        throw error(file.pointee.Error, reader, data, context, place: "before its first frame")
      }
    }
  }

  /// Decodes the frame whose descriptor was just read onto a transparent screen, clipped to it.
  private static func draw(
    _ file: UnsafeMutablePointer<GifFileType>, _ screen: (width: Int, height: Int), transparent: Int?,
    _ reader: Reader, _ data: [UInt8], _ context: TTImageDecodeContext
  ) throws(TTImageError) -> TTImageBitmap {
    let image = file.pointee.Image
    let left = Int(image.Left)
    let top = Int(image.Top)
    let width = Int(image.Width)
    let height = Int(image.Height)
    guard let map = image.ColorMap ?? file.pointee.SColorMap else {
      throw context.corrupt(
        "the GIF file has no colour table, neither for the screen nor for the first frame")
    }
    // The frame's own rectangle is decoded whole (its pixels come in one stream), so it is held
    // to the same limits as the screen.
    var canvas = [UInt8](repeating: 0, count: screen.width * screen.height * 4)
    guard width > 0, height > 0 else {
      try skipImageData(file, reader, data, context)
      return TTImageBitmap(width: screen.width, height: screen.height, pixels: canvas)
    }
    try context.checkSize(width: width, height: height, what: "first frame")
    // The colour table as RGBA, 256 entries; missing and transparent entries stay clear.
    var palette = [UInt8](repeating: 0, count: 256 * 4)
    let colours = Int(min(256, max(0, map.pointee.ColorCount)))
    if let entries = map.pointee.Colors {
      for index in 0..<colours {
        palette[index * 4] = entries[index].Red
        palette[index * 4 + 1] = entries[index].Green
        palette[index * 4 + 2] = entries[index].Blue
        palette[index * 4 + 3] = 255
      }
    }
    if let transparent { palette[transparent * 4 + 3] = 0 }
    var line = [GifPixelType](repeating: 0, count: width)
    let visibleWidth = max(0, min(width, screen.width - left))
    // Rows in the order they come: four passes when interlaced, top to bottom otherwise.
    let passes: [(start: Int, step: Int)] =
      image.Interlace ? [(0, 8), (4, 8), (2, 4), (1, 2)] : [(0, 1)]
    for pass in passes {
      for row in stride(from: pass.start, to: height, by: pass.step) {
        let status = line.withUnsafeMutableBufferPointer { DGifGetLine(file, $0.baseAddress, Int32(width)) }
        guard status == GIF_OK else {
          throw error(file.pointee.Error, reader, data, context, place: "in the first frame's pixels")
        }
        let y = top + row
        guard y < screen.height, visibleWidth > 0 else { continue }
        let rowBase = (y * screen.width + left) * 4
        for x in 0..<visibleWidth {
          let entry = Int(line[x]) * 4
          guard palette[entry + 3] != 0 else { continue }
          let target = rowBase + x * 4
          canvas[target] = palette[entry]
          canvas[target + 1] = palette[entry + 1]
          canvas[target + 2] = palette[entry + 2]
          canvas[target + 3] = 255
        }
      }
    }
    return TTImageBitmap(width: screen.width, height: screen.height, pixels: canvas)
  }

  /// Reads past the data of a frame without pixels.
  private static func skipImageData(
    _ file: UnsafeMutablePointer<GifFileType>, _ reader: Reader, _ data: [UInt8],
    _ context: TTImageDecodeContext
  ) throws(TTImageError) {
    var size: Int32 = 0
    var block: UnsafeMutablePointer<GifByteType>?
    guard DGifGetCode(file, &size, &block) == GIF_OK else {
      throw error(file.pointee.Error, reader, data, context, place: "in the first frame's data")
    }
    while block != nil {
      guard DGifGetCodeNext(file, &block) == GIF_OK else {
        throw error(file.pointee.Error, reader, data, context, place: "in the first frame's data")
      }
    }
  }

  /// The frames after the first, counted by walking the blocks without decoding them.
  ///
  /// No allocation, and every step moves forward. Stops at the trailer, at the end of the data or at
  /// anything that is no GIF block.
  static func countFrames(_ data: [UInt8], from start: Int) -> Int {
    var frames = 0
    var index = start
    func skipSubBlocks() {
      while index < data.count {
        let length = Int(data[index])
        index += 1 + length
        if length == 0 { return }
      }
    }
    while index < data.count {
      switch data[index] {
      case 0x21:  // extension: introducer, label, sub-blocks
        index += 2
        skipSubBlocks()
      case 0x2C:  // image: descriptor, optional colour table, code size, sub-blocks
        guard index + 10 <= data.count else { return frames }
        let flags = data[index + 9]
        index += 10
        if flags & 0x80 != 0 { index += 3 << (Int(flags & 0x07) + 1) }
        index += 1
        frames += 1
        skipSubBlocks()
      default:  // the trailer, or damage
        return frames
      }
    }
    return frames
  }

  /// The error for a giflib failure: `truncated` when giflib ran out of bytes.
  static func error(
    _ status: Int32, _ reader: Reader, _ data: [UInt8], _ context: TTImageDecodeContext, place: String
  ) -> TTImageError {
    if reader.hitEnd { return context.truncated(data, place) }
    let reason = GifErrorString(status).map { String(cString: $0) } ?? "error \(status)"
    if status == D_GIF_ERR_NO_COLOR_MAP {
      return context.corrupt("the GIF file has no colour table for its first frame")
    }
    if status == D_GIF_ERR_NOT_ENOUGH_MEM {
      return context.failure(
        .unsupported,
        "there was not enough memory to decode the GIF image (giflib says: \(reason)); try again later")
    }
    return context.corrupt("the GIF data is damaged \(place) (giflib says: \(reason))")
  }
}
