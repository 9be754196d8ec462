import Testing
import Three20Style
import Three20UICommon

/// A presenter that records what it was asked to dismiss.
@MainActor
final class RecordingPresenter: TTPresenting {
  var dismissed: [TTViewController] = []
  var answer = true
  var presents = false

  func dismiss(_ controller: TTViewController) -> Bool {
    dismissed.append(controller)
    return answer
  }

  func isPresenting(_ controller: TTViewController) -> Bool { presents }
}

/// Records what a post controller tells its delegate, and answers its question.
@MainActor
final class PostRecorder: TTPostControllerDelegate {
  var events: [String] = []
  var allows = true

  func postController(_ controller: TTPostController, shouldPost text: String) -> Bool {
    events.append("should \(text)")
    return allows
  }
  func postController(_ controller: TTPostController, didPost text: String) { events.append("did \(text)") }
  func postControllerDidCancel(_ controller: TTPostController) { events.append("cancel") }
}

@MainActor
@Suite("TTPostController")
struct TTPostControllerTests {
  typealias T = TextInputTesting

  /// A post controller on a screen of `width` by `height`, on screen, with a recording
  /// presenter and delegate.
  static func post(
    title: String = "Reply", text: String = "", width: Int = 40, height: Int = 12
  ) -> (TTPostController, RecordingPresenter, PostRecorder) {
    let post = TTPostController(title: title, text: text)
    let presenter = RecordingPresenter()
    let recorder = PostRecorder()
    post.presenter = presenter
    post.delegate = recorder
    post.view.frame = TTRect(x: 0, y: 0, width: width, height: height)
    post.appear()
    return (post, presenter, recorder)
  }

  /// A click at the middle of a view, as drawn on the controller's screen.
  static func click(_ view: TTView, on controller: TTViewController) {
    let frame = view.frameInRoot
    T.click(controller, x: frame.x + frame.width / 2, y: frame.y)
  }

  /// Whether a rendered line contains `text`.
  static func shows(_ canvas: TTCanvas, _ text: String) -> Bool {
    canvas.lines.contains { $0.contains(text) }
  }

  /// The editor has the focus from the start: typed keys and pastes go into it, Enter starts
  /// a new line and nothing is posted.
  @Test func typingAndPastingGoIntoTheBox() {
    let (post, presenter, recorder) = Self.post()
    #expect(post.textEditor.isFocused)
    #expect(post.presentationStyle == .overPreviousScreen)
    T.type("Hi", into: post)
    #expect(post.dispatch(.key(.enter)))
    #expect(post.dispatch(.paste("there\nfriend")))
    #expect(post.textEditor.text == "Hi\nthere\nfriend")
    // Escape and other controls in a paste are shown, never obeyed.
    post.dispatch(.paste("\u{1B}[2J"))
    #expect(post.textEditor.text == "Hi\nthere\nfriend␛[2J")
    #expect(post.finishedResult == nil)
    #expect(presenter.dismissed.isEmpty)
    #expect(recorder.events.isEmpty)
  }

  /// Alt-Enter in the box posts the text and dismisses the controller.
  @Test func altEnterPosts() async {
    let (post, presenter, recorder) = Self.post()
    T.type("Hello", into: post)
    #expect(post.dispatch(.key(.alt(.enter))))
    #expect(post.finishedResult == .posted("Hello"))
    #expect(await post.result() == .posted("Hello"))
    #expect(recorder.events == ["should Hello", "did Hello"])
    #expect(presenter.dismissed.count == 1)
    #expect(presenter.dismissed.first === post)
  }

  /// Ctrl-S posts, wherever the focus is.
  @Test func controlSPosts() async {
    let (post, presenter, _) = Self.post(text: "Draft")
    post.dispatch(.key(.tab))
    #expect(post.postButton.isFocused)
    #expect(post.dispatch(.key(.control("s"))))
    #expect(await post.result() == .posted("Draft"))
    #expect(presenter.dismissed.count == 1)
  }

  /// A click on the drawn Post button posts.
  @Test func postButtonClickPosts() async {
    let (post, presenter, recorder) = Self.post()
    post.dispatch(.paste("Nice work"))
    _ = T.render(post)
    Self.click(post.postButton, on: post)
    #expect(await post.result() == .posted("Nice work"))
    #expect(recorder.events == ["should Nice work", "did Nice work"])
    #expect(presenter.dismissed.count == 1)
  }

