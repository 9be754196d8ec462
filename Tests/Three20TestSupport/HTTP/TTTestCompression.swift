internal import CZlib
public import Foundation

/// zlib compression as HTTP uses it, for the test server's encoded responses and for checking
/// what a client received.
///
/// ```swift
/// let packed = try TTTestCompression.compress(Data("hello".utf8), as: .gzip)
/// packed.prefix(2)                                          // 0x1f 0x8b, the gzip magic
/// try TTTestCompression.decompress(packed, as: .gzip)       // "hello"
/// ```
public enum TTTestCompression {
  /// An HTTP content coding the server can produce.
  public enum Format: String, Sendable, CaseIterable {
    /// `gzip`: RFC 1952, the gzip file format.
    case gzip
    /// `deflate`: as HTTP means it, the zlib format of RFC 1950 (not raw deflate).
    case deflate

    /// The token used in `Content-Encoding` and `Accept-Encoding`.
    public var token: String { rawValue }

    var windowBits: Int32 { self == .gzip ? 15 + 16 : 15 }
  }

  /// Compresses bytes in one of the HTTP formats.
  ///
  /// - Parameters:
  ///   - data: The bytes to compress.
  ///   - format: `.gzip` or `.deflate`.
  /// - Returns: The compressed bytes.
  /// - Throws: ``TTTestHTTPServerError`` when zlib reports an error.
  public static func compress(_ data: Data, as format: Format) throws -> Data {
    var reader = TTTestHTTPBodyReader(body: .bytes(data))
    return try compress(&reader, as: format)
  }

  /// Compresses a response body a piece at a time, so a generated body of gigabytes is never
  /// held in memory (only the compressed result is).
  ///
  /// ```swift
  /// // 64 MiB of zeros in about 64 KB: the inner layer of a "gzip, gzip" bomb.
  /// let inner = try TTTestCompression.compress(.generated(size: 64 << 20, pattern: Data([0])), as: .gzip)
  /// ```
  ///
  /// - Parameters:
  ///   - body: The body to compress.
  ///   - format: `.gzip` or `.deflate`.
  /// - Returns: The compressed bytes.
  /// - Throws: ``TTTestHTTPServerError`` when zlib reports an error.
  public static func compress(_ body: TTTestHTTPResponse.Body, as format: Format) throws -> Data {
    var reader = TTTestHTTPBodyReader(body: body)
    return try compress(&reader, as: format)
  }

  /// Decompresses bytes in one of the HTTP formats.
  ///
  /// - Parameters:
  ///   - data: The compressed bytes.
  ///   - format: The format they must be in.
  /// - Returns: The original bytes.
  /// - Throws: ``TTTestHTTPServerError`` when the bytes are not a complete stream in `format`.
  public static func decompress(_ data: Data, as format: Format) throws -> Data {
    var stream = z_stream()
    guard inflateInit2_(&stream, format.windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { throw TTTestHTTPServerError("zlib could not start inflating (\(format.token))") }
    defer { inflateEnd(&stream) }
    var output = Data()
    var outBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    var input = [UInt8](data)
    let inputCount = input.count
    return try input.withUnsafeMutableBufferPointer { inputPointer in
      stream.next_in = inputPointer.baseAddress
      stream.avail_in = UInt32(inputCount)
      while true {
        let status = outBuffer.withUnsafeMutableBufferPointer { outPointer in
          stream.next_out = outPointer.baseAddress
          stream.avail_out = UInt32(outPointer.count)
          return inflate(&stream, Z_NO_FLUSH)
        }
        output.append(contentsOf: outBuffer[0..<(outBuffer.count - Int(stream.avail_out))])
        if status == Z_STREAM_END { return output }
        if status == Z_BUF_ERROR && stream.avail_in == 0 {
          throw TTTestHTTPServerError(
            "\(format.token) data is truncated: \(inputCount) bytes ended before the end of the stream")
        }
        if status != Z_OK && status != Z_BUF_ERROR {
          throw TTTestHTTPServerError(
            "the \(inputCount) bytes are not valid \(format.token) data (zlib status \(status))")
        }
      }
    }
  }

  /// Compresses everything a body reader yields, a piece at a time.
  static func compress(_ reader: inout TTTestHTTPBodyReader, as format: Format) throws -> Data {
    var stream = z_stream()
    guard
      deflateInit2_(
        &stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, format.windowBits, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
        Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { throw TTTestHTTPServerError("zlib could not start deflating (\(format.token))") }
    defer { deflateEnd(&stream) }
    var output = Data()
    var outBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    var finished = false
    while !finished {
      var piece = reader.next(maximum: 64 * 1024) ?? []
      let flush = piece.isEmpty ? Z_FINISH : Z_NO_FLUSH
      let pieceCount = piece.count
      try piece.withUnsafeMutableBufferPointer { inputPointer in
        stream.next_in = inputPointer.baseAddress
        stream.avail_in = UInt32(pieceCount)
        repeat {
          let status = outBuffer.withUnsafeMutableBufferPointer { outPointer in
            stream.next_out = outPointer.baseAddress
            stream.avail_out = UInt32(outPointer.count)
            return deflate(&stream, flush)
          }
          guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
            throw TTTestHTTPServerError("zlib failed while deflating (status \(status))")
          }
          output.append(contentsOf: outBuffer[0..<(outBuffer.count - Int(stream.avail_out))])
          if status == Z_STREAM_END { finished = true }
        } while stream.avail_out == 0 || (flush == Z_FINISH && !finished)
      }
      stream.next_in = nil
    }
    return output
  }
}
