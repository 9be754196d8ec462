import Testing
import Three20Style
import Three20Table
import Three20UICommon

/// A presenter that records what it was asked to dismiss.
@MainActor
final class ComposerPresenter: TTPresenting {
  var dismissed: [TTViewController] = []
  var presents = false

  func dismiss(_ controller: TTViewController) -> Bool {
    dismissed.append(controller)
    return true
  }

  func isPresenting(_ controller: TTViewController) -> Bool { presents }
}

/// Records what a composer tells its delegate, and answers its question.
@MainActor
final class MessageRecorder: TTMessageControllerDelegate {
  var events: [String] = []
  var allows = true

  func messageController(
    _ controller: TTMessageController, shouldSend message: TTMessageController.Message
  )
    -> Bool
  {
    events.append("should \(message.recipients)")
    return allows
  }
  func messageController(_ controller: TTMessageController, didSend message: TTMessageController.Message) {
    events.append("did \(message.recipients)")
  }
  func messageControllerDidCancel(_ controller: TTMessageController) { events.append("cancel") }
}

@MainActor
@Suite("TTMessageController")
struct TTMessageControllerTests {
  typealias C = ComposerTesting
  typealias Message = TTMessageController.Message

  /// A composer on a screen of `width` by `height`, on screen, with a recording presenter
  /// and delegate.
  static func composer(
    recipients: [String] = [], subject: String = "", body: String = "", width: Int = 40, height: Int = 12
  ) -> (TTMessageController, ComposerPresenter, MessageRecorder) {
    let composer = TTMessageController(
      recipients: recipients, subject: subject, body: body, dataSource: ComposerTesting.people())
    let presenter = ComposerPresenter()
    let recorder = MessageRecorder()
    composer.presenter = presenter
    composer.delegate = recorder
    composer.view.frame = TTRect(x: 0, y: 0, width: width, height: height)
    composer.appear()
    return (composer, presenter, recorder)
  }

  /// A click at the middle of a view, as drawn on the controller's screen.
  static func click(_ view: TTView, on controller: TTViewController) {
    let frame = view.frameInRoot
    C.click(controller, x: frame.x + frame.width / 2, y: frame.y)
  }

