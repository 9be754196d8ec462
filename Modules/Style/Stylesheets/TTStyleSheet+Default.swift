extension TTStyleSheet {
  /// The stylesheet Three20 apps start from, for a terminal: Three20's `TTDefaultStyleSheet`.
  ///
  /// It keeps Three20's names for colours, values and styles, with values chosen for a
  /// terminal with a dark background: sizes are cells, toolbars and bars are one row, and
  /// text colours are light. ``current`` starts as this sheet. To change part of it, lay your
  /// own entries over it:
  ///
  /// ```swift
  /// var sheet = TTStyleSheet.default
  /// sheet.setColor(TTColor(red: 0, green: 135, blue: 95), named: "linkTextColor")
  /// TTStyleSheet.current = sheet
  ///
  /// TTStyleSheet.default.value(named: "tableRowHeight")                // 1
  /// TTStyleSheet.default.style(named: "tab", for: .selected) != nil    // true
  /// ```
  ///
  /// The full list of its colours, values and styles, with what each is for, is in the
  /// <doc:Stylesheets> article. Besides Three20's names it has a few of its own:
  /// `tableSelection` (the look of a selected table row: Three20's `selectionFillStyle:` with
  /// the highlighted text colour), `tableBanner` (a one-row banner above a table),
  /// `activityLabel`, and metrics such as `tableRowHeight` that Three20 kept as constants.
  public static let `default`: TTStyleSheet = TTDefaultStyleSheetBuilder.make()
}

/// Builds ``TTStyleSheet/default``.
private enum TTDefaultStyleSheetBuilder {
  static func make() -> TTStyleSheet {
    var sheet = TTStyleSheet()
    for (name, color) in colors { sheet.setColor(color, named: name) }
    for (name, value) in values { sheet.setValue(value, named: name) }
    for (name, states) in styles() {
      for (state, style) in states { sheet.setStyle(style, named: name, for: state) }
    }
    return sheet
  }

  // MARK: - Colours

  static let textColor = TTColor(red: 220, green: 220, blue: 220)
  static let linkTextColor = TTColor(red: 95, green: 135, blue: 215)
  static let toolbarTintColor = TTColor(red: 109, green: 132, blue: 162)
  static let searchBarTintColor = TTColor(red: 78, green: 78, blue: 78)
  static let tableHeaderTintColor = TTColor(red: 88, green: 98, blue: 112)
  static let tabTintColor = TTColor(red: 68, green: 72, blue: 80)
  static let tabBarTintColor = TTColor(red: 119, green: 140, blue: 168)
  static let tableActivityTextColor = TTColor(red: 150, green: 160, blue: 176)
  static let fieldBackgroundColor = TTColor(red: 28, green: 28, blue: 28)
  static let badgeColor = TTColor(red: 221, green: 17, blue: 27)

  static let colors: [(String, TTColor)] = [
    ("textColor", textColor),
    ("highlightedTextColor", .white),
    ("placeholderTextColor", TTColor(red: 128, green: 128, blue: 128)),
    ("backgroundColor", .black),
    ("backgroundTextColor", TTColor(red: 170, green: 170, blue: 170)),
    ("screenBackgroundColor", TTColor.black.withAlpha(0.8)),
    ("linkTextColor", linkTextColor),
    ("timestampTextColor", TTColor(red: 95, green: 175, blue: 255)),
    ("moreLinkTextColor", TTColor(red: 95, green: 175, blue: 255)),
    ("navigationBarTintColor", TTColor(red: 119, green: 140, blue: 168)),
    ("toolbarTintColor", toolbarTintColor),
    ("searchBarTintColor", searchBarTintColor),
    ("tablePlainBackgroundColor", .clear),
    ("tableGroupedBackgroundColor", fieldBackgroundColor),
    ("searchTableBackgroundColor", TTColor(red: 38, green: 38, blue: 38)),
    ("searchTableSeparatorColor", TTColor(red: 78, green: 78, blue: 78)),
    ("tableSeparatorColor", TTColor(red: 68, green: 68, blue: 68)),
    ("tableHeaderTextColor", .white),
    ("tableHeaderTintColor", tableHeaderTintColor),
    ("tableSubTextColor", TTColor(red: 138, green: 148, blue: 165)),
    ("tableTitleTextColor", TTColor(red: 150, green: 160, blue: 176)),
    ("tableActivityTextColor", tableActivityTextColor),
    ("tableErrorTextColor", TTColor(red: 150, green: 156, blue: 165)),
    ("tableRefreshHeaderBackgroundColor", TTColor(red: 38, green: 42, blue: 48)),
    ("tableRefreshHeaderTextColor", TTColor(red: 138, green: 150, blue: 170)),
    ("tabTintColor", tabTintColor),
    ("tabBarTintColor", tabBarTintColor),
    ("messageFieldTextColor", TTColor(red: 128, green: 128, blue: 128)),
    ("messageFieldSeparatorColor", TTColor(red: 100, green: 100, blue: 100)),
    ("thumbnailBackgroundColor", TTColor(red: 38, green: 38, blue: 38)),
    ("postButtonColor", TTColor(red: 117, green: 144, blue: 181)),
    ("photoCaptionTextColor", .white),
  ]

