import Foundation

/// Media RSS objects: each `media:content` of an item with what its `media:group` and the item
/// say about it (``TTFeedItem/media``).
extension TTFeedBuilder {
  /// The Media RSS elements of an item that are read.
  static let mediaItemFields: Set<String> = [
    "thumbnail", "content", "group", "title", "description", "keywords", "category", "credit", "player",
  ]

  /// What the description elements at one level (item, group or content) say.
  struct MediaDetails {
    var title: String?
    var description: String?
    var keywords: [String] = []
    var categories: [TTFeedCategory] = []
    var credits: [TTFeedMedia.Credit] = []
    var player: TTFeedMedia.Player?
    var thumbnails: [TTFeedThumbnail] = []

    /// Whether they say anything but thumbnails (which the item lists anyway).
    var describesMedia: Bool {
      title != nil || description != nil || !keywords.isEmpty || !categories.isEmpty || !credits.isEmpty
        || player != nil
    }

    /// These details, with what they leave out taken from `outer` (a group's or the item's).
    func applied(over outer: MediaDetails) -> MediaDetails {
      MediaDetails(
        title: title ?? outer.title, description: description ?? outer.description,
        keywords: keywords.isEmpty ? outer.keywords : keywords,
        categories: categories.isEmpty ? outer.categories : categories,
        credits: credits.isEmpty ? outer.credits : credits, player: player ?? outer.player,
        thumbnails: thumbnails.isEmpty ? outer.thumbnails : thumbnails)
    }

    /// A media object holding these details.
    func media(_ media: TTFeedMedia) -> TTFeedMedia {
      var media = media
      media.title = title
      media.description = description
      media.keywords = keywords
      media.categories = categories
      media.credits = credits
      media.player = player
      media.thumbnails = thumbnails
      return media
    }
  }

  /// The media objects of an item, in document order.
  ///
  /// Media RSS does not nest groups, so the walk is two levels deep at most.
  ///
  /// - Parameters:
  ///   - item: The item's element.
  ///   - base: The item's base address.
  static func mediaObjects(of item: TTFeedElement, base: URL?) -> [TTFeedMedia] {
    let children = item.children.filter { $0.isIn(TTFeedNamespace.media) }
    guard !children.isEmpty else { return [] }
    let itemDetails = details(of: children, base: base)
    var objects: [TTFeedMedia] = []
    var groups = 0
    for child in children {
      let childBase = child.base(inheriting: base)
      switch child.name {
      case "content":
        objects.append(media(from: child, group: nil, inherited: itemDetails, base: childBase))
      case "group":
        let members = child.children.filter { $0.isIn(TTFeedNamespace.media) }
        let groupDetails = details(of: members, base: childBase).applied(over: itemDetails)
        let contents = members.filter { $0.name == "content" }
        if contents.isEmpty, groupDetails.describesMedia {
          var object = groupDetails.media(TTFeedMedia())
          object.group = groups
          objects.append(object)
        }
        for content in contents {
          objects.append(
            media(
              from: content, group: groups, inherited: groupDetails, base: content.base(inheriting: childBase)
            ))
        }
        groups += 1
      default:
        break
      }
    }
    if objects.isEmpty, itemDetails.describesMedia { objects.append(itemDetails.media(TTFeedMedia())) }
    return objects
  }

  /// One `media:content`: its attributes, and its details over the inherited ones.
  private static func media(
    from content: TTFeedElement, group: Int?, inherited: MediaDetails, base: URL?
  ) -> TTFeedMedia {
    let text = { (name: String) in content.attribute(name).flatMap(TTFeedElement.nonEmpty) }
    let number = { (name: String) -> Double? in
      text(name).flatMap(Double.init).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
    }
    var media = TTFeedMedia(
      url: content.urlAttribute("url", base: base), type: text("type"), medium: text("medium")?.lowercased())
    media.fileSize = content.countAttribute("fileSize")
    media.duration = number("duration")
    media.width = content.countAttribute("width")
    media.height = content.countAttribute("height")
    media.bitrate = number("bitrate")
    media.language = text("lang")
    media.isDefault = text("isDefault")?.lowercased() == "true"
    media.expression = text("expression")?.lowercased()
    media.group = group
    let own = content.children.filter { $0.isIn(TTFeedNamespace.media) }
    return details(of: own, base: base).applied(over: inherited).media(media)
  }

  /// What the description elements among `elements` say (other elements are skipped).
  private static func details(of elements: [TTFeedElement], base: URL?) -> MediaDetails {
    var details = MediaDetails()
    for element in elements {
      let attribute = { (name: String) in element.attribute(name).flatMap(TTFeedElement.nonEmpty) }
      switch element.name {
      case "title": details.title = details.title ?? element.trimmedText
      case "description": details.description = details.description ?? element.trimmedText
      case "keywords": details.keywords += keywords(element.trimmedText)
      case "category":
        if let term = element.trimmedText {
          details.categories.append(
            TTFeedCategory(term: term, scheme: attribute("scheme"), label: attribute("label")))
        }
      case "credit":
        if let name = element.trimmedText {
          details.credits.append(
            TTFeedMedia.Credit(name: name, role: attribute("role")?.lowercased(), scheme: attribute("scheme"))
          )
        }
      case "player":
        if details.player == nil, let url = element.urlAttribute("url", base: element.base(inheriting: base))
        {
          details.player = TTFeedMedia.Player(
            url: url, width: element.countAttribute("width"), height: element.countAttribute("height"))
        }
      case "thumbnail":
        if let thumbnail = element.mediaThumbnail(base: element.base(inheriting: base)),
          !details.thumbnails.contains(thumbnail)
        {
          details.thumbnails.append(thumbnail)
        }
      default:
        break
      }
    }
    return details
  }
}

extension TTFeedMedia {
  /// Whether any address of the media has no scheme yet.
  var hasRelativeURLs: Bool {
    url.map { $0.scheme == nil } == true || player.map { $0.url.scheme == nil } == true
      || thumbnails.contains { $0.url.scheme == nil }
  }

  /// The media with every address passed through `resolve`.
  func resolvingURLs(with resolve: (URL) -> URL) -> TTFeedMedia {
    var media = self
    media.url = url.map(resolve)
    if let player { media.player?.url = resolve(player.url) }
    media.thumbnails = thumbnails.map { thumbnail in
      var thumbnail = thumbnail
      thumbnail.url = resolve(thumbnail.url)
      return thumbnail
    }
    return media
  }

  /// The media without the addresses `keeps` refuses, or `nil` when its own address is refused.
  func removingURLs(refusedBy keeps: (URL) -> Bool) -> TTFeedMedia? {
    if let url, !keeps(url) { return nil }
    var media = self
    if let player, !keeps(player.url) { media.player = nil }
    media.thumbnails = thumbnails.filter { keeps($0.url) }
    return media
  }
}
