import Foundation

/// Where an item is about: GeoRSS Simple (`georss:point`, `line`, `polygon`, `box`), GeoRSS GML
/// (`georss:where` holding `gml:Point`, `gml:LineString`, `gml:Polygon` or `gml:Envelope`) and
/// W3C's Basic Geo (`geo:lat` with `geo:long`, or both inside `geo:Point`).
extension TTFeedBuilder {
  /// Reads a `georss:` or `geo:` element of an item into ``TTFeedItem/location``.
  ///
  /// The last readable one wins. Basic Geo's latitude and longitude come in two elements: each fills its
  /// half of a point.
  func addLocation(_ element: TTFeedElement, to item: inout TTFeedItem) {
    if TTFeedNamespace.canonical(element.namespace) == TTFeedNamespace.geo {
      switch element.name {
      case "lat", "long":
        guard let value = element.trimmedText.flatMap(Double.init), value.isFinite else { return }
        var point = item.location?.shape == .point ? item.location?.point : nil
        let latitude = element.name == "lat" ? value : point?.latitude ?? .nan
        let longitude = element.name == "long" ? value : point?.longitude ?? .nan
        point = TTFeedLocation.Coordinate(latitude: latitude, longitude: longitude)
        item.location = TTFeedLocation(shape: .point, coordinates: point.map { [$0] } ?? [])
      case "Point":
        let latitude = element.child("lat", namespace: TTFeedNamespace.geo)?.trimmedText
        let longitude = element.child("long", namespace: TTFeedNamespace.geo)?.trimmedText
        if let latitude, let longitude,
          let location = TTFeedLocation(shape: .point, text: latitude + " " + longitude)
        {
          item.location = location
        }
      default:
        break
      }
      return
    }
    let simple: [String: TTFeedLocation.Shape] = [
      "point": .point, "line": .line, "polygon": .polygon, "box": .box,
    ]
    if let shape = simple[element.name] {
      if let location = element.trimmedText.flatMap({ TTFeedLocation(shape: shape, text: $0) }) {
        item.location = location
      }
      return
    }
    guard element.name == "where" else { return }
    // GML: the first geometry inside, its `pos`, `posList` or envelope corners.
    let gml = TTFeedNamespace.gml
    for geometry in element.children where geometry.isIn(gml) {
      let location: TTFeedLocation?
      switch geometry.name {
      case "Point":
        location = geometry.child("pos", namespace: gml)?.trimmedText.flatMap {
          TTFeedLocation(shape: .point, text: $0)
        }
      case "LineString":
        location = geometry.child("posList", namespace: gml)?.trimmedText.flatMap {
          TTFeedLocation(shape: .line, text: $0)
        }
      case "Polygon":
        let ring = geometry.child("exterior", namespace: gml)?.child("LinearRing", namespace: gml)
        location = ring?.child("posList", namespace: gml)?.trimmedText.flatMap {
          TTFeedLocation(shape: .polygon, text: $0)
        }
      case "Envelope":
        let lower = geometry.child("lowerCorner", namespace: gml)?.trimmedText
        let upper = geometry.child("upperCorner", namespace: gml)?.trimmedText
        location = lower.flatMap { lower in
          upper.flatMap { TTFeedLocation(shape: .box, text: lower + " " + $0) }
        }
      default:
        location = nil
      }
      if let location {
        item.location = location
        return
      }
    }
  }
}