  // MARK: - Values

  static let values: [(String, Int)] = [
    ("tableBannerViewHeight", 1),
    ("tableRowHeight", 1),
    ("tableSubtitleRowHeight", 2),
    ("tableMessageRowHeight", 3),
    ("tableHeaderHeight", 1),
    ("tableMargin", 1),
    ("tableSmallMargin", 1),
    ("tableSpacing", 1),
    ("tableHPadding", 1),
    ("tableVPadding", 0),
    ("tableMessageTextLines", 2),
    ("tableRefreshHeaderHeight", 2),
    ("navigationBarHeight", 1),
    ("toolbarHeight", 1),
    ("tabBarHeight", 1),
    ("searchBarHeight", 1),
    ("textBarHeight", 3),
    ("launcherButtonWidth", 12),
    ("launcherButtonHeight", 4),
  ]

  // MARK: - Styles

  /// The colour with each component rounded to a whole byte, so that colours worked out from
  /// others read as plain `#rrggbb` in the sheet's ``TTStyleSheet/css``.
  private static func wholeBytes(_ color: TTColor) -> TTColor {
    let (red, green, blue) = color.rgb8
    return TTColor(red: Int(red), green: Int(green), blue: Int(blue), alpha: color.alpha)
  }

  typealias States = [(TTControlState, TTStyle)]

  private static let horizontalPadding = TTBoxStyle(TTBox(padding: TTEdgeInsets(vertical: 0, horizontal: 1)))
  private static let round = TTShape.rounded(TTCornerRadii.fullyRound)

  private static func text(
    _ color: TTColor?, _ attributes: TTTextAttributes = [], alignment: TTTextLook.Alignment = .left
  ) -> TTTextStyle {
    TTTextStyle(TTTextLook(color: color, attributes: attributes, alignment: alignment))
  }

  /// A box with rounded corners filled with `color`: the highlighted link and the bezels.
  private static func roundedFill(_ color: TTColor) -> TTStyle {
    TTStyle {
      TTShapeStyle(.rounded(1))
      TTSolidFillStyle(color)
    }
  }

  /// The same style for every state.
  private static func always(_ style: TTStyle) -> States {
    [(.normal, style)]
  }

