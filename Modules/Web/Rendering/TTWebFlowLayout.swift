import Three20Style

/// A span being built: text in one style, at a column of a line.
struct TTWebSpanBuild {
  var column: Int
  var text: String
  var width: Int
  var style: Int32
  var link: Int32
  /// The image whose box starts here, or -1.
  var image: Int32 = -1
}

/// A line being built.
struct TTWebLineBuild {
  var spans: [TTWebSpanBuild] = []
  var width = 0
  var isPreformatted = false
  /// Anchors that start on this line.
  var anchors: [Int32] = []
  /// Whether the line shows anything besides its prefix (blank lines do not).
  var hasContent = false
}

/// What the flows of one document share: the items, and the sizes given to picture boxes.
final class TTWebLayoutContext {
  let items: TTWebItems
  let cellPixelSize: TTSize
  /// The size of each picture box laid out, by image index.
  var imageSizes: [Int32: TTSize] = [:]

  init(items: TTWebItems, cellPixelSize: TTSize) {
    self.items = items
    self.cellPixelSize = cellPixelSize
  }
}

/// Lays out a range of items into lines at a width.
///
/// Blocks and their margins, list markers, quote bars and indents, words wrapped at spaces
/// (and anywhere in CJK text), long words broken, preformatted text kept. Tables are handed to `TTWebTableLayout`, which lays out
/// each cell with a flow of its own.
///
/// When `measuring`, the width is unbounded and the flow records the narrowest width its
/// content can take (its longest word) and the widest (its longest line), for table columns.
struct TTWebFlowLayout {
  /// A piece of a word: text in one style.
  struct Piece {
    var text: Substring
    var width: Int
    var style: Int32
    var link: Int32
  }

  /// An open block.
  struct Frame {
    /// The prefix of its lines after the first: quote bars (spaces are not spans).
    var restSpans: [TTWebSpanBuild]
    var restWidth: Int
    /// Where its own segment starts.
    var segmentStart: Int
    /// Its list marker, shown on its first line.
    var marker: String?
    /// Whether the marker is written before the text (there was no room to indent for it).
    var markerIsInline = false
    var isPreformatted: Bool
    var marginBottom: Int
  }

  /// The width used when measuring.
  static let unbounded = 1 << 40

  let context: TTWebLayoutContext
  let width: Int
  let measuring: Bool
  /// Where finished lines go for the page's own flow; other flows keep them in ``lines``.
  private let assembler: TTWebPageAssembler?
  /// How many lines the flow has made.
  private(set) var lineCount = 0
  /// The most columns prefixes may take, so text keeps room.
  private let maximumIndent: Int

  private(set) var lines: [TTWebLineBuild] = []
  /// When measuring: the narrowest width the content fits (its longest word with its prefix).
  private(set) var minimumWidth = 0
  /// When measuring: the width of its longest line.
  private(set) var maximumWidth = 0
  /// Anchors left over when the flow made no lines.
  private(set) var orphanAnchors: [Int32] = []

  private var frames: [Frame]
  private var unusedMarkers: [Int] = []

  private var line = TTWebLineBuild()
  private var lineOpen = false
  private var prefixWidth = 0

  private var pendingBlank = 0
  private var pendingDepth = Int.max
  private var blankRun = 0
  private var hasOutput = false
  private var pendingAnchors: [Int32] = []

  private var pieces: [Piece] = []
  private var wordWidth = 0
  private var wordBreakable = false
  private var pendingSpace: (style: Int32, link: Int32)?

  init(context: TTWebLayoutContext, width: Int, measuring: Bool = false, assembler: TTWebPageAssembler? = nil)
  {
    self.context = context
    self.measuring = measuring
    self.assembler = assembler
    self.width = measuring ? Self.unbounded : max(1, width)
    maximumIndent = measuring ? Self.unbounded : self.width / 2
    frames = [
      Frame(
        restSpans: [], restWidth: 0, segmentStart: 0, marker: nil, isPreformatted: false, marginBottom: 0)
    ]
  }

  private var items: TTWebItems { context.items }

  // MARK: - Running

