public import Foundation
public import Three20Core

/// Reads an RSS or Atom feed from its bytes as they arrive, building each item as soon as its
/// end tag has been parsed.
///
/// The reader runs a streaming ``TTXMLParser`` that hands over every `item` and `entry` the
/// moment it closes and then forgets it, and a ``TTFeedBuilder`` that turns each one into a
/// ``TTFeedItem``. Channel fields go to the builder as soon as they close too, and what the
/// builder does not read is dropped from the parser's tree each time it has doubled, so the
/// reader holds little more than the item or field being read, within its ``Limits``: a feed of any length or shape is read in bounded memory
/// and linear time. Give the reader an `onItem` closure to receive the items one by one instead
/// of collecting them in the result.
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
/// RSS 0.90 to 2.0 (also with its root in a namespace), RSS 1.0 (RDF), Atom 1.0 (also in no
/// namespace) and Atom's drafts 0.1 to 0.3, CDF, and JSON Feed 1.0 and 1.1 (read whole, within
/// ``Limits/maxJSONBytes``) are read, and ``TTFeed/kind`` says which; see ``TTFeedBuilder`` for
/// which element fills which field. Fields the feed wrote badly (a date that cannot be read, an
/// address that is not one) are left empty; addresses whose scheme the `TTURLSchemePolicy`
/// refuses (`javascript:`, `data:`, `file:` with the default policy) and content past the
/// ``Limits`` are left out and listed in ``TTFeed/problems``.
///
/// XML that is not well-formed is read leniently, as the established feed parsers read it: a
/// stray `&` or `<` in text is kept as text, an HTML entity no DTD declares (`&eacute;`) is read
/// as HTML's character, control characters are dropped, bytes that are not in the declared
/// encoding are read as ISO-8859-1, elements left open are closed; libxml2 repairs the rest as
/// it can. ``TTFeed/syntaxProblem`` then holds the first problem, with its line and column, and
/// ``TTFeed/isWellFormed`` is `false` (Python feedparser's `bozo`). Create the reader with
/// `strict: true` to throw instead. Either way a broken parser limit, a document with no root
/// element, or one that is not a feed at all make the reader throw.
///
/// A reader reads one document, from one thread at a time (it is not `Sendable`).
public final class TTFeedReader {
  /// How many bytes the reader gives the parser at a time; the parser's tree is trimmed
  /// between pieces.
  static let pieceSize = 65_536

  /// The state the parser's element handler shares with the reader.
  private final class Collector {
    let documentURL: URL?
    let limits: Limits
    let urlPolicy: TTURLSchemePolicy
    let onItem: ((TTFeedItem) throws -> Void)?
    weak var parser: TTXMLParser?
    /// The builder, made from the root element as soon as its start tag is parsed.
    var builder: TTFeedBuilder?
    var items: [TTFeedItem] = []
    var itemCount = 0
    /// The first error of the reader's own (a document that is not a feed).
    var failure: TTXMLError?
    /// Where handing fields over resumes, and what the channel may still keep.
    var compaction: TTXMLParser.FeedCompaction
    /// The size of the parser's tree after it was last trimmed.
    var retainedSize = 0
    var channelCutReported = false
    /// How many nodes handing over and trimming have visited, in all (for the tests' check
    /// that the work stays linear).
    var walkedNodes = 0
    /// Whether the tree is trimmed at every chance, not only once it has grown (for tests).
    var trimsAlways = false

    init(
      documentURL: URL?, limits: Limits, urlPolicy: TTURLSchemePolicy, onItem: ((TTFeedItem) throws -> Void)?
    ) {
      self.documentURL = documentURL
      self.limits = limits
      self.urlPolicy = urlPolicy
      self.onItem = onItem
      compaction = TTXMLParser.FeedCompaction(
        watermark: 0,
        channelAllowance: TTFeedAllowance(bytes: limits.maxChannelBytes, nodes: limits.maxChannelNodes),
        itemAllowance: TTFeedAllowance(bytes: limits.maxItemBytes, nodes: limits.maxItemNodes), isRSS: true)
    }

