public import Foundation

/// RSS's `cloud`: where to register for notice that the feed has changed (the rssCloud
/// protocol).
///
/// ```swift
/// let cloud = TTFeedCloud(
///   domain: "rpc.example.com", port: 80, path: "/RPC2", registerProcedure: "pleaseNotify",
///   protocol: "xml-rpc")
/// cloud.protocol   // "xml-rpc"
/// ```
public struct TTFeedCloud: Sendable, Hashable, Codable {
  /// The host name of the cloud's server, if given.
  public var domain: String?
  /// The port of the cloud's server, if given and a number from 0 to 65535.
  public var port: Int?
  /// The path of the cloud's endpoint, if given.
  public var path: String?
  /// The procedure to call to register, if given.
  public var registerProcedure: String?
  /// The protocol: `xml-rpc`, `soap` or `http-post`, as written.
  public var `protocol`: String?

  /// Creates a cloud.
  ///
  /// - Parameters:
  ///   - domain: The server's host name. Defaults to `nil`.
  ///   - port: The server's port. Defaults to `nil`.
  ///   - path: The endpoint's path. Defaults to `nil`.
  ///   - registerProcedure: The procedure to register with. Defaults to `nil`.
  ///   - protocol: The protocol. Defaults to `nil`.
  public init(
    domain: String? = nil, port: Int? = nil, path: String? = nil, registerProcedure: String? = nil,
    protocol: String? = nil
  ) {
    self.domain = domain
    self.port = port
    self.path = path
    self.registerProcedure = registerProcedure
    self.protocol = `protocol`
  }
}

/// RSS's `textInput` (RSS 1.0's `textinput`): a text box the channel offers, such as a search
/// field, and the address its text is sent to.
///
/// ```swift
/// let search = TTFeedTextInput(
///   title: "Search", description: "Search the archive", name: "q",
///   link: URL(string: "https://example.com/search"))
/// search.name   // "q"
/// ```
public struct TTFeedTextInput: Sendable, Hashable, Codable {
  /// The label of the submit button, if given.
  public var title: String?
  /// What the text box is for, if given.
  public var description: String?
  /// The name of the text's query parameter, if given.
  public var name: String?
  /// The address the text is sent to, if given.
  public var link: URL?

  /// Creates a text input.
  ///
  /// - Parameters:
  ///   - title: The submit button's label. Defaults to `nil`.
  ///   - description: What it is for. Defaults to `nil`.
  ///   - name: The query parameter's name. Defaults to `nil`.
  ///   - link: Where the text is sent. Defaults to `nil`.
  public init(title: String? = nil, description: String? = nil, name: String? = nil, link: URL? = nil) {
    self.title = title
    self.description = description
    self.name = name
    self.link = link
  }
}

/// The text of each date as the feed wrote it, beside the parsed values, for dates the parser
/// cannot read and for callers that want the original (time zone names, precision).
///
/// ```swift
/// let texts = TTFeedDateTexts(published: "Sat, 21 Nov 2026 10:20:30 EST")
/// texts.published   // "Sat, 21 Nov 2026 10:20:30 EST"
/// ```
public struct TTFeedDateTexts: Sendable, Hashable, Codable {
  /// The text the publication date was read from, if any.
  public var published: String?
  /// The text the date of the last change was read from, if any.
  public var updated: String?
  /// The text of the creation date (`dcterms:created`), if any.
  public var created: String?
  /// The text of the period the item is valid for (`dcterms:valid`), if any.
  public var valid: String?

  /// Creates the date texts.
  ///
  /// - Parameters:
  ///   - published: The publication date's text. Defaults to `nil`.
  ///   - updated: The last change's text. Defaults to `nil`.
  ///   - created: The creation date's text. Defaults to `nil`.
  ///   - valid: The validity period's text. Defaults to `nil`.
  public init(published: String? = nil, updated: String? = nil, created: String? = nil, valid: String? = nil)
  {
    self.published = published
    self.updated = updated
    self.created = created
    self.valid = valid
  }

  /// Whether no text is kept.
  public var isEmpty: Bool {
    published == nil && updated == nil && created == nil && valid == nil
  }
}

/// A period of time, such as Dublin Core's `dcterms:valid` (`start=2026-11-01; end=2026-12-01;`).
///
/// ```swift
/// let period = TTFeedPeriod(parsing: "start=2026-11-01T00:00:00Z; end=2026-12-01T00:00:00Z; scheme=W3C-DTF")
/// period?.end?.timeIntervalSince1970   // 1796083200
/// ```
public struct TTFeedPeriod: Sendable, Hashable, Codable {
  /// When the period starts, if given and readable.
  public var start: Date?
  /// When the period ends, if given and readable.
  public var end: Date?
  /// The period's name, if given.
  public var name: String?

