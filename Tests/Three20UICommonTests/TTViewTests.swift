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

  /// Keys go to visible subviews, front first, until one uses them.
  @Test func keysGoToSubviews() {
    let root = TTView()
    let back = TTButton(title: "back")
    let front = TTButton(title: "front")
    var pressed: [String] = []
    back.action = { pressed.append($0.title) }
    front.action = { pressed.append($0.title) }
    back.isFocused = true
    root.addSubview(back)
    root.addSubview(front)
    #expect(root.handleKey(.enter))
    front.isFocused = true
    #expect(root.handleKey(.enter))
    front.isHidden = true
    #expect(root.handleKey(.enter))
    #expect(pressed == ["back", "front", "back"])
    #expect(!root.handleKey(.character("x")))
  }
}