  /// Tab reaches the buttons; Enter on the focused Post button posts.
  @Test func enterOnTheFocusedPostButtonPosts() {
    let (post, _, _) = Self.post(text: "x")
    post.dispatch(.key(.tab))
    #expect(post.postButton.isFocused)
    post.dispatch(.key(.enter))
    #expect(post.finishedResult == .posted("x"))
  }

  /// A blank text is refused, the box staying open with the reason drawn until the text changes.
  ///
  /// With `allowsEmptyPost` it goes.
  @Test func blankTextIsRefusedWithTheErrorShown() {
    let (post, presenter, recorder) = Self.post(width: 80)
    post.dispatch(.paste("  \n "))
    post.dispatch(.key(.control("s")))
    #expect(post.finishedResult == nil)
    #expect(presenter.dismissed.isEmpty)
    #expect(recorder.events.isEmpty)
    #expect(Self.shows(T.render(post), "Write something first, or press Escape to cancel."))
    #expect(!post.post())
    // Typing takes the message away.
    T.type("a", into: post)
    #expect(!Self.shows(T.render(post), "Write something first"))
    post.textEditor.text = ""
    post.allowsEmptyPost = true
    #expect(post.post())
    #expect(post.finishedResult == .posted(""))
  }

  /// A delegate that says no keeps the box open, with the error it shows drawn.
  ///
  /// When it says yes the text goes.
  @Test func delegateCanVetoThePost() {
    let (post, presenter, recorder) = Self.post(text: "Spam", width: 60)
    recorder.allows = false
    post.dispatch(.key(.alt(.enter)))
    #expect(post.finishedResult == nil)
    #expect(recorder.events == ["should Spam"])
    #expect(presenter.dismissed.isEmpty)
    post.showError("Too spammy")
    #expect(Self.shows(T.render(post), "Too spammy"))
    recorder.allows = true
    post.dispatch(.key(.alt(.enter)))
    #expect(post.finishedResult == .posted("Spam"))
    #expect(recorder.events == ["should Spam", "should Spam", "did Spam"])
  }

  /// Escape cancels, tells the delegate and dismisses; later keys change nothing.
  @Test func escapeCancels() async {
    let (post, presenter, recorder) = Self.post(text: "Unsent")
    #expect(post.dispatch(.key(.escape)))
    #expect(await post.result() == .cancelled)
    #expect(recorder.events == ["cancel"])
    #expect(presenter.dismissed.count == 1)
    post.dispatch(.key(.escape))
    post.dispatch(.key(.control("s")))
    #expect(!post.post())
    #expect(post.finishedResult == .cancelled)
    #expect(recorder.events == ["cancel"])
    #expect(presenter.dismissed.count == 1)
  }

  /// A click on the drawn Cancel button cancels.
  @Test func cancelButtonClickCancels() async {
    let (post, presenter, recorder) = Self.post(text: "Unsent")
    _ = T.render(post)
    Self.click(post.cancelButton, on: post)
    #expect(await post.result() == .cancelled)
    #expect(recorder.events == ["cancel"])
    #expect(presenter.dismissed.count == 1)
  }

  /// A task waiting for the result wakes when the user posts; asking again returns at once.
  @Test func resultWaitsForTheUser() async {
    let (post, _, _) = Self.post()
    let waiter = Task { @MainActor in await post.result() }
    for _ in 0..<8 { await Task.yield() }
    T.type("Later", into: post)
    post.dispatch(.key(.control("s")))
    #expect(await waiter.value == .posted("Later"))
    #expect(await post.result() == .posted("Later"))
  }

  /// Leaving the screen without posting counts as cancelling; once posted, leaving changes
  /// nothing.
  @Test func disappearingWithoutFinishingCancels() async {
    let (post, _, recorder) = Self.post(text: "Half")
    post.disappear()
    #expect(await post.result() == .cancelled)
    #expect(recorder.events == ["cancel"])
    post.appear()
    post.disappear()
    #expect(recorder.events == ["cancel"])

    let (posted, _, postRecorder) = Self.post(text: "Whole")
    posted.post()
    posted.disappear()
    #expect(await posted.result() == .posted("Whole"))
    #expect(postRecorder.events == ["should Whole", "did Whole"])
  }

