public import Three20Core

/// The error Three20Image throws: which image, in which format, what was wrong, what to do.
///
/// Every error carries a ``code`` to match on, the ``source`` it was read from (a URL or a file
/// path, as given), the ``format`` when it was recognised, and a ``message`` that says what went
/// wrong and what to do about it. Its `description` is `source (format): message`.
///
/// ```swift
/// do {
///   _ = try TTImageDecoder.decode([0x89, 0x50, 0x4E, 0x47], source: "logo.png")
/// } catch {
///   error.code     // .truncated
///   error.format   // .png
///   print(error)   // logo.png (PNG): the data ends inside the PNG signature …
/// }
/// ```
public struct TTImageError: TTCodedError {
  /// What kind of failure this is.
  ///
  /// New codes may be added; match the ones you handle.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    private enum Storage: String, Sendable, Hashable {
      case unknownFormat
      case truncated
      case corrupt
      case tooManyPixels
      case tooManyBytes
      case unsupported
      case loadFailed
    }

    private let storage: Storage

    /// The bytes are not an image in a format the module reads (PNG, JPEG, GIF, WebP), for
    /// example an HTML error page served as an image.
    public static let unknownFormat = Code(storage: .unknownFormat)
    /// The data ends before the image does (a cut-off download).
    public static let truncated = Code(storage: .truncated)
    /// The data is damaged: a bad checksum, an impossible header, a broken compressed stream.
    public static let corrupt = Code(storage: .corrupt)
    /// The image claims more pixels than ``TTImageLimits/maxPixels`` allows (a decompression
    /// bomb); refused before anything is allocated.
    public static let tooManyPixels = Code(storage: .tooManyPixels)
    /// The data is larger than ``TTImageLimits/maxBytes`` allows.
    public static let tooManyBytes = Code(storage: .tooManyBytes)
    /// A valid image that this module does not draw (for example a 16-bit PNG layout or a JPEG
    /// colour space libjpeg-turbo refuses).
    public static let unsupported = Code(storage: .unsupported)
    /// The image could not be loaded: the request failed or the server answered with an error.
    public static let loadFailed = Code(storage: .loadFailed)

    /// The code's name, for example `truncated`.
    public var description: String { storage.rawValue }
  }

  /// What kind of failure this is.
  public var code: Code
  /// Where the image came from, as given: a URL or a file path (`nil` when not known).
  public var source: String?
  /// The format the data was recognised as, or `nil`.
  public var format: TTImageFormat?
  /// What went wrong and what to do about it.
  public var message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: What kind of failure this is.
  ///   - message: What went wrong and what to do about it.
  ///   - source: Where the image came from; default `nil`.
  ///   - format: The format recognised; default `nil`.
  public init(_ code: Code, _ message: String, source: String? = nil, format: TTImageFormat? = nil) {
    self.code = code
    self.message = message
    self.source = source
    self.format = format
  }

  /// `source (FORMAT): message`, with control characters in the source escaped.
  public var description: String {
    let place = source.map { TTMessageText.escaped($0, limit: 300) } ?? "image"
    let kind = format.map { " (\($0.name))" } ?? ""
    return "\(place)\(kind): \(message)"
  }

}
