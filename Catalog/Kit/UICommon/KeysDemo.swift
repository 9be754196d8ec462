import Foundation
import Three20
import Three20UICommon

/// What the terminal host does with input.
///
/// Bytes a terminal sends, decoded by `TTKeyDecoder` into keys, mouse actions, pastes and
/// focus changes, and the events this screen has been given so far. Keys still scroll and
/// leave the page as on every other page.
final class KeysDemo: CatalogPageController {
  init() { super.init(title: "Keys") }

  /// Byte sequences terminals send, as the decoder reads them.
  static let samples: [(bytes: String, shown: String)] = [
    ("a", "a"), ("\u{1B}[A", "ESC [ A"), ("\u{1B}OB", "ESC O B"), ("\u{1B}[5~", "ESC [ 5 ~"),
    ("\u{1B}[6~", "ESC [ 6 ~"),
    ("\u{1B}[H", "ESC [ H"), ("\u{1B}[Z", "ESC [ Z"), ("\u{1B}OP", "ESC O P"), ("\u{7F}", "DEL"),
    ("\u{03}", "ETX"), ("漢", "E6 BC A2"), ("\u{1B}b", "ESC b"), ("\u{1B}[1;3D", "ESC [ 1 ; 3 D"),
    ("\u{1B}[<0;5;3M", "ESC [ < 0;5;3 M"), ("\u{1B}[<0;5;3m", "ESC [ < 0;5;3 m"),
    ("\u{1B}[<65;5;3M", "ESC [ < 65;5;3 M"), ("\u{1B}[200~ls\r\u{1B}[201~", "ESC [ 200 ~ ls CR ESC [ 201 ~"),
    ("\u{1B}[I", "ESC [ I"),
  ]

  /// The events given to this page, newest last; at most ``keptEvents``.
  private var received: [TTInputEvent] = []
  private static let keptEvents = 8

  override func makeBlocks() -> [CatalogBlock] {
    var blocks: [CatalogBlock] = [
      .code("TTKeyDecoder.decode(Array(\"\\u{1B}[6~\".utf8))   // [.pageDown]"),
      .heading("What TTKeyDecoder reads from a terminal's bytes"),
    ]
    for sample in Self.samples {
      let events = TTKeyDecoder.decodeEvents(Array(sample.bytes.utf8)).map(\.description)
      blocks.append(
        .text(
          "\(sample.shown.padding(toLength: 30, withPad: " ", startingAt: 0))→ \(events.joined(separator: ", "))"
        ))
    }
    blocks.append(.heading("Events given to this screen (TTViewController.dispatch)"))
    blocks.append(
      .text(
        received.isEmpty
          ? "none yet: press a key, click, scroll or paste"
          : received.map(\.description).joined(separator: "  ")))
    return blocks
  }

  private func record(_ event: TTInputEvent) {
    received.append(event)
    if received.count > Self.keptEvents { received.removeFirst(received.count - Self.keptEvents) }
    reload()
  }

  override func handleKey(_ key: TTKey) -> Bool {
    record(.key(key))
    return super.handleKey(key)
  }

  override func handleMouse(_ event: TTMouseEvent) -> Bool {
    record(.mouse(event))
    return true
  }

  override func handlePaste(_ text: String) -> Bool {
    record(.paste(text))
    return true
  }
}
