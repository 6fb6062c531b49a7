import CICUShim
@_spi(Backend) import TextLayout

/// UAX #9 bidi levels for paragraphs without explicit formatting characters, in Swift, over
/// ICU's class data.
///
/// ICU's `ubidi` costs 20,000 to 30,000 instructions for a paragraph of a few hundred bytes,
/// most of it converting to UTF-16, allocating and mapping levels back. A paragraph without
/// embeddings, overrides or isolates has a single isolating run sequence at the paragraph level,
/// and its levels follow from a few passes over its classes, which this type makes on the UTF-8
/// bytes directly: rules P2 and P3, W1–W7, N0 (with BD16's bracket pairs), N1, N2, I1 and I2,
/// then L1 and the levels of BN characters as ICU's `ubidi_getLevels` gives them.
///
/// The first pass reads each character's class with one table load (``BidiClass``) and groups
/// the characters into runs that no rule tells apart (a word; words and the spaces and
/// punctuation between them; a number), so that the later passes see a few dozen entries
/// rather than hundreds of characters. It costs about a third of ICU's work on real paragraphs.
///
/// The answer is ICU 72's, not only the specification's, in four places:
/// - A nonspacing mark after a paired bracket keeps the class ON that W1 gives it; ICU does not
///   give it the bracket's resolved type, as N0 asks.
/// - A BN character takes the level of the next character that is not BN, or the paragraph level
///   at the end of the paragraph and before a segment separator, as `ubidi_getLevels` sets it.
/// - A left-to-right paragraph with no R or AL character, some AN characters and no neutral or
///   BN character (a character outside the Basic Multilingual Plane counts as BN, for its
///   leading surrogate) is at level 0 throughout: ICU takes it for text of one direction.
/// - U+2329 or U+3008 closed by its own Bidi_Paired_Bracket with no strong type between (N0
///   leaves that pair alone) stays open for the canonically equivalent closing bracket (U+3009
///   or U+232A) after it, as ICU keeps a second stack entry for each of these brackets.
///
/// A paragraph with a paragraph separator, an embedding, override or isolate control, or more
/// than 63 nested opening brackets (where BD16 stops pairing and ICU does not) gets `nil` and goes
/// to ICU. Tests hold the two to the same answers on BidiCharacterTest.txt, on tricky and real
/// text and on random strings.
enum BidiRules {
  /// The levels of one paragraph of UTF-8 text, or `nil` when it needs ICU.
  ///
  /// - Parameters:
  ///   - bytes: Valid UTF-8 text of one paragraph, with no paragraph separator inside.
  ///   - direction: `trs_direction_ltr`, `trs_direction_rtl`, or `trs_direction_natural` for the
  ///     direction of the first strong character (left to right when there is none).
  /// - Returns: The paragraph level and the maximal runs of equal level in logical order, over
  ///   UTF-8 offsets, as `trs_bidi_runs` gives them; or `nil`.
  /// - Complexity: O(*n*) in the length of `bytes`.
  static func levels(in bytes: UnsafeBufferPointer<UInt8>, direction: Int32) -> BidiAnalysis? {
    let count = bytes.count
    guard count > 0 else {
      return BidiAnalysis(
        paragraphLevel: direction == Int32(trs_direction_rtl) ? 1 : 0, runs: [])
    }
    guard count < Int(Int32.max) else { return nil }
    // Fetched once a call: every use of a global costs a `swift_once` call.
    let sequences = BidiClass.shortSequences
    return BidiClass.basicMultilingualPlane.withUnsafeBufferPointer { table in
      // The rules work on runs of characters of one class, which are far fewer than bytes (a
      // word is one), so that a small buffer, on the stack, usually holds them; the number of
      // bytes always does.
      let estimate = count / 4 + 16
      if estimate < count {
        switch resolve(
          bytes, direction: direction, table: table, sequences: sequences, capacity: estimate)
        {
        case .resolved(let analysis): return analysis
        case .unsupported: return nil
        case .overflow: break
        }
      }
      guard
        case .resolved(let analysis) = resolve(
          bytes, direction: direction, table: table, sequences: sequences, capacity: count)
      else { return nil }
      return analysis
    }
  }