  static func styles() -> [(String, States)] {
    var styles: [(String, States)] = [
      ("linkText", linkText()),
      ("linkHighlighted", always(roundedFill(TTColor.black.withAlpha(0.25)))),
      ("toolbarButton", toolbarButton(shape: .rounded(1), tint: toolbarTintColor)),
      ("toolbarBackButton", toolbarButton(shape: .roundedLeftArrow(radius: 1), tint: toolbarTintColor)),
      ("toolbarForwardButton", toolbarButton(shape: .roundedRightArrow(radius: 1), tint: toolbarTintColor)),
      ("toolbarRoundButton", toolbarButton(shape: round, tint: toolbarTintColor)),
      ("blackToolbarButton", toolbarButton(shape: .rounded(1), tint: TTColor(red: 10, green: 10, blue: 10))),
      ("grayToolbarButton", toolbarButton(shape: .rounded(1), tint: TTColor(red: 40, green: 40, blue: 40))),
      (
        "blackToolbarForwardButton",
        toolbarButton(shape: .roundedRightArrow(radius: 1), tint: TTColor(red: 10, green: 10, blue: 10))
      ),
      ("blackToolbarRoundButton", toolbarButton(shape: round, tint: TTColor(red: 10, green: 10, blue: 10))),
      ("searchTextField", always(field(shape: round))),
      ("searchBar", always(bar(tint: searchBarTintColor, border: TTFourBorder(bottom: searchBarShadow)))),
      ("searchBarBottom", always(bar(tint: searchBarTintColor, border: TTFourBorder(top: searchBarShadow)))),
      (
        "blackSearchBar",
        always(
          TTStyle {
            TTLinearGradientFillStyle(
              TTColor(red: 102, green: 102, blue: 102, alpha: 0.6), TTColor.black.withAlpha(0.8))
            TTFourBorderStyle(TTFourBorder(bottom: TTColor.black.withAlpha(0.8)))
          })
      ),
      (
        "tableHeader",
        always(
          TTStyle {
            TTLinearGradientFillStyle(
              wholeBytes(tableHeaderTintColor.multiplying(value: 1.1)), tableHeaderTintColor)
            horizontalPadding
            text(.white, .bold)
          })
      ),
      (
        "tableSelection",
        always(
          TTStyle {
            TTLinearGradientFillStyle(
              TTColor(red: 5, green: 140, blue: 245), TTColor(red: 1, green: 93, blue: 230))
            text(.white)
          })
      ),
      ("tableReloadButton", tableReloadButton()),
      ("activityLabel", always(TTStyle(text(tableActivityTextColor, alignment: .center)))),
      ("pickerCell", pickerCell()),
      ("blackBezel", always(roundedFill(TTColor.black.withAlpha(0.7)))),
      (
        "whiteBezel",
        always(roundedFill(.white).appending(TTSolidBorderStyle(TTColor(red: 178, green: 178, blue: 178))))
      ),
      ("blackBanner", always(blackBanner)),
      ("tableBanner", always(blackBanner.appending(horizontalPadding).appending(text(.white, .bold)))),
      ("badge", always(badge(fill: TTReflectiveFillStyle(badgeColor).style, padding: true, border: false))),
      ("miniBadge", always(badge(fill: TTSolidFillStyle(badgeColor).style, padding: false, border: false))),
      (
        "largeBadge",
        always(badge(fill: TTReflectiveFillStyle(badgeColor).style, padding: true, border: true))
      ),
      (
        "tabBar",
        always(
          TTStyle {
            TTSolidFillStyle(tabBarTintColor)
            TTFourBorderStyle(
              TTFourBorder(bottom: wholeBytes(tabBarTintColor.multiplying(saturation: 0, value: 0.7))))
          })
      ),
      (
        "tabStrip",
        always(
          TTStyle {
            TTReflectiveFillStyle(tabTintColor)
            TTFourBorderStyle(
              TTFourBorder(bottom: wholeBytes(tabTintColor.multiplying(saturation: 0, value: 0.4))))
          })
      ),
      (
        "tabGrid",
        always(
          TTStyle {
            TTShapeStyle(.rounded(1))
            TTLinearGradientFillStyle(
              wholeBytes(tabTintColor.multiplying(saturation: 0.9, value: 1.1)), tabTintColor)
            TTSolidBorderStyle(wholeBytes(tabTintColor.multiplying(saturation: 1.1, value: 0.86)))
          })
      ),
      ("tab", tab()),
      ("tabRound", tabRound()),
      (
        "tabOverflowLeft",
        always(TTStyle(TTImageStyle(TTImageLook(alternateText: "<", contentMode: .center))))
      ),
      (
        "tabOverflowRight",
        always(TTStyle(TTImageStyle(TTImageLook(alternateText: ">", contentMode: .center))))
      ),
      (
        "rounded",
        always(
          TTStyle {
            TTShapeStyle(.rounded(1))
            TTContentStyle()
          })
      ),
      ("pageDot", pageDot()),
      ("launcherPageDot", pageDot()),
      ("launcherButton", launcherButton()),
      ("launcherButtonImage", TTControlState.allCases.map { ($0, launcherButtonImage($0)) }),
      ("launcherCloseButton", always(launcherCloseButton())),
      ("launcherCloseButtonImage", always(launcherCloseButtonImage)),
      (
        "textBar",
        always(
          bar(
            top: TTColor(red: 58, green: 58, blue: 58), bottom: TTColor(red: 38, green: 38, blue: 38),
            border: TTFourBorder(top: TTColor(red: 98, green: 98, blue: 98))))
      ),
      (
        "textBarFooter",
        always(
          bar(
            top: TTColor(red: 38, green: 38, blue: 38), bottom: fieldBackgroundColor,
            border: TTFourBorder(top: TTColor(red: 78, green: 78, blue: 78))))
      ),
      ("textBarTextField", always(field(shape: .rounded(1)))),
      ("textBarPostButton", textBarPostButton()),
      ("postTextEditor", always(field(shape: .rounded(1)))),
    ]
    styles.sort { $0.0 < $1.0 }
    return styles
  }

