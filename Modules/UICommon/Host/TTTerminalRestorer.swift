import Synchronization
import Three20Style

#if canImport(Glibc)
import Glibc
#endif

/// The terminal state that signal handlers and `atexit` need to put the terminal back.
///
/// A signal can arrive on any thread, at any instruction, so the handlers here may only call
/// async-signal-safe functions (`write`, `tcsetattr`, `sigaction`, `raise`) and touch memory
/// that needs no lock and no allocation. Everything they use is therefore kept in storage
/// that is allocated once and never freed, or in lock-free atomics:
///
/// - ``savedTermios``: the terminal settings before raw mode, written by the main actor
///   *before* ``active`` is set (release ordering) and read by handlers only *after* they
///   win ``active`` (acquire ordering), so a handler never sees a half-written value;
/// - ``restoreSequence``: the bytes that leave the alternate screen and show the cursor,
///   built once and never changed;
/// - ``previousActions``: the signal actions that were installed before ours, written only
///   while our handlers are not installed for that signal.
///
/// ``prepare()`` touches every static before any handler is installed, so no handler ever
/// runs a lazy initialiser.
enum TTTerminalRestorer {
  /// The bytes written to put the screen back: stop focus, paste and mouse reports (harmless
  /// when they were never asked for), reset colours, turn line wrap back on, show the cursor,
  /// leave the alternate screen.
  static let restoreText =
    "\u{1B}[?1004l\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"
    + "\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

  /// The bytes written on start: enter the alternate screen, hide the cursor, turn line wrap
  /// off (so writing the last cell never scrolls), clear.
  static let enterText = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[H\u{1B}[2J"

  /// Signals that end the program: restore, then re-raise with the default action.
  static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

  /// Signals of a crash: restore, then re-raise with the action that was there before ours
  /// (the default, or the Swift runtime's backtracer).
  static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE, SIGTRAP]

  // Storage used from signal handlers. Allocated once and never freed; see the type's
  // description for why handlers may read it.
  nonisolated(unsafe) static let savedTermios: UnsafeMutablePointer<termios> = {
    let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    pointer.initialize(to: termios())
    return pointer
  }()

  nonisolated(unsafe) static let restoreSequence: UnsafeMutableBufferPointer<UInt8> = {
    let bytes = Array(restoreText.utf8)
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = buffer.initialize(from: bytes)
    return buffer
  }()

  nonisolated(unsafe) static let previousActions: UnsafeMutablePointer<sigaction> = {
    let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(signalSlots))
    pointer.initialize(repeating: sigaction(), count: Int(signalSlots))
    return pointer
  }()

  /// One slot per signal number we may handle.
  static let signalSlots: Int32 = 65

  /// Whether the terminal is in our mode and must be restored.
  static let active = Atomic<Bool>(false)
  /// Whether ``savedTermios`` holds settings to restore (false when input is not a TTY).
  static let hasTermios = Atomic<Bool>(false)
  /// The file descriptor whose settings were changed.
  static let inputDescriptor = Atomic<Int32>(-1)
  /// The file descriptor the restore sequence is written to.
  static let outputDescriptor = Atomic<Int32>(-1)
  /// Set by SIGWINCH; the run loop clears it and reads the new size.
  static let resized = Atomic<Bool>(false)
  /// Whether our handlers are installed.
  static let handlersInstalled = Atomic<Bool>(false)
  /// Whether the `atexit` hook is registered (it stays for the life of the process).
  static let atexitRegistered = Atomic<Bool>(false)

  /// Whether SIGWINCH arrived since the last call; clears the flag.
  static func takeResize() -> Bool {
    resized.exchange(false, ordering: .relaxed)
  }

  /// Runs every lazy initialiser above, so handlers never do.
  static func prepare() {
    _ = signalSlots
    _ = savedTermios
    _ = restoreSequence
    _ = previousActions
    _ = active.load(ordering: .relaxed)
    _ = hasTermios.load(ordering: .relaxed)
    _ = inputDescriptor.load(ordering: .relaxed)
    _ = outputDescriptor.load(ordering: .relaxed)
    _ = resized.load(ordering: .relaxed)
    _ = handlersInstalled.load(ordering: .relaxed)
    _ = atexitRegistered.load(ordering: .relaxed)
  }