  /// What ``resolve(_:direction:table:sequences:capacity:)`` found.
  enum Outcome {
    /// The paragraph's levels.
    case resolved(BidiAnalysis)
    /// The paragraph needs ICU.
    case unsupported
    /// The paragraph has more runs of one class than the capacity.
    case overflow
  }

  /// The levels of one paragraph, with room for `capacity` runs of characters of one class.
  static func resolve(
    _ bytes: UnsafeBufferPointer<UInt8>, direction: Int32,
    table: UnsafeBufferPointer<BidiClass>, sequences: [UInt8], capacity: Int
  ) -> Outcome {
    withUnsafeTemporaryAllocation(byteCount: 5 * capacity, alignment: 4) { memory in
      let base = memory.baseAddress!
      var paragraph = Paragraph(
        bytes: bytes,
        classes: (base + 4 * capacity).bindMemory(to: BidiClass.self, capacity: capacity),
        ends: base.bindMemory(to: Int32.self, capacity: capacity), capacity: capacity)
      let scan = sequences.withUnsafeBufferPointer {
        paragraph.readClasses(table: table, sequences: $0, direction: direction)
      }
      switch scan {
      case .scanned: break
      case .unsupported: return .unsupported
      case .overflow: return .overflow
      }
      let openingCount = paragraph.openingCount
      let level = paragraph.level
      if paragraph.isOfOneDirection {
        return .resolved(
          BidiAnalysis(
            paragraphLevel: level,
            runs: [BidiAnalysis.LevelRun(range: 0..<bytes.count, level: level)]))
      }
      // Without numbers, separators, terminators or brackets, W4–W7 and N0 change nothing.
      let weak: UInt32 =
        1 << BidiClass.europeanNumber.rawValue | 1 << BidiClass.europeanSeparator.rawValue
        | 1 << BidiClass.europeanTerminator.rawValue | 1 << BidiClass.commonSeparator.rawValue
        | 1 << BidiClass.openingBracket.rawValue | 1 << BidiClass.closingBracket.rawValue
      let isResolved =
        paragraph.entered & weak == 0
        || withUnsafeTemporaryAllocation(
          of: Opening.self, capacity: max(openingCount, 1)
        ) { openings in
          withUnsafeTemporaryAllocation(of: Int32.self, capacity: maximumBracketDepth) { stack in
            paragraph.resolveWeakTypes(openings: openings.baseAddress!, stack: stack.baseAddress!)
          }
        }
      guard isResolved else { return .unsupported }
      // At most one run of levels for each run of one class, and one for BN characters at the
      // end.
      let runCapacity = paragraph.count + 1
      return withUnsafeTemporaryAllocation(byteCount: 5 * runCapacity, alignment: 4) { memory in
        let runEnds = memory.baseAddress!.bindMemory(to: Int32.self, capacity: runCapacity)
        let runLevels = (memory.baseAddress! + 4 * runCapacity).bindMemory(
          to: UInt8.self, capacity: runCapacity)
        let runCount = paragraph.resolveLevels(runEnds: runEnds, runLevels: runLevels)
        let runs = [BidiAnalysis.LevelRun](unsafeUninitializedCapacity: runCount) {
          buffer, initialized in
          var start = 0
          for index in 0..<runCount {
            let end = Int(runEnds[index])
            buffer.initializeElement(
              at: index, to: BidiAnalysis.LevelRun(range: start..<end, level: runLevels[index]))
            start = end
          }
          initialized = runCount
        }
        return .resolved(BidiAnalysis(paragraphLevel: level, runs: runs))
      }
    }
  }

  /// The capacity of BD16's bracket stack.
  static var maximumBracketDepth: Int { 63 }

  /// An opening paired bracket, and the pair it starts once its closing bracket is found.
  struct Opening {
    /// The bracket's entry (see ``Paragraph``).
    var position: Int32
    /// The closing bracket it pairs with, or -1 while none has (or when N0 leaves the pair
    /// alone, having found no strong type inside).
    var closing: Int32 = -1
    /// The Bidi_Paired_Bracket of the bracket, which closes it.
    var closer: UInt32
    /// The canonical equivalent of `closer` that closes it too, or 0 (BD16 matches U+2329 with
    /// U+3009 and U+3008 with U+232A).
    var synonym: UInt32
    /// The index of the last strong type before the bracket (after W1–W7, EN and AN counting as
    /// R), or -1 for sos.
    var context: Int32
    /// Whether that strong type is R.
    var contextIsRightToLeft: Bool
    /// Whether a strong type L is found between the brackets; while the closing bracket is not
    /// found, the number of strong types L before the opening one.
    var leftToRightCount: Int32
    /// Likewise for R (and EN and AN).
    var rightToLeftCount: Int32
  }

