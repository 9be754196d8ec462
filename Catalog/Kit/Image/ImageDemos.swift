import Three20

/// The Photos demos (the Image module): the photo browser, the thumbnail grid, one web image and
/// web images in a table, all served by the Catalog's own server.
enum ImageDemos {
  static let all: [CatalogDemo] = [
    CatalogDemo(
      .image, "Photo browser", url: "tt://image/photos",
      summary: "TTPhotoViewController: one photo at a time, ← → to page (Photo Browser)",
      keyContent: ["TTPhotoViewController", "1 of 12", "Sunrise over the bay"]
    ) { _, _ in photoBrowser(at: 0) },
    CatalogDemo(
      .image, "Photo browser", url: "tt://image/photo/0", pattern: "tt://image/photo/(index:int)",
      summary: "One photo, opened from the thumbnails", parentURL: nil, isListed: false
    ) { match, _ in
      guard case .int(let index)? = match.parameters["index"] else { return nil }
      return photoBrowser(at: index)
    },
    CatalogDemo(
      .image, "Photo thumbnails", url: "tt://image/thumbs",
      summary: "TTThumbsViewController: a grid as wide as the screen; Enter opens a photo (Photo Thumbnails)",
      keyContent: ["TTThumbsViewController", "“Photos”", "1 of 12", "Sunrise", "↵ open"]
    ) { _, _ in thumbnails() },
    CatalogDemo(
      .image, "Web image", url: "tt://image/web",
      summary: "A TTImageView on one URL: loading, then the picture; and two that fail",
      keyContent: ["TTImageView(urlPath:", "Sunrise over the bay", "loaded", "404", "unknownFormat"]
    ) { _, _ in WebImageDemo() },
    CatalogDemo(
      .image, "Web images in a table", url: "tt://image/table",
      summary: "Table rows with pictures from the server (Web Images in Table)",
      keyContent: ["Sunrise over the bay", "Ocean waves", "Desert dunes"]
    ) { _, _ in WebImagesTableDemo() },
  ]

  /// The browser on the Catalog's photos, starting on one.
  @MainActor
  static func photoBrowser(at index: Int) -> TTViewController {
    let browser = TTPhotoViewController(photoSource: CatalogPhotos.photoSet(), centerPhotoIndex: index)
    browser.provider = CatalogPhotos.provider
    return CatalogPhotoHost(title: "Photo browser", child: browser, className: "TTPhotoViewController") { _ in
      20
    }
  }

  /// The thumbnails of the Catalog's photos; each opens in the browser through the navigator.
  @MainActor
  static func thumbnails() -> TTViewController {
    let thumbs = TTThumbsViewController(photoSource: CatalogPhotos.photoSet(linked: true))
    thumbs.provider = CatalogPhotos.provider
    return CatalogPhotoHost(title: "Photo thumbnails", child: thumbs, className: "TTThumbsViewController") {
      width in
      let columns = TTThumbsViewController.columnCount(
        forWidth: width, thumbSize: thumbs.thumbSize, spacing: thumbs.spacing)
      let rows = (CatalogPhotos.samples.count + columns - 1) / columns
      // The header, the thumbnails with the row under each, and the status line.
      return 1 + rows * (thumbs.thumbSize.height + thumbs.spacing) + 1
    }
  }
}
