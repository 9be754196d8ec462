import Foundation
import Testing
import Three20XML

/// Podcasts: Apple's `itunes:` elements and Podcasting 2.0's `podcast:` elements.
@Suite struct TTFeedPodcastTests {
  @Test func theShowIsDescribed() throws {
    let feed = try FeedFixture.feed("feed-podcast.xml")
    let show = try #require(feed.podcast)
    #expect(show.author == "Harbour Radio Collective")
    #expect(show.owner == TTFeedPerson(name: "Mara Quill", email: "mara@radio.example.com"))
    #expect(
      show.categories == [
        TTFeedPodcast.Category(name: "Arts", subcategories: ["Books", "Design"]),
        TTFeedPodcast.Category(name: "History"),
      ])
    #expect(show.keywords == ["harbour", "boats", "lighthouses"])
    #expect(show.summary == "Every week, a story from the quay.")
    #expect(show.subtitle == "Stories from the quay")
    #expect(show.isExplicit == false)
    #expect(!show.isBlocked)
    #expect(show.isComplete)
    // Relative to the channel's link, like every address of the feed.
    #expect(show.image?.absoluteString == "https://radio.example.com/art/show.jpg")
    #expect(feed.image?.url.absoluteString == "https://radio.example.com/art/show.jpg")
    #expect(show.type == "serial")
    #expect(show.newFeedURL?.absoluteString == "https://radio.example.com/feed.xml")
    #expect(show.guid == "917393e3-1b1e-5cef-ace4-edaa54e1f810")
  }

  @Test func eachEpisodeIsDescribed() throws {
    let feed = try FeedFixture.feed("feed-podcast.xml")
    try #require(feed.items.count == 3)
    let episode = try #require(feed.items[0].podcast)
    #expect(episode.title == "The Night Ferry")
    #expect(episode.author == "Mara Quill")
    #expect(episode.summary == "The last crossing before the storm.")
    #expect(episode.subtitle == "The last crossing")
    #expect(episode.keywords == ["ferry", "storm"])
    #expect(episode.isExplicit == true)
    #expect(episode.isBlocked)
    #expect(episode.image?.absoluteString == "https://radio.example.com/art/s2e12.jpg")
    #expect(episode.duration == 3_723)
    #expect(episode.episode == 12)
    #expect(episode.season == 2)
    #expect(episode.episodeType == "full")
    // The javascript: transcript is left out by the URL scheme policy, and reported.
    #expect(
      episode.transcripts == [
        TTFeedPodcastEpisode.Transcript(
          url: try #require(URL(string: "https://radio.example.com/transcripts/s2e12.vtt")), type: "text/vtt",
          language: "en", relation: "captions")
      ])
    #expect(feed.problems.contains { $0.code == .refusedURL && $0.message.contains("javascript:") })
    #expect(
      episode.chapters
        == TTFeedPodcastEpisode.Chapters(
          url: try #require(URL(string: "https://radio.example.com/chapters/s2e12.json")),
          type: "application/json+chapters"))
    // The audio stays the item's enclosure.
    #expect(feed.items[0].enclosures.first?.url.absoluteString == "https://radio.example.com/audio/s2e12.mp3")

    #expect(feed.items[1].podcast == TTFeedPodcastEpisode(duration: 95, episodeType: "trailer"))
    #expect(feed.items[2].podcast == nil)
  }

  @Test func aFeedWithoutPodcastElementsHasNoPodcast() throws {
    let feed = try FeedFixture.feed("feed-rss091.xml")
    #expect(feed.podcast == nil)
    #expect(feed.items.allSatisfy { $0.podcast == nil })
  }

  @Test(arguments: [
    ("1:02:03", 3_723.0), ("62:03", 3_723), ("3723", 3_723), ("3723.5", 3_723.5), ("0:00:09", 9),
    ("00:45", 45),
  ])
  func durationsAreReadInEveryForm(text: String, seconds: Double) throws {
    let data = Data(
      """
      <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>T</title>
      <item><title>E</title><itunes:duration>\(text)</itunes:duration></item></channel></rss>
      """.utf8)
    #expect(try TTFeedReader.read(data).items.first?.podcast?.duration == seconds)
  }

  @Test(arguments: ["", "soon", "1:2:3:4", "1:75", "-5", "1e9", "12:", ":30", "1:02:03.5.1", "٣٧"])
  func unreadableDurationsAreLeftEmpty(text: String) throws {
    let data = Data(
      """
      <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>T</title>
      <item><title>E</title><itunes:duration>\(text)</itunes:duration><itunes:episode>3</itunes:episode></item>
      </channel></rss>
      """.utf8)
    let episode = try #require(try TTFeedReader.read(data).items.first?.podcast)
    #expect(episode.duration == nil)
    #expect(episode.episode == 3)
  }

  @Test func streamingKeepsEveryPodcastField() throws {
    let data = try FeedFixture.data("feed-podcast.xml")
    let whole = try TTFeedReader.read(data)
    for size in [1, 7, 64] {
      #expect(try TTFeedReader().read(data, inPiecesOf: size) == whole, "pieces of \(size) bytes")
    }
  }
}
