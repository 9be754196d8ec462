import Foundation
import Three20Style
import Three20XML

/// Turns a parsed document into layout items (`TTWebItems`).
///
/// It decides what is shown, works out the style of every piece of text, numbers lists, collects links, anchors and images,
/// and gives tables their structure. One walk in document order, no recursion.
struct TTWebItemBuilder {
  /// The looks styles are made from.
  enum Look: Int {
    case heading1, heading2, heading3, heading4, heading5, heading6
    case strong, emphasis, code, preformatted, mark, link, imageAlt, formControl
    case underline, strikethrough, dim
  }

  /// What an element is to the renderer.
  enum Tag {
    case transparent
    case block(top: Int, bottom: Int)
    case heading(Int)
    case preformatted
    case blockquote
    case list(ordered: Bool)
    case listItem
    case definitionList
    case term
    case definition
    case rule
    case lineBreak
    case wordBreak
    case table
    case row
    case cell(header: Bool)
    case caption
    case anchor
    case area
    case image
    case input
    case button
    case select
    case textarea
    case frame
    case look(Look)
    case code
    case quote
    case superscript
    case address
    case dropped
    case dialog
  }

  static let tags: [String: Tag] = {
    var tags: [String: Tag] = [:]
    for name in [
      "html", "body", "div", "section", "article", "main", "header", "footer", "nav", "aside", "figcaption",
      "center", "details", "summary", "form", "hgroup", "search", "legend", "noscript", "noframes", "marquee",
      "optgroup-block", "frameset",
    ] {
      tags[name] = .block(top: 0, bottom: 0)
    }
    for name in ["p", "figure", "fieldset"] { tags[name] = .block(top: 1, bottom: 1) }
    for level in 1...6 { tags["h\(level)"] = .heading(level) }
    for name in ["pre", "listing", "xmp", "plaintext"] { tags[name] = .preformatted }
    tags["blockquote"] = .blockquote
    for name in ["ul", "menu", "dir"] { tags[name] = .list(ordered: false) }
    tags["ol"] = .list(ordered: true)
    tags["li"] = .listItem
    tags["dl"] = .definitionList
    tags["dt"] = .term
    tags["dd"] = .definition
    tags["hr"] = .rule
    tags["br"] = .lineBreak
    tags["wbr"] = .wordBreak
    tags["table"] = .table
    tags["tr"] = .row
    tags["td"] = .cell(header: false)
    tags["th"] = .cell(header: true)
    tags["caption"] = .caption
    tags["a"] = .anchor
    tags["area"] = .area
    tags["img"] = .image
    tags["input"] = .input
    tags["button"] = .button
    tags["select"] = .select
    tags["textarea"] = .textarea
    tags["iframe"] = .frame
    tags["frame"] = .frame
    for name in ["b", "strong"] { tags[name] = .look(.strong) }
    for name in ["i", "em", "cite", "var", "dfn"] { tags[name] = .look(.emphasis) }
    for name in ["u", "ins"] { tags[name] = .look(.underline) }
    for name in ["s", "strike", "del"] { tags[name] = .look(.strikethrough) }
    tags["mark"] = .look(.mark)
    tags["small"] = .look(.dim)
    for name in ["code", "kbd", "samp", "tt"] { tags[name] = .code }
    tags["q"] = .quote
    tags["sup"] = .superscript
    tags["address"] = .address
    for name in [
      "head", "script", "style", "template", "svg", "title", "meta", "link", "base", "colgroup", "col",
      "source",
      "track", "param", "datalist", "embed", "option", "optgroup", "annotation", "annotation-xml",
      "object-param",
    ] {
      tags[name] = .dropped
    }
    tags["dialog"] = .dialog
    return tags
  }()