  /// The characters of one paragraph in entries, runs of characters that no rule tells apart,
  /// with their classes as the rules resolve them, and the paragraph level.
  ///
  /// A run of L, R, AL, EN, AN, ET, S, WS or ON characters is one entry, with the marks after
  /// them and, for the strong classes, the neutrals between them (see
  /// ``scanRuns(table:sequences:)``). European and common separators, which rule W4 counts, and
  /// brackets get one entry each. X9 removes BN characters, which get the level of the next
  /// character (that ICU gives them) by ending no entry: an entry covers the bytes from the
  /// previous one's end to its own.
  struct Paragraph {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The class of each entry, resolved in place.
    let classes: UnsafeMutablePointer<BidiClass>
    /// The UTF-8 end offset of each entry.
    let ends: UnsafeMutablePointer<Int32>
    /// The room in `classes` and `ends`.
    let capacity: Int
    /// The number of entries.
    var count = 0
    /// The paragraph embedding level.
    var level: UInt8 = 0
    /// One bit for each class found, by raw value, as ICU collects them to find text of one
    /// direction.
    var found: UInt32 = 0
    /// One bit for each class of an entry: those of ``found`` but the neutrals in runs.
    var entered: UInt32 = 0
    /// The number of opening brackets.
    var openingCount = 0
    /// Whether ICU sets every level to the paragraph level (see
    /// ``readClasses(table:sequences:direction:)``).
    var isOfOneDirection = false

    init(
      bytes: UnsafeBufferPointer<UInt8>, classes: UnsafeMutablePointer<BidiClass>,
      ends: UnsafeMutablePointer<Int32>, capacity: Int
    ) {
      self.bytes = bytes
      self.classes = classes
      self.ends = ends
      self.capacity = capacity
    }

    /// What ``scanRuns(table:sequences:)`` found.
    enum Scan {
      /// The entries are read.
      case scanned
      /// The paragraph has a class the rules leave to ICU.
      case unsupported
      /// The paragraph has more entries than ``capacity``.
      case overflow
    }

