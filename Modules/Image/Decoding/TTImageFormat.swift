/// An image file format this module reads.
public enum TTImageFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Portable Network Graphics (libspng).
  case png
  /// JPEG/JFIF, with its EXIF orientation (libjpeg-turbo).
  case jpeg
  /// GIF; the first frame (giflib).
  case gif
  /// WebP, lossy or lossless (libwebp).
  case webp

  /// The format's usual name, for example `PNG`.
  public var name: String {
    switch self {
    case .png: "PNG"
    case .jpeg: "JPEG"
    case .gif: "GIF"
    case .webp: "WebP"
    }
  }

  /// The format's media type, for example `image/png`.
  public var mediaType: String { "image/\(rawValue)" }

  /// The format's name, for example `PNG`.
  public var description: String { name }

  /// The format the data starts like, by its signature (never by a file name or a media type,
  /// which servers get wrong), or `nil`.
  ///
  /// ```swift
  /// TTImageFormat.sniff([0xFF, 0xD8, 0xFF, 0xE0])   // .jpeg
  /// TTImageFormat.sniff(Array("<html>".utf8))        // nil
  /// ```
  ///
  /// - Parameter bytes: The start of the data; 12 bytes are enough.
  /// - Returns: The format, or `nil` when the data is none of them.
  public static func sniff(_ bytes: some Collection<UInt8>) -> TTImageFormat? {
    let head = Array(bytes.prefix(12))
    func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
      head.count >= offset + signature.count && Array(head[offset..<offset + signature.count]) == signature
    }
    if starts([0x89, 0x50, 0x4E, 0x47]) { return .png }
    if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
    if starts(Array("GIF8".utf8)) { return .gif }
    if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
    return nil
  }
}

/// How much an image may take, checked before anything is allocated for it.
///
/// The defaults let every real photo through and refuse what only an attacker sends: a file
/// of a few bytes that claims 100,000 × 100,000 pixels is refused when its header is read.
///
/// ```swift
/// var limits = TTImageLimits()
/// limits.maxPixels = 4_000_000   // 4 megapixels at most
/// ```
public struct TTImageLimits: Sendable, Hashable {
  /// The most pixels (width × height) an image may have: 100,000,000 (400 MB as RGBA) by
  /// default, more than any camera makes.
  public var maxPixels: Int = 100_000_000
  /// The most bytes of encoded data read: 64 MiB by default.
  public var maxBytes: Int = 64 << 20
  /// The longest side in pixels: 65,535 by default.
  public var maxSide: Int = 65_535

  /// Creates limits, the defaults unless given.
  ///
  /// - Parameters:
  ///   - maxPixels: The most pixels an image may have.
  ///   - maxBytes: The most bytes of encoded data.
  ///   - maxSide: The longest side in pixels.
  public init(maxPixels: Int = 100_000_000, maxBytes: Int = 64 << 20, maxSide: Int = 65_535) {
    self.maxPixels = maxPixels
    self.maxBytes = maxBytes
    self.maxSide = maxSide
  }
}