    /// Receives an element the parser hands over: an item, or an element named like one.
    func receive(_ element: TTXMLElement) throws {
      if let parser { try catchUp(parser) }
      let view = TTFeedTreeView(element.storage)
      let entry = view.name(at: element.index)
      guard builder != nil, TTFeedBuilder.isItem(name: entry.local, namespace: entry.namespaceURI) else {
        // An `item` or `entry` in another namespace: nothing the builder reads.
        return
      }
      var allowance = compaction.itemAllowance
      let converted =
        view.feedElement(at: element.index, allowance: &allowance, itemFields: true)
        ?? TTFeedElement(name: entry.local, namespace: entry.namespaceURI)
      guard let item = builder?.streamedItem(from: converted, isFinal: onItem != nil) else { return }
      if allowance.wasCut {
        let name = builder?.itemName(item) ?? "an item"
        builder?.report(
          .limitReached,
          "\(name.prefix(1).uppercased() + name.dropFirst()), on line \(element.line), holds more than the "
            + "reader keeps of one item (\(limits.maxItemBytes) bytes of text and attributes, "
            + "\(limits.maxItemNodes) elements and runs of text: TTFeedReader.Limits.maxItemBytes and "
            + "maxItemNodes), or content nested more than \(TTFeedAllowance.maxDepth) levels deep; the rest "
            + "of it was left out.")
      }
      itemCount += 1
      if let onItem {
        try onItem(item)
      } else {
        items.append(item)
      }
    }

    /// Hands the fields that closed since the last call to the builder, and trims the parser's
    /// tree when it has grown enough since it was last trimmed.
    ///
    /// Trimming costs time in proportion to what the tree holds; waiting until the tree has
    /// doubled (and grown by 256 KB) keeps the total linear in the document's length.
    func catchUp(_ parser: TTXMLParser) throws(TTXMLError) {
      try handOver(TTFeedTreeView(parser.builder), open: parser.builder.stack)
      let size =
        parser.builder.nodes.count * 40 + parser.builder.attributes.count * 24 + parser.builder.bytes.count
      guard trimsAlways || size > max(2 * retainedSize, retainedSize + 262_144) else { return }
      var state = compaction
      walkedNodes += parser.builder.nodes.count
      parser.compactForFeed(&state)
      compaction.watermark = state.watermark
      retainedSize =
        parser.builder.nodes.count * 40 + parser.builder.attributes.count * 24 + parser.builder.bytes.count
    }

    /// Walks the children of the root and of the RSS channel from where the last walk stopped,
    /// handing each closed field to the builder, and stops at the first open one.
    ///
    /// - Parameters:
    ///   - view: The parser's tree, or the finished document's.
    ///   - open: The indices of the open elements, outermost first (none for a document).
    func handOver(_ view: TTFeedTreeView, open: [Int32]) throws(TTXMLError) {
      let count = view.nodes.count
      var index = min(compaction.watermark, count)
      while index < count {
        walkedNodes += 1
        let node = view.nodes[index]
        if node.isText {
          index += 1
          continue
        }
        if index == 0 {
          if builder == nil { try makeBuilder(view) }
          index += 1
          continue
        }
        let entry = view.name(at: index)
        if compaction.isRSS, node.parent == 0, entry.local == "channel",
          TTFeedBuilder.isRSSNamespace(entry.namespaceURI)
        {
          // Its attributes now (`xml:base`, `xml:lang`); its children one by one.
          builder?.add(view.bareElement(at: index))
          index += 1
          continue
        }
        let position = Int32(truncatingIfNeeded: index)
        if (open.count > 1 && open[1] == position) || (open.count > 2 && open[2] == position) { break }
        handOverField(view, at: index, entry)
        index = Int(node.end)
      }
      compaction.watermark = index
    }

    private func handOverField(_ view: TTFeedTreeView, at index: Int, _ entry: TTXMLStorage.Name) {
      guard TTFeedBuilder.readsChannelField(name: entry.local, namespace: entry.namespaceURI) else {
        if entry.namespaceURI == TTFeedNamespace.rss090 {
          // Unread, but it tells RSS 0.90 from RSS 1.0.
          builder?.add(TTFeedElement(name: entry.local, namespace: entry.namespaceURI))
        }
        return
      }
      if let element = view.feedElement(at: index, allowance: &compaction.channelAllowance, itemFields: false)
      {
        builder?.add(element)
      }
      if compaction.channelAllowance.wasCut, !channelCutReported {
        channelCutReported = true
        builder?.report(
          .limitReached,
          "The channel, at <\(TTMessageText.escaped(entry.qualified, limit: 60))> on line "
            + "\(view.nodes[index].line), holds more than the reader keeps outside items "
            + "(\(limits.maxChannelBytes) bytes of text and attributes, \(limits.maxChannelNodes) elements "
            + "and runs of text: TTFeedReader.Limits.maxChannelBytes and maxChannelNodes), or content nested "
            + "more than \(TTFeedAllowance.maxDepth) levels deep; the channel fields from there on were left out."
        )
      }
    }

