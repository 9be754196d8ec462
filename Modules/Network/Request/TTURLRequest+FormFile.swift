public import Foundation

extension TTURLRequest {
  /// A file sent as one part of a multipart form (Three20's `addFile:mimeType:fileName:`).
  ///
  /// ```swift
  /// let file = TTURLRequest.FormFile(
  ///   data: Data("hello".utf8), mimeType: "text/plain", fileName: "hello.txt")
  /// file.fieldName   // "hello.txt" (Three20 used the file name as the field name)
  /// ```
  public struct FormFile: Sendable, Hashable {
    /// The file's bytes.
    public var data: Data
    /// The file's MIME type, sent as the part's `Content-Type`, for example `image/png`.
    public var mimeType: String
    /// The file name the server sees (`filename="…"`).
    public var fileName: String
    /// The form field name (`name="…"`).
    public var fieldName: String

    /// Creates a form file.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - mimeType: Its MIME type, for example `image/png`.
    ///   - fileName: The file name the server sees.
    ///   - fieldName: The form field name; default `nil`, which uses `fileName` as Three20 did.
    public init(data: Data, mimeType: String, fileName: String, fieldName: String? = nil) {
      self.data = data
      self.mimeType = mimeType
      self.fileName = fileName
      self.fieldName = fieldName ?? fileName
    }
  }
}
