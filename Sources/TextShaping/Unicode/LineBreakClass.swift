import CICUShim

/// A UAX #14 line breaking class as `LineBreakRules` sees it, read from ICU's Unicode data.
///
/// Rule LB1 is applied: AI and XX resolve to AL, CJ to NS. OP and CP are split by East Asian
/// width, because rule LB30 applies only to the narrow ones. H2 and H3 (Hangul syllables) are one
/// class: they differ only before conjoining jamo (LB26), which go to ICU's iterator. Every class
/// the rules leave to that iterator (mandatory breaks, ZW, WJ, ZWJ, CB, SA, JL, JV, JT, RI, EB, EM)
/// is ``other``.
enum LineBreakClass: UInt8, CaseIterable {
  case other
  case alphabetic
  case hebrewLetter
  case ideographic
  case space
  case combiningMark
  case glue
  case breakAfter
  case breakBefore
  case breakBoth
  case hyphen
  case nonstarter
  case inseparable
  case exclamation
  case infixSeparator
  case symbol
  case closePunctuation
  case closeParenthesis
  case wideCloseParenthesis
  case openPunctuation
  case wideOpenPunctuation
  case quotation
  case numeric
  case prefixNumeric
  case postfixNumeric
  /// H2 or H3.
  case hangulSyllable

  /// The number of classes (a constant, unlike `allCases.count`, for the rules' hot loop).
  static var count: Int { Int(hangulSyllable.rawValue) + 1 }

  /// The class of every code point of the Basic Multilingual Plane, indexed by code point.
  ///
  /// Built once, from ICU, the first time a line is broken by the rules: 64 KiB, about a
  /// millisecond.
  static let basicMultilingualPlane: [LineBreakClass] = (0..<0x1_0000).map {
    LineBreakClass(icu: trs_lb(UInt32(trs_line_break_class(Int32($0)))))
  }

  /// The class for a `trs_lb` value from the shim.
  init(icu value: trs_lb) {
    switch value {
    case trs_lb_al: self = .alphabetic
    case trs_lb_hl: self = .hebrewLetter
    case trs_lb_id: self = .ideographic
    case trs_lb_sp: self = .space
    case trs_lb_cm: self = .combiningMark
    case trs_lb_gl: self = .glue
    case trs_lb_ba: self = .breakAfter
    case trs_lb_bb: self = .breakBefore
    case trs_lb_b2: self = .breakBoth
    case trs_lb_hy: self = .hyphen
    case trs_lb_ns: self = .nonstarter
    case trs_lb_in: self = .inseparable
    case trs_lb_ex: self = .exclamation
    case trs_lb_is: self = .infixSeparator
    case trs_lb_sy: self = .symbol
    case trs_lb_cl: self = .closePunctuation
    case trs_lb_cp: self = .closeParenthesis
    case trs_lb_cp_wide: self = .wideCloseParenthesis
    case trs_lb_op: self = .openPunctuation
    case trs_lb_op_wide: self = .wideOpenPunctuation
    case trs_lb_qu: self = .quotation
    case trs_lb_nu: self = .numeric
    case trs_lb_pr: self = .prefixNumeric
    case trs_lb_po: self = .postfixNumeric
    case trs_lb_hangul: self = .hangulSyllable
    default: self = .other
    }
  }

  /// AL or HL.
  @inline(__always) var isLetter: Bool { self == .alphabetic || self == .hebrewLetter }
  /// OP, narrow or wide.
  @inline(__always) var isOpen: Bool { self == .openPunctuation || self == .wideOpenPunctuation }
  /// CL or CP, narrow or wide.
  @inline(__always) var isClose: Bool {
    self == .closePunctuation || self == .closeParenthesis || self == .wideCloseParenthesis
  }
  /// PR or PO.
  @inline(__always) var isAffix: Bool { self == .prefixNumeric || self == .postfixNumeric }
}