  /// Creates a period.
  ///
  /// - Parameters:
  ///   - start: The start. Defaults to `nil`.
  ///   - end: The end. Defaults to `nil`.
  ///   - name: The name. Defaults to `nil`.
  public init(start: Date? = nil, end: Date? = nil, name: String? = nil) {
    self.start = start
    self.end = end
    self.name = name
  }

  /// Reads a DCMI period: `name=value` pairs separated by `;` (`start`, `end`, `name`; a
  /// `scheme` other than W3C-DTF is read the same way, dates through ``TTFeedDateParser``).
  ///
  /// - Parameter text: The period as written.
  /// - Returns: The period, or `nil` when it names neither a start, an end nor a name.
  public init?(parsing text: String) {
    var period = TTFeedPeriod()
    for component in text.split(separator: ";").prefix(16) {
      guard let equals = component.firstIndex(of: "=") else { continue }
      let key = component[..<equals].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
      let value = component[component.index(after: equals)...].trimmingCharacters(in: .whitespacesAndNewlines)
      guard !value.isEmpty else { continue }
      switch key {
      case "start": period.start = TTFeedDateParser.parse(value)
      case "end": period.end = TTFeedDateParser.parse(value)
      case "name": period.name = value
      default: break
      }
    }
    guard period.start != nil || period.end != nil || period.name != nil else { return nil }
    self = period
  }
}

/// Where an item is about: a point, line, polygon or box from GeoRSS (`georss:point`,
/// `georss:line`, `georss:polygon`, `georss:box`, GML's `gml:pos` / `gml:posList` inside
/// `georss:where`) or W3C's Basic Geo (`geo:lat` and `geo:long`, `geo:Point`).
///
/// ```swift
/// let place = TTFeedLocation(shape: .point, coordinates: [.init(latitude: 51.5, longitude: -0.12)])
/// place.point?.latitude   // 51.5
/// ```
public struct TTFeedLocation: Sendable, Hashable, Codable {
  /// The kind of geometry.
  public enum Shape: String, Sendable, Hashable, Codable {
    /// One point.
    case point
    /// A line through two or more points.
    case line
    /// A closed shape: its first and last points are the same.
    case polygon
    /// A box from its south-west corner to its north-east corner.
    case box
  }

  /// A position in WGS84 degrees.
  public struct Coordinate: Sendable, Hashable, Codable {
    /// Degrees north of the equator (south is negative), from -90 to 90.
    public var latitude: Double
    /// Degrees east of Greenwich (west is negative), from -180 to 180.
    public var longitude: Double

    /// Creates a coordinate.
    ///
    /// - Parameters:
    ///   - latitude: Degrees north.
    ///   - longitude: Degrees east.
    public init(latitude: Double, longitude: Double) {
      self.latitude = latitude
      self.longitude = longitude
    }
  }

  /// The kind of geometry.
  public var shape: Shape
  /// The points, in order.
  public var coordinates: [Coordinate]

  /// Creates a location.
  ///
  /// - Parameters:
  ///   - shape: The kind of geometry.
  ///   - coordinates: The points.
  public init(shape: Shape, coordinates: [Coordinate]) {
    self.shape = shape
    self.coordinates = coordinates
  }

  /// The first point (for a box, its south-west corner), if there is one.
  public var point: Coordinate? { coordinates.first }

  /// Reads GeoRSS Simple's text: latitude and longitude pairs separated by spaces or commas.
  ///
  /// - Parameters:
  ///   - shape: The kind of geometry the element names.
  ///   - text: The numbers as written.
  ///   - maxPoints: The most points read; a longer text gives `nil`. Defaults to 10,000.
  /// - Returns: The location, or `nil` when the numbers are missing, odd in count, out of range,
  ///   too few for the shape, or too many.
  init?(shape: Shape, text: String, maxPoints: Int = 10_000) {
    // Bounded before splitting: up to `maxPoints` pairs of numbers, 32 bytes each with spacing.
    guard text.utf8.count <= maxPoints * 64 else { return nil }
    var numbers: [Double] = []
    for token in text.split(whereSeparator: { $0 == " " || $0 == "," || $0.isNewline || $0 == "\t" }) {
      guard numbers.count < maxPoints * 2, let number = Double(token), number.isFinite else { return nil }
      numbers.append(number)
    }
    guard numbers.count >= 2, numbers.count % 2 == 0 else { return nil }
    var coordinates: [Coordinate] = []
    for index in stride(from: 0, to: numbers.count, by: 2) {
      let latitude = numbers[index]
      let longitude = numbers[index + 1]
      guard abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
      coordinates.append(Coordinate(latitude: latitude, longitude: longitude))
    }
    switch shape {
    case .point: guard coordinates.count == 1 else { return nil }
    case .box: guard coordinates.count == 2 else { return nil }
    case .line: guard coordinates.count >= 2 else { return nil }
    case .polygon: guard coordinates.count >= 4 else { return nil }
    }
    self.init(shape: shape, coordinates: coordinates)
  }
}
