import CICUShim

/// A UAX #9 bidi class as `BidiRules` sees it, read from ICU's Unicode data.
///
/// Other neutrals (ON) that are paired brackets (Bidi_Paired_Bracket_Type Open or Close) have
/// classes of their own, so that rule N0 finds them without another lookup. Every class the
/// rules leave to ICU (paragraph separators, explicit embeddings, overrides and isolates) is
/// ``unsupported``.
enum BidiClass: UInt8, CaseIterable {
  /// L.
  case leftToRight
  /// R.
  case rightToLeft
  /// AL.
  case arabicLetter
  /// EN.
  case europeanNumber
  /// ES.
  case europeanSeparator
  /// ET.
  case europeanTerminator
  /// AN.
  case arabicNumber
  /// CS.
  case commonSeparator
  /// NSM.
  case nonspacingMark
  /// BN.
  case boundaryNeutral
  /// S.
  case segmentSeparator
  /// WS.
  case whitespace
  /// ON that is not a paired bracket.
  case otherNeutral
  /// ON with Bidi_Paired_Bracket_Type Open.
  case openingBracket
  /// ON with Bidi_Paired_Bracket_Type Close.
  case closingBracket
  /// B, LRE, LRO, RLE, RLO, PDF, LRI, RLI, FSI or PDI.
  case unsupported

  /// The class of every code point of the Basic Multilingual Plane, indexed by code point.
  ///
  /// Built once, from ICU, the first time a paragraph is resolved by the rules: 64 KiB, about a
  /// millisecond.
  static let basicMultilingualPlane: [BidiClass] = (0..<0x1_0000).map {
    BidiClass(codePoint: Int32($0))
  }

  /// The class and length of the character that two bytes of UTF-8 start, for characters of
  /// one byte or two, indexed by the bytes as a little-endian `UInt16` (the first byte in the
  /// low half): the class's raw value in the low four bits and the length in the high four.
  /// Other pairs (a character of three or four bytes, or bytes that start none) hold
  /// ``unsupported`` and length 0.
  ///
  /// One load instead of decoding, for the rules' tightest loop, which reads the words of
  /// Hebrew and Arabic (and Latin) text. Built once from ``basicMultilingualPlane``: 64 KiB.
  static let shortSequences: [UInt8] = {
    var sequences = [UInt8](repeating: unsupported.rawValue, count: 0x1_0000)
    basicMultilingualPlane.withUnsafeBufferPointer { plane in
      sequences.withUnsafeMutableBufferPointer { sequences in
        for first in 0..<0x80 {
          let entry = plane[first].rawValue | 1 << 4
          for second in 0..<0x100 { sequences[second << 8 | first] = entry }
        }
        for first in 0xC2...0xDF {
          for second in 0x80...0xBF {
            sequences[second << 8 | first] =
              plane[(first & 0x1F) << 6 | second & 0x3F].rawValue | 2 << 4
          }
        }
      }
    }
    return sequences
  }()

  /// The class of a code point, from ICU.
  init(codePoint: Int32) {
    switch trs_bc(UInt32(trs_bidi_class(codePoint))) {
    case trs_bc_l: self = .leftToRight
    case trs_bc_r: self = .rightToLeft
    case trs_bc_al: self = .arabicLetter
    case trs_bc_en: self = .europeanNumber
    case trs_bc_es: self = .europeanSeparator
    case trs_bc_et: self = .europeanTerminator
    case trs_bc_an: self = .arabicNumber
    case trs_bc_cs: self = .commonSeparator
    case trs_bc_nsm: self = .nonspacingMark
    case trs_bc_bn: self = .boundaryNeutral
    case trs_bc_s: self = .segmentSeparator
    case trs_bc_ws: self = .whitespace
    case trs_bc_on:
      switch trs_bpt(UInt32(trs_bidi_paired_bracket_type(codePoint))) {
      case trs_bpt_open: self = .openingBracket
      case trs_bpt_close: self = .closingBracket
      default: self = .otherNeutral
      }
    default: self = .unsupported
    }
  }

  /// L, R, EN or AN: a class that is not neutral once rules W1–W7 and N0 have run.
  @inline(__always) var isStrongOrNumber: Bool {
    self == .leftToRight || self == .rightToLeft || self == .europeanNumber
      || self == .arabicNumber
  }
}