    private func makeBuilder(_ view: TTFeedTreeView) throws(TTXMLError) {
      let root = view.bareElement(at: 0)
      guard let made = TTFeedBuilder(root: root, documentURL: documentURL, urlPolicy: urlPolicy) else {
        let entry = view.name(at: 0)
        let namespace = entry.namespaceURI.map { " in namespace \(TTMessageText.quoted($0))" } ?? ""
        let error = TTXMLError(
          .notAFeed,
          "The document's root element is <\(TTMessageText.escaped(entry.qualified, limit: 60))>\(namespace), "
            + "not an RSS feed (<rss> or <rdf:RDF>), an Atom feed (<feed>, in \(TTFeedNamespace.atom), "
            + "\(TTFeedNamespace.atom03) for Atom 0.3, or no namespace) or a CDF channel (<CHANNEL>); "
            + "check the address, or read the document with TTXMLParser.",
          line: Int(view.nodes[0].line))
        failure = error
        throw error
      }
      var builder = made
      builder.noteDoctype(publicID: parser?.doctypePublicID)
      self.builder = builder
      compaction.isRSS = builder.kind.isRSS
    }
  }

  /// What the document is, as far as its first bytes tell.
  private enum Format {
    /// Only white space (and a byte order mark) so far.
    case unknown
    case xml
    /// JSON Feed: its bytes are kept and read at the end.
    case json
  }

  private let collector: Collector
  private let parser: TTXMLParser
  private var format = Format.unknown
  /// The bytes kept while the format is unknown, or the whole JSON document.
  private var held: [UInt8] = []

