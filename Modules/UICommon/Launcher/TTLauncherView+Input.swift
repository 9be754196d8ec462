import Three20Style

// The launcher's keys and mouse; the type's description lists them.
extension TTLauncherView {
  /// Acts on a key; `false` for keys the launcher has no use for.
  func handleLauncherKey(_ key: TTKey) -> Bool {
    if isEditing, let used = handleEditingKey(key) { return used }
    switch key {
    case .left, .character("h"): return moveSelection(.left)
    case .right, .character("l"): return moveSelection(.right)
    case .up, .character("k"): return moveSelection(.up)
    case .down, .character("j"): return moveSelection(.down)
    case .pageUp, .character("["): return turnPage(to: currentPageIndex - 1)
    case .pageDown, .character("]"): return turnPage(to: currentPageIndex + 1)
    case .home: return turnPage(to: 0)
    case .end: return turnPage(to: pages.count - 1)
    case .enter, .character(" "): return openSelectedItem()
    case .character("e"):
      beginEditing()
      return true
    default: return false
    }
  }

  /// The keys of edit mode; `nil` for keys that act as they do outside it.
  private func handleEditingKey(_ key: TTKey) -> Bool? {
    switch key {
    case .escape, .enter, .character("e"):
      endEditing()
      return true
    case .character("m"), .character(" "):
      if selectedIndex == nil { selectedIndex = 0 }
      isMovingItem = selectedIndex != nil && !isMovingItem
      return true
    case .character("d"), .delete, .backspace:
      removeSelectedItemAsUser()
      return true
    case .alt(.left), .character("H"): return moveSelectedItem(.left)
    case .alt(.right), .character("L"): return moveSelectedItem(.right)
    case .alt(.up), .character("K"): return moveSelectedItem(.up)
    case .alt(.down), .character("J"): return moveSelectedItem(.down)
    case .left, .character("h"): return isMovingItem ? moveSelectedItem(.left) : moveSelection(.left)
    case .right, .character("l"): return isMovingItem ? moveSelectedItem(.right) : moveSelection(.right)
    case .up, .character("k"): return isMovingItem ? moveSelectedItem(.up) : moveSelection(.up)
    case .down, .character("j"): return isMovingItem ? moveSelectedItem(.down) : moveSelection(.down)
    case .pageUp, .character("["), .alt(.pageUp):
      return isMovingItem || key == .alt(.pageUp) ? moveSelectedItemToPage(by: -1) : nil
    case .pageDown, .character("]"), .alt(.pageDown):
      return isMovingItem || key == .alt(.pageDown) ? moveSelectedItemToPage(by: 1) : nil
    default: return nil
    }
  }

  /// Shows a page, keys' way: used even when it cannot go further, as long as there are pages.
  private func turnPage(to index: Int) -> Bool {
    guard !pages.isEmpty else { return false }
    showPage(index)
    return true
  }

  // MARK: - The selection

  /// Moves the selection; `false` when the launcher has no items at all.
  @discardableResult
  func moveSelection(_ direction: Direction) -> Bool {
    guard pages.contains(where: { !$0.isEmpty }) else { return false }
    guard let index = selectedIndex else {
      if currentItems.isEmpty {
        if direction == .left { showPage(currentPageIndex - 1) }
        if direction == .right { showPage(currentPageIndex + 1) }
      }
      selectedIndex = 0
      return true
    }
    if let target = selectionTarget(from: index, direction) {
      showPage(target.page)
      selectedIndex = target.index
    }
    return true
  }

  /// Where the selection goes from a place on the current page, or `nil` when it stays.
  private func selectionTarget(from index: Int, _ direction: Direction) -> Position? {
    let page = currentPageIndex
    let count = currentItems.count
    let (row, column) = index.quotientAndRemainder(dividingBy: columnCount)
    switch direction {
    case .left:
      if column > 0 { return Position(page: page, index: index - 1) }
      guard page > 0 else { return nil }
      let target = min(row * columnCount + columnCount - 1, pages[page - 1].count - 1)
      return Position(page: page - 1, index: max(0, target))
    case .right:
      if column < columnCount - 1, index + 1 < count { return Position(page: page, index: index + 1) }
      guard page + 1 < pages.count else { return nil }
      return Position(page: page + 1, index: max(0, min(row * columnCount, pages[page + 1].count - 1)))
    case .up:
      return row > 0 ? Position(page: page, index: index - columnCount) : nil
    case .down:
      return rowBelow(index, count: count).map { Position(page: page, index: $0) }
    }
  }

  /// The place one row down from `index` on a page of `count` items: the same column, or the
  /// last item when the row below is shorter; `nil` on the last row.
  private func rowBelow(_ index: Int, count: Int) -> Int? {
    if index + columnCount < count { return index + columnCount }
    return (count - 1) / columnCount > index / columnCount ? count - 1 : nil
  }

  // MARK: - Editing

  /// Moves the selected item one step, the user's way; used whenever there are items.
  @discardableResult
  func moveSelectedItem(_ direction: Direction) -> Bool {
    guard pages.contains(where: { !$0.isEmpty }) else { return false }
    guard let source = selectedPosition else {
      selectedIndex = 0
      return true
    }
    if let target = moveTarget(from: source.index, direction) {
      moveAsUser(from: source, to: target)
    }
    return true
  }

