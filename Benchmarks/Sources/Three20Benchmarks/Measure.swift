import Foundation

/// One measured figure: the best of several runs, as a rate or a time.
struct Measurement {
  /// Seconds per run, best of all runs.
  let seconds: Double
}

/// Runs `body` until at least `minimumTime` has passed and at least `minimumRuns` runs were
/// made, after one warm-up run, and keeps the fastest run (the one least disturbed by the
/// rest of the machine).
func measure(minimumRuns: Int = 5, minimumTime: Double = 1.0, _ body: () -> Void) -> Measurement {
  body()
  let clock = ContinuousClock()
  var best = Double.infinity
  var runs = 0
  let start = clock.now
  while runs < minimumRuns || (clock.now - start) < .seconds(minimumTime) {
    let elapsed = clock.measure(body)
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    best = min(best, seconds)
    runs += 1
  }
  return Measurement(seconds: best)
}

/// Prints the closing line of a comparison. `higherIsBetter` is true for throughputs (the ratio
/// is ours / anchor) and false for times (the ratio is anchor / ours); either way a ratio above
/// 1 means ours is better.
func report(
  _ name: String, ours: Double, anchorName: String, anchor: Double, unit: String, higherIsBetter: Bool
) {
  let ratio = higherIsBetter ? ours / anchor : anchor / ours
  print(
    "BENCH \(name) ours=\(format(ours)) \(anchorName)=\(format(anchor)) unit=\(unit) ratio=\(format(ratio))")
}

func format(_ value: Double) -> String {
  String(format: value >= 100 ? "%.0f" : value >= 1 ? "%.2f" : "%.4f", value)
}

/// Keeps a value alive so the optimiser cannot drop the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
