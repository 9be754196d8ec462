import Foundation
import Three20
import Three20UICommon

/// What the terminal host does with input.
///
/// Bytes a terminal sends, decoded by `TTKeyDecoder` into `TTKey`s, and the keys this screen
/// has been given so far. Keys still scroll and leave the page as on every other page.
final class KeysDemo: CatalogPageController {
  init() { super.init(title: "Keys") }

  /// Byte sequences terminals send, as the decoder reads them.
  static let samples: [(bytes: String, shown: String)] = [
    ("a", "a"), ("\u{1B}[A", "ESC [ A"), ("\u{1B}OB", "ESC O B"), ("\u{1B}[5~", "ESC [ 5 ~"),
    ("\u{1B}[6~", "ESC [ 6 ~"),
    ("\u{1B}[H", "ESC [ H"), ("\u{1B}[Z", "ESC [ Z"), ("\u{1B}OP", "ESC O P"), ("\u{7F}", "DEL"),
    ("\u{03}", "ETX"), ("漢", "E6 BC A2"),
  ]

  /// The keys pressed on this page, newest last; at most ``keptKeys``.
  private var pressed: [TTKey] = []
  private static let keptKeys = 8

  override func makeBlocks() -> [CatalogBlock] {
    var blocks: [CatalogBlock] = [
      .code("TTKeyDecoder.decode(Array(\"\\u{1B}[6~\".utf8))   // [.pageDown]"),
      .heading("What TTKeyDecoder reads from a terminal's bytes"),
    ]
    for sample in Self.samples {
      let keys = TTKeyDecoder.decode(Array(sample.bytes.utf8)).map(\.description)
      blocks.append(
        .text(
          "\(sample.shown.padding(toLength: 12, withPad: " ", startingAt: 0))→ \(keys.joined(separator: ", "))"
        ))
    }
    blocks.append(.heading("Keys pressed here (TTViewController.handleKey)"))
    blocks.append(
      .text(pressed.isEmpty ? "none yet: press any key" : pressed.map(\.description).joined(separator: "  ")))
    return blocks
  }

  override func handleKey(_ key: TTKey) -> Bool {
    pressed.append(key)
    if pressed.count > Self.keptKeys { pressed.removeFirst(pressed.count - Self.keptKeys) }
    reload()
    return super.handleKey(key)
  }
}