  /// Lays out the items in `range`.
  mutating func run(_ range: Range<Int>) {
    let all = context.items.items
    var index = range.lowerBound
    while index < range.upperBound {
      switch all[index] {
      case .text(let text, let style, let link):
        addText(text, style: style, link: link)
      case .preText(let text, let style, let link):
        addPreformatted(text, style: style, link: link)
      case .atom(let text, let style, let link):
        commitWord()
        addAtom(text, style: style, link: link)
      case .open(let block):
        openBlock(items.blocks[Int(block)])
      case .close:
        closeBlock()
      case .lineBreak:
        lineBreak()
      case .wordBreak:
        commitWord()
      case .rule:
        rule()
      case .image(let image):
        addImage(image)
      case .anchor(let anchor):
        if lineOpen { line.anchors.append(anchor) } else { pendingAnchors.append(anchor) }
      case .textBox(let box):
        addTextBox(items.textBoxes[Int(box)])
      case .tableStart(let table):
        var end = index + 1
        while end < range.upperBound {
          if case .tableEnd = all[end] { break }
          end += 1
        }
        addTable(items.tables[Int(table)], (index + 1)..<end)
        index = end
      case .tableEnd, .rowStart, .rowEnd, .cellStart, .cellEnd, .captionStart, .captionEnd:
        break
      }
      index += 1
    }
  }

  /// Ends the flow: the last line, and anchors with nothing after them.
  mutating func finish() {
    commitWord()
    endLine()
    if !pendingAnchors.isEmpty {
      if lineCount == 0 {
        orphanAnchors += pendingAnchors
      } else if let assembler {
        assembler.addAnchorsToLastLine(pendingAnchors)
      } else {
        lines[lines.count - 1].anchors += pendingAnchors
      }
      pendingAnchors = []
    }
  }

  /// Starts the flow with a label (a table header in a stacked row), followed by a space.
  mutating func addLabel(_ label: String, style: Int32) {
    addAtom(label, style: style, link: -1)
    pendingSpace = (style: -1, link: -1)
  }

  // MARK: - Blocks and lines

  private var contentWidth: Int { max(1, width - frames[frames.count - 1].restWidth) }

  private mutating func openBlock(_ block: TTWebBlock) {
    commitWord()
    endLine()
    addMargin(block.marginTop, depth: frames.count)
    let parent = frames[frames.count - 1]
    var frame = Frame(
      restSpans: parent.restSpans, restWidth: parent.restWidth, segmentStart: parent.restWidth, marker: nil,
      isPreformatted: parent.isPreformatted || block.isPreformatted, marginBottom: block.marginBottom)
    switch block.segment {
    case .none:
      break
    case .indent(let columns):
      if parent.restWidth + columns <= maximumIndent { frame.restWidth += columns }
    case .quote:
      if parent.restWidth + 2 <= maximumIndent {
        frame.restSpans.append(
          TTWebSpanBuild(column: parent.restWidth, text: "│", width: 1, style: items.quoteStyle, link: -1))
        frame.restWidth += 2
      }
    case .marker(let marker):
      let markerWidth = TTDisplayWidth.of(marker)
      if parent.restWidth + markerWidth <= maximumIndent {
        frame.restWidth += markerWidth
        frame.marker = marker
      } else {
        // No room to indent: the marker goes before the item's text.
        frame.marker = String(marker.drop { $0 == " " })
        frame.markerIsInline = true
      }
      unusedMarkers.append(frames.count)
    }
    frames.append(frame)
  }

  private mutating func closeBlock() {
    guard frames.count > 1 else { return }
    commitWord()
    if let last = unusedMarkers.last, last == frames.count - 1 {
      // An empty list item still shows its marker.
      startLine()
      line.hasContent = true
    }
    endLine()
    let frame = frames.removeLast()
    while let last = unusedMarkers.last, last >= frames.count { unusedMarkers.removeLast() }
    if pendingBlank > 0 { pendingDepth = min(pendingDepth, frames.count) }
    addMargin(frame.marginBottom, depth: frames.count)
  }

  private mutating func addMargin(_ lines: Int, depth: Int) {
    guard lines > 0 else { return }
    pendingBlank = max(pendingBlank, lines)
    pendingDepth = min(pendingDepth, depth)
  }

