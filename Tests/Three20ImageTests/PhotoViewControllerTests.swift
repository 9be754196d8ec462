import Testing
import Three20Core
import Three20Image
import Three20Style
import Three20UICommon

/// A URL nothing answers: for tests that never draw the photo.
private func unused(_ index: Int) -> String { "http://127.0.0.1:9/\(index).png" }

@Suite("Photo browser")
@MainActor
struct PhotoViewControllerTests {
  @Test("The title says which photo of how many, “3 of 12”, and ← → p n Home End page through")
  func titleAndKeys() {
    let set = TTPhotoSet(title: "Trip", photos: (0..<12).map { TTBasicPhoto(url: unused($0)) })
    let browser = TTPhotoViewController(photoSource: set, centerPhotoIndex: 2)
    #expect(browser.title == "3 of 12")
    #expect(browser.handleKey(.right))
    #expect(browser.title == "4 of 12")
    #expect(browser.handleKey(.character("n")))
    #expect(browser.title == "5 of 12")
    #expect(browser.handleKey(.character("p")))
    #expect(browser.handleKey(.left))
    #expect(browser.title == "3 of 12")
    #expect(browser.handleKey(.home))
    #expect(browser.title == "1 of 12")
    #expect(browser.handleKey(.left))
    #expect(browser.centerPhotoIndex == 0)
    #expect(browser.handleKey(.end))
    #expect(browser.title == "12 of 12")
    #expect(browser.handleKey(.right))
    #expect(browser.centerPhotoIndex == 11)
    #expect(browser.showNextPhoto() == false)
    #expect(browser.showPreviousPhoto())
    #expect(browser.title == "11 of 12")
    #expect(!browser.handleKey(.character("x")))
    #expect(!browser.handleKey(.character("r")), "nothing failed, so r is left to the container")
  }

  @Test("The photo to start on is kept within the source; centerPhoto and init(photo:) take its place")
  func startingPhoto() {
    let set = TTPhotoSet(title: "Trip", photos: (0..<4).map { TTBasicPhoto(url: unused($0)) })
    #expect(TTPhotoViewController(photoSource: set, centerPhotoIndex: 99).title == "4 of 4")
    #expect(TTPhotoViewController(photoSource: set, centerPhotoIndex: -3).title == "1 of 4")
    let browser = TTPhotoViewController(photo: set.photos[2])
    #expect(browser.photoSource === set)
    #expect(browser.centerPhotoIndex == 2)
    #expect(browser.centerPhoto === set.photos[2])
    browser.centerPhoto = set.photos[1]
    #expect(browser.title == "2 of 4")
    let other = TTPhotoSet(title: "Other", photos: [TTBasicPhoto(url: unused(9))])
    browser.photoSource = other
    #expect(browser.title == "1 of 1")
    browser.centerPhoto = set.photos[3]
    #expect(browser.photoSource === set)
    #expect(browser.title == "4 of 4")
  }

  @Test("Without photos the title is the source's, and the screen says there are none")
  func noPhotos() {
    let empty = TTPhotoViewController(photoSource: TTPhotoSet(title: "Empty", photos: []))
    #expect(empty.title == "Empty")
    #expect(render(empty).contains("This photo set contains no photos."))
    let none = TTPhotoViewController()
    #expect(none.title == nil)
    #expect(render(none).contains("No photos."))
  }

  @Test("The browser shows the large version, else the medium or the small one, and the caption under it")
  func versionsAndCaption() {
    let photos: [any TTPhoto] = [
      TTBasicPhoto(urls: [.large: "l", .medium: "m", .small: "s", .thumbnail: "t"], caption: "All of them"),
      TTBasicPhoto(urls: [.medium: "m", .small: "s"]),
      TTBasicPhoto(urls: [.small: "s", .thumbnail: "t"]),
      TTBasicPhoto(urls: [.thumbnail: "t", .large: ""]),
    ]
    let browser = TTPhotoViewController(photoSource: TTPhotoSet(photos: photos))
    _ = browser.view
    #expect(browser.photoView?.urlPath == "l")
    #expect(browser.captionLabel?.text == "All of them")
    browser.showNextPhoto()
    #expect(browser.photoView?.urlPath == "m")
    #expect(browser.captionLabel?.text == "")
    browser.showNextPhoto()
    #expect(browser.photoView?.urlPath == "s")
    browser.showNextPhoto()
    #expect(browser.photoView?.urlPath == nil)
    #expect(render(browser).contains("This photo has no picture."))
  }

