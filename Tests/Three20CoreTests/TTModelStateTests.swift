import Testing
import Three20Core

private let failure = TTModelFailure(TTCoreError(.missingValue, "timed out"))

/// A state with the flags Three20 would have reported for it.
private struct Flags: Sendable, CustomTestStringConvertible {
  let state: TTModelState
  let loaded: Bool
  let loading: Bool
  let loadingMore: Bool
  let outdated: Bool
  let error: TTModelFailure?
  let description: String

  var testDescription: String { description }
}

private let table: [Flags] = [
  Flags(
    state: .idle(error: nil), loaded: false, loading: false, loadingMore: false, outdated: false,
    error: nil, description: "idle"),
  Flags(
    state: .idle(error: failure), loaded: false, loading: false, loadingMore: false,
    outdated: false, error: failure, description: "idle(error: timed out)"),
  Flags(
    state: .loading, loaded: false, loading: true, loadingMore: false, outdated: false, error: nil,
    description: "loading"),
  Flags(
    state: .loaded(outdated: false, error: nil), loaded: true, loading: false, loadingMore: false,
    outdated: false, error: nil, description: "loaded"),
  Flags(
    state: .loaded(outdated: true, error: failure), loaded: true, loading: false,
    loadingMore: false, outdated: true, error: failure,
    description: "loaded(outdated, error: timed out)"),
  Flags(
    state: .loaded(outdated: false, error: failure), loaded: true, loading: false,
    loadingMore: false, outdated: false, error: failure, description: "loaded(error: timed out)"),
  Flags(
    state: .refreshing(outdated: false, more: false), loaded: true, loading: true,
    loadingMore: false, outdated: false, error: nil, description: "refreshing"),
  Flags(
    state: .refreshing(outdated: true, more: true), loaded: true, loading: true,
    loadingMore: true, outdated: true, error: nil, description: "refreshing(outdated, more)"),
  Flags(
    state: .refreshing(outdated: false, more: true), loaded: true, loading: true,
    loadingMore: true, outdated: false, error: nil, description: "refreshing(more)"),
]

@Suite struct TTModelStateTests {
  /// Each case reports Three20's flags, its error and a readable description.
  @Test(arguments: table)
  fileprivate func flagsFollowTheCase(_ expected: Flags) {
    let state = expected.state
    #expect(state.isLoaded == expected.loaded)
    #expect(state.hasContent == expected.loaded)
    #expect(state.isLoading == expected.loading)
    #expect(state.isLoadingMore == expected.loadingMore)
    #expect(state.isOutdated == expected.outdated)
    #expect(state.error == expected.error)
    #expect(state.description == expected.description)
  }

  /// States with different payloads are different.
  @Test func payloadsTakePartInEquality() {
    #expect(TTModelState.idle(error: nil) != .idle(error: failure))
    #expect(TTModelState.loaded(outdated: true, error: nil) != .loaded(outdated: false, error: nil))
    #expect(TTModelState.refreshing(outdated: false, more: true) != .refreshing(outdated: false, more: false))
    #expect(TTModelState.loading == .loading)
  }
}