  /// Writes the blank lines margins asked for, none at the top and none stacked on blank
  /// lines already there.
  private mutating func flushBlank() {
    guard pendingBlank > 0 else { return }
    if hasOutput {
      let depth = min(pendingDepth, frames.count)
      let prefix = depth > 0 ? frames[depth - 1].restSpans : []
      var count = pendingBlank - blankRun
      while count > 0 {
        var blank = TTWebLineBuild()
        blank.spans = prefix
        blank.width = prefix.last.map { $0.column + $0.width } ?? 0
        emit(blank)
        blankRun += 1
        count -= 1
      }
    }
    pendingBlank = 0
    pendingDepth = Int.max
  }

  /// Starts a line for content: margins first, then the prefix of the open blocks (with list
  /// markers not shown yet).
  private mutating func startLine() {
    guard !lineOpen else { return }
    flushBlank()
    let frame = frames[frames.count - 1]
    line = TTWebLineBuild()
    line.isPreformatted = frame.isPreformatted
    line.spans = frame.restSpans
    line.width = frame.restWidth
    if !unusedMarkers.isEmpty {
      for index in unusedMarkers {
        let owner = frames[index]
        guard let marker = owner.marker, !owner.markerIsInline else { continue }
        let span = TTWebSpanBuild(
          column: owner.segmentStart, text: marker, width: TTDisplayWidth.of(marker),
          style: items.markerStyle,
          link: -1)
        let position = line.spans.firstIndex { $0.column > span.column } ?? line.spans.count
        line.spans.insert(span, at: position)
      }
      // Of the markers without room to indent, the innermost goes before the text.
      if let index = unusedMarkers.last(where: { frames[$0].markerIsInline }),
        let marker = frames[index].marker
      {
        let markerWidth = TTDisplayWidth.of(marker)
        if line.width + markerWidth < width {
          line.spans.append(
            TTWebSpanBuild(
              column: line.width, text: marker, width: markerWidth, style: items.markerStyle, link: -1))
          line.width += markerWidth
        }
      }
      unusedMarkers.removeAll()
    }
    prefixWidth = line.width
    line.anchors = pendingAnchors
    pendingAnchors.removeAll()
    lineOpen = true
    hasOutput = true
  }

  private mutating func finishLine() {
    guard lineOpen else { return }
    if measuring {
      maximumWidth = max(maximumWidth, line.width)
      if line.isPreformatted { minimumWidth = max(minimumWidth, min(line.width, 30)) }
    }
    emit(line)
    blankRun = line.hasContent ? 0 : blankRun + 1
    lineOpen = false
    line = TTWebLineBuild()
  }

  private mutating func emit(_ finished: TTWebLineBuild) {
    lineCount += 1
    if let assembler { assembler.append(finished) } else { lines.append(finished) }
  }

  /// Ends the current line, if one is open.
  private mutating func endLine() {
    if lineOpen { finishLine() }
    pendingSpace = nil
  }

  private mutating func lineBreak() {
    commitWord()
    if lineOpen {
      if !line.hasContent { line.hasContent = true }
      finishLine()
    } else if hasOutput {
      startLine()
      finishLine()
    }
    pendingSpace = nil
  }

  /// Appends text in a style at the end of the line, joining the last span when it looks the
  /// same.
  private mutating func place(_ text: Substring, width: Int, style: Int32, link: Int32) {
    if let last = line.spans.last, last.style == style, last.link == link, last.image < 0,
      last.column + last.width == line.width, last.column >= prefixWidth
    {
      line.spans[line.spans.count - 1].text += text
      line.spans[line.spans.count - 1].width += width
    } else {
      line.spans.append(
        TTWebSpanBuild(column: line.width, text: String(text), width: width, style: style, link: link))
    }
    line.width += width
    line.hasContent = true
  }

  // MARK: - Words

  private mutating func addText(_ text: String, style: Int32, link: Int32) {
    let source = text
    var text = text
    text.withUTF8 { bytes in
      let count = bytes.count
      var start = -1
      var high = false
      var index = 0
      while index < count {
        let byte = bytes[index]
        if TTWebText.isSpace(byte) {
          if start >= 0 {
            addPiece(source, start..<index, high: high, bytes: bytes, style: style, link: link)
            start = -1
          }
          commitWord()
          if pendingSpace == nil { pendingSpace = (style, link) }
        } else {
          if start < 0 {
            start = index
            high = false
          }
          if byte >= 0x80 { high = true }
        }
        index += 1
      }
      if start >= 0 { addPiece(source, start..<count, high: high, bytes: bytes, style: style, link: link) }
    }
  }