  /// What an element's end does.
  struct Closes: OptionSet {
    let rawValue: UInt16
    static let block = Closes(rawValue: 1 << 0)
    static let link = Closes(rawValue: 1 << 1)
    static let cell = Closes(rawValue: 1 << 2)
    static let row = Closes(rawValue: 1 << 3)
    static let table = Closes(rawValue: 1 << 4)
    static let caption = Closes(rawValue: 1 << 5)
    static let list = Closes(rawValue: 1 << 6)
    static let dropped = Closes(rawValue: 1 << 7)
    static let tableContext = Closes(rawValue: 1 << 8)
    static let suffix = Closes(rawValue: 1 << 9)
    static let quote = Closes(rawValue: 1 << 10)
  }

  /// An open element.
  struct Frame {
    var style: Int32
    var link: Int32
    var isPreformatted: Bool
    var closes: Closes = []
    var suffix: String = ""
  }

  /// A list being numbered.
  struct ListState {
    var ordered: Bool
    var next: Int
    var step: Int
    var type: UInt8
    var labelWidth: Int
    var bulletLevel: Int
  }

  /// A table being read.
  struct TableState {
    /// Whether this table is laid out as a table (not inside another's cell).
    var isLaidOut: Bool
    var rowOpen = false
    var cellOpen = false
    var cellIsImplicit = false
    var captionOpen = false
    /// How many frames were open when an implicit cell opened.
    var implicitDepth = 0
  }

  private(set) var output = TTWebItems()
  private let styling: TTWebStyling
  private let imagesAvailable: Bool
  private var resolver: TTWebURLResolver
  private var frames: [Frame] = []
  private var lists: [ListState] = []
  private var tables: [TableState] = []
  private var dropDepth = 0
  private var quoteDepth = 0
  private var freshPreformatted = false
  private var styleIndex: [TTCellStyle: Int32] = [:]
  private var derived: [Int64: Int32] = [:]
  private let looks: [TTTextLook]

  /// The most bytes of a link's text kept.
  static let linkTextLimit = 2_000

  init(styling: TTWebStyling, imagesAvailable: Bool, resolver: TTWebURLResolver) {
    self.styling = styling
    self.imagesAvailable = imagesAvailable
    self.resolver = resolver
    looks = [
      styling.heading1, styling.heading2, styling.heading3, styling.heading4, styling.heading5,
      styling.heading6,
      styling.strong, styling.emphasis, styling.code, styling.preformatted, styling.mark, styling.link,
      styling.imageAlt, styling.formControl, TTTextLook(attributes: .underline),
      TTTextLook(attributes: .strikethrough), TTTextLook(attributes: .dim),
    ]
    let plain = intern(.plain)
    output.ruleStyle = intern(TTStyledTextStyling.apply(styling.rule, to: .plain))
    output.quoteStyle = intern(TTStyledTextStyling.apply(styling.quoteBar, to: .plain))
    output.borderStyle = intern(TTStyledTextStyling.apply(styling.tableBorder, to: .plain))
    output.markerStyle = intern(TTStyledTextStyling.apply(styling.listMarker, to: .plain))
    output.strongStyle = intern(TTStyledTextStyling.apply(styling.strong, to: .plain))
    frames.append(Frame(style: plain, link: -1, isPreformatted: false))
  }

  // MARK: - Styles

  private mutating func intern(_ style: TTCellStyle) -> Int32 {
    if let index = styleIndex[style] { return index }
    let index = Int32(output.styles.count)
    output.styles.append(style)
    styleIndex[style] = index
    return index
  }

  private mutating func style(_ base: Int32, _ look: Look) -> Int32 {
    let key = Int64(base) << 8 | Int64(look.rawValue)
    if let known = derived[key] { return known }
    let made = intern(TTStyledTextStyling.apply(looks[look.rawValue], to: output.styles[Int(base)]))
    derived[key] = made
    return made
  }

  // MARK: - Walking

  /// Reads one event of the walk.
  mutating func handle(_ event: TTHTMLWalkEvent) {
    switch event {
    case .start(let element): start(element)
    case .text(let text): self.text(text)
    case .end: end()
    }
  }

