/// Something the feed reader left out of a feed, and why: a link whose scheme is not allowed, or
/// content past one of the reader's limits.
///
/// Reading a feed never fails for these: the rest of the feed is read as usual, and each
/// problem is listed in ``TTFeed/problems`` so that an app can log it or show it.
///
/// ```swift
/// let feed = try TTFeedReader.read(Data("""
///   <rss version="2.0"><channel><item><title>Hi</title><link>javascript:alert(1)</link></item>
///   </channel></rss>
///   """.utf8))
/// feed.items[0].link                  // nil: the link was dropped
/// feed.problems.first?.code           // .refusedURL
/// ```
public struct TTFeedProblem: Sendable, Hashable, Codable, CustomStringConvertible {
  /// What kind of problem this is.
  ///
  /// New codes may be added; match the ones you handle.
  public struct Code: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The code's name, for example `refusedURL`.
    public let rawValue: String

    /// Creates a code from its name.
    ///
    /// - Parameter rawValue: The name.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// An address was dropped because the feed reader's `TTURLSchemePolicy` does not allow its
    /// scheme (`javascript:`, `data:`, `file:` and so on).
    public static let refusedURL = Code(rawValue: "refusedURL")
    /// Content of the channel or of an item past one of the reader's limits
    /// (``TTFeedReader/Limits``) was left out.
    public static let limitReached = Code(rawValue: "limitReached")
    /// The document breaks its format's rules (XML that is not well-formed, JSON that does not
    /// parse): the problem of ``TTFeed/syntaxProblem``, with its line and column.
    public static let notWellFormed = Code(rawValue: "notWellFormed")
    /// A value of the wrong kind that could not be read as the right one (a JSON Feed's
    /// `"tags": 5`, an attachment without a `url`) was left out.
    public static let invalidValue = Code(rawValue: "invalidValue")
    /// More problems were found than ``TTFeed/problems`` keeps; they are counted, not listed.
    public static let moreProblems = Code(rawValue: "moreProblems")

    /// The code's name.
    public var description: String { rawValue }
  }

  /// What kind of problem this is.
  public var code: Code
  /// What was left out and why, in a sentence, with any text from the feed quoted safely.
  public var message: String
  /// The line of the document the problem is on (from 1), when known.
  public var line: Int?
  /// The column of the line the problem is at (from 1), when known.
  public var column: Int?

  /// Creates a problem.
  ///
  /// - Parameters:
  ///   - code: What kind of problem this is.
  ///   - message: What was left out and why.
  ///   - line: The line it is on. Defaults to `nil`.
  ///   - column: The column it is at. Defaults to `nil`.
  public init(_ code: Code, _ message: String, line: Int? = nil, column: Int? = nil) {
    self.code = code
    self.message = message
    self.line = line
    self.column = column
  }

  /// The ``message``.
  public var description: String { message }
}