  private static let searchBarShadow = wholeBytes(searchBarTintColor.multiplying(saturation: 0, value: 0.82))

  private static func linkText() -> States {
    let look = text(linkTextColor, .underline)
    return [
      (.normal, TTStyle(look)),
      (
        .highlighted,
        TTStyle {
          TTSolidFillStyle(TTColor(red: 191, green: 191, blue: 191))
          look
        }
      ),
    ]
  }

  /// A fill colour for a toolbar button of `tint` in a state, as Three20 worked it out:
  /// darker when pressed, a little richer otherwise.
  private static func toolbarButtonColor(_ tint: TTColor, _ state: TTControlState) -> TTColor {
    wholeBytes(toolbarButtonColorUnrounded(tint, state))
  }

  private static func toolbarButtonColorUnrounded(_ tint: TTColor, _ state: TTControlState) -> TTColor {
    switch state {
    case .highlighted, .selected:
      if tint.value < 0.2 { return tint.adding(value: 0.2) }
      if tint.saturation > 0.3 { return tint.multiplying(value: 0.4) }
      return tint.multiplying(saturation: 2.3, value: 0.64)
    case .normal, .disabled:
      if tint.saturation < 0.5 { return tint.multiplying(saturation: 1.6, value: 0.97) }
      return tint.multiplying(saturation: 1.25, value: 0.75)
    }
  }

  private static func toolbarButton(shape: TTShape, tint: TTColor) -> States {
    TTControlState.allCases.map { state in
      let textColor = state == .disabled ? TTColor.white.withAlpha(0.4) : TTColor.white
      return (
        state,
        TTStyle {
          TTShapeStyle(shape)
          TTReflectiveFillStyle(toolbarButtonColor(tint, state))
          horizontalPadding
          text(textColor, .bold, alignment: .center)
        }
      )
    }
  }

  private static func field(shape: TTShape) -> TTStyle {
    TTStyle {
      TTShapeStyle(shape)
      TTSolidFillStyle(fieldBackgroundColor)
      horizontalPadding
      text(textColor)
    }
  }

  private static func bar(tint: TTColor, border: TTFourBorder) -> TTStyle {
    bar(top: wholeBytes(tint.multiplying(saturation: 0, value: 1.2)), bottom: tint, border: border)
  }

  private static func bar(top: TTColor, bottom: TTColor, border: TTFourBorder) -> TTStyle {
    TTStyle {
      TTLinearGradientFillStyle(top, bottom)
      TTFourBorderStyle(border)
    }
  }

  private static func tableReloadButton() -> States {
    let normal = TTStyle {
      horizontalPadding
      text(linkTextColor, .bold, alignment: .center)
    }
    let pressed = TTStyle {
      TTShapeStyle(.rounded(1))
      TTSolidFillStyle(linkTextColor)
      horizontalPadding
      text(.white, .bold, alignment: .center)
    }
    return [(.normal, normal), (.highlighted, pressed)]
  }

  private static func pickerCell() -> States {
    func cell(_ top: TTColor, _ bottom: TTColor, _ color: TTColor) -> TTStyle {
      TTStyle {
        TTShapeStyle(round)
        TTLinearGradientFillStyle(top, bottom)
        horizontalPadding
        text(color)
      }
    }
    return [
      (
        .normal, cell(TTColor(red: 58, green: 68, blue: 88), TTColor(red: 48, green: 58, blue: 78), textColor)
      ),
      (
        .selected,
        cell(TTColor(red: 79, green: 144, blue: 255), TTColor(red: 49, green: 90, blue: 255), .white)
      ),
    ]
  }