  private mutating func addPiece(
    _ text: String, _ range: Range<Int>, high: Bool, bytes: UnsafeBufferPointer<UInt8>, style: Int32,
    link: Int32
  ) {
    let utf8 = text.utf8
    let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
    let upper = utf8.index(lower, offsetBy: range.count)
    var piece = text[lower..<upper]
    var width = range.count
    if high {
      var hasNoBreakSpace = false
      for index in range {
        let byte = bytes[index]
        if byte == 0xC2, index + 1 < range.upperBound, bytes[index + 1] == 0xA0 { hasNoBreakSpace = true }
        if (0xE3...0xED).contains(byte) || byte == 0xEF { wordBreakable = true }
      }
      if hasNoBreakSpace {
        var converted: [UInt8] = []
        converted.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
          if bytes[index] == 0xC2, index + 1 < range.upperBound, bytes[index + 1] == 0xA0 {
            converted.append(0x20)
            index += 2
          } else {
            converted.append(bytes[index])
            index += 1
          }
        }
        piece = Substring(String(decoding: converted, as: UTF8.self))
      }
      width = TTDisplayWidth.of(piece)
    }
    pieces.append(Piece(text: piece, width: width, style: style, link: link))
    wordWidth += width
  }

  private mutating func addAtom(_ text: String, style: Int32, link: Int32) {
    commitWord()
    pieces.append(Piece(text: Substring(text), width: TTDisplayWidth.of(text), style: style, link: link))
    wordWidth = pieces[0].width
    wordBreakable = false
    commitWord()
  }

  /// Places the word built so far: on this line when it fits, else on the next; a word wider
  /// than a line (or CJK text, which may break anywhere) is broken.
  private mutating func commitWord() {
    guard !pieces.isEmpty else { return }
    defer {
      pieces.removeAll(keepingCapacity: true)
      wordWidth = 0
      wordBreakable = false
      pendingSpace = nil
    }
    startLine()
    if measuring {
      let narrowest = wordBreakable ? min(wordWidth, 2) : wordWidth
      minimumWidth = max(minimumWidth, prefixWidth + narrowest)
    }
    let space = pendingSpace != nil && line.hasContent && line.width > prefixWidth ? 1 : 0
    if line.width + space + wordWidth <= width {
      placeSpace(space)
      for piece in pieces { place(piece.text, width: piece.width, style: piece.style, link: piece.link) }
      return
    }
    if wordBreakable {
      if line.hasContent, line.width + space + 2 <= width {
        placeSpace(space)
      } else if line.hasContent {
        newLine()
      }
      fill()
      return
    }
    if line.hasContent { newLine() }
    if line.width + wordWidth <= width {
      for piece in pieces { place(piece.text, width: piece.width, style: piece.style, link: piece.link) }
    } else {
      fill()
    }
  }

  private mutating func placeSpace(_ space: Int) {
    guard space > 0, let pendingSpace else { return }
    let style = pendingSpace.style >= 0 ? pendingSpace.style : pieces.first?.style ?? 0
    place(" ", width: 1, style: style, link: pendingSpace.link)
  }

  private mutating func newLine() {
    finishLine()
    startLine()
  }

  /// Places the word's pieces character by character, starting new lines as each fills.
  private mutating func fill() {
    for piece in pieces {
      var rest = piece.text
      var restWidth = piece.width
      while !rest.isEmpty {
        let room = width - line.width
        if restWidth <= room {
          place(rest, width: restWidth, style: piece.style, link: piece.link)
          break
        }
        var end = rest.startIndex
        var used = 0
        for character in rest {
          let columns = TTDisplayWidth.of(character)
          if used + columns > room { break }
          used += columns
          end = rest.index(after: end)
        }
        if end > rest.startIndex, end < rest.endIndex, Self.noBreakBefore.contains(rest[end]) {
          // CJK punctuation and small kana do not start a line: take the character before
          // them along to the next line.
          let back = rest.index(before: end)
          if back > rest.startIndex {
            used -= TTDisplayWidth.of(rest[back])
            end = back
          }
        }
        if end == rest.startIndex {
          // A fresh line has more room (no text, no list marker before the text).
          if line.width > frames[frames.count - 1].restWidth {
            newLine()
            continue
          }
          // Not even one character fits an empty line: place one anyway, so the text goes on.
          end = rest.index(after: rest.startIndex)
          used = TTDisplayWidth.of(rest[rest.startIndex])
        }
        place(rest[rest.startIndex..<end], width: used, style: piece.style, link: piece.link)
        rest = rest[end...]
        restWidth -= used
        if !rest.isEmpty { newLine() }
      }
    }
  }

  /// Characters that may not start a line in Japanese and Chinese text (kinsoku).
  static let noBreakBefore: Set<Character> = Set(
    "、。，．・：；？！）」』】〉》〕］｝〟ー々〻ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ")

  // MARK: - Preformatted text

  private mutating func addPreformatted(_ text: String, style: Int32, link: Int32) {
    commitWord()
    let source = text
    var text = text
    text.withUTF8 { bytes in
      let count = bytes.count
      var start = 0
      var index = 0
      func flush(_ end: Int) {
        if end > start {
          startLine()
          addPiece(
            source, start..<end, high: bytes[start..<end].contains { $0 >= 0x80 }, bytes: bytes, style: style,
            link: link)
          for piece in pieces { place(piece.text, width: piece.width, style: piece.style, link: piece.link) }
          pieces.removeAll(keepingCapacity: true)
          wordWidth = 0
          wordBreakable = false
        }
      }
      while index < count {
        let byte = bytes[index]
        switch byte {
        case 0x0A, 0x0D:
          flush(index)
          if byte == 0x0D, index + 1 < count, bytes[index + 1] == 0x0A { index += 1 }
          startLine()
          line.isPreformatted = true
          line.hasContent = true
          finishLine()
          start = index + 1
        case 0x09:
          flush(index)
          startLine()
          let column = line.width - prefixWidth
          let spaces = 8 - column % 8
          place(Substring(String(repeating: " ", count: spaces)), width: spaces, style: style, link: link)
          start = index + 1
        case 0x0C:
          flush(index)
          start = index + 1
        default:
          break
        }
        index += 1
      }
      flush(count)
    }
    pendingSpace = nil
  }

  // MARK: - Rules, pictures, text areas, tables

  private mutating func rule() {
    commitWord()
    endLine()
    startLine()
    let columns = measuring ? 1 : max(1, width - line.width)
    place(
      Substring(String(repeating: "─", count: columns)), width: columns, style: items.ruleStyle, link: -1)
    finishLine()
  }

  /// The size in cells of an image's box at an available width, from its size in pixels.
  static func boxSize(_ image: TTWebImageRecord, available: Int, cell: TTSize) -> TTSize {
    let cellWidth = max(1, cell.width)
    let cellHeight = max(1, cell.height)
    func up(_ value: Int, _ unit: Int) -> Int { (value + unit - 1) / unit }
    var columns: Int
    var rows: Int
    switch (image.pixelWidth.flatMap { $0 > 0 ? $0 : nil }, image.pixelHeight.flatMap { $0 > 0 ? $0 : nil }) {
    case (let width?, let height?):
      columns = up(width, cellWidth)
      rows = up(height, cellHeight)
    case (let width?, nil):
      columns = up(width, cellWidth)
      rows = up(width * 3 / 4, cellHeight)
    case (nil, let height?):
      rows = up(height, cellHeight)
      columns = up(height * 4 / 3, cellWidth)
    case (nil, nil):
      columns = 24
      rows = 6
    }
    let widest = max(1, available)
    if columns > widest {
      rows = max(1, rows * widest / columns)
      columns = widest
    }
    if rows > 16 {
      columns = max(1, columns * 16 / rows)
      rows = 16
    }
    return TTSize(width: max(1, columns), height: max(1, rows))
  }

  private mutating func addImage(_ index: Int32) {
    let image = items.images[Int(index)]
    let size = Self.boxSize(image, available: contentWidth, cell: context.cellPixelSize)
    if size.height <= 1 || size.width <= 2 {
      // An icon: too small for a picture, so its alternate text stays in the line.
      if !image.alt.isEmpty { addText("[" + image.alt + "]", style: image.style, link: image.link) }
      return
    }
    commitWord()
    endLine()
    if measuring {
      minimumWidth = max(minimumWidth, prefixWidth + min(size.width, 8))
      maximumWidth = max(maximumWidth, frames[frames.count - 1].restWidth + size.width)
      return
    }
    context.imageSizes[index] = size
    startLine()
    let label =
      image.alt.isEmpty ? "" : "[" + TTDisplayWidth.truncate(image.alt, to: max(1, size.width - 2)) + "]"
    let shown = TTDisplayWidth.prefix(label, fitting: size.width)
    let shownWidth = TTDisplayWidth.of(shown)
    line.spans.append(
      TTWebSpanBuild(
        column: line.width, text: shown, width: shownWidth, style: image.style, link: image.link, image: index
      ))
    line.width += shownWidth
    line.hasContent = true
    finishLine()
    for _ in 1..<size.height {
      startLine()
      line.hasContent = true
      finishLine()
    }
  }

  private mutating func addTextBox(_ box: TTWebTextBoxRecord) {
    commitWord()
    endLine()
    var rows: [Substring] = []
    for row in box.text.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
    {
      rows.append(row)
    }
    if rows.count > 1, rows.last?.isEmpty == true { rows.removeLast() }
    let longest = rows.reduce(0) { max($0, TTDisplayWidth.of($1)) }
    let wanted = max(4, box.columns ?? max(20, longest))
    if measuring {
      minimumWidth = max(minimumWidth, prefixWidth + min(wanted + 2, 12))
      maximumWidth = max(maximumWidth, frames[frames.count - 1].restWidth + wanted + 2)
      return
    }
    guard contentWidth >= 4 else {
      // No room for a box: the text alone.
      addText(box.text, style: box.style, link: -1)
      commitWord()
      endLine()
      return
    }
    let inner = max(1, min(wanted, contentWidth - 2))
    let border = items.borderStyle
    func edge(_ left: String, _ right: String) {
      startLine()
      place(
        Substring(left + String(repeating: "─", count: inner) + right), width: inner + 2, style: border,
        link: -1)
      finishLine()
    }
    edge("┌", "┐")
    for row in rows {
      // Wrapped at spaces where it can be, anywhere where it cannot.
      var part: [(character: Character, width: Int)] = []
      var partWidth = 0
      for character in row {
        let shown: Character = character == "\t" ? " " : character
        let columns = TTDisplayWidth.of(shown)
        if partWidth + columns > inner, partWidth > 0 {
          var cut = part.count
          if shown != " ", let space = part.lastIndex(where: { $0.character == " " }), space > 0 {
            cut = space + 1
          }
          let head = part[..<cut]
          textBoxRow(
            String(head.map(\.character)), width: head.reduce(0) { $0 + $1.width }, inner: inner,
            style: box.style)
          part.removeFirst(cut)
          partWidth = part.reduce(0) { $0 + $1.width }
          if shown == " ", part.isEmpty { continue }
        }
        part.append((shown, columns))
        partWidth += columns
      }
      textBoxRow(String(part.map(\.character)), width: partWidth, inner: inner, style: box.style)
    }
    edge("└", "┘")
  }

  private mutating func textBoxRow(_ text: String, width textWidth: Int, inner: Int, style: Int32) {
    let border = items.borderStyle
    startLine()
    place("│", width: 1, style: border, link: -1)
    place(Substring(text), width: textWidth, style: style, link: -1)
    if inner > textWidth {
      place(
        Substring(String(repeating: " ", count: inner - textWidth)), width: inner - textWidth, style: style,
        link: -1)
    }
    place("│", width: 1, style: border, link: -1)
    finishLine()
  }

  private mutating func addTable(_ table: TTWebTableRecord, _ range: Range<Int>) {
    commitWord()
    endLine()
    addMargin(1, depth: frames.count)
    let built = TTWebTableLayout.layout(context: context, table: table, range: range, width: contentWidth)
    for built in built {
      startLine()
      let offset = line.width
      for var span in built.spans {
        span.column += offset
        line.spans.append(span)
      }
      line.width = offset + built.width
      line.anchors += built.anchors
      line.hasContent = built.hasContent
      finishLine()
    }
    addMargin(1, depth: frames.count)
  }
}
