import Foundation
import Synchronization
import Three20

/// The Catalog's photos: twelve pictures painted in Swift when first asked for, encoded as PNG
/// and served by ``CatalogServer`` under `/images/`, so the photo demos work offline.
///
/// Each photo comes in three versions, the sizes a photo site would serve:
///
/// | Path | Size |
/// | --- | --- |
/// | `/images/photo-N-large.png` | 480 × 360 (portrait photos 360 × 480) |
/// | `/images/photo-N-small.png` | a third of that |
/// | `/images/photo-N-thumbnail.png` | a sixth of that |
/// | `/images/broken.png` | an HTML page served as `image/png`, which no decoder reads |
///
/// N runs from 1 to 12. Any other name under `/images/` is a 404.
enum CatalogPhotos {
  /// One photo: its caption and how it is painted.
  struct Sample: Sendable {
    /// The caption shown under it.
    var caption: String
    /// Whether it is taller than wide.
    var portrait = false
    /// The colour at a point, `u` and `v` from 0 to 1 across and down.
    var paint: @Sendable (Double, Double) -> (Double, Double, Double)
  }

  /// The photos, in order.
  static let samples: [Sample] = [
    Sample(caption: "Sunrise over the bay") { u, v in
      let sun = hypot(u - 0.5, (v - 0.62) * 0.75) < 0.12 ? 1.0 : 0.0
      let sea = v > 0.62 ? 1.0 : 0.0
      return (
        mix(1.0, 0.1, v) * (1 - sea) + 0.05 * sea + sun,
        mix(0.55, 0.2, v) * (1 - sea) + 0.3 * sea + sun * 0.8,
        mix(0.2, 0.5, v) * (1 - sea) + 0.55 * sea
      )
    },
    Sample(caption: "Ocean waves") { u, v in
      let wave = 0.5 + 0.5 * sin(u * 18 + sin(v * 9) * 2)
      return (0.05, mix(0.3, 0.6, wave), mix(0.5, 0.95, wave * (1 - v * 0.5)))
    },
    Sample(caption: "Pine forest", portrait: true) { u, v in
      let column = (u * 5).truncatingRemainder(dividingBy: 1) - 0.5
      let tree = abs(column) < (v - 0.2) * 0.5 && v > 0.2 ? 1.0 : 0.0
      return (
        mix(0.75, 0.3, v) * (1 - tree) + 0.05 * tree,
        mix(0.85, 0.5, v) * (1 - tree) + mix(0.45, 0.25, v) * tree,
        mix(0.95, 0.4, v) * (1 - tree) + 0.1 * tree
      )
    },
    Sample(caption: "Checkerboard") { u, v in
      let on = (Int(u * 8) + Int(v * 6)) % 2 == 0
      return on ? (0.9, 0.2, 0.25) : (0.97, 0.95, 0.9)
    },
    Sample(caption: "Concentric rings") { u, v in
      let distance = hypot(u - 0.5, (v - 0.5) * 0.75) * 14
      return hue(distance / 6)
    },
    Sample(caption: "Aurora", portrait: true) { u, v in
      let ribbon = exp(-pow((v - 0.4 - 0.15 * sin(u * 7)) * 6, 2))
      return (0.05 + 0.4 * ribbon * u, 0.08 + 0.8 * ribbon, 0.15 + 0.5 * ribbon * (1 - u))
    },
    Sample(caption: "Desert dunes") { u, v in
      let dune = v > 0.45 + 0.1 * sin(u * 6) ? 1.0 : 0.0
      let shade = 0.5 + 0.5 * sin(u * 6 + v * 10)
      return (
        mix(0.55, 0.95, 1 - v) * (1 - dune) + mix(0.75, 0.95, shade) * dune,
        mix(0.75, 0.95, 1 - v) * (1 - dune) + mix(0.55, 0.75, shade) * dune, (1 - dune) * 0.95 + dune * 0.4
      )
    },
    Sample(caption: "Night sky with stars") { u, v in
      let cell = Int(u * 120) &* 7919 &+ Int(v * 90) &* 104_729
      let star = (cell &* 2_654_435_761) % 97 == 0 ? 1.0 : 0.0
      return (0.02 + star, 0.03 + star, mix(0.2, 0.05, v) + star)
    },
    Sample(caption: "Colour wheel") { u, v in
      let angle = atan2(v - 0.5, u - 0.5) / (2 * Double.pi) + 0.5
      let radius = min(1, hypot(u - 0.5, (v - 0.5) * 0.75) * 2.5)
      let (r, g, b) = hue(angle)
      return (mix(1, r, radius), mix(1, g, radius), mix(1, b, radius))
    },
    Sample(caption: "Plasma") { u, v in
      let value = sin(u * 10) + sin(v * 8 + u * 4) + sin(hypot(u - 0.5, v - 0.5) * 16)
      return hue(value / 6 + 0.5)
    },
    Sample(caption: "Mountains at dusk") { u, v in
      let far = v > 0.5 - 0.2 * abs(sin(u * 5)) ? 1.0 : 0.0
      let near = v > 0.7 - 0.15 * abs(sin(u * 9 + 1)) ? 1.0 : 0.0
      let sky = (mix(0.95, 0.45, v), mix(0.6, 0.3, v), mix(0.5, 0.6, v))
      if near > 0 { return (0.12, 0.1, 0.2) }
      if far > 0 { return (0.3, 0.25, 0.45) }
      return sky
    },
    Sample(caption: "Sunset stripes", portrait: true) { _, v in
      hue(0.02 + Double(Int(v * 9)) / 30)
    },
  ]