  /// Where the selected item goes from a place on the current page, or `nil` when it stays.
  private func moveTarget(from index: Int, _ direction: Direction) -> Position? {
    let page = currentPageIndex
    let count = currentItems.count
    let (row, column) = index.quotientAndRemainder(dividingBy: columnCount)
    switch direction {
    case .left:
      if column > 0 { return Position(page: page, index: index - 1) }
      guard page > 0 else { return nil }
      return Position(page: page - 1, index: min(row * columnCount + columnCount - 1, pages[page - 1].count))
    case .right:
      if column < columnCount - 1, index + 1 < count { return Position(page: page, index: index + 1) }
      if page + 1 < pages.count {
        return Position(page: page + 1, index: min(row * columnCount, pages[page + 1].count))
      }
      // Off the last page: a new page, unless the item would leave its page empty.
      return count > 1 ? Position(page: page + 1, index: 0) : nil
    case .up:
      return row > 0 ? Position(page: page, index: index - columnCount) : nil
    case .down:
      return rowBelow(index, count: count).map { Position(page: page, index: $0) }
    }
  }

  /// Moves the selected item to the previous page's end or the next page's start (a new page
  /// after the last, unless it would leave its page empty).
  @discardableResult
  func moveSelectedItemToPage(by step: Int) -> Bool {
    guard let source = selectedPosition else { return !pages.isEmpty }
    if let target = pageTarget(from: source, by: step) { moveAsUser(from: source, to: target) }
    return true
  }

  /// Where an item goes when taken to the previous (`step` < 0) or next page, or `nil`.
  func pageTarget(from source: Position, by step: Int) -> Position? {
    if step < 0 {
      guard source.page > 0 else { return nil }
      let room = knownCapacity.map { $0 - 1 } ?? Int.max
      return Position(page: source.page - 1, index: min(pages[source.page - 1].count, room))
    }
    if source.page + 1 < pages.count { return Position(page: source.page + 1, index: 0) }
    return pages[source.page].count > 1 ? Position(page: source.page + 1, index: 0) : nil
  }

  /// Moves an item, then tells the delegate and saves.
  private func moveAsUser(from source: Position, to target: Position) {
    guard let item = item(at: source), moveItem(from: source, to: target) != nil else { return }
    delegate?.launcherView(self, didMove: item)
    saveAfterChange()
  }

  /// Removes the selected item if it may be removed, then tells the delegate and saves.
  func removeSelectedItemAsUser() {
    guard let position = selectedPosition else { return }
    removeAsUser(at: position)
  }

  private func removeAsUser(at position: Position) {
    guard let item = item(at: position), item.canDelete else { return }
    removeItem(at: position)
    isMovingItem = false
    delegate?.launcherView(self, didRemove: item)
    saveAfterChange()
  }

  // MARK: - The mouse

  /// Acts on a mouse event; `false` for events the launcher has no use for.
  func handleLauncherMouse(_ event: TTMouseEvent) -> Bool {
    switch event.action {
    case .scrollUp, .scrollLeft: return showPage(currentPageIndex - 1)
    case .scrollDown, .scrollRight: return showPage(currentPageIndex + 1)
    case .press:
      gesture = nil
      guard event.button == .left else { return false }
      return press(at: event.position)
    case .drag: return drag(to: event.position)
    case .release: return release(at: event.position)
    }
  }

  /// The place of the deletable item whose `×` is at a point, in edit mode; the `×` and the
  /// icon's corner beside it both count.
  func deleteMarkIndex(at point: TTPoint) -> Int? {
    guard isEditing, let index = itemIndex(at: point), currentItems[index].canDelete else { return nil }
    let icon = iconRect(in: cellRect(at: index))
    return point.y == icon.y && (point.x == icon.x - 1 || point.x == icon.x) ? index : nil
  }

  private func press(at point: TTPoint) -> Bool {
    if let index = deleteMarkIndex(at: point) {
      selectedIndex = index
      gesture = .delete(index)
      return true
    }
    guard let index = itemIndex(at: point) else { return false }
    selectedIndex = index
    gesture = isEditing ? .drag(index, moved: false, edgeArmed: true) : .open(index)
    return true
  }

  private func drag(to point: TTPoint) -> Bool {
    guard case .drag(let index, let moved, let armed) = gesture else { return gesture != nil }
    let source = Position(page: currentPageIndex, index: index)
    let area = contentRect
    let step = point.x <= area.x ? -1 : point.x >= area.maxX - 1 ? 1 : 0
    if step != 0 {
      // At an edge: to the previous or next page, once until the pointer leaves the edge.
      if armed, let target = pageTarget(from: source, by: step),
        let landed = moveItem(from: source, to: target)
      {
        isMovingItem = true
        gesture = .drag(landed.index, moved: true, edgeArmed: false)
      } else {
        gesture = .drag(index, moved: moved, edgeArmed: false)
      }
      return true
    }
    var now = (index: index, moved: moved)
    if let slot = slot(at: point), !currentItems.isEmpty {
      let target = min(slot, currentItems.count - 1)
      if target != index, let landed = moveItem(from: source, to: Position(page: source.page, index: target))
      {
        now = (landed.index, true)
        isMovingItem = true
      }
    }
    gesture = .drag(now.index, moved: now.moved, edgeArmed: true)
    return true
  }

  private func release(at point: TTPoint) -> Bool {
    defer { gesture = nil }
    switch gesture {
    case .open(let index):
      if itemIndex(at: point) == index { open(currentItems[index]) }
      return true
    case .delete(let index):
      if deleteMarkIndex(at: point) == index {
        removeAsUser(at: Position(page: currentPageIndex, index: index))
      }
      return true
    case .drag(let index, let moved, _):
      isMovingItem = false
      if moved, let item = item(at: Position(page: currentPageIndex, index: index)) {
        delegate?.launcherView(self, didMove: item)
        saveAfterChange()
      }
      return true
    case nil:
      return false
    }
  }
}