  /// Closes what is still open at the end of the document.
  mutating func finish() {
    while frames.count > 1 { end() }
  }

  private var current: Frame { frames[frames.count - 1] }

  private var tableOutsideCell: Bool {
    guard let table = tables.last else { return false }
    return table.isLaidOut && !table.cellOpen && !table.captionOpen
  }

  private mutating func start(_ element: TTXMLElement) {
    var frame = current
    frame.closes = []
    frame.suffix = ""
    guard dropDepth == 0 else {
      frame.closes = .dropped
      dropDepth += 1
      frames.append(frame)
      return
    }
    let name = element.name
    var tag = Self.tags[name] ?? .transparent
    if isHidden(element, name: name) { tag = .dropped }
    if case .dialog = tag {
      tag = element.attributeNode("open") == nil ? .dropped : .block(top: 0, bottom: 0)
    }
    if case .dropped = tag {
      frame.closes = .dropped
      dropDepth += 1
      frames.append(frame)
      return
    }
    if let id = element.attribute("id"), !id.isEmpty { anchor(id) }
    switch tag {
    case .transparent, .dropped, .dialog:
      break
    case .block(let top, let bottom):
      openBlock(
        &frame, TTWebBlock(marginTop: top, marginBottom: bottom, segment: .none, isPreformatted: false))
    case .heading(let level):
      openBlock(&frame, TTWebBlock(marginTop: 1, marginBottom: 1, segment: .none, isPreformatted: false))
      frame.style = style(frame.style, Look(rawValue: min(max(level, 1), 6) - 1) ?? .heading6)
    case .preformatted:
      openBlock(&frame, TTWebBlock(marginTop: 1, marginBottom: 1, segment: .none, isPreformatted: true))
      frame.style = style(frame.style, .preformatted)
      frame.isPreformatted = true
      freshPreformatted = true
    case .blockquote:
      openBlock(&frame, TTWebBlock(marginTop: 1, marginBottom: 1, segment: .quote, isPreformatted: false))
    case .list(let ordered):
      let nested = lists.count > 0
      openBlock(
        &frame,
        TTWebBlock(
          marginTop: nested ? 0 : 1, marginBottom: nested ? 0 : 1, segment: .none, isPreformatted: false))
      lists.append(listState(element, ordered: ordered))
      frame.closes.insert(.list)
    case .listItem:
      let marker = listMarker(element)
      openBlock(
        &frame, TTWebBlock(marginTop: 0, marginBottom: 0, segment: .marker(marker), isPreformatted: false))
    case .definitionList:
      let nested = lists.count > 0
      openBlock(
        &frame,
        TTWebBlock(
          marginTop: nested ? 0 : 1, marginBottom: nested ? 0 : 1, segment: .none, isPreformatted: false))
    case .term:
      openBlock(&frame, TTWebBlock(marginTop: 0, marginBottom: 0, segment: .none, isPreformatted: false))
      frame.style = style(frame.style, .strong)
    case .definition:
      openBlock(&frame, TTWebBlock(marginTop: 0, marginBottom: 0, segment: .indent(4), isPreformatted: false))
    case .address:
      openBlock(&frame, TTWebBlock(marginTop: 0, marginBottom: 0, segment: .none, isPreformatted: false))
      frame.style = style(frame.style, .emphasis)
    case .rule:
      content(.rule)
    case .lineBreak:
      content(.lineBreak)
    case .wordBreak:
      emit(.wordBreak)
    case .table:
      startTable(element, &frame)
    case .row:
      startRow(&frame)
    case .cell(let header):
      startCell(element, header: header, &frame)
    case .caption:
      startCaption(&frame)
    case .anchor:
      if let name = element.attribute("name"), !name.isEmpty, element.attribute("id") != name { anchor(name) }
      if let href = element.attribute("href") {
        startLink(href, &frame)
        let label = element.attribute("aria-label") ?? element.attribute("title")
        if let label { output.links[Int(frame.link)].label = TTWebText.collapsed(label, limit: 200) }
      }
    case .area:
      area(element, frame)
    case .image:
      image(element, frame)
    case .input:
      input(element, frame)
    case .button:
      let label = TTWebText.collapsed(element.textContent, limit: 200)
      let shown =
        label.isEmpty
        ? TTWebText.collapsed(
          element.attribute("value") ?? element.attribute("aria-label") ?? element.attribute("title")
            ?? "Button",
          limit: 200)
        : label
      control("[" + shown + "]", frame)
      frame.closes.insert(.dropped)
      dropDepth += 1
    case .select:
      control("[" + selectedOption(element) + " ▾]", frame)
      frame.closes.insert(.dropped)
      dropDepth += 1
    case .textarea:
      textArea(element, frame)
      frame.closes.insert(.dropped)
      dropDepth += 1
    case .frame:
      frameLink(element, frame)
      frame.closes.insert(.dropped)
      dropDepth += 1
    case .look(let look):
      frame.style = style(frame.style, look)
    case .code:
      if !frame.isPreformatted { frame.style = style(frame.style, .code) }
    case .quote:
      quoteDepth += 1
      text(quoteDepth % 2 == 1 ? "\u{201C}" : "\u{2018}", style: frame.style, link: frame.link)
      frame.suffix = quoteDepth % 2 == 1 ? "\u{201D}" : "\u{2019}"
      frame.closes.insert([.suffix, .quote])
    case .superscript:
      text("^", style: frame.style, link: frame.link)
    }
    frames.append(frame)
  }

