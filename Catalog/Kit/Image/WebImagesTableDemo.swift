import Three20

/// Table rows with pictures from the Catalog's server (TTCatalog's "Web Images in Table"):
/// image items and subtitle items whose `imageURL` is a photo's small version.
///
/// Table cells draw pictures through the installed image provider (the Catalog installs its
/// own at start), so Table itself never links the Image module; without a provider, or on an
/// output that shows no pictures, each picture is its alternate text. Choosing a row opens the
/// photo in the browser.
final class WebImagesTableDemo: CatalogTableController {
  init() {
    super.init()
    title = "Web images in a table"
    variableHeightRows = true
  }

  override func createModel() {
    var items: [any TTTableItem] = []
    for (index, sample) in CatalogPhotos.samples.enumerated() {
      let imageURL = CatalogPhotos.url(index + 1, "small")
      let url = CatalogPhotos.browserURL(index)
      if index.isMultiple(of: 2) {
        items.append(
          TTTableImageItem(text: sample.caption, imageURL: imageURL, alternateText: "photo", url: url))
      } else {
        items.append(
          TTTableSubtitleItem(
            text: sample.caption, subtitle: "Photo \(index + 1) of \(CatalogPhotos.samples.count)",
            imageURL: imageURL, url: url))
      }
    }
    dataSource = TTListDataSource(items: items)
  }
}