  /// Leaving the screen while the presenter still shows the box (covered, or the presenter
  /// off screen) keeps it open.
  @Test func disappearingWhileStillPresentedKeepsTheBoxOpen() {
    let (post, presenter, recorder) = Self.post(text: "Kept")
    presenter.presents = true
    post.disappear()
    #expect(post.finishedResult == nil)
    post.appear()
    post.dispatch(.key(.control("s")))
    #expect(post.finishedResult == .posted("Kept"))
    #expect(recorder.events == ["should Kept", "did Kept"])
  }

  /// dismiss() asks the presenter and passes its answer on; without one it is `false`, and
  /// the outcome is still known.
  @Test func dismissAsksThePresenter() {
    let (post, presenter, _) = Self.post()
    presenter.answer = false
    #expect(!post.dismiss())
    #expect(presenter.dismissed.count == 1)
    presenter.answer = true
    #expect(post.dismiss())
    #expect(presenter.dismissed.count == 2)

    let alone = TTPostController(text: "x")
    #expect(alone.presenter == nil)
    #expect(!alone.dismiss())
    #expect(alone.post())
    #expect(alone.finishedResult == .posted("x"))
  }

  /// At 40 × 12 the box is 32 wide, centred, a third of the way down: the title, three
  /// rows for the text (the placeholder first), a message row, the buttons on the right.
  @Test func drawsTheBoxAtASize() {
    let (post, _, _) = Self.post()
    var canvas = T.render(post)
    #expect(
      canvas.lines == [
        "",
        "    ┌──────────────────────────────┐",
        "    │ Reply                        │",
        "    │ Write something…             │",
        "    │                              │",
        "    │                              │",
        "    │                              │",
        "    │          [ Post ] [ Cancel ] │",
        "    └──────────────────────────────┘",
        "", "", "",
      ])
    #expect(canvas[6, 2].style.attributes.contains(.bold))
    // The cursor is an inverse cell at the start of the text.
    #expect(T.cursorColumns(canvas, row: 3) == [6])
    // Outside the box nothing is drawn, so the screen below shows through.
    #expect(canvas[0, 5].character == " ")
    #expect(canvas[0, 5].style == TTCellStyle())

    post.dispatch(.paste("Hello"))
    canvas = T.render(post)
    #expect(canvas.lines[3] == "    │ Hello                        │")
    #expect(T.cursorColumns(canvas, row: 3) == [11])
  }

  /// The box grows with the text, up to 8 rows, and the message and the buttons stay
  /// below the text.
  @Test func theBoxGrowsWithTheText() {
    let (post, _, _) = Self.post(width: 40, height: 20)
    post.dispatch(.paste("one\ntwo\nthree\nfour\nfive"))
    post.showError("Not yet")
    var canvas = T.render(post)
    #expect(
      Array(canvas.lines[4...12]) == [
        "    │ Reply                        │",
        "    │ one                          │",
        "    │ two                          │",
        "    │ three                        │",
        "    │ four                         │",
        "    │ five                         │",
        "    │ Not yet                      │",
        "    │          [ Post ] [ Cancel ] │",
        "    └──────────────────────────────┘",
      ])
    #expect(post.textEditor.frame.height == 5)
    // Past 8 rows the text scrolls inside the box.
    post.dispatch(.paste("\n6\n7\n8\n9\n10"))
    canvas = T.render(post)
    #expect(post.textEditor.frame.height == 8)
    let box = canvas.lines.filter { $0.contains("│") }
    #expect(box.count == 11)
    #expect(box[1].contains("three"))
    #expect(box[8].contains("10"))
    #expect(box[10].contains("[ Post ] [ Cancel ]"))
    // A click on the Post button still lands on it.
    Self.click(post.postButton, on: post)
    #expect(post.finishedResult != nil)
  }

  /// A wide screen gets a box of 72 columns; a title from data is made safe and cut to fit.
  @Test func wideScreensAndUnsafeTitles() {
    let (post, _, _) = Self.post(title: "Re: \u{1B}[31mred " + String(repeating: "x", count: 100), width: 100)
    let canvas = T.render(post)
    let top = canvas.lines[1]
    #expect(top.hasPrefix(String(repeating: " ", count: 14) + "┌"))
    #expect(TTDisplayWidth.of(top) == 14 + 72)
    let heading = canvas.lines[2]
    #expect(heading.contains("Re: red xxx"))
    #expect(!heading.contains("\u{1B}"))
    #expect(heading.hasSuffix(" │"))
  }
}
