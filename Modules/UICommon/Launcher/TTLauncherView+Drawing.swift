import Three20Style

// How the launcher draws a page: icons (pictures or glyph boxes), badges, `×` marks, titles.
extension TTLauncherView {
  /// The badge's colour when the stylesheet has no `launcherBadgeColor`: Three20's red.
  static let defaultBadgeColor = TTColor(red: 221, green: 17, blue: 27)

  /// Draws the current page's items into the grid.
  func drawPage(on canvas: inout TTCanvas, in rect: TTRect) {
    let dx = rect.x - contentRect.x
    let dy = rect.y - contentRect.y
    let items = currentItems
    let shown = min(items.count, itemsPerPage)
    guard shown > 0 else { return }
    let badgeColor = TTStyleSheet.current.color(named: "launcherBadgeColor") ?? Self.defaultBadgeColor
    canvas.withClip(gridArea.offsetBy(dx: dx, dy: dy)) { canvas in
      for index in 0..<shown {
        let cell = cellRect(at: index).offsetBy(dx: dx, dy: dy)
        drawItem(
          items[index], selected: index == selectedIndex, in: cell, badgeColor: badgeColor, on: &canvas)
      }
    }
  }

  private func drawItem(
    _ item: TTLauncherItem, selected: Bool, in cell: TTRect, badgeColor: TTColor, on canvas: inout TTCanvas
  ) {
    let icon = iconRect(in: cell)
    drawIcon(item, in: icon, selected: selected, on: &canvas)
    if let badge = item.badgeText {
      let text = " \(badge) "
      canvas.write(
        text, at: TTPoint(x: icon.maxX + 1 - TTDisplayWidth.of(text), y: icon.y),
        style: TTCellStyle(foreground: .white, background: badgeColor, attributes: [.bold]))
    }
    if isEditing, item.canDelete {
      canvas.write("×", at: TTPoint(x: icon.x - 1, y: icon.y), style: TTCellStyle(attributes: [.bold]))
    }
    let title = TTDisplayWidth.truncate(TTTerminalText.sanitized(item.title), to: max(1, cell.width - 1))
    let attributes: TTTextAttributes = selected ? (isFocused ? [.inverse, .bold] : [.bold, .underline]) : []
    canvas.write(
      title, at: TTPoint(x: cell.x + (cell.width - TTDisplayWidth.of(title)) / 2, y: cell.maxY - 1),
      style: TTCellStyle(attributes: attributes))
  }

  /// The item's picture when the image provider has it, drawn over its glyph; otherwise the
  /// glyph in a box (double lines while the item is being moved).
  private func drawIcon(_ item: TTLauncherItem, in icon: TTRect, selected: Bool, on canvas: inout TTCanvas) {
    let middle = icon.y + (icon.height - 1) / 2
    if let picture = Self.picture(for: item, fitting: icon.size) {
      // The glyph stays beneath, for outputs that show no pictures.
      canvas.fill(icon, style: TTCellStyle())
      let glyph = Self.glyph(for: item.title, width: icon.width)
      canvas.write(
        glyph, at: TTPoint(x: icon.x + (icon.width - TTDisplayWidth.of(glyph)) / 2, y: middle),
        style: TTCellStyle(attributes: [.bold]))
      let size = picture.cellSize
      canvas.place(
        picture,
        at: TTPoint(x: icon.x + (icon.width - size.width) / 2, y: icon.y + (icon.height - size.height) / 2))
      return
    }
    let border = TTCellStyle(attributes: selected && isFocused ? [.bold] : [])
    guard icon.height >= 3 else {
      let glyph = "[" + Self.glyph(for: item.title, width: icon.width - 2) + "]"
      canvas.write(
        glyph, at: TTPoint(x: icon.x + (icon.width - TTDisplayWidth.of(glyph)) / 2, y: middle), style: border)
      return
    }
    let lines: (String, String, String, String, String, String) =
      selected && isMovingItem ? ("╔", "╗", "╚", "╝", "═", "║") : ("╭", "╮", "╰", "╯", "─", "│")
    let inner = icon.width - 2
    let bar = String(repeating: lines.4, count: inner)
    canvas.write(lines.0 + bar + lines.1, at: icon.origin, style: border)
    for y in (icon.y + 1)..<(icon.maxY - 1) {
      canvas.write(lines.5, at: TTPoint(x: icon.x, y: y), style: border)
      canvas.fill(TTRect(x: icon.x + 1, y: y, width: inner, height: 1), style: TTCellStyle())
      canvas.write(lines.5, at: TTPoint(x: icon.maxX - 1, y: y), style: border)
    }
    canvas.write(lines.2 + bar + lines.3, at: TTPoint(x: icon.x, y: icon.maxY - 1), style: border)
    let glyph = Self.glyph(for: item.title, width: inner)
    canvas.write(
      glyph, at: TTPoint(x: icon.x + 1 + (inner - TTDisplayWidth.of(glyph)) / 2, y: middle),
      style: TTCellStyle(attributes: [.bold]))
  }

  /// The picture the image provider has ready for the item's image, or `nil`.
  static func picture(for item: TTLauncherItem, fitting size: TTSize) -> (any TTTerminalPicture)? {
    guard let url = item.imageURL, !url.isEmpty, size.width > 0, size.height > 0,
      let provider = TTGlobalImageProvider.current,
      case .ready(let picture) = provider.picture(
        for: TTImageLook(url: url, alternateText: item.title, contentMode: .scaleAspectFit), fitting: size)
    else { return nil }
    return picture
  }

  /// What stands for an item without a picture, at most `width` columns wide.
  ///
  /// The initials of the title's first two words, or the first two characters of a one-word
  /// title, the first capitalised; `?` for an empty title.
  ///
  /// - Parameters:
  ///   - title: The title.
  ///   - width: The columns available.
  /// - Returns: The glyph.
  static func glyph(for title: String, width: Int) -> String {
    let words = TTTerminalText.sanitized(title).split(whereSeparator: { $0.isWhitespace })
    let text: String
    if words.count >= 2, let first = words[0].first, let second = words[1].first {
      text = String(first).uppercased() + String(second).uppercased()
    } else if let word = words.first, let first = word.first {
      text = String(first).uppercased() + String(word.dropFirst().prefix(1))
    } else {
      text = "?"
    }
    return TTDisplayWidth.prefix(text, fitting: max(0, width))
  }
}
