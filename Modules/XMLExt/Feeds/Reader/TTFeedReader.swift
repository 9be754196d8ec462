public import Foundation

/// Reads an RSS or Atom feed from its bytes as they arrive, building each item as soon as its
/// end tag has been parsed.
///
/// The reader runs a streaming ``TTXMLParser`` that hands over every `item` and `entry` the
/// moment it closes and then forgets it, and a ``TTFeedBuilder`` that turns each one into a
/// ``TTFeedItem``. The parser never holds more than the channel and the item being read, so a
/// feed of any length is read in about constant memory. Give the reader an `onItem` closure to
/// receive the items one by one instead of collecting them in the result.
///
/// ```swift
/// let reader = TTFeedReader(documentURL: URL(string: "https://example.com/feed.xml"))
/// for chunk in chunks { try reader.feed(chunk) }   // pieces may be cut anywhere
/// let feed = try reader.finish()
/// feed.title          // "Example News"
/// feed.items.count    // 20
///
/// // All at once:
/// let same = try TTFeedReader.read(data, documentURL: URL(string: "https://example.com/feed.xml"))
/// ```
///
/// RSS 0.90, 0.91, 0.92, 2.0, RSS 1.0 (RDF) and Atom 1.0 are read; see ``TTFeedBuilder`` for
/// which element fills which field. Fields the feed wrote badly (a date that cannot be read, an
/// address that is not one) are left empty; only XML that is not well-formed, a broken limit,
/// or a document that is not a feed at all make the reader throw.
///
/// A reader reads one document, from one thread at a time (it is not `Sendable`).
public final class TTFeedReader {
  /// The state the parser's element handler shares with the reader.
  private final class Collector {
    let documentURL: URL?
    let onItem: ((TTFeedItem) throws -> Void)?
    weak var parser: TTXMLParser?
    /// The builder for items, made from the root and channel when the first item closes.
    var builder: TTFeedBuilder?
    var items: [TTFeedItem] = []
    /// Elements the parser handed over that are not items (an `item` in a foreign namespace).
    var others: [TTFeedElement] = []
    var itemCount = 0

    init(documentURL: URL?, onItem: ((TTFeedItem) throws -> Void)?) {
      self.documentURL = documentURL
      self.onItem = onItem
    }

    func receive(_ element: TTXMLElement) throws {
      if builder == nil, let root = parser?.provisionalRoot {
        builder = try TTFeedReader.builder(for: root, documentURL: documentURL)
      }
      let converted = TTFeedElement(element)
      guard let builder, TTFeedBuilder.isItem(name: converted.name, namespace: converted.namespace) else {
        others.append(converted)
        return
      }
      let item = builder.streamedItem(from: converted)
      itemCount += 1
      if let onItem {
        try onItem(item)
      } else {
        items.append(item)
      }
    }
  }

  private let collector: Collector
  private let parser: TTXMLParser

  /// Creates a reader that collects the items in the feed ``finish()`` returns.
  ///
  /// - Parameters:
  ///   - documentURL: The address the feed is loaded from, against which relative addresses are
  ///     resolved. Defaults to `nil`.
  ///   - options: The parser's limits and leniency. Defaults to ``TTXMLParser/Options/init()``.
  public convenience init(documentURL: URL? = nil, options: TTXMLParser.Options = TTXMLParser.Options()) {
    self.init(documentURL: documentURL, options: options, handler: nil)
  }

  /// Creates a reader that hands every item to a closure as soon as it is read; the feed
  /// ``finish()`` returns then has no items.
  ///
  /// The closure runs inside ``feed(_:)`` and ``finish()``, on the caller's thread. Throwing
  /// from it stops reading: the call that was feeding throws
  /// ``TTXMLError/Code-swift.struct/handlerFailed`` with your error as
  /// ``TTXMLError/underlying``.
  ///
  /// ```swift
  /// var titles: [String] = []
  /// let reader = TTFeedReader { item in titles.append(item.title ?? "") }
  /// try reader.feed(data)
  /// let channel = try reader.finish()   // the channel's fields; channel.items is empty
  /// ```
  ///
  /// - Parameters:
  ///   - documentURL: The address the feed is loaded from. Defaults to `nil`.
  ///   - options: The parser's limits and leniency. Defaults to ``TTXMLParser/Options/init()``.
  ///   - onItem: Receives each item, in document order.
  public convenience init(
    documentURL: URL? = nil, options: TTXMLParser.Options = TTXMLParser.Options(),
    onItem: @escaping (TTFeedItem) throws -> Void
  ) {
    self.init(documentURL: documentURL, options: options, handler: onItem)
  }

