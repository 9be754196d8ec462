import Three20
import Three20UICommon

/// `TTImageView` on one URL: a picture that takes a moment to arrive, an address that is not
/// there (404) and bytes that are not a picture, each with what the view says about it.
///
/// `r` loads them again. The first picture is served after a pause, so the loading state shows.
final class WebImageDemo: CatalogLoadingPage, TTImageViewDelegate {
  /// One image view and what became of its image.
  struct Example {
    var heading: String
    var path: String
    var view: TTImageView
    var rows: Int
    var outcome: String?
  }

  /// The box the first picture is fitted to.
  static let pictureBox = TTSize(width: 24, height: 8)

  private var examples: [Example] = []

  init() {
    super.init(title: "Web image")
    examples = [
      Example(
        heading: "A picture from the Catalog's server", path: "/images/photo-1-large.png?delay=300",
        view: TTImageView(alternateText: "Sunrise over the bay"), rows: Self.pictureBox.height),
      Example(
        heading: "An address that is not there", path: "/images/photo-99-large.png",
        view: TTImageView(alternateText: "A photo that is not there"), rows: 2),
      Example(
        heading: "Bytes that are not a picture", path: "/images/broken.png",
        view: TTImageView(alternateText: "An HTML page served as image/png"), rows: 2),
    ]
    for example in examples {
      example.view.provider = CatalogPhotos.provider
      example.view.urlPath = CatalogPhotos.serverURL(example.path)
      example.view.delegate = self
    }
  }

  /// Loads each image at the size its view has, so a one-shot rendering shows the outcome.
  override func load() async {
    for index in examples.indices {
      let example = examples[index]
      guard let url = example.view.urlPath else {
        examples[index].outcome = "✗ the Catalog's server is not running"
        continue
      }
      CatalogPhotos.provider.retry(url)
      do {
        let picture = try await CatalogPhotos.provider.load(url, fitting: box(example))
        examples[index].outcome = "loaded: \(picture.cellSize.width) × \(picture.cellSize.height) cells"
      } catch {
        examples[index].outcome = "✗ \(error.code): \(error.message)"
      }
    }
  }

  override func refresh() {
    for index in examples.indices {
      examples[index].outcome = nil
      if let url = examples[index].view.urlPath {
        CatalogPhotos.provider.cache.removePictures(forURL: url)
      }
      examples[index].view.reload()
    }
    super.refresh()
  }

  private func box(_ example: Example) -> TTSize {
    TTSize(width: Self.pictureBox.width, height: example.rows)
  }

  override func makeBlocks() -> [CatalogBlock] {
    var blocks: [CatalogBlock] = [
      .code("let photo = TTImageView(urlPath: url, alternateText: \"Sunrise over the bay\")")
    ]
    for example in examples {
      let frame = TTView()
      example.view.frame = TTRect(origin: .zero, size: box(example))
      frame.addSubview(example.view)
      blocks += [
        .heading(example.heading),
        .view(frame, height: example.rows),
        .pairs([("URL", example.path), ("state", state(of: example))]),
      ]
    }
    blocks.append(.text("Press r to load them again.", CatalogBlock.dimStyle))
    return blocks
  }

  /// What the view says about its image, or what the load said when the view has not drawn yet.
  private func state(of example: Example) -> String {
    let view = example.view
    if let picture = view.picture {
      return "loaded: \(picture.cellSize.width) × \(picture.cellSize.height) cells"
    }
    if let error = view.error { return "✗ \(error.code): \(error.message)" }
    if let outcome = example.outcome { return outcome }
    return "loading…"
  }

  func imageView(_ imageView: TTImageView, didLoad picture: TTImagePicture) {
    reload()
  }

  func imageView(_ imageView: TTImageView, didFailLoadWithError error: TTImageError) {
    reload()
  }
}