  /// The whole flow by keys: a recipient chosen from the suggestions, Tab to Subject, Tab to
  /// the body, several lines, Ctrl-S.
  @Test func fullFlowByKeysSendsTheMessage() async {
    let (composer, presenter, recorder) = Self.composer()
    #expect(composer.toField.entry.isFocused)
    C.type("gr", into: composer)
    var canvas = C.render(composer)
    #expect(Array(canvas.lines.prefix(3)) == [" To:      gr", "            Grace Hopper", " Subject:"])
    composer.dispatch(.key(.down))
    composer.dispatch(.key(.tab))
    #expect(composer.toField.tokens.map(\.text) == ["Grace Hopper"])
    #expect(composer.toField.entry.isFocused)
    composer.dispatch(.key(.tab))
    #expect(composer.subjectField.isFocused)
    C.type("Lunch", into: composer)
    composer.dispatch(.key(.tab))
    #expect(composer.bodyEditor.isFocused)
    C.type("Friday?", into: composer)
    composer.dispatch(.key(.enter))
    C.type("At one.", into: composer)
    composer.dispatch(.key(.enter))
    C.type("-- Ada", into: composer)
    canvas = C.render(composer)
    #expect(
      Array(canvas.lines.prefix(6)) == [
        " To:       Grace Hopper", " Subject: Lunch", String(repeating: "─", count: 40), " Friday?",
        " At one.",
        " -- Ada",
      ])
    #expect(composer.finishedResult == nil)
    #expect(composer.dispatch(.key(.control("s"))))
    let sent = Message(recipients: ["Grace Hopper"], subject: "Lunch", body: "Friday?\nAt one.\n-- Ada")
    #expect(await composer.result() == .sent(sent))
    #expect(composer.finishedResult == .sent(sent))
    #expect(recorder.events == ["should [\"Grace Hopper\"]", "did [\"Grace Hopper\"]"])
    #expect(presenter.dismissed.count == 1)
    #expect(presenter.dismissed.first === composer)
    // Once sent, nothing sends or cancels again.
    #expect(!composer.send())
    composer.dispatch(.key(.escape))
    #expect(recorder.events.count == 2)
  }

  /// Enter in Subject moves to the body; text typed in To without picking is a recipient too.
  @Test func typedRecipientsAndEnterInSubject() async {
    let (composer, _, _) = Self.composer()
    C.type("bob@x.org, carol@x.org", into: composer)
    #expect(composer.toField.tokens.map(\.text) == ["bob@x.org"])
    #expect(composer.toField.entry.text == " carol@x.org")
    composer.dispatch(.key(.tab))
    C.type("Hi", into: composer)
    composer.dispatch(.key(.enter))
    #expect(composer.bodyEditor.isFocused)
    #expect(composer.message == Message(recipients: ["bob@x.org", "carol@x.org"], subject: "Hi", body: ""))
    composer.dispatch(.key(.control("s")))
    #expect(await composer.result() == .sent(composer.message))
  }

  /// While the To field lists suggestions the form makes room for them; when the focus
  /// leaves it the rows are given back to Subject and the body.
  @Test func suggestionsTakeRowsOnlyWhileTyping() {
    let (composer, _, _) = Self.composer()
    C.type("a", into: composer)
    _ = C.render(composer)
    #expect(composer.toField.frame.height == 6)
    #expect(composer.subjectField.frame.y == 6)
    composer.dispatch(.key(.tab))
    var canvas = C.render(composer)
    #expect(composer.subjectField.isFocused)
    #expect(composer.toField.frame.height == 1)
    #expect(Array(canvas.lines.prefix(3)) == [" To:      a", " Subject:", String(repeating: "─", count: 40)])
    // Clicking back into the entry shows the list again.
    C.click(composer, x: 12, y: 0)
    canvas = C.render(composer)
    #expect(composer.toField.entry.isFocused)
    #expect(canvas.lines[1] == "            Ada Lovelace")
    // And a click on a suggestion picks it.
    C.click(composer, x: 14, y: 3)
    #expect(composer.toField.tokens.map(\.text) == ["Grace Hopper"])
  }

  /// Sending without a recipient is refused with the reason drawn and the focus in To.
  ///
  /// Typing there clears the reason. Without `requiresRecipient` it goes.
  @Test func sendingWithoutARecipientIsRefused() async {
    let (composer, presenter, recorder) = Self.composer(subject: "Note", width: 100)
    composer.bodyEditor.becomeFocused()
    composer.dispatch(.key(.control("s")))
    #expect(composer.finishedResult == nil)
    #expect(recorder.events.isEmpty)
    #expect(presenter.dismissed.isEmpty)
    #expect(composer.toField.entry.isFocused)
    let buttons = C.render(composer).lines[11]
    #expect(
      buttons == " [ Send ] [ Cancel ]  Add a recipient in To: before sending, or press Escape to cancel.")
    C.type("a", into: composer)
    #expect(!C.render(composer).lines.joined().contains("Add a recipient"))
    composer.dispatch(.key(.backspace))
    composer.requiresRecipient = false
    #expect(composer.send())
    #expect(await composer.result() == .sent(Message(recipients: [], subject: "Note", body: "")))
  }

  /// A delegate that says no keeps the composer open; the error it shows is drawn.
  @Test func delegateCanVetoSending() {
    let (composer, presenter, recorder) = Self.composer(recipients: ["ada@x.org"], width: 60)
    recorder.allows = false
    composer.dispatch(.key(.control("s")))
    #expect(composer.finishedResult == nil)
    #expect(recorder.events == ["should [\"ada@x.org\"]"])
    #expect(presenter.dismissed.isEmpty)
    composer.showError("Offline")
    #expect(C.render(composer).lines[11].hasSuffix("]  Offline"))
    recorder.allows = true
    Self.click(composer.sendButton, on: composer)
    #expect(composer.finishedResult == .sent(Message(recipients: ["ada@x.org"], subject: "", body: "")))
    #expect(recorder.events.last == "did [\"ada@x.org\"]")
  }

  /// Escape cancels, tells the delegate and dismisses.
  @Test func escapeCancels() async {
    let (composer, presenter, recorder) = Self.composer(recipients: ["ada@x.org"], subject: "S")
    C.type("draft", into: composer)
    #expect(composer.dispatch(.key(.escape)))
    #expect(await composer.result() == .cancelled)
    #expect(recorder.events == ["cancel"])
    #expect(presenter.dismissed.count == 1)
    composer.dispatch(.key(.control("s")))
    #expect(composer.finishedResult == .cancelled)
  }

  /// A click on the drawn Cancel button cancels; Enter on the focused Send button sends.
  @Test func buttonsByClickAndByKey() async {
    let (cancelled, _, recorder) = Self.composer()
    _ = C.render(cancelled)
    Self.click(cancelled.cancelButton, on: cancelled)
    #expect(await cancelled.result() == .cancelled)
    #expect(recorder.events == ["cancel"])

    let (sent, _, _) = Self.composer(recipients: ["a@x"], subject: "S", body: "B")
    sent.dispatch(.key(.tab))
    #expect(sent.sendButton.isFocused)
    sent.dispatch(.key(.enter))
    #expect(await sent.result() == .sent(Message(recipients: ["a@x"], subject: "S", body: "B")))
  }

  /// Leaving the screen without sending counts as cancelling.
  @Test func disappearingWithoutFinishingCancels() async {
    let (composer, _, recorder) = Self.composer()
    let waiter = Task { @MainActor in await composer.result() }
    for _ in 0..<8 { await Task.yield() }
    composer.disappear()
    #expect(await waiter.value == .cancelled)
    #expect(recorder.events == ["cancel"])
  }

  /// Leaving the screen while the presenter still shows the composer keeps it open.
  @Test func disappearingWhileStillPresentedKeepsItOpen() {
    let (composer, presenter, recorder) = Self.composer(recipients: ["a@x"])
    presenter.presents = true
    composer.disappear()
    #expect(composer.finishedResult == nil)
    #expect(recorder.events.isEmpty)
    presenter.presents = false
    composer.appear()
    composer.disappear()
    #expect(composer.finishedResult == .cancelled)
    #expect(recorder.events == ["cancel"])
  }

  /// The first field that needs filling takes the focus: To, else Subject, else the body.
  @Test func initialFocusGoesToTheFirstEmptyField() {
    #expect(Self.composer().0.toField.entry.isFocused)
    #expect(Self.composer(subject: "S").0.toField.entry.isFocused)
    let subject = Self.composer(recipients: ["a@x"]).0
    #expect(subject.subjectField.isFocused)
    #expect(!subject.toField.entry.isFocused)
    let body = Self.composer(recipients: ["a@x"], subject: "S").0
    #expect(body.bodyEditor.isFocused)
    #expect(body.view.focusableViews.filter(\.isFocused).count == 1)
    // Empty recipients are dropped.
    #expect(TTMessageController(recipients: ["", "a@x", ""]).toField.tokens == [TTPickerToken("a@x")])
  }

  /// At 40 × 10: To with its tokens, Subject, a rule, the body, and the buttons on the last
  /// row; labels are dim.
  @Test func drawsTheFormAtASize() {
    let (composer, _, _) = Self.composer(
      recipients: ["ada@x.org", "grace@x.org", "ken@x.org"], subject: "Plans", body: "Hello\nthere",
      height: 10)
    let canvas = C.render(composer)
    #expect(
      canvas.lines == [
        " To:       ada@x.org   grace@x.org",
        "           ken@x.org",
        " Subject: Plans",
        String(repeating: "─", count: 40),
        " Hello",
        " there",
        "",
        "",
        "",
        " [ Send ] [ Cancel ]",
      ])
    #expect(canvas[1, 0].style.attributes.contains(.dim))
    #expect(canvas[1, 2].style.attributes.contains(.dim))
    #expect(canvas[11, 0].style.attributes.contains(.bold))
    #expect(composer.bodyEditor.frame == TTRect(x: 1, y: 4, width: 38, height: 4))
    #expect(composer.title == "New Message")
  }

  /// A long body scrolls between the rule and the buttons instead of covering them.
  @Test func aLongBodyScrollsAboveTheButtons() {
    let (composer, _, _) = Self.composer(recipients: ["a@x"], subject: "S", height: 10)
    composer.dispatch(.paste((1...12).map { "line \($0)" }.joined(separator: "\n")))
    let canvas = C.render(composer)
    #expect(composer.bodyEditor.frame.height == 5)
    #expect(
      Array(canvas.lines[3...9]) == [
        " line 8", " line 9", " line 10", " line 11", " line 12", "", " [ Send ] [ Cancel ]",
      ])
    #expect(canvas[8, 7].style.attributes.contains(.inverse))
  }
}