  /// Creates a reader that collects the items in the feed ``finish()`` returns.
  ///
  /// - Parameters:
  ///   - documentURL: The address the feed is loaded from, against which relative addresses are
  ///     resolved. Defaults to `nil`.
  ///   - options: The parser's limits and leniency. Defaults to ``TTXMLParser/Options/init()``.
  ///   - limits: How much of the channel and of each item is kept. Defaults to
  ///     ``Limits/init()``.
  ///   - urlPolicy: The schemes addresses may have; others are left out. Defaults to
  ///     `TTURLSchemePolicy.default` (`http`, `https`, `mailto` and relative references).
  ///   - strict: Whether XML that is not well-formed makes the reader throw, rather than be
  ///     read leniently with the first problem in ``TTFeed/syntaxProblem``; it sets
  ///     `options.recovers` to its opposite. Defaults to `false`.
  public convenience init(
    documentURL: URL? = nil, options: TTXMLParser.Options = TTXMLParser.Options(), limits: Limits = Limits(),
    urlPolicy: TTURLSchemePolicy = .default, strict: Bool = false
  ) {
    self.init(
      documentURL: documentURL, options: options, limits: limits, urlPolicy: urlPolicy, strict: strict,
      handler: nil)
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
  ///   - limits: How much of the channel and of each item is kept. Defaults to
  ///     ``Limits/init()``.
  ///   - urlPolicy: The schemes addresses may have. Defaults to `TTURLSchemePolicy.default`.
  ///   - strict: Whether XML that is not well-formed makes the reader throw. Defaults to
  ///     `false`.
  ///   - onItem: Receives each item, in document order.
  public convenience init(
    documentURL: URL? = nil, options: TTXMLParser.Options = TTXMLParser.Options(), limits: Limits = Limits(),
    urlPolicy: TTURLSchemePolicy = .default, strict: Bool = false,
    onItem: @escaping (TTFeedItem) throws -> Void
  ) {
    self.init(
      documentURL: documentURL, options: options, limits: limits, urlPolicy: urlPolicy, strict: strict,
      handler: onItem)
  }

  private init(
    documentURL: URL?, options: TTXMLParser.Options, limits: Limits, urlPolicy: TTURLSchemePolicy,
    strict: Bool,
    handler: ((TTFeedItem) throws -> Void)?
  ) {
    var options = options
    options.recovers = !strict
    let collector = Collector(documentURL: documentURL, limits: limits, urlPolicy: urlPolicy, onItem: handler)
    let parser = TTXMLParser(streaming: .names("item", "entry", "ITEM"), options: options) { element in
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
  ///   - limits: How much of the channel and of each item is kept. Defaults to
  ///     ``Limits/init()``.
  ///   - urlPolicy: The schemes addresses may have. Defaults to `TTURLSchemePolicy.default`.
  ///   - strict: Whether XML that is not well-formed makes the reader throw. Defaults to
  ///     `false`.
  /// - Returns: The feed.
  /// - Throws: ``TTXMLError``: ``TTXMLError/Code-swift.struct/notAFeed`` for a document that is
  ///   not a feed, the parser's codes for anything else.
  public static func read(
    _ bytes: some ContiguousBytes, documentURL: URL? = nil,
    options: TTXMLParser.Options = TTXMLParser.Options(), limits: Limits = Limits(),
    urlPolicy: TTURLSchemePolicy = .default, strict: Bool = false
  ) throws(TTXMLError) -> TTFeed {
    let reader = TTFeedReader(
      documentURL: documentURL, options: options, limits: limits, urlPolicy: urlPolicy, strict: strict)
    try reader.feed(bytes)
    return try reader.finish()
  }

  /// How many items have been read so far.
  public var itemCount: Int { collector.itemCount }

  /// How many XML nodes the reader holds right now: bounded however long the feed is and
  /// whatever its shape, because items, channel fields and what the reader does not read are
  /// dropped from the parser's tree once they are handed over, each time the tree has doubled.
  public var nodeCount: Int { parser.nodeCount }

  /// The bytes the parser's tree takes now, its arrays' capacity (internal, for tests).
  var heldBytes: Int {
    parser.builder.nodes.capacity * MemoryLayout<TTXMLStorage.Node>.stride
      + parser.builder.attributes.capacity * MemoryLayout<TTXMLStorage.Attribute>.stride
      + parser.builder.bytes.capacity
  }

  /// How many nodes handing over and trimming have visited so far (internal, for tests).
  var walkedNodes: Int { collector.walkedNodes }

  /// Whether the parser's tree is trimmed at every chance (after each piece and each item)
  /// rather than once it has doubled; `false` by default (internal, for tests).
  var trimsAlways: Bool {
    get { collector.trimsAlways }
    set { collector.trimsAlways = newValue }
  }

  /// Reads the next piece of the feed.
  ///
  /// - Parameter bytes: The next bytes; pieces may be cut anywhere, even inside a character.
  /// - Throws: ``TTXMLError`` as soon as the document is known to be bad, or not a feed
  ///   (``TTXMLError/Code-swift.struct/notAFeed``, once its root element is parsed).
  public func feed(_ bytes: some ContiguousBytes) throws(TTXMLError) {
    if let failure = collector.failure { throw failure }
    if format != .xml {
      var thrown: TTXMLError?
      bytes.withUnsafeBytes { buffer in
        do throws(TTXMLError) {
          try hold(buffer)
        } catch {
          thrown = error
        }
      }
      if let thrown { throw thrown }
      return
    }
    try feedXML(bytes)
  }

  /// Keeps the bytes of a JSON document, or of a start that is only white space so far; feeds
  /// the parser once the document shows it is XML.
  private func hold(_ buffer: UnsafeRawBufferPointer) throws(TTXMLError) {
    if format == .unknown {
      // A few bytes at a time: the start is white space, at most 4 KB of it (and a UTF-8 byte
      // order mark), so checking everything held each time stays cheap.
      held.append(contentsOf: buffer.prefix(4_096))
      let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
      let start = held.starts(with: bom) ? 3 : 0
      let first = held[start...].firstIndex { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
      if held.count < 3, bom.starts(with: held) {
        // Perhaps a byte order mark cut short: wait.
      } else if let first {
        format = held[first] == UInt8(ascii: "{") ? .json : .xml
      } else if held.count >= 4_096 {
        format = .xml
      }
      let rest = UnsafeRawBufferPointer(rebasing: buffer[min(buffer.count, 4_096)...])
      if format == .xml {
        let start = held
        held = []
        try feedXML(start)
        try feedXML(Array(rest))
        return
      }
      if format == .unknown { return }
      // JSON: what was held is the start of the document; the rest follows.
      return try holdJSON(rest)
    }
    try holdJSON(buffer)
  }

  /// Keeps more of a JSON document, within the limit.
  private func holdJSON(_ buffer: UnsafeRawBufferPointer) throws(TTXMLError) {
    guard held.count + buffer.count <= collector.limits.maxJSONBytes else {
      let error = TTXMLError(
        .documentSizeLimit,
        "The JSON Feed is larger than the reader's limit of \(collector.limits.maxJSONBytes) bytes "
          + "(TTFeedReader.Limits.maxJSONBytes); raise the limit if such feeds are expected.")
      collector.failure = error
      held = []
      throw error
    }
    held.append(contentsOf: buffer)
  }

  private func feedXML(_ bytes: some ContiguousBytes) throws(TTXMLError) {
    var thrown: TTXMLError?
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count, thrown == nil {
        let end = min(buffer.count, offset + Self.pieceSize)
        do throws(TTXMLError) {
          try parser.feed(UnsafeRawBufferPointer(rebasing: buffer[offset..<end]))
          try collector.catchUp(parser)
        } catch {
          thrown = Self.unwrapped(error)
        }
        offset = end
      }
    }
    if let thrown {
      if collector.failure == nil { collector.failure = thrown }
      throw thrown
    }
  }

  /// Ends the document and returns the feed.
  ///
  /// - Returns: The feed, with its items unless the reader was given an `onItem` closure.
  /// - Throws: ``TTXMLError``: ``TTXMLError/Code-swift.struct/notAFeed`` when the document is
  ///   not a feed, ``TTXMLError/Code-swift.struct/truncated`` when it ended early, and the
  ///   parser's other codes.
  public func finish() throws(TTXMLError) -> TTFeed {
    if let failure = collector.failure { throw failure }
    if format == .json { return try finishJSON() }
    if format == .unknown, !held.isEmpty {
      format = .xml
      let start = held
      held = []
      try feedXML(start)
    }
    let document: TTXMLDocument
    do {
      document = try parser.finish()
    } catch {
      throw Self.unwrapped(error)
    }
    try collector.handOver(TTFeedTreeView(document.root.storage), open: [])
    guard var builder = collector.builder else {
      // Unreachable: handing over the document's root makes the builder or throws.
      throw TTXMLError(.notAFeed, "The document has no root element a feed could be read from.")
    }
    builder.appendItems(collector.items)
    collector.items = []
    var feed = builder.feed
    feed.syntaxProblem = Self.syntaxProblem(in: document.diagnostics)
    return feed
  }

  /// Reads the JSON Feed kept, and hands its items to `onItem` when there is one.
  private func finishJSON() throws(TTXMLError) -> TTFeed {
    let bytes = held
    held = []
    var feed: TTFeed
    do throws(TTXMLError) {
      feed = try TTJSONFeedDecoder.feed(
        from: Data(bytes), documentURL: collector.documentURL, urlPolicy: collector.urlPolicy)
    } catch {
      collector.failure = error
      throw error
    }
    collector.itemCount = feed.items.count
    if let onItem = collector.onItem {
      let items = feed.items
      feed.items = []
      for item in items {
        do {
          try onItem(item)
        } catch {
          let failure = TTXMLError(
            .handlerFailed, "The onItem closure threw: \(TTMessageText.escaped(String(describing: error)))",
            underlying: error)
          collector.failure = failure
          throw failure
        }
      }
    }
    return feed
  }

  /// The first problem among the parser's diagnostics, by position, as a feed problem that
  /// counts the others.
  static func syntaxProblem(in diagnostics: [TTXMLError]) -> TTFeedProblem? {
    let first = diagnostics.enumerated().min { left, right in
      let leftKey = (left.element.line ?? .max, left.element.column ?? .max, left.offset)
      let rightKey = (right.element.line ?? .max, right.element.column ?? .max, right.offset)
      return leftKey < rightKey
    }?.element
    guard let first else { return nil }
    let others = diagnostics.count - 1
    let more =
      others == 0 ? "" : others == 1 ? " (1 more problem was repaired)" : " (\(others) more were repaired)"
    return TTFeedProblem(.notWellFormed, first.reason + more, line: first.line, column: first.column)
  }

  // MARK: - Private

  /// The reader's own error when the parser reports it as the handler's failure.
  private static func unwrapped(_ error: TTXMLError) -> TTXMLError {
    if error.code == .handlerFailed, let inner = error.underlying as? TTXMLError, inner.code == .notAFeed {
      return inner
    }
    return error
  }
}
