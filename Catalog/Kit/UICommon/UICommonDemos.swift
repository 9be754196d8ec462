import Three20
import Three20UICommon

/// The UICommon demos: what runs screens, as opposed to what draws them (Style).
enum UICommonDemos {
  static let all: [CatalogDemo] = [
    CatalogDemo(
      .uiCommon, "Keys", url: "tt://uicommon/keys",
      summary: "Terminal bytes decoded into keys; the keys this screen receives",
      keyContent: ["ESC [ 6 ~", "page-down", "shift-tab", "ctrl-c", "none yet"]
    ) { _, _ in KeysDemo() }
  ]
}