  private mutating func end() {
    guard frames.count > 1 else { return }
    let frame = frames.removeLast()
    let closes = frame.closes
    if closes.contains(.dropped) { dropDepth -= 1 }
    if closes.contains(.suffix) { text(frame.suffix, style: frame.style, link: frame.link) }
    if closes.contains(.quote) { quoteDepth -= 1 }
    if closes.contains(.link) { finishLink(frame) }
    if closes.contains(.block) { emit(.close) }
    if closes.contains(.list) { lists.removeLast() }
    if closes.contains(.cell) {
      emit(.cellEnd)
      tables[tables.count - 1].cellOpen = false
    }
    if closes.contains(.caption) {
      emit(.captionEnd)
      tables[tables.count - 1].captionOpen = false
    }
    if closes.contains(.row) {
      closeImplicitCell()
      if tables[tables.count - 1].rowOpen {
        emit(.rowEnd)
        tables[tables.count - 1].rowOpen = false
      }
    }
    if closes.contains(.tableContext) {
      let table = tables[tables.count - 1]
      if table.isLaidOut {
        closeImplicitCell()
        if tables[tables.count - 1].rowOpen { emit(.rowEnd) }
        emit(.tableEnd)
      }
      tables.removeLast()
    }
    if var table = tables.last, table.cellOpen, table.cellIsImplicit, table.implicitDepth > frames.count {
      table.implicitDepth = frames.count
      tables[tables.count - 1] = table
    }
  }

  private mutating func text(_ raw: String) {
    guard dropDepth == 0 else { return }
    let frame = current
    if tableOutsideCell {
      if TTWebText.isBlank(raw) { return }
      openImplicitCell()
    }
    var cleaned = TTWebText.clean(raw)
    if frame.isPreformatted {
      if freshPreformatted {
        freshPreformatted = false
        if cleaned.hasPrefix("\r\n") {
          cleaned.removeFirst(2)
        } else if cleaned.hasPrefix("\n") {
          cleaned.removeFirst()
        }
      }
      guard !cleaned.isEmpty else { return }
      emit(.preText(cleaned, style: frame.style, link: frame.link))
    } else {
      guard !cleaned.isEmpty else { return }
      emit(.text(cleaned, style: frame.style, link: frame.link))
    }
    if frame.link >= 0 {
      let index = Int(frame.link)
      if output.links[index].text.utf8.count < Self.linkTextLimit { output.links[index].text += cleaned }
      if !output.links[index].hasContent, !TTWebText.isBlank(cleaned) {
        output.links[index].hasContent = true
      }
    }
  }