  private init(documentURL: URL?, options: TTXMLParser.Options, handler: ((TTFeedItem) throws -> Void)?) {
    let collector = Collector(documentURL: documentURL, onItem: handler)
    let parser = TTXMLParser(streaming: .names("item", "entry"), options: options) { element in
      try collector.receive(element)
    }
    collector.parser = parser
    self.collector = collector
    self.parser = parser
  }

  /// Reads a whole feed in memory.
  ///
  /// - Parameters:
  ///   - bytes: The document, in any encoding it declares (UTF-8 by default).
  ///   - documentURL: The address the feed was loaded from. Defaults to `nil`.
  ///   - options: The parser's limits and leniency. Defaults to ``TTXMLParser/Options/init()``.
  /// - Returns: The feed.
  /// - Throws: ``TTXMLError``: ``TTXMLError/Code-swift.struct/notAFeed`` for well-formed XML
  ///   that is not a feed, the parser's codes for anything else.
  public static func read(
    _ bytes: some ContiguousBytes, documentURL: URL? = nil,
    options: TTXMLParser.Options = TTXMLParser.Options()
  ) throws(TTXMLError) -> TTFeed {
    let reader = TTFeedReader(documentURL: documentURL, options: options)
    try reader.feed(bytes)
    return try reader.finish()
  }

  /// How many items have been read so far.
  public var itemCount: Int { collector.itemCount }

  /// How many XML nodes the reader holds right now: about constant however long the feed is,
  /// because items are dropped from the parser's tree as soon as they are read.
  public var nodeCount: Int { parser.nodeCount }

  /// Reads the next piece of the feed.
  ///
  /// - Parameter bytes: The next bytes; pieces may be cut anywhere, even inside a character.
  /// - Throws: ``TTXMLError`` as soon as the document is known to be bad, or not a feed
  ///   (``TTXMLError/Code-swift.struct/notAFeed``, when its first item closes).
  public func feed(_ bytes: some ContiguousBytes) throws(TTXMLError) {
    do {
      try parser.feed(bytes)
    } catch {
      throw Self.unwrapped(error)
    }
  }

  /// Ends the document and returns the feed.
  ///
  /// - Returns: The feed, with its items unless the reader was given an `onItem` closure.
  /// - Throws: ``TTXMLError``: ``TTXMLError/Code-swift.struct/notAFeed`` when the document is
  ///   not a feed, ``TTXMLError/Code-swift.struct/truncated`` when it ended early, and the
  ///   parser's other codes.
  public func finish() throws(TTXMLError) -> TTFeed {
    let document: TTXMLDocument
    do {
      document = try parser.finish()
    } catch {
      throw Self.unwrapped(error)
    }
    var builder = try Self.builder(for: document.root, documentURL: collector.documentURL)
    for other in collector.others {
      builder.add(other)
    }
    builder.appendItems(collector.items)
    collector.items = []
    return builder.feed
  }

  // MARK: - Private

  /// A builder for the document whose root (with the children parsed so far) is `root`.
  private static func builder(for root: TTXMLElement, documentURL: URL?) throws(TTXMLError) -> TTFeedBuilder {
    let converted = TTFeedElement(root)
    guard var builder = TTFeedBuilder(root: converted, documentURL: documentURL) else {
      let namespace = root.namespaceURI.map { " in namespace \($0)" } ?? ""
      throw TTXMLError(
        .notAFeed,
        "The document's root element is <\(root.qualifiedName)>\(namespace), not an RSS feed (<rss> or "
          + "<rdf:RDF>) or an Atom 1.0 feed (<feed> in \(TTFeedNamespace.atom)); check the address, "
          + "or read the document with TTXMLParser.",
        line: root.line)
    }
    for child in converted.children {
      builder.add(child)
    }
    return builder
  }

  /// The reader's own error when the parser reports it as the handler's failure.
  private static func unwrapped(_ error: TTXMLError) -> TTXMLError {
    if error.code == .handlerFailed, let inner = error.underlying as? TTXMLError, inner.code == .notAFeed {
      return inner
    }
    return error
  }
}
