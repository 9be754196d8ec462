import Testing
import Three20Core

@Suite("TTObserverList")
@MainActor
struct TTObserverListTests {
  /// Observers are told in the order they were added, each with the value.
  @Test func observersAreToldInOrder() {
    let list = TTObserverList<Int>()
    var told: [String] = []
    list.add { told.append("first \($0)") }
    list.add { told.append("second \($0)") }
    list.notify(7)
    #expect(told == ["first 7", "second 7"])
  }

  /// A removed observer is not told again; removing it twice changes nothing.
  @Test func removedObserverIsNotTold() {
    let list = TTObserverList<Int>()
    var count = 0
    let observation = list.add { _ in count += 1 }
    list.notify(1)
    list.remove(observation)
    list.remove(observation)
    list.notify(2)
    #expect(count == 1)
    #expect(list.isEmpty)
  }

  /// An observer that removes a later one while being told keeps that one from being told.
  @Test func observerRemovedDuringNotifyIsSkipped() {
    let list = TTObserverList<Void>()
    let later = ObservationSlot()
    var laterCalls = 0
    list.add { if let observation = later.observation { list.remove(observation) } }
    later.observation = list.add { laterCalls += 1 }
    list.notify(())
    #expect(laterCalls == 0)
  }

  /// An observer added while others are being told is told from the next change on.
  @Test func observerAddedDuringNotifyWaitsForTheNextChange() {
    let list = TTObserverList<Int>()
    var added: [Int] = []
    var once = true
    list.add { _ in
      if once {
        once = false
        list.add { added.append($0) }
      }
    }
    list.notify(1)
    list.notify(2)
    #expect(added == [2])
  }

  /// Registrations are distinct, even for the same closure.
  @Test func registrationsAreDistinct() {
    let list = TTObserverList<Int>()
    let body: @MainActor (Int) -> Void = { _ in }
    #expect(list.add(body) != list.add(body))
  }
}

/// A registration made after the closure that removes it, so the closure holds it by reference.
@MainActor
final class ObservationSlot {
  var observation: TTObservation?
}