  /// Text the renderer adds (quotes, markers), in the flow like the page's text.
  private mutating func text(_ value: String, style: Int32, link: Int32) {
    if tableOutsideCell { openImplicitCell() }
    emit(.text(value, style: style, link: link))
  }

  private mutating func emit(_ item: TTWebItem) {
    output.items.append(item)
  }

  /// Emits an item that shows something, in a cell of its own when it sits in a table
  /// outside any cell.
  private mutating func content(_ item: TTWebItem) {
    if tableOutsideCell { openImplicitCell() }
    emit(item)
  }

  private mutating func anchor(_ name: String) {
    let cleaned = TTWebText.clean(name)
    output.anchors.append(cleaned)
    emit(.anchor(Int32(output.anchors.count - 1)))
  }

  private mutating func openBlock(_ frame: inout Frame, _ block: TTWebBlock) {
    // Inside a table but outside its cells a block would break the table's structure: its
    // content goes in a cell of its own instead.
    if tableOutsideCell { return }
    output.blocks.append(block)
    emit(.open(Int32(output.blocks.count - 1)))
    frame.closes.insert(.block)
    if block.isPreformatted { frame.isPreformatted = true }
  }

  /// Whether the element is hidden: `hidden`, `aria-hidden="true"`, `display: none`, or an
  /// `<input type="hidden">`.
  private func isHidden(_ element: TTXMLElement, name: String) -> Bool {
    if element.attributeNode("hidden") != nil { return true }
    if let aria = element.attribute("aria-hidden"), aria.lowercased() == "true" { return true }
    if let style = element.attribute("style"), style.utf8.count < 10_000 {
      let compact = String(style.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace })
      if compact.contains("display:none") { return true }
    }
    if name == "input", let type = element.attribute("type"), type.lowercased() == "hidden" { return true }
    return false
  }

  // MARK: - Lists

  private func listState(_ element: TTXMLElement, ordered: Bool) -> ListState {
    let bulletLevel = (lists.last?.bulletLevel ?? 0) + (ordered ? 0 : 1)
    guard ordered else {
      return ListState(ordered: false, next: 1, step: 1, type: 0, labelWidth: 1, bulletLevel: bulletLevel)
    }
    let reversed = element.attributeNode("reversed") != nil
    let typeText = element.attribute("type") ?? "1"
    let type = typeText.utf8.first.flatMap { "1aAiI".utf8.contains($0) ? $0 : nil } ?? UInt8(ascii: "1")
    let items = element.children("li")
    let limit = 1_000_000_000
    var next =
      TTWebText.integerPrefix(element.attribute("start"), limit: limit) ?? (reversed ? items.count : 1)
    let step = reversed ? -1 : 1
    let start = next
    var labelWidth = 1
    for item in items {
      if let value = TTWebText.integerPrefix(item.attribute("value"), limit: limit) { next = value }
      labelWidth = max(labelWidth, TTDisplayWidth.of(Self.label(next, type: type)))
      next += step
    }
    return ListState(
      ordered: true, next: start, step: step, type: type, labelWidth: labelWidth, bulletLevel: bulletLevel)
  }

  private mutating func listMarker(_ element: TTXMLElement) -> String {
    guard var list = lists.last else { return "  • " }
    if !list.ordered {
      let bullet = list.bulletLevel <= 1 ? "•" : list.bulletLevel == 2 ? "◦" : "▪"
      return "  " + bullet + " "
    }
    if let value = TTWebText.integerPrefix(element.attribute("value"), limit: 1_000_000_000) {
      list.next = value
    }
    let label = Self.label(list.next, type: list.type)
    list.next += list.step
    list.labelWidth = max(list.labelWidth, TTDisplayWidth.of(label))
    lists[lists.count - 1] = list
    let padding = String(repeating: " ", count: max(0, list.labelWidth - TTDisplayWidth.of(label)))
    return "  " + padding + label + " "
  }

  /// A list item's label: `3.`, `c.`, `C.`, `iii.`, `III.`.
  static func label(_ value: Int, type: UInt8) -> String {
    switch type {
    case UInt8(ascii: "a"), UInt8(ascii: "A"):
      guard value > 0 else { return "\(value)." }
      var letters: [UInt8] = []
      var rest = value
      let base = type == UInt8(ascii: "a") ? UInt8(ascii: "a") : UInt8(ascii: "A")
      while rest > 0 {
        rest -= 1
        letters.append(base + UInt8(rest % 26))
        rest /= 26
      }
      return String(decoding: letters.reversed(), as: UTF8.self) + "."
    case UInt8(ascii: "i"), UInt8(ascii: "I"):
      guard value > 0, value < 4_000 else { return "\(value)." }
      let numerals: [(Int, String)] = [
        (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"), (40, "xl"),
        (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"),
      ]
      var rest = value
      var result = ""
      for (amount, numeral) in numerals {
        while rest >= amount {
          result += numeral
          rest -= amount
        }
      }
      return (type == UInt8(ascii: "I") ? result.uppercased() : result) + "."
    default:
      return "\(value)."
    }
  }

  // MARK: - Tables

  private mutating func startTable(_ element: TTXMLElement, _ frame: inout Frame) {
    // Only the outermost table is laid out as a table; tables in it are flattened.
    let laidOut = tables.isEmpty
    if laidOut {
      let border = element.attribute("border").map { TTWebText.integerPrefix($0) ?? 1 } ?? 0
      output.tables.append(TTWebTableRecord(hasBorderAttribute: border > 0))
      emit(.tableStart(Int32(output.tables.count - 1)))
    } else {
      openBlock(&frame, TTWebBlock(marginTop: 0, marginBottom: 0, segment: .none, isPreformatted: false))
    }
    tables.append(TableState(isLaidOut: laidOut))
    frame.closes.insert(.tableContext)
  }

  /// Whether rows and cells here make the laid-out table's structure (rather than being
  /// flattened into a cell's text).
  private var structural: Bool {
    guard let table = tables.last, table.isLaidOut, !table.captionOpen else { return false }
    if table.cellOpen {
      return table.cellIsImplicit && frames.count <= table.implicitDepth
    }
    return true
  }

  private mutating func startRow(_ frame: inout Frame) {
    guard structural else {
      openBlock(&frame, TTWebBlock(marginTop: 0, marginBottom: 0, segment: .none, isPreformatted: false))
      return
    }
    closeImplicitCell()
    if tables[tables.count - 1].rowOpen { emit(.rowEnd) }
    emit(.rowStart)
    tables[tables.count - 1].rowOpen = true
    frame.closes.insert(.row)
  }

  private mutating func startCell(_ element: TTXMLElement, header: Bool, _ frame: inout Frame) {
    guard structural else {
      if tables.last != nil {
        // A cell of a table inside a cell: its text follows the row's other cells.
        text(" ", style: frame.style, link: frame.link)
      }
      if header { frame.style = style(frame.style, .strong) }
      return
    }
    closeImplicitCell()
    if !tables[tables.count - 1].rowOpen {
      emit(.rowStart)
      tables[tables.count - 1].rowOpen = true
    }
    let span = min(max(TTWebText.integerPrefix(element.attribute("colspan"), limit: 1_000) ?? 1, 1), 1_000)
    emit(.cellStart(colspan: Int32(span), header: header))
    tables[tables.count - 1].cellOpen = true
    tables[tables.count - 1].cellIsImplicit = false
    frame.closes.insert(.cell)
    if header { frame.style = style(frame.style, .strong) }
  }

  private mutating func startCaption(_ frame: inout Frame) {
    guard structural else {
      openBlock(&frame, TTWebBlock(marginTop: 0, marginBottom: 0, segment: .none, isPreformatted: false))
      return
    }
    closeImplicitCell()
    emit(.captionStart)
    tables[tables.count - 1].captionOpen = true
    frame.closes.insert(.caption)
    frame.style = style(frame.style, .emphasis)
  }

  private mutating func openImplicitCell() {
    guard var table = tables.last, table.isLaidOut, !table.cellOpen else { return }
    if !table.rowOpen {
      emit(.rowStart)
      table.rowOpen = true
    }
    emit(.cellStart(colspan: 1, header: false))
    table.cellOpen = true
    table.cellIsImplicit = true
    table.implicitDepth = frames.count
    tables[tables.count - 1] = table
  }

  private mutating func closeImplicitCell() {
    guard var table = tables.last, table.isLaidOut, table.cellOpen, table.cellIsImplicit else { return }
    emit(.cellEnd)
    table.cellOpen = false
    table.cellIsImplicit = false
    tables[tables.count - 1] = table
  }

  // MARK: - Links, images, forms

  private mutating func startLink(_ href: String, _ frame: inout Frame) {
    let cleaned = TTWebText.clean(href)
    output.links.append(
      TTWebLinkRecord(
        href: cleaned, resolution: resolver.resolve(cleaned), text: "", imageAlt: nil, label: nil,
        hasContent: false))
    frame.link = Int32(output.links.count - 1)
    frame.style = style(frame.style, .link)
    frame.closes.insert(.link)
  }

  private mutating func finishLink(_ frame: Frame) {
    let index = Int(frame.link)
    var record = output.links[index]
    record.text = TTWebText.collapsed(record.text, limit: 500)
    if record.text.isEmpty { record.text = record.imageAlt ?? "" }
    if record.text.isEmpty { record.text = record.label ?? "" }
    if record.text.isEmpty {
      record.text = TTWebText.collapsed(record.resolution.target ?? record.href, limit: 500)
    }
    if !record.hasContent {
      // Something to focus: a link without anything shown (an icon font, an image without
      // alternate text) shows its text.
      let shown = TTDisplayWidth.truncate(record.text, to: 60)
      content(.text("[" + shown + "]", style: frame.style, link: frame.link))
      record.hasContent = true
    }
    output.links[index] = record
  }

  private mutating func markLinkContent(_ frame: Frame, alt: String? = nil) {
    guard frame.link >= 0 else { return }
    let index = Int(frame.link)
    output.links[index].hasContent = true
    if let alt, !alt.isEmpty, output.links[index].imageAlt == nil { output.links[index].imageAlt = alt }
  }

  private mutating func area(_ element: TTXMLElement, _ frame: Frame) {
    guard let href = element.attribute("href") else { return }
    var inner = frame
    startLink(href, &inner)
    let alt = TTWebText.collapsed(element.attribute("alt") ?? "", limit: 500)
    let label = alt.isEmpty ? TTDisplayWidth.truncate(TTWebText.collapsed(href), to: 60) : alt
    output.links[Int(inner.link)].imageAlt = label
    content(.text("[" + label + "]", style: inner.style, link: inner.link))
    output.links[Int(inner.link)].hasContent = true
    content(.text(" ", style: frame.style, link: frame.link))
    finishLink(inner)
  }

  private mutating func image(_ element: TTXMLElement, _ frame: Frame) {
    let alt = element.attribute("alt").map { TTWebText.collapsed($0, limit: 1_000) }
    let altStyle = style(frame.style, .imageAlt)
    if imagesAvailable, let source = element.attribute("src"), let url = resolver.resolveSource(source) {
      markLinkContent(frame, alt: alt)
      output.images.append(
        TTWebImageRecord(
          url: url, alt: alt ?? "",
          pixelWidth: TTWebText.integerPrefix(element.attribute("width"), limit: 100_000),
          pixelHeight: TTWebText.integerPrefix(element.attribute("height"), limit: 100_000), link: frame.link,
          style: altStyle))
      content(.image(Int32(output.images.count - 1)))
      return
    }
    // Without pictures an image is its alternate text; without that, nothing.
    guard let alt, !alt.isEmpty else { return }
    markLinkContent(frame, alt: alt)
    content(.text("[" + alt + "]", style: altStyle, link: frame.link))
  }

  private mutating func control(_ label: String, _ frame: Frame) {
    markLinkContent(frame)
    content(.atom(label, style: style(frame.style, .formControl), link: frame.link))
  }

  private mutating func input(_ element: TTXMLElement, _ frame: Frame) {
    let type = (element.attribute("type") ?? "text").lowercased()
    let value = element.attribute("value").map { TTWebText.collapsed($0, limit: 200) }
    switch type {
    case "checkbox":
      control(element.attributeNode("checked") != nil ? "[x]" : "[ ]", frame)
    case "radio":
      control(element.attributeNode("checked") != nil ? "(*)" : "( )", frame)
    case "submit", "reset", "button":
      let fallback = type == "submit" ? "Submit" : type == "reset" ? "Reset" : "Button"
      control("[" + (value.flatMap { $0.isEmpty ? nil : $0 } ?? fallback) + "]", frame)
    case "image":
      let alt = element.attribute("alt").map { TTWebText.collapsed($0, limit: 200) }
      control("[" + (alt.flatMap { $0.isEmpty ? nil : $0 } ?? value ?? "Submit") + "]", frame)
    case "file":
      control("[Choose file]", frame)
    case "password":
      let count = min(value?.count ?? 0, 40)
      control(
        "[" + String(repeating: "*", count: count) + String(repeating: " ", count: max(0, 10 - count)) + "]",
        frame)
    default:
      var shown = value ?? ""
      if shown.isEmpty { shown = TTWebText.collapsed(element.attribute("placeholder") ?? "", limit: 200) }
      let padding = max(0, 10 - TTDisplayWidth.of(shown))
      control("[" + shown + String(repeating: " ", count: padding) + "]", frame)
    }
  }

  private func selectedOption(_ element: TTXMLElement) -> String {
    let options = element.descendants("option")
    let chosen = options.first { $0.attributeNode("selected") != nil } ?? options.first
    guard let chosen else { return "" }
    let label = chosen.attribute("label") ?? chosen.textContent
    return TTWebText.collapsed(label, limit: 200)
  }

  private mutating func textArea(_ element: TTXMLElement, _ frame: Frame) {
    markLinkContent(frame)
    var text = TTWebText.clean(element.textContent)
    if text.hasPrefix("\r\n") {
      text.removeFirst(2)
    } else if text.hasPrefix("\n") {
      text.removeFirst()
    }
    if text.utf8.count > 100_000 { text = String(text.prefix(100_000)) }
    let columns = TTWebText.integerPrefix(element.attribute("cols"), limit: 1_000)
    output.textBoxes.append(
      TTWebTextBoxRecord(text: text, columns: columns, style: style(frame.style, .formControl)))
    content(.textBox(Int32(output.textBoxes.count - 1)))
  }

  private mutating func frameLink(_ element: TTXMLElement, _ frame: Frame) {
    guard let source = element.attribute("src"), !TTWebText.isBlank(source) else { return }
    var inner = frame
    startLink(source, &inner)
    let shown = TTWebText.collapsed(source, limit: 500)
    let kind = element.name == "frame" ? "frame" : "iframe"
    let title = TTWebText.collapsed(element.attribute("title") ?? "", limit: 200)
    output.links[Int(inner.link)].text = title.isEmpty ? kind + ": " + shown : title
    content(.text("[" + kind + ": " + shown + "]", style: inner.style, link: inner.link))
    output.links[Int(inner.link)].hasContent = true
    finishLink(inner)
  }
}