    /// Reads the characters into entries, with their classes as the Unicode data gives them
    /// (AL still AL, marks still marks), and notes in ``found`` each class found.
    ///
    /// The tight loop of the rules, over every character: for most characters one table load
    /// (for a character of one or two bytes) and a comparison with the class of the run they
    /// extend. Marks right after a character of a run that is not spaces join it (W1 gives them
    /// its class). BN characters join nothing (X9 removes them); the entry after them covers
    /// them. For a strong class, whitespace, other neutrals, marks, BN and the weak classes that
    /// W4–W6 make neutral away from numbers (ES, ET, CS), between two characters of the class,
    /// take that class (N1) and change no other rule's outcome, so the run goes on across them.
    /// Brackets and segment separators stop a run: N0 and L1 have rules for them.
    @inline(never)
    mutating func scanRuns(
      table: UnsafeBufferPointer<BidiClass>, sequences: UnsafeBufferPointer<UInt8>
    ) -> Scan {
      let byteCount = bytes.count
      let text = UnsafeRawPointer(bytes.baseAddress!)
      let classes = self.classes
      let ends = self.ends
      let capacity = self.capacity
      // The classes whose runs are one entry, the strong ones, and what runs of a strong class
      // take in between.
      let merging =
        bit(.leftToRight) | bit(.rightToLeft) | bit(.arabicLetter) | bit(.europeanNumber)
        | bit(.arabicNumber) | bit(.europeanTerminator) | bit(.segmentSeparator)
        | bit(.whitespace) | bit(.otherNeutral)
      let strong = bit(.leftToRight) | bit(.rightToLeft) | bit(.arabicLetter)
      let neutrals =
        bit(.whitespace) | bit(.otherNeutral) | bit(.commonSeparator) | bit(.europeanSeparator)
        | bit(.europeanTerminator) | bit(.nonspacingMark) | bit(.boundaryNeutral)
      let mark = BidiClass.nonspacingMark.rawValue
      let boundaryNeutral = BidiClass.boundaryNeutral.rawValue
      let unsupported = BidiClass.unsupported.rawValue
      let none: UInt8 = 0xFF
      // The table's entry for the two bytes at `offset`, which must be before `pairLimit`.
      let pairLimit = byteCount &- 1
      @inline(__always)
      func entry(at offset: Int) -> UInt8 {
        sequences[
          Int(UInt16(littleEndian: text.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))]
      }
      var found: UInt32 = 0
      var entered: UInt32 = 0
      var count = 0
      // The class of the open run, whose characters extend its entry, or `none`.
      var run = none
      var joinsMarks = false
      var takesNeutrals = false
      // Where the last entry ends; `offset` may be past it, after BN characters.
      var runEnd = 0
      var offset = 0
      while offset < byteCount {
        var next: UInt8
        var length: Int
        let pair = offset < pairLimit ? entry(at: offset) : unsupported
        if pair > 0x0F {
          next = pair & 0x0F
          length = Int(pair &>> 4)
        } else {
          // The last byte, or a character of three or four bytes.
          var scalar = UInt32(bytes[offset])
          if scalar < 0x80 {
            length = 1
          } else if scalar < 0xE0 {
            scalar = (scalar & 0x1F) << 6 | UInt32(bytes[offset &+ 1] & 0x3F)
            length = 2
          } else if scalar < 0xF0 {
            scalar =
              (scalar & 0x0F) << 12 | UInt32(bytes[offset &+ 1] & 0x3F) << 6
              | UInt32(bytes[offset &+ 2] & 0x3F)
            length = 3
          } else {
            scalar =
              (scalar & 0x07) << 18 | UInt32(bytes[offset &+ 1] & 0x3F) << 12
              | UInt32(bytes[offset &+ 2] & 0x3F) << 6 | UInt32(bytes[offset &+ 3] & 0x3F)
            length = 4
            // ICU sees a leading surrogate here: BN.
            found |= 1 << boundaryNeutral
          }
          // No paired bracket lies outside the BMP.
          next =
            length < 4
            ? table[Int(scalar)].rawValue
            : BidiClass(codePoint: Int32(bitPattern: scalar)).rawValue
        }
        if next == run || next == mark && joinsMarks && runEnd == offset {
          offset &+= length
          // The rest of the run in the tightest loop: its characters of one or two bytes and
          // the marks of two bytes after them, each compared whole with the table's entry,
          // and, for a strong class, the neutrals between them.
          let single = run | 0x10
          let double = run | 0x20
          let doubleMark = joinsMarks ? mark | 0x20 : double
          let space = takesNeutrals ? BidiClass.whitespace.rawValue | 0x10 : double
          while offset < pairLimit {
            let pair = entry(at: offset)
            if pair == double || pair == doubleMark {
              offset &+= 2
            } else if pair == single {
              offset &+= 1
            } else if pair == space && offset &+ 1 < pairLimit
              && (entry(at: offset &+ 1) == double || entry(at: offset &+ 1) == single)
            {
              // One space between two words, the commonest neutral.
              found |= 1 << BidiClass.whitespace.rawValue
              offset &+= 1
            } else {
              guard takesNeutrals && pair > 0x0F && neutrals >> (pair & 0x0F) & 1 != 0 else {
                break
              }
              var between: UInt32 = 1 << (pair & 0x0F)
              var after = offset &+ Int(pair &>> 4)
              var following = unsupported
              while after < pairLimit {
                following = entry(at: after)
                guard following > 0x0F && neutrals >> (following & 0x0F) & 1 != 0 else { break }
                between |= 1 << (following & 0x0F)
                after &+= Int(following &>> 4)
              }
              guard following == double || following == single else { break }
              found |= between
              offset = after
            }
          }
          runEnd = offset
          ends[count &- 1] = Int32(truncatingIfNeeded: offset)
          continue
        }
        offset &+= length
        if next == boundaryNeutral {
          found |= 1 << boundaryNeutral
          continue
        }
        guard next != unsupported else { return .unsupported }
        guard count < capacity else { return .overflow }
        found |= 1 << next
        entered |= 1 << next
        // `next` is a class's raw value: the table holds nothing else.
        classes[count] = unsafeBitCast(next, to: BidiClass.self)
        ends[count] = Int32(truncatingIfNeeded: offset)
        count &+= 1
        runEnd = offset
        if merging >> next & 1 != 0 {
          run = next
          joinsMarks =
            next != BidiClass.whitespace.rawValue && next != BidiClass.segmentSeparator.rawValue
          takesNeutrals = strong >> next & 1 != 0
        } else {
          run = none
          joinsMarks = false
          takesNeutrals = false
        }
      }
      self.count = count
      self.found = found
      self.entered = entered
      return .scanned
    }

