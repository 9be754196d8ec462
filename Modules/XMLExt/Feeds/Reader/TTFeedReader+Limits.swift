extension TTFeedReader {
  /// How much of a feed the reader keeps: what bounds its memory however a document is shaped.
  ///
  /// Items are handed over one at a time, so their number never matters; these limits bound
  /// what one item, and everything outside the items (the channel), may hold. Ordinary feeds
  /// are far below them. Past a limit the reader keeps reading: the rest of that item, or of the
  /// channel, is left out (text is cut at a character), and a ``TTFeedProblem`` with code
  /// ``TTFeedProblem/Code/limitReached`` says so in ``TTFeed/problems``.
  ///
  /// Only what the reader uses counts: elements it does not read (other namespaces' extensions,
  /// RSS 1.0's `items` list, `textinput`, …) are dropped as they are parsed, however many or
  /// large they are. Content nested more than 256 levels inside one field is dropped too.
  ///
  /// ```swift
  /// var limits = TTFeedReader.Limits()
  /// limits.maxItemBytes = 50_000_000   // a feed known to embed pictures in its items
  /// let reader = TTFeedReader(limits: limits)
  /// ```
  public struct Limits: Sendable, Hashable {
    /// The most bytes of text and attribute values kept for the channel, all its fields
    /// together, in document order; default 1,000,000 (1 MB).
    ///
    /// The title, links, description, image and so on of a feed take a few kilobytes; a
    /// channel description of many megabytes is cut here.
    public var maxChannelBytes: Int = 1_000_000

    /// The most elements and runs of text kept for the channel; default 10,000.
    ///
    /// Bounds lists such as the channel's categories and authors.
    public var maxChannelNodes: Int = 10_000

    /// The most bytes of text and attribute values kept for one item; default 10,000,000
    /// (10 MB).
    ///
    /// Full-text feeds put whole articles in their items; an item larger than this has its
    /// later fields, or the rest of its content, left out.
    public var maxItemBytes: Int = 10_000_000

    /// The most elements and runs of text kept for one item; default 100,000.
    public var maxItemNodes: Int = 100_000

    /// The most bytes of a JSON Feed the reader takes; default 20,000,000 (20 MB).
    ///
    /// JSON Feed is read whole, not streamed: its bytes are kept until ``TTFeedReader/finish()``
    /// and then parsed. A larger document fails with
    /// ``TTXMLError/Code-swift.struct/documentSizeLimit``.
    public var maxJSONBytes: Int = 20_000_000

    /// Creates limits with the defaults.
    public init() {}
  }
}
