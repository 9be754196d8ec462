import Foundation
import Three20

/// TTCatalog's table of controls: settings rows holding a switch, a slider, a stepper and a
/// text field, live; the last row reports every change, as an app's settings screen would.
final class TableControlsDemo: CatalogTableController {
  override init(dataSource: (any TTTableViewDataSource)? = nil) {
    super.init(dataSource: dataSource)
    title = "Table controls"
  }

  override func createModel() {
    let report: @MainActor @Sendable (TTTableControlItem) -> Void = { [weak self] item in
      self?.reportChange(item)
    }
    dataSource = TTSectionedDataSource(objects: [
      "Settings (↑↓ choose a row; ←→, Space or a click change it)",
      TTTableControlItem(caption: "Wi-Fi", control: .toggle(true), onChange: report),
      TTTableControlItem(caption: "Bluetooth", control: .toggle(false), onChange: report),
      TTTableControlItem(caption: "Volume", control: .slider(60, 0...100, step: 5), onChange: report),
      TTTableControlItem(caption: "Copies", control: .stepper(1, 1...20), onChange: report),
      TTTableControlItem(
        caption: "Name", control: .textField("", placeholder: "Enter to type"), onChange: report),
      TTTableSection(headerTitle: "Last change", footerTitle: "Values flow back into the data source"),
      TTTableTextItem(text: "Nothing changed yet", id: "last-change"),
    ])
  }

  /// Shows the change on the last row (a value written back into the data source).
  private func reportChange(_ item: TTTableControlItem) {
    guard let source = dataSource as? TTSectionedDataSource,
      let path = source.indexPath(ofItemWithID: "last-change")
    else { return }
    let value: String =
      switch item.control {
      case .toggle(let isOn): isOn ? "on" : "off"
      case .slider(let value, _, _): String(Int(value.rounded()))
      case .stepper(let value, _, _): String(value)
      case .textField(let text, _): "“\(text)”"
      }
    _ = source.replaceItem(
      at: path, with: TTTableTextItem(text: "\(item.caption) → \(value)", id: "last-change"))
    tableView.reloadData()
  }
}
