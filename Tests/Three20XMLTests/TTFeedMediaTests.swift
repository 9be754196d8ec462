import Foundation
import Testing
import Three20XML

/// Media RSS: every `media:content` with what its group and its item say about it.
@Suite struct TTFeedMediaTests {
  @Test func contentsCarryTheirAttributesAndTheDetailsAroundThem() throws {
    let feed = try FeedFixture.feed("feed-media-rss.xml")
    let media = try #require(feed.items.first?.media)
    // The javascript: file is left out by the URL scheme policy, and reported.
    try #require(media.count == 3)
    #expect(feed.problems.contains { $0.code == .refusedURL && $0.message.contains("javascript:") })

    let large = media[0]
    #expect(large.url?.absoluteString == "https://video.example.com/video/lamp-1080.mp4")
    #expect(large.type == "video/mp4")
    #expect(large.medium == "video")
    #expect(large.fileSize == 48_000_000)
    #expect(large.duration == 95)
    #expect(large.width == 1920 && large.height == 1080)
    #expect(large.bitrate == 4000)
    #expect(large.language == "en")
    #expect(large.isDefault)
    #expect(large.expression == "full")
    #expect(large.group == 0)
    // From the group.
    #expect(large.title == "The lamp turning")
    #expect(large.description == "A night of the lamp, sped up.")
    #expect(large.keywords == ["lamp", "night", "timelapse"])
    #expect(
      large.thumbnails == [
        TTFeedThumbnail(
          url: try #require(URL(string: "https://video.example.com/thumbs/lamp.jpg")), width: 160, height: 90)
      ])
    // From the item.
    #expect(large.credits == [TTFeedMedia.Credit(name: "Harbour Film Club", role: "producer")])
    #expect(
      large.categories == [
        TTFeedCategory(
          term: "lighthouses/lamps", scheme: "http://search.yahoo.com/mrss/category_schema", label: "Lights")
      ])

    let small = media[1]
    #expect(small.group == 0)
    #expect(small.title == "The lamp turning (small)")
    #expect(small.description == "A night of the lamp, sped up.")
    #expect(!small.isDefault)

    let audio = media[2]
    #expect(audio.group == nil)
    #expect(audio.medium == "audio")
    #expect(audio.duration == 95.5)
    #expect(audio.title == nil)
    #expect(audio.credits == large.credits)
  }

  @Test func aGroupWithoutFilesGivesOneObjectWithItsPlayer() throws {
    let feed = try FeedFixture.feed("feed-media-rss.xml")
    let media = try #require(feed.items.dropFirst().first?.media)
    try #require(media.count == 1)
    #expect(media[0].url == nil)
    #expect(media[0].title == "Harbour at dawn")
    #expect(
      media[0].player
        == TTFeedMedia.Player(
          url: try #require(URL(string: "https://video.example.com/embed/dawn")), width: 640, height: 360))
    #expect(media[0].group == 0)
    // The thumbnails stay on the item too, as before.
    #expect(
      feed.items[1].thumbnails.map(\.url.absoluteString) == ["https://video.example.com/thumbs/dawn.jpg"])
    #expect(feed.items[2].media.isEmpty)
  }

  @Test func streamingKeepsEveryMediaObject() throws {
    let data = try FeedFixture.data("feed-media-rss.xml")
    let whole = try TTFeedReader.read(data)
    for size in [1, 9, 64] {
      #expect(try TTFeedReader().read(data, inPiecesOf: size) == whole, "pieces of \(size) bytes")
    }
  }
}
