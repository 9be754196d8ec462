import Testing
import Three20Style
import Three20UICommon

@MainActor
@Suite("TTView")
struct TTViewTests {
  /// A view that writes its name at the top left of its content and counts its drawings.
  final class NameView: TTView {
    let name: String
    var drawCount = 0
    var layoutCount = 0

    init(_ name: String, frame: TTRect) {
      self.name = name
      super.init(frame: frame)
    }

    override func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
      drawCount += 1
      canvas.write(name, at: rect.origin)
    }

    override func layoutSubviews() {
      layoutCount += 1
    }
  }

  /// A tree with a bordered root, a filled child holding a too-wide label, a child hanging
  /// off the root's edge, and a hidden child.
  static func makeTree() -> TTView {
    let root = TTView(frame: TTRect(x: 0, y: 0, width: 20, height: 6))
    root.style = TTStyle {
      TTShapeStyle(.rounded(1))
      TTSolidFillStyle(.blue)
      TTSolidBorderStyle(.white)
    }
    let panel = TTView(frame: TTRect(x: 2, y: 1, width: 10, height: 3))
    panel.style = TTStyle { TTSolidFillStyle(.red) }
    let wide = TTLabel(text: "ABCDEFGHIJKLMNOPQRSTUVWXYZ", look: TTTextLook(lineBreakMode: .clip))
    wide.frame = TTRect(x: -2, y: 1, width: 26, height: 1)
    panel.addSubview(wide)
    root.addSubview(panel)
    let overhang = TTLabel(text: "overhang", look: TTTextLook(color: .yellow))
    overhang.frame = TTRect(x: 14, y: 4, width: 10, height: 3)
    overhang.look.verticalAlignment = .top
    root.addSubview(overhang)
    let hidden = TTLabel(text: "HIDDEN")
    hidden.frame = TTRect(x: 1, y: 1, width: 6, height: 1)
    hidden.isHidden = true
    root.addSubview(hidden)
    return root
  }

  /// Subviews draw inside their superview, clipped to every frame above them (plain text).
  @Test func treeDrawsClippedPlain() {
    var canvas = TTCanvas(width: 22, height: 7)
    Self.makeTree().draw(on: &canvas)
    assertSnapshot(TTANSIRenderer(capabilities: .plain).render(canvas), named: "view-tree.plain.txt")
    #expect(canvas.lines[2] == "│ CDEFGHIJKL       │")
    #expect(canvas.lines[4] == "│             overha")
  }

  /// The same tree with 256 colours keeps each view's colours inside its frame.
  @Test func treeDrawsClippedANSI256() {
    var canvas = TTCanvas(width: 22, height: 7)
    Self.makeTree().draw(on: &canvas)
    assertSnapshot(TTANSIRenderer(capabilities: .ansi256).render(canvas), named: "view-tree.256.ansi")
  }

  /// A subview's frame is relative to its superview's, at every depth.
  @Test func framesAreRelativeToTheSuperview() {
    let root = TTView(frame: TTRect(x: 1, y: 1, width: 20, height: 8))
    let middle = TTView(frame: TTRect(x: 3, y: 2, width: 10, height: 5))
    let leaf = NameView("x", frame: TTRect(x: 4, y: 1, width: 2, height: 1))
    root.addSubview(middle)
    middle.addSubview(leaf)
    var canvas = TTCanvas(width: 25, height: 10)
    root.draw(on: &canvas)
    #expect(canvas[8, 4].character == "x")
    #expect(leaf.frameInRoot == TTRect(x: 8, y: 4, width: 2, height: 1))
    #expect(leaf.rootView === root)
    #expect(leaf.isDescendant(of: root))
    #expect(!root.isDescendant(of: leaf))
  }

  /// Hidden views and their subviews draw nothing; empty frames draw nothing.
  @Test func hiddenAndEmptyViewsDrawNothing() {
    let root = TTView(frame: TTRect(x: 0, y: 0, width: 10, height: 2))
    let hidden = NameView("h", frame: TTRect(x: 0, y: 0, width: 5, height: 1))
    hidden.addSubview(NameView("c", frame: TTRect(x: 1, y: 0, width: 1, height: 1)))
    hidden.isHidden = true
    let empty = NameView("e", frame: TTRect(x: 0, y: 1, width: 0, height: 1))
    root.addSubview(hidden)
    root.addSubview(empty)
    var canvas = TTCanvas(width: 10, height: 2)
    root.draw(on: &canvas)
    #expect(canvas.plainText == "\n")
    #expect(hidden.drawCount == 0 && empty.drawCount == 0)
  }

  /// Adding a view moves it from its old superview; removing it clears its superview.
  @Test func addingMovesAndRemovingDetaches() {
    let first = TTView()
    let second = TTView()
    let child = TTView()
    first.addSubview(child)
    second.addSubview(child)
    #expect(first.subviews.isEmpty)
    #expect(second.subviews.count == 1)
    #expect(child.superview === second)
    child.removeFromSuperview()
    #expect(second.subviews.isEmpty)
    #expect(child.superview == nil)
    child.removeFromSuperview()
  }

  /// Inserting keeps order, and an index out of range is clamped.
  @Test func insertKeepsOrder() {
    let root = TTView()
    let a = NameView("a", frame: .zero)
    let b = NameView("b", frame: .zero)
    let c = NameView("c", frame: .zero)
    root.addSubview(a)
    root.insertSubview(b, at: 0)
    root.insertSubview(c, at: 99)
    #expect(root.subviews.map { ($0 as? NameView)?.name } == ["b", "a", "c"])
  }

  /// A view cannot become its own subview or its ancestor's subview.
  @Test func loopsAreRefused() {
    let root = TTView()
    let child = TTView()
    root.addSubview(child)
    child.addSubview(root)
    root.addSubview(root)
    #expect(root.superview == nil)
    #expect(child.subviews.isEmpty)
    #expect(root.subviews.count == 1)
  }

  /// A superview owns its subviews, a subview does not own its superview: dropping the root
  /// frees the whole tree.
  @Test func treeHasNoRetainCycle() {
    weak var weakRoot: TTView?
    weak var weakChild: TTView?
    do {
      let root = TTView()
      let child = TTView()
      root.addSubview(child)
      child.addSubview(TTView())
      weakRoot = root
      weakChild = child
      #expect(weakChild?.superview === root)
    }
    #expect(weakRoot == nil)
    #expect(weakChild == nil)
  }

  /// setNeedsDisplay marks every view up to the root; drawing clears the marks.
  @Test func needsDisplayGoesUpToTheRoot() {
    let root = TTView(frame: TTRect(x: 0, y: 0, width: 4, height: 4))
    let middle = TTView(frame: TTRect(x: 0, y: 0, width: 4, height: 4))
    let leaf = TTView(frame: TTRect(x: 0, y: 0, width: 1, height: 1))
    root.addSubview(middle)
    middle.addSubview(leaf)
    var canvas = TTCanvas(width: 4, height: 4)
    root.draw(on: &canvas)
    #expect(!root.needsDisplay && !middle.needsDisplay && !leaf.needsDisplay)
    leaf.setNeedsDisplay()
    #expect(root.needsDisplay && middle.needsDisplay && leaf.needsDisplay)
    root.draw(on: &canvas)
    leaf.style = TTStyle { TTSolidFillStyle(.red) }
    #expect(root.needsDisplay)
  }

  /// Layout runs once before drawing after a size change, not on every drawing.
  @Test func layoutRunsWhenNeeded() {
    let view = NameView("n", frame: TTRect(x: 0, y: 0, width: 4, height: 1))
    var canvas = TTCanvas(width: 8, height: 2)
    view.draw(on: &canvas)
    view.draw(on: &canvas)
    #expect(view.layoutCount == 1)
    view.frame.origin = TTPoint(x: 1, y: 0)
    view.draw(on: &canvas)
    #expect(view.layoutCount == 1)
    view.frame.size = TTSize(width: 6, height: 2)
    view.draw(on: &canvas)
    #expect(view.layoutCount == 2)
  }

  /// sizeThatFits wraps the style around the content; contentRect is the inside.
  @Test func sizeThatFitsAddsTheStyle() {
    let label = TTLabel(text: "Hello")
    #expect(label.sizeThatFits(TTSize(width: 80, height: 24)) == TTSize(width: 5, height: 1))
    label.style = TTStyle {
      TTSolidBorderStyle(.white)
      TTBoxStyle(TTBox(padding: TTEdgeInsets(vertical: 0, horizontal: 1)))
    }
    #expect(label.sizeThatFits(TTSize(width: 80, height: 24)) == TTSize(width: 9, height: 3))
    label.sizeToFit()
    #expect(label.frame.size == TTSize(width: 9, height: 3))
    #expect(label.contentRect == TTRect(x: 2, y: 1, width: 5, height: 1))
    var canvas = TTCanvas(width: 9, height: 3)
    label.draw(on: &canvas)
    #expect(canvas.lines == ["┌───────┐", "│ Hello │", "└───────┘"])
  }

  /// Keys go along the focus chain: the focused visible view first, then the views above
  /// it; a view's own handleKey uses none by default.
  @Test func keysGoAlongTheFocusChain() {
    let root = TTView()
    let back = TTButton(title: "back")
    let front = TTButton(title: "front")
    var pressed: [String] = []
    back.action = { pressed.append($0.title) }
    front.action = { pressed.append($0.title) }
    root.addSubview(back)
    root.addSubview(front)
    #expect(!root.handleKeyFromFocus(.enter))
    back.becomeFocused()
    #expect(root.handleKeyFromFocus(.enter))
    front.becomeFocused()
    #expect(!back.isFocused)
    #expect(root.handleKeyFromFocus(.enter))
    front.isHidden = true
    #expect(root.focusedView == nil)
    #expect(!root.handleKeyFromFocus(.enter))
    #expect(pressed == ["back", "front"])
    #expect(!root.handleKey(.enter))
  }

  /// Tab order is drawing order over visible, focusable views, wrapping at both ends.
  @Test func focusMovesInDrawingOrderAndWraps() {
    let root = TTView()
    let group = TTView()
    let first = TTButton(title: "1")
    let second = TTButton(title: "2")
    let third = TTButton(title: "3")
    let disabled = TTButton(title: "x")
    disabled.isEnabled = false
    root.addSubview(first)
    root.addSubview(group)
    group.addSubview(second)
    group.addSubview(disabled)
    root.addSubview(third)
    #expect(root.focusableViews.map { ($0 as? TTButton)?.title } == ["1", "2", "3"])
    #expect(root.moveFocus())
    #expect(first.isFocused)
    root.moveFocus()
    #expect(second.isFocused && !first.isFocused)
    root.moveFocus()
    root.moveFocus()
    #expect(first.isFocused)
    root.moveFocus(forward: false)
    #expect(third.isFocused)
    group.isHidden = true
    root.moveFocus(forward: false)
    #expect(first.isFocused)
    #expect(!TTView().moveFocus())
    #expect(!disabled.becomeFocused())
  }

  /// Hit-testing finds the frontmost visible view under a point, only where it is drawn.
  @Test func hitTestFindsTheFrontmostDrawnView() {
    let root = TTView(frame: TTRect(x: 0, y: 0, width: 20, height: 10))
    let panel = TTView(frame: TTRect(x: 2, y: 2, width: 10, height: 4))
    let inner = TTView(frame: TTRect(x: 1, y: 1, width: 30, height: 1))
    let overlay = TTView(frame: TTRect(x: 0, y: 0, width: 5, height: 5))
    root.addSubview(panel)
    panel.addSubview(inner)
    root.addSubview(overlay)
    #expect(root.hitTest(TTPoint(x: 4, y: 3)) === overlay)
    #expect(root.hitTest(TTPoint(x: 6, y: 3)) === inner)
    #expect(root.hitTest(TTPoint(x: 6, y: 4)) === panel)
    #expect(root.hitTest(TTPoint(x: 15, y: 3)) === root)
    #expect(root.hitTest(TTPoint(x: 20, y: 3)) == nil)
    overlay.isHidden = true
    #expect(root.hitTest(TTPoint(x: 4, y: 3)) === inner)
  }

  /// A click goes to the view under the pointer in its own coordinates, focuses it, and the
  /// view that took the press gets the release wherever it happens.
  @Test func clicksFocusAndTheReleaseGoesToThePressedView() {
    let root = TTView(frame: TTRect(x: 0, y: 0, width: 30, height: 3))
    var pressed = 0
    let button = TTButton(title: "OK", frame: TTRect(x: 10, y: 1, width: 6, height: 1)) { _ in pressed += 1 }
    root.addSubview(button)
    func mouse(_ action: TTMouseEvent.Action, _ x: Int, _ y: Int) -> TTMouseEvent {
      TTMouseEvent(action, at: TTPoint(x: x, y: y))
    }
    #expect(root.handleMouseFromHit(mouse(.press, 12, 1)))
    #expect(button.isFocused && button.isPressed)
    #expect(root.handleMouseFromHit(mouse(.release, 12, 1)))
    #expect(pressed == 1 && !button.isPressed)
    // Pressed on the button, released elsewhere: no click, but the button hears the release.
    #expect(root.handleMouseFromHit(mouse(.press, 11, 1)))
    #expect(root.handleMouseFromHit(mouse(.release, 25, 0)))
    #expect(pressed == 1 && !button.isPressed)
    // A press elsewhere reaches no button.
    #expect(!root.handleMouseFromHit(mouse(.press, 2, 2)))
    #expect(!root.handleMouseFromHit(mouse(.release, 2, 2)))
  }

  /// A controller routes events: keys to the focused view then the controller, unused Tab
  /// moves focus, pastes to the focused view, unused pastes are dropped.
  @Test func controllerDispatchRoutesEvents() {
    final class Screen: TTViewController {
      var keys: [TTKey] = []
      var pastes: [String] = []
      override func handleKey(_ key: TTKey) -> Bool {
        keys.append(key)
        return key == .character("q")
      }
      override func handlePaste(_ text: String) -> Bool {
        pastes.append(text)
        return false
      }
    }
    let screen = Screen()
    screen.view.frame = TTRect(x: 0, y: 0, width: 20, height: 2)
    var pressed = 0
    let ok = TTButton(title: "OK", frame: TTRect(x: 0, y: 0, width: 6, height: 1)) { _ in pressed += 1 }
    screen.view.addSubview(ok)
    #expect(screen.dispatch(.key(.character("q"))))
    #expect(!screen.dispatch(.key(.enter)))
    #expect(screen.dispatch(.key(.tab)))
    #expect(ok.isFocused)
    #expect(screen.dispatch(.key(.enter)))
    #expect(pressed == 1)
    #expect(screen.keys == [.character("q"), .enter, .tab])
    #expect(!screen.dispatch(.paste("text")))
    #expect(screen.pastes == ["text"])
    #expect(screen.dispatch(.mouse(TTMouseEvent(.press, at: TTPoint(x: 1, y: 0)))))
    #expect(screen.dispatch(.mouse(TTMouseEvent(.release, at: TTPoint(x: 1, y: 0)))))
    #expect(pressed == 2)
  }
}
