import Three20Core
import Three20UICommon

extension TTWebController {
  /// The keys of the type's description; ``handleKey(_:)`` calls it.
  func handleWebKey(_ key: TTKey) -> Bool {
    if findPrompt != nil { return handlePromptKey(key) }
    if !digits.isEmpty, let used = handleDigitKey(key) { return used }
    if case .character(let character) = key, let digit = character.wholeNumberValue, character.isASCII {
      guard page?.links.isEmpty == false else { return false }
      digits = String(digit)
      notice = nil
      refreshViews()
      return true
    }
    let hadNotice = notice != nil
    notice = nil
    switch key {
    case .up, .character("k"): scroll(.lineUp)
    case .down, .character("j"): scroll(.lineDown)
    case .pageUp: scroll(.pageUp)
    case .pageDown, .character(" "): scroll(.pageDown)
    case .home, .character("g"): scroll(.home)
    case .end, .character("G"): scroll(.end)
    case .left: scrollSideways(by: -Self.sidewaysStep)
    case .right: scrollSideways(by: Self.sidewaysStep)
    case .tab: focusNextLink()
    case .backTab: focusPreviousLink()
    case .enter:
      if focusedLink != nil {
        followFocusedLink()
      } else if error != nil {
        reload()
      } else {
        return refused(key, hadNotice)
      }
    case .backspace, .character("B"):
      guard goBack() else { return refused(key, hadNotice) }
    case .character("F"):
      guard goForward() else { return refused(key, hadNotice) }
    case .character("r"): reload()
    case .character("R"): reload(bypassingCache: true)
    case .character("/"):
      guard page != nil else { return refused(key, hadNotice) }
      findPrompt = ""
      refreshViews()
    case .character("n"): findNext()
    case .character("N"): findPrevious()
    case .escape:
      guard cancelLoad() else { return refused(key, hadNotice) }
    default:
      return refused(key, hadNotice)
    }
    return true
  }

  /// A key the controller does not use: redraws if a notice was dropped, and passes it on.
  private func refused(_ key: TTKey, _ hadNotice: Bool) -> Bool {
    if hadNotice { refreshViews() }
    return false
  }

  /// Edits the find prompt.
  private func handlePromptKey(_ key: TTKey) -> Bool {
    switch key {
    case .enter:
      find(findPrompt ?? "")
    case .escape:
      findPrompt = nil
    case .backspace:
      if findPrompt?.isEmpty == true { findPrompt = nil } else { findPrompt?.removeLast() }
    case .character(let character):
      if (findPrompt?.count ?? 0) < 200 { findPrompt?.append(character) }
    default:
      break
    }
    refreshViews()
    return true
  }

  /// Adds to, follows or drops a link number; `nil` for keys that drop it and go on.
  private func handleDigitKey(_ key: TTKey) -> Bool? {
    switch key {
    case .character(let character) where character.isASCII && character.wholeNumberValue != nil:
      if digits.count < 9 { digits.append(character) }
    case .enter:
      let number = Int(digits) ?? 0
      digits = ""
      if let page, number >= 1, number <= page.links.count {
        followLink(at: number - 1)
      } else {
        notice = Status(.error, "There is no link \(number) on this page.")
      }
    case .escape:
      digits = ""
    case .backspace:
      digits.removeLast()
    default:
      digits = ""
      return nil
    }
    refreshViews()
    return true
  }
}