  private static let blackBanner = TTStyle {
    TTSolidFillStyle(TTColor.black.withAlpha(0.5))
    TTFourBorderStyle(TTFourBorder(top: .black))
  }

  private static func badge(fill: TTStyle, padding: Bool, border: Bool) -> TTStyle {
    TTStyle {
      TTShapeStyle(round)
      fill
      if border { TTSolidBorderStyle(.white) }
      if padding { horizontalPadding }
      text(.white, .bold, alignment: .center)
    }
  }

  private static func tab() -> States {
    let look = text(textColor, .bold, alignment: .center)
    let topRounded = TTShape.roundedRectangle(
      TTCornerRadii(topLeft: 1, topRight: 1, bottomRight: 0, bottomLeft: 0))
    return [
      (
        .normal,
        TTStyle {
          horizontalPadding
          text(.white, .bold, alignment: .center)
        }
      ),
      (
        .highlighted,
        TTStyle {
          TTShapeStyle(topRounded)
          TTSolidFillStyle(tabTintColor)
          horizontalPadding
          look
        }
      ),
      (
        .selected,
        TTStyle {
          TTShapeStyle(topRounded)
          TTReflectiveFillStyle(tabTintColor)
          horizontalPadding
          look
        }
      ),
    ]
  }

  private static func tabRound() -> States {
    let selectedLook = text(.white, .bold, alignment: .center)
    return [
      (
        .normal,
        TTStyle {
          horizontalPadding
          text(linkTextColor, .bold, alignment: .center)
        }
      ),
      (
        .highlighted,
        TTStyle {
          TTShapeStyle(round)
          TTSolidFillStyle(wholeBytes(tabBarTintColor.shadow))
          horizontalPadding
          selectedLook
        }
      ),
      (
        .selected,
        TTStyle {
          TTShapeStyle(round)
          TTReflectiveFillStyle(tabBarTintColor)
          horizontalPadding
          selectedLook
        }
      ),
    ]
  }

  private static func pageDot() -> States {
    func dot(_ color: TTColor) -> TTStyle {
      TTStyle {
        TTBoxStyle(TTBox(margin: TTEdgeInsets(right: 1), minimumSize: TTSize(width: 1, height: 1)))
        TTShapeStyle(round)
        TTSolidFillStyle(color)
      }
    }
    return [(.normal, dot(TTColor(red: 77, green: 77, blue: 77))), (.selected, dot(.white))]
  }

  private static func launcherButtonImage(_ state: TTControlState) -> TTStyle {
    TTStyle {
      TTBoxStyle(TTBox(margin: TTEdgeInsets(bottom: 1)))
      TTShapeStyle(.rounded(1))
      TTImageStyle(TTImageLook(contentMode: .center))
      if state == .highlighted || state == .selected {
        TTBlendStyle(.darken)
        TTSolidFillStyle(TTColor.black.withAlpha(0.5))
      }
    }
  }

  private static func launcherButton() -> States {
    TTControlState.allCases.map { state in
      (
        state,
        TTStyle {
          TTPartStyle("image", style: launcherButtonImage(state))
          text(TTColor(red: 180, green: 180, blue: 180), .bold, alignment: .center)
        }
      )
    }
  }

  private static let launcherCloseButtonImage = TTStyle(
    TTImageStyle(TTImageLook(alternateText: "x", size: TTSize(width: 1, height: 1), contentMode: .center)))

  private static func launcherCloseButton() -> TTStyle {
    TTStyle {
      TTShapeStyle(round)
      TTSolidFillStyle(.black)
      TTSolidBorderStyle(.white)
      TTPartStyle("image", style: launcherCloseButtonImage)
    }
  }

  private static func textBarPostButton() -> States {
    TTControlState.allCases.map { state in
      let fill =
        state == .highlighted
        ? TTColor(red: 19, green: 61, blue: 126) : TTColor(red: 31, green: 100, blue: 206)
      let color = state == .disabled ? TTColor.white.withAlpha(0.5) : TTColor.white
      return (
        state,
        TTStyle {
          TTShapeStyle(.rounded(1))
          TTReflectiveFillStyle(fill)
          horizontalPadding
          text(color, .bold, alignment: .center)
        }
      )
    }
  }
}