  /// The versions served, with the divisor of the large size.
  static let versions: [(version: TTPhotoVersion, name: String, divisor: Int)] = [
    (.large, "large", 1), (.small, "small", 3), (.thumbnail, "thumbnail", 6),
  ]

  /// The bytes served so far, by file name.
  private static let files = Mutex<[String: Data]>([:])

  /// What `/images/<name>` serves: the bytes and their type, or `nil` for a 404.
  ///
  /// - Parameter name: The file name, such as `photo-3-small.png`.
  /// - Returns: The body and its `Content-Type`.
  static func file(named name: String) -> (data: Data, contentType: String)? {
    if name == "broken.png" {
      return (Data("<html><body>Not a picture</body></html>".utf8), "image/png")
    }
    if let data = files.withLock({ $0[name] }) { return (data, "image/png") }
    guard let (index, divisor) = parse(name) else { return nil }
    let sample = samples[index]
    let width = (sample.portrait ? 360 : 480) / divisor
    let height = (sample.portrait ? 480 : 360) / divisor
    guard let png = try? bitmap(of: sample, width: width, height: height).pngData() else { return nil }
    let data = Data(png)
    files.withLock { $0[name] = data }
    return (data, "image/png")
  }

  /// The photo index and size divisor a file name asks for.
  private static func parse(_ name: String) -> (Int, Int)? {
    let parts = name.split(separator: "-")
    guard parts.count == 3, parts[0] == "photo", let number = Int(parts[1]),
      (1...samples.count).contains(number)
    else { return nil }
    guard let version = versions.first(where: { parts[2] == "\($0.name).png" }) else { return nil }
    return (number - 1, version.divisor)
  }

  /// Paints a sample at a size.
  static func bitmap(of sample: Sample, width: Int, height: Int) -> TTImageBitmap {
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let (r, g, b) = sample.paint(
          Double(x) / Double(max(1, width - 1)), Double(y) / Double(max(1, height - 1)))
        let offset = (y * width + x) * 4
        pixels[offset] = channel(r)
        pixels[offset + 1] = channel(g)
        pixels[offset + 2] = channel(b)
      }
    }
    return TTImageBitmap(width: width, height: height, pixels: pixels)
  }

  private static func channel(_ value: Double) -> UInt8 {
    UInt8(min(255, max(0, (value * 255).rounded())))
  }

  private static func mix(_ a: Double, _ b: Double, _ t: Double) -> Double {
    a + (b - a) * min(1, max(0, t))
  }

  /// A bright colour of a hue, 0 to 1 round the wheel.
  private static func hue(_ value: Double) -> (Double, Double, Double) {
    let h = (value - value.rounded(.down)) * 6
    let x = 1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)
    switch Int(h) {
    case 0: return (1, x, 0.1)
    case 1: return (x, 1, 0.1)
    case 2: return (0.1, 1, x)
    case 3: return (0.1, x, 1)
    case 4: return (x, 0.1, 1)
    default: return (1, 0.1, x)
    }
  }

  // MARK: - The photo source

  /// The URL of a photo's version on the Catalog's server, or `nil` without a server.
  ///
  /// - Parameters:
  ///   - number: The photo, from 1.
  ///   - version: The version's name: `large`, `small` or `thumbnail`.
  static func url(_ number: Int, _ version: String) -> String? {
    CatalogServer.shared.map { "\($0.baseURL)/images/photo-\(number)-\(version).png" }
  }

  /// An address on the Catalog's server, or `nil` without a server.
  ///
  /// - Parameter path: The path, with any query, such as `/images/broken.png`.
  static func serverURL(_ path: String) -> String? {
    CatalogServer.shared.map { $0.baseURL + path }
  }

  /// The address that opens photo `index` in the Catalog's browser.
  static func browserURL(_ index: Int) -> String { "tt://image/photo/\(index)" }

  /// The photos as a source, each with its three versions; when `linked`, each photo opens
  /// through the navigator (``browserURL(_:)``).
  @MainActor
  static func photoSet(linked: Bool = false) -> TTPhotoSet {
    let photos = samples.enumerated().map { offset, sample -> any TTPhoto in
      var urls: [TTPhotoVersion: String] = [:]
      for entry in versions { urls[entry.version] = url(offset + 1, entry.name) }
      let size = sample.portrait ? TTSize(width: 360, height: 480) : TTSize(width: 480, height: 360)
      return TTBasicPhoto(
        urls: urls, size: size, caption: sample.caption, navigatorURL: linked ? browserURL(offset) : nil)
    }
    return TTPhotoSet(title: "Photos", photos: photos)
  }

  /// The provider the photo demos load through: the Catalog's request queue (its cache in a
  /// temporary folder) and a picture cache of its own.
  static let provider = TTImageProvider(
    queue: CatalogNetwork.queue, cache: TTImageCache(maxPixelCount: 8_000_000))

  /// Makes the Catalog's provider the one drawing uses, so table cells and styles load pictures.
  static func install() {
    TTImageProvider.install(provider)
  }
}
