import Testing
import Three20Core
import Three20Navigator
import Three20Style
import Three20UICommon

@MainActor
@Suite("TTNavigator")
struct TTNavigatorTests {
  let log = StackEventLog()
  let navigator: TTNavigator

  init() {
    navigator = TTNavigator(resolver: makeStackResolver(log))
  }

  /// Opening a URL pushes its controller, with its URL and the navigator as opener.
  @Test func openPushesTheControllerWithItsURLAndOpener() throws {
    let controller = try #require(navigator.open("tt://page/one"))
    #expect(controller.navigatorURL == "tt://page/one")
    #expect(controller.opener === navigator)
    #expect(navigator.stack.count == 1)
    #expect(navigator.visibleController === controller)
    #expect(navigator.topController === controller)
    #expect(navigator.url == "tt://page/one")
    #expect(navigator.modalStack.isEmpty)
    #expect(!navigator.canGoBack)
  }

  /// An unmatched URL opens nothing, returns nil and false, and is reported to the delegate.
  @Test func unmatchedURLOpensNothing() {
    let delegate = StackRecordingDelegate(log: log)
    navigator.delegate = delegate
    #expect(navigator.open("tt://nowhere") == nil)
    #expect(!navigator.openURL("tt://nowhere", query: [:]))
    #expect(navigator.stack.isEmpty)
    #expect(
      log.events.filter { $0.hasPrefix("didNotMatch") } == [
        "didNotMatch tt://nowhere", "didNotMatch tt://nowhere",
      ])
  }

  /// Empty and blank URLs open nothing and reach no hook.
  @Test(arguments: ["", "   ", "\n"])
  func emptyURLsOpenNothing(url: String) {
    let delegate = StackRecordingDelegate(log: log)
    navigator.delegate = delegate
    #expect(navigator.open(TTURLAction(url)) == nil)
    #expect(log.events.isEmpty)
  }

  /// Back pops one controller and stops at the root.
  @Test func backPopsAndKeepsTheRoot() {
    navigator.openURLs(["tt://page/one", "tt://page/two", "tt://page/three"])
    #expect(navigator.back())
    #expect(stackURLs(navigator.stack) == ["tt://page/one", "tt://page/two"])
    #expect(navigator.back())
    #expect(!navigator.back())
    #expect(stackURLs(navigator.stack) == ["tt://page/one"])
  }

  /// Back to root pops everything above the root, modal controllers too.
  @Test func backToRootKeepsOnlyTheRoot() {
    navigator.openURLs(["tt://page/one", "tt://page/two", "tt://compose", "tt://page/three"])
    #expect(navigator.backToRoot())
    #expect(stackURLs(navigator.stack) == ["tt://page/one"])
    #expect(navigator.modalStack.isEmpty)
    #expect(!navigator.backToRoot())
  }

  /// A modal route presents over the stack; later URLs push above it; dismissing removes all.
  @Test func modalControllersPresentOverTheStack() throws {
    navigator.openURLs(["tt://page/one", "tt://page/two"])
    let compose = try #require(navigator.open("tt://compose"))
    #expect(stackURLs(navigator.stack) == ["tt://page/one", "tt://page/two"])
    #expect(navigator.modalStack.map { $0 === compose } == [true])
    #expect(navigator.visibleController === compose)
    #expect(navigator.topController?.navigatorURL == "tt://page/two")
    #expect(navigator.isVisibleControllerModal)

    navigator.open("tt://page/inside")
    #expect(stackURLs(navigator.modalStack) == ["tt://compose", "tt://page/inside"])
    #expect(!navigator.isVisibleControllerModal)
    #expect(navigator.dismissModal())
    #expect(navigator.modalStack.isEmpty)
    #expect(navigator.visibleController?.navigatorURL == "tt://page/two")
    #expect(!navigator.dismissModal())
  }

  /// Back from a modal controller dismisses it.
  @Test func backDismissesAModalController() {
    navigator.openURLs(["tt://page/one", "tt://compose"])
    #expect(navigator.back())
    #expect(navigator.modalStack.isEmpty)
    #expect(stackURLs(navigator.stack) == ["tt://page/one"])
  }

  /// A modal route opened on an empty navigator becomes the root.
  @Test func modalOnEmptyNavigatorBecomesTheRoot() {
    navigator.open("tt://compose")
    #expect(stackURLs(navigator.stack) == ["tt://compose"])
    #expect(navigator.modalStack.isEmpty)
  }

  /// Pushing makes the old top disappear and the new one appear, interleaved as UIKit does.
  @Test func pushAndPopRunTheAppearanceLifecycle() throws {
    navigator.open("tt://page/one")
    #expect(log.events == ["make one", "one willAppear", "one didAppear"])
    log.events = []
    let two = try #require(navigator.open("tt://page/two"))
    #expect(
      log.events == ["make two", "one willDisappear", "two willAppear", "one didDisappear", "two didAppear"])
    log.events = []
    navigator.back()
    #expect(log.events == ["two willDisappear", "one willAppear", "two didDisappear", "one didAppear"])
    #expect(two.appearanceState == .disappeared)
  }

  /// While the navigator is off screen no controller appears; coming back shows the visible one.
  @Test func offScreenNavigatorMakesNothingAppear() throws {
    navigator.isOnScreen = false
    let one = try #require(navigator.open("tt://page/one"))
    #expect(one.appearanceState == .disappeared)
    navigator.isOnScreen = true
    #expect(one.appearanceState == .appeared)
    navigator.isOnScreen = false
    #expect(one.appearanceState == .disappeared)
  }

  /// A deep link opens its parents first, and only the final controller appears.
  @Test func deepLinkBuildsItsParentChain() {
    navigator.open("tt://tables/items")
    #expect(stackURLs(navigator.stack) == ["tt://catalog", "tt://tables", "tt://tables/items"])
    #expect(
      log.events == ["make catalog", "make tables", "make items", "items willAppear", "items didAppear"])
  }

  /// A parent already on the stack is popped back to rather than opened again.
  @Test func parentOnTheStackIsReused() throws {
    let catalog = try #require(navigator.open("tt://catalog"))
    navigator.open("tt://page/elsewhere")
    navigator.open("tt://tables")
    #expect(stackURLs(navigator.stack) == ["tt://catalog", "tt://tables"])
    #expect(navigator.stack.first === catalog)
  }

  /// An action's parent URL overrides the route's.
  @Test func actionParentOverridesTheRouteParent() {
    navigator.open(TTURLAction("tt://tables", parentURL: "tt://page/home"))
    #expect(stackURLs(navigator.stack) == ["tt://page/home", "tt://tables"])
  }

  /// A shared controller is made once; reopening it brings the same one back.
  @Test func sharedControllersAreReused() throws {
    let catalog = try #require(navigator.open("tt://catalog"))
    let settings = try #require(navigator.open("tt://settings"))
    navigator.open("tt://page/one")
    #expect(navigator.open("tt://settings") === settings)
    #expect(stackURLs(navigator.stack) == ["tt://catalog", "tt://settings"])
    navigator.back()
    #expect(navigator.open("tt://settings") === settings)
    #expect(navigator.open("tt://catalog") === catalog)
    #expect(stackURLs(navigator.stack) == ["tt://catalog"])
    #expect(log.events.filter { $0.hasPrefix("make") } == ["make catalog", "make settings", "make one"])
  }

  /// Forgetting everything also forgets shared controllers.
  @Test func removeAllControllersForgetsSharedOnes() throws {
    let catalog = try #require(navigator.open("tt://catalog"))
    navigator.removeAllControllers()
    #expect(navigator.stack.isEmpty)
    #expect(navigator.open("tt://catalog") !== catalog)
  }

  /// Query objects reach the factory and do not change the URL.
  @Test func queryObjectsReachTheFactory() throws {
    struct Draft: Sendable, Equatable { var text: String }
    let opened = try #require(
      navigator.open(TTURLAction("tt://page/q", query: ["draft": Draft(text: "hi"), "n": 42]))
        as? StackProbeController)
    #expect(opened.query["draft"] as? Draft == Draft(text: "hi"))
    #expect(opened.query["n"] as? Int == 42)
    #expect(opened.navigatorURL == "tt://page/q")
  }

  /// An action's state is the controller's frozen state before it appears.
  @Test func actionStateIsSetBeforeAppearing() throws {
    let opened = try #require(
      navigator.open(TTURLAction("tt://page/s", state: ["row": "3"])) as? StackProbeController)
    #expect(opened.stateAtAppear == ["row": "3"])
    #expect(opened.frozenState == ["row": "3"])
  }

  /// Handler routes run the handler with the query objects and push nothing.
  @Test func handlerRoutesPushNothing() {
    #expect(navigator.openURL("tt://action", query: ["n": 7]))
    #expect(log.events == ["handle tt://action 7"])
    #expect(navigator.stack.isEmpty)
    #expect(navigator.open("tt://action") == nil)
    #expect(!navigator.openURL("tt://refuse", query: [:]))
  }

  /// A `.none` controller route makes the controller without showing it.
  @Test func noneModeMakesButDoesNotPush() throws {
    let object = try #require(navigator.open("tt://object"))
    #expect(object.navigatorURL == "tt://object")
    #expect(navigator.stack.isEmpty)
    #expect(object.appearanceState == .disappeared)
    #expect(navigator.openURL("tt://object", query: [:]))
  }

  /// A factory that declines opens nothing.
  @Test func decliningFactoryOpensNothing() {
    #expect(navigator.open("tt://decline") == nil)
    #expect(navigator.stack.isEmpty)
  }

  /// Routes whose parents form a loop open without hanging.
  @Test func parentLoopsAreCut() {
    navigator.open("tt://loop/a")
    #expect(stackURLs(navigator.stack) == ["tt://loop/b", "tt://loop/a"])
  }

  /// The hooks run in order, parents' hooks before the URL's own willOpen.
  @Test func delegateHooksRunInOrder() {
    let delegate = StackRecordingDelegate(log: log)
    navigator.delegate = delegate
    navigator.open("tt://tables")
    #expect(
      log.events == [
        "shouldOpen tt://tables", "urlToOpen tt://tables",
        "shouldOpen tt://catalog", "urlToOpen tt://catalog", "make catalog", "willOpen tt://catalog",
        "make tables", "willOpen tt://tables",
        "tables willAppear", "tables didAppear",
      ])
  }

  /// A rewritten URL is the one opened, resolved and stored.
  @Test func delegateMayRewriteTheURL() throws {
    let delegate = StackRecordingDelegate(log: log)
    delegate.rewrites = ["tt://old": "tt://page/new"]
    navigator.delegate = delegate
    let opened = try #require(navigator.open("tt://old"))
    #expect(opened.navigatorURL == "tt://page/new")
    #expect(
      log.events.prefix(4) == [
        "shouldOpen tt://old", "urlToOpen tt://old", "make new", "willOpen tt://page/new",
      ])
  }

  /// Cancelling in urlToOpen stops before anything is made.
  @Test func delegateMayCancel() {
    let delegate = StackRecordingDelegate(log: log)
    delegate.cancelled = ["tt://page/x"]
    navigator.delegate = delegate
    #expect(navigator.open("tt://page/x") == nil)
    #expect(log.events == ["shouldOpen tt://page/x", "urlToOpen tt://page/x"])
  }

  /// Refusing in shouldOpen stops before urlToOpen.
  @Test func delegateMayRefuse() {
    let delegate = StackRecordingDelegate(log: log)
    delegate.refused = ["tt://page/x"]
    navigator.delegate = delegate
    #expect(!navigator.openURL("tt://page/x", query: [:]))
    #expect(log.events == ["shouldOpen tt://page/x"])
  }

  /// Unmatched URLs go through shouldOpen and urlToOpen, then didNotMatch.
  @Test func didNotMatchComesAfterTheOtherHooks() {
    let delegate = StackRecordingDelegate(log: log)
    navigator.delegate = delegate
    navigator.open("tt://missing")
    #expect(log.events == ["shouldOpen tt://missing", "urlToOpen tt://missing", "didNotMatch tt://missing"])
  }

  /// A fragment alone, or the visible URL with a fragment, goes to the visible controller.
  @Test func fragmentsGoToTheVisibleController() throws {
    let page = try #require(navigator.open("tt://page/article") as? StackProbeController)
    #expect(navigator.open("#comments") === page)
    #expect(navigator.openURL("tt://page/article#second%20part", query: [:]))
    #expect(page.fragments == ["comments", "second part"])
    #expect(navigator.stack.count == 1)
  }

  /// A fragment the visible controller does not use, or cannot take, is not opened.
  @Test func unusedFragmentsAreNotOpened() throws {
    let page = try #require(navigator.open("tt://page/article") as? StackProbeController)
    page.handlesFragments = false
    #expect(!navigator.openURL("#x", query: [:]))
    navigator.open("tt://plain")
    #expect(!navigator.openURL("#x", query: [:]))
    #expect(navigator.stack.count == 2)
  }

  /// A fragment with nothing visible matches nothing.
  @Test func fragmentWithoutVisibleControllerMatchesNothing() {
    let delegate = StackRecordingDelegate(log: log)
    navigator.delegate = delegate
    #expect(navigator.open("#top") == nil)
    #expect(log.events == ["didNotMatch #top"])
  }

  /// A fragment on another URL opens that URL normally.
  @Test func fragmentOnAnotherURLOpensIt() throws {
    navigator.open("tt://page/one")
    let other = try #require(navigator.open("tt://page/two#x") as? StackProbeController)
    #expect(other.navigatorURL == "tt://page/two#x")
    #expect(navigator.stack.count == 2)
  }

  /// openURLs opens each URL in turn as one change: only the last appears.
  @Test func openURLsOpensAChain() throws {
    let last = try #require(navigator.openURLs(["tt://page/one", "tt://nowhere", "tt://page/two"]))
    #expect(last.navigatorURL == "tt://page/two")
    #expect(stackURLs(navigator.stack) == ["tt://page/one", "tt://page/two"])
    #expect(log.events.filter { $0.contains("Appear") } == ["two willAppear", "two didAppear"])
    #expect(navigator.openURLs([]) == nil)
  }

  /// The navigator can be the global opener, and controllers open URLs through it.
  @Test func controllersOpenThroughTheNavigator() throws {
    let page = try #require(navigator.open("tt://page/one"))
    #expect(page.opener?.openURL("tt://page/two", query: [:]) == true)
    #expect(navigator.stack.count == 2)
  }
}