  @Test(
    "A photo loads from the server: a spinner, then the picture; its neighbours load too, so paging is instant"
  )
  func loadsThenPreloads() async throws {
    let server = try PhotoServer()
    defer { server.stop() }
    let provider = makeProvider()
    let browser = TTPhotoViewController(photoSource: makePhotoSet(server, count: 5), centerPhotoIndex: 2)
    browser.provider = provider
    browser.appear()
    defer { browser.disappear() }

    let loading = render(browser)
    #expect(browser.photoView?.isLoading == true)
    #expect(loading.contains("Loading"))
    #expect(loading.contains("Photo 3"), "the alternate text shows while it loads")
    #expect(loading.contains("Caption 3"))

    #expect(await eventually { browser.photoView?.isLoaded == true })
    let shown = render(browser)
    #expect(shown.contains("← → photos"))
    #expect(!shown.contains("Loading"))
    #expect(drawCanvas(browser, size: TTSize(width: 40, height: 16)).pictures.count == 1)

    // The photos before and after load at the size the photo is shown.
    let size = try #require(browser.photoView).contentRect.size
    #expect(
      await eventually {
        [1, 3].allSatisfy {
          provider.cache.picture(for: .init(url: server.url("\($0)-large.png"), cells: size)) != nil
        }
      })
    #expect(server.count("0-large.png") == 0)
    #expect(server.count("4-large.png") == 0)

    #expect(browser.handleKey(.right))
    #expect(browser.title == "4 of 5")
    let paged = render(browser)
    #expect(browser.photoView?.isLoaded == true, "shown from the cache at once")
    #expect(!paged.contains("Loading"))
    #expect(paged.contains("Caption 4"))
    #expect(server.count("3-large.png") == 1)
    // …and the next one loads in its turn.
    #expect(await eventually { server.count("4-large.png") == 1 })
  }

  @Test("A photo that fails shows its error and “press r to retry”; r loads it again")
  func failureAndRetry() async throws {
    let server = try PhotoServer()
    defer { server.stop() }
    let set = TTPhotoSet(photos: [TTBasicPhoto(url: server.url("flaky-large.png"), caption: "Flaky")])
    let browser = TTPhotoViewController(photoSource: set)
    browser.provider = makeProvider()
    browser.appear()
    defer { browser.disappear() }

    _ = render(browser)
    #expect(await eventually { browser.photoView?.error != nil })
    #expect(browser.photoView?.error?.code == .loadFailed)
    let failed = render(browser)
    #expect(failed.contains("press r to retry"))
    #expect(failed.contains("could not be shown"))
    #expect(failed.contains("404"))

    #expect(browser.handleKey(.character("r")))
    #expect(browser.photoView?.error == nil)
    _ = render(browser)
    #expect(await eventually { browser.photoView?.isLoaded == true })
    #expect(!render(browser).contains("retry"))
    #expect(server.count("flaky-large.png") == 2)
  }

  @Test("Bytes that are not a picture fail with the decoder's error")
  func notAPicture() async throws {
    let server = try PhotoServer()
    defer { server.stop() }
    let browser = TTPhotoViewController(
      photoSource: TTPhotoSet(photos: [TTBasicPhoto(url: server.url("broken.png"))]))
    browser.provider = makeProvider()
    browser.appear()
    defer { browser.disappear() }
    _ = render(browser)
    #expect(await eventually { browser.photoView?.error != nil })
    #expect(browser.photoView?.error?.code == .unknownFormat)
    #expect(render(browser).contains("press r to retry"))
  }

  @Test("A memory warning off screen empties the picture cache and lets the view go; on screen both stay")
  func memoryWarning() async throws {
    let server = try PhotoServer()
    defer { server.stop() }
    let provider = makeProvider()
    let browser = TTPhotoViewController(photoSource: makePhotoSet(server, count: 3), centerPhotoIndex: 1)
    browser.provider = provider
    browser.appear()
    _ = render(browser)
    #expect(await eventually { browser.photoView?.isLoaded == true && provider.cache.count == 3 })

    browser.didReceiveMemoryWarning()
    #expect(provider.cache.count == 3)
    #expect(browser.isViewLoaded)

    browser.disappear()
    browser.didReceiveMemoryWarning()
    #expect(provider.cache.count == 0)
    #expect(!browser.isViewLoaded)
    #expect(browser.photoView == nil)

    // Shown again, the photo comes back on the same place.
    browser.appear()
    defer { browser.disappear() }
    #expect(render(browser).contains("Caption 2"))
    #expect(await eventually { browser.photoView?.isLoaded == true })
    #expect(browser.title == "2 of 3")
  }

  @Test("A photo past the source's last loaded one asks for the next page and shows when it arrives")
  func pagedSource() {
    let source = CountingPhotoSource(count: 20, pageSize: 10, url: unused)
    let browser = TTPhotoViewController(photoSource: source)
    browser.appear()
    defer { browser.disappear() }
    #expect(browser.handleKey(.end))
    #expect(browser.title == "20 of 20")
    #expect(browser.centerPhoto == nil)
    #expect(source.loads == [true])
    #expect(render(browser).contains("Loading photo 20"))

    source.failPage()
    let failed = render(browser)
    #expect(failed.contains("Could not load photo 20"))
    #expect(failed.contains("press r to retry"))
    #expect(browser.handleKey(.character("r")))
    #expect(source.loads == [true, true])

    source.finishPage()
    #expect(browser.centerPhoto?.index == 19)
    #expect(browser.photoView?.urlPath == unused(19))
    #expect(browser.captionLabel?.text == "Photo #20")
  }
}