  /// Records the state to restore and installs the handlers.
  ///
  /// - Parameters:
  ///   - input: The descriptor whose settings were changed.
  ///   - output: The descriptor to write the restore sequence to.
  ///   - settings: The settings before raw mode, or `nil` when input is not a terminal.
  /// - Returns: `false` when another host is already active.
  static func activate(input: Int32, output: Int32, settings: termios?) -> Bool {
    prepare()
    guard !active.load(ordering: .acquiring) else { return false }
    if let settings {
      savedTermios.pointee = settings
      hasTermios.store(true, ordering: .relaxed)
    } else {
      hasTermios.store(false, ordering: .relaxed)
    }
    inputDescriptor.store(input, ordering: .relaxed)
    outputDescriptor.store(output, ordering: .relaxed)
    resized.store(false, ordering: .relaxed)
    active.store(true, ordering: .releasing)
    installHandlers()
    if !atexitRegistered.exchange(true, ordering: .relaxed) {
      atexit { TTTerminalRestorer.restore() }
    }
    return true
  }

  /// Puts the terminal back if it is still ours.
  ///
  /// Writes the restore sequence and the saved settings. Async-signal-safe; only the first
  /// call after ``activate(input:output:settings:)`` does anything.
  static func restore() {
    guard active.exchange(false, ordering: .acquiringAndReleasing) else { return }
    let output = outputDescriptor.load(ordering: .relaxed)
    var offset = 0
    while offset < restoreSequence.count {
      let written = write(output, restoreSequence.baseAddress! + offset, restoreSequence.count - offset)
      if written > 0 {
        offset += written
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        break
      }
    }
    if hasTermios.load(ordering: .relaxed) {
      _ = tcsetattr(inputDescriptor.load(ordering: .relaxed), TCSANOW, savedTermios)
    }
  }

  /// Installs our handlers, keeping the actions they replace.
  static func installHandlers() {
    guard !handlersInstalled.exchange(true, ordering: .acquiringAndReleasing) else { return }
    for signal in terminationSignals {
      install(signal, terminationHandler)
    }
    for signal in crashSignals {
      install(signal, crashHandler)
    }
    install(SIGWINCH, resizeHandler)
  }

  /// Puts back the actions our handlers replaced.
  static func uninstallHandlers() {
    guard handlersInstalled.exchange(false, ordering: .acquiringAndReleasing) else { return }
    for signal in terminationSignals + crashSignals + [SIGWINCH] where signal < signalSlots {
      _ = sigaction(signal, previousActions + Int(signal), nil)
    }
  }

  private static func install(_ signal: Int32, _ handler: @convention(c) (Int32) -> Void) {
    guard signal > 0, signal < signalSlots else { return }
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    _ = sigaction(signal, &action, previousActions + Int(signal))
  }
}

/// SIGINT, SIGTERM, SIGHUP, SIGQUIT: restore the terminal, then die of the signal as if we
/// had not caught it.
private let terminationHandler: @convention(c) (Int32) -> Void = { signal in
  TTTerminalRestorer.restore()
  var action = sigaction()
  action.__sigaction_handler.sa_handler = SIG_DFL
  sigemptyset(&action.sa_mask)
  _ = sigaction(signal, &action, nil)
  // Blocked while this handler runs; delivered, with the default action, when it returns.
  _ = raise(signal)
}

/// SIGSEGV and other crashes: restore the terminal, then hand the signal to whatever
/// handled it before us (the default action or the runtime's backtracer).
private let crashHandler: @convention(c) (Int32) -> Void = { signal in
  TTTerminalRestorer.restore()
  if signal > 0, signal < TTTerminalRestorer.signalSlots {
    _ = sigaction(signal, TTTerminalRestorer.previousActions + Int(signal), nil)
  }
  // A fault re-runs the faulting instruction on return; a raised signal is delivered again.
  _ = raise(signal)
}

/// SIGWINCH: note that the size changed; the run loop does the rest.
private let resizeHandler: @convention(c) (Int32) -> Void = { _ in
  TTTerminalRestorer.resized.store(true, ordering: .relaxed)
}