    /// Reads the entries (``scanRuns(table:sequences:)``), finds the paragraph level (P2, P3),
    /// applies W1, W2 and W3, counts the opening brackets and tells whether ICU takes the text
    /// for text of one direction.
    ///
    /// - Returns: What the scan found.
    @inline(__always)
    mutating func readClasses(
      table: UnsafeBufferPointer<BidiClass>, sequences: UnsafeBufferPointer<UInt8>,
      direction: Int32
    ) -> Scan {
      let scan = scanRuns(table: table, sequences: sequences)
      guard case .scanned = scan else { return scan }
      var isSeekingStrong = direction == Int32(trs_direction_natural)
      level = direction == Int32(trs_direction_rtl) ? 1 : 0
      var isAfterArabicLetter = false
      // The class of the last entry after W1–W3, for W1. A mark at the start takes the class of
      // sos once the paragraph level is known; until then it stays a mark.
      var last = BidiClass.nonspacingMark
      for index in 0..<count {
        var bidiClass = classes[index]
        switch bidiClass {
        case .leftToRight:
          isAfterArabicLetter = false
          if isSeekingStrong {
            isSeekingStrong = false
            level = 0
          }
        case .rightToLeft:
          isAfterArabicLetter = false
          if isSeekingStrong {
            isSeekingStrong = false
            level = 1
          }
        case .arabicLetter:
          isAfterArabicLetter = true
          if isSeekingStrong {
            isSeekingStrong = false
            level = 1
          }
          bidiClass = .rightToLeft  // W3
        case .europeanNumber:
          if isAfterArabicLetter { bidiClass = .arabicNumber }  // W2
        case .nonspacingMark:
          // W1. After a neutral (or a bracket, which N0 may resolve: ICU leaves the mark ON), a
          // mark is ON; rule L1 must not take it for whitespace.
          switch last {
          case .whitespace, .segmentSeparator, .openingBracket, .closingBracket:
            bidiClass = .otherNeutral
          default:
            bidiClass = last
          }
        case .openingBracket:
          openingCount &+= 1
        default:
          break
        }
        classes[index] = bidiClass
        last = bidiClass
      }
      // W1: marks at the start take the class of sos.
      var index = 0
      while index < count && classes[index] == .nonspacingMark {
        classes[index] = level == 0 ? .leftToRight : .rightToLeft
        index &+= 1
      }
      // ICU resolves no further text it finds to be of one direction, from the classes it holds
      // and the paragraph level's: all at the paragraph level. Without R, AL or AN in a
      // left-to-right paragraph, and without L, EN or AN in a right-to-left one, the rules agree;
      // ICU also counts AN as left to right when no neutral could turn right to left next to it.
      let rightToLeft = bit(.rightToLeft) | bit(.arabicLetter)
      let leftToRight = bit(.leftToRight) | bit(.europeanNumber) | bit(.arabicNumber)
      let possibleNeutrals =
        bit(.otherNeutral) | bit(.openingBracket) | bit(.closingBracket)
        | bit(.commonSeparator) | bit(.europeanSeparator) | bit(.europeanTerminator)
        | bit(.segmentSeparator) | bit(.whitespace) | bit(.boundaryNeutral)
      if level == 0 {
        isOfOneDirection =
          found & rightToLeft == 0
          && (found & bit(.arabicNumber) == 0 || found & possibleNeutrals == 0)
      } else {
        isOfOneDirection = found & leftToRight == 0
      }
      return .scanned
    }

  }
}

extension BidiRules.Paragraph {
  /// The bit of a class in a set of classes.
  @inline(__always)
  func bit(_ bidiClass: BidiClass) -> UInt32 { 1 << bidiClass.rawValue }
}
