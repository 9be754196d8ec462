import Testing
import Three20Table

@Suite("TTTableDiff")
struct TTTableDiffTests {
  /// Deletions, insertions, moves and updates are found by identity.
  @Test func findsAllKindsOfChange() {
    let old = [Note("a"), Note("b"), Note("c")]
    let new = [Note("c"), Note("a", text: "changed"), Note("d")]
    let diff = TTTableDiff(from: old, to: new)
    #expect(diff.deletions == [1])
    #expect(diff.insertions == [2])
    // One of "a" and "c" moved past the other; either is a smallest set of moves.
    #expect(diff.moves.count == 1)
    #expect([TTTableDiff.Change(from: 2, to: 0), TTTableDiff.Change(from: 0, to: 1)].contains(diff.moves[0]))
    #expect(diff.updates == [TTTableDiff.Change(from: 0, to: 1)])
    #expect(TTTableDiff(from: old, to: old).isEmpty)
  }

  /// Duplicate identities never crash; their occurrences match in order.
  @Test func duplicatesFallBackToPosition() {
    let old = [Note("x", text: "1"), Note("x", text: "2"), Note("y")]
    let new = [Note("x", text: "1"), Note("y"), Note("x", text: "2"), Note("x", text: "3")]
    let diff = TTTableDiff(from: old, to: new)
    #expect(diff.deletions.isEmpty)
    #expect(diff.insertions == [3])
    #expect(diff.updates.isEmpty)
    #expect(diff.moves.count == 1)
  }

  /// Applying the diff to the old identities gives the new ones, for random lists with
  /// duplicates.
  @Test(arguments: 1...40)
  func applyingTheDiffGivesTheNewList(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    func list() -> [Note] {
      (0..<Int.random(in: 0...12, using: &generator)).map { _ in
        Note(
          "\(Int.random(in: 0...6, using: &generator))", text: "\(Int.random(in: 0...1, using: &generator))")
      }
    }
    let old = list()
    let new = list()
    let diff = TTTableDiff(from: old, to: new)
    // Rebuild: insertions and moved items go to their new places; the items that stayed fill
    // the other places in their old order.
    var rebuilt = [String?](repeating: nil, count: new.count)
    let deleted = Set(diff.deletions)
    let moved = Set(diff.moves.map(\.from))
    let stayed = old.indices.filter { !deleted.contains($0) && !moved.contains($0) }
    for index in diff.insertions { rebuilt[index] = new[index].id }
    for change in diff.moves { rebuilt[change.to] = old[change.from].id }
    let free = rebuilt.indices.filter { rebuilt[$0] == nil }
    #expect(free.count == stayed.count)
    for (slot, from) in zip(free, stayed) { rebuilt[slot] = old[from].id }
    #expect(rebuilt.compactMap { $0 } == new.map(\.id))
    // Every update is a matched pair whose content differs.
    for change in diff.updates {
      #expect(old[change.from].id == new[change.to].id)
      #expect(old[change.from] != new[change.to])
    }
  }
}
