// The resolution of a paragraph's levels once its classes are read: weak types (W1-W7),
// paired brackets (N0, BD16), neutrals (N1, N2) and the levels themselves (I1, I2, L1).
// Split from BidiRules.swift, which reads the paragraph's classes and runs.

import CICUShim
@_spi(Backend) import TextLayout

extension BidiRules.Paragraph {
  /// Applies W4–W7 and pairs brackets (BD16), then applies N0.
  ///
  /// - Parameters:
  ///   - openings: Room for every opening bracket (``openingCount``).
  ///   - stack: Room for ``BidiRules/maximumBracketDepth`` entries.
  /// - Returns: `false` when the bracket stack overflows.
  @inline(__always)
  func resolveWeakTypes(
    openings: UnsafeMutablePointer<BidiRules.Opening>, stack: UnsafeMutablePointer<Int32>
  ) -> Bool {
    let isRightToLeft = level & 1 == 1
    // W7: whether the last strong type (L, R or sos) is L.
    var isAfterLeftToRight = !isRightToLeft
    // N0: the last strong type with EN and AN as R, and the number of each so far.
    var context: Int32 = -1
    var contextIsRightToLeft = isRightToLeft
    var leftToRightCount: Int32 = 0
    var rightToLeftCount: Int32 = 0
    var pushed = 0
    var depth = 0

    /// A European number at `index` after W1–W6: W7, and what N0 sees.
    @inline(__always)
    func resolveNumber(at index: Int) {
      if isAfterLeftToRight {
        classes[index] = .leftToRight
        leftToRightCount &+= 1
        contextIsRightToLeft = false
      } else {
        classes[index] = .europeanNumber
        rightToLeftCount &+= 1
        contextIsRightToLeft = true
      }
      context = Int32(truncatingIfNeeded: index)
    }

    // The class of the previous character after W3 (W4 and W5 look at the classes before
    // they change anything; W4 and W5 cannot both change neighbours).
    var previous = BidiClass.otherNeutral
    var index = 0
    while index < count {
      let bidiClass = classes[index]
      switch bidiClass {
      case .leftToRight:
        isAfterLeftToRight = true
        leftToRightCount &+= 1
        context = Int32(truncatingIfNeeded: index)
        contextIsRightToLeft = false
      case .rightToLeft:
        isAfterLeftToRight = false
        rightToLeftCount &+= 1
        context = Int32(truncatingIfNeeded: index)
        contextIsRightToLeft = true
      case .europeanNumber:
        resolveNumber(at: index)
      case .arabicNumber:
        rightToLeftCount &+= 1
        context = Int32(truncatingIfNeeded: index)
        contextIsRightToLeft = true
      case .europeanSeparator, .commonSeparator:
        // W4: one separator between two numbers of the same kind joins them; W6 otherwise.
        let next = index + 1 < count ? classes[index + 1] : .otherNeutral
        if previous == .europeanNumber && next == .europeanNumber {
          resolveNumber(at: index)
        } else if bidiClass == .commonSeparator && previous == .arabicNumber
          && next == .arabicNumber
        {
          classes[index] = .arabicNumber
          rightToLeftCount &+= 1
          context = Int32(truncatingIfNeeded: index)
          contextIsRightToLeft = true
        } else {
          classes[index] = .otherNeutral
        }
      case .europeanTerminator:
        // W5: terminators next to a European number join it; W6 otherwise.
        var end = index + 1
        while end < count && classes[end] == .europeanTerminator { end += 1 }
        if previous == .europeanNumber || end < count && classes[end] == .europeanNumber {
          for terminator in index..<end { resolveNumber(at: terminator) }
        } else {
          for terminator in index..<end { classes[terminator] = .otherNeutral }
        }
        previous = .europeanTerminator
        index = end
        continue
      case .openingBracket:
        // BD16: push the bracket; past the stack's capacity BD16 stops, where ICU goes on.
        guard depth < BidiRules.maximumBracketDepth else { return false }
        let closer = Self.closer(
          of: UTF8Decoding.scalar(endingAt: Int(ends[index]), in: bytes).scalar.value)
        openings[pushed] = BidiRules.Opening(
          position: Int32(truncatingIfNeeded: index), closer: closer,
          synonym: closer == 0x232A ? 0x3009 : closer == 0x3009 ? 0x232A : 0,
          context: context, contextIsRightToLeft: contextIsRightToLeft,
          leftToRightCount: leftToRightCount, rightToLeftCount: rightToLeftCount)
        stack[depth] = Int32(truncatingIfNeeded: pushed)
        depth += 1
        pushed += 1
        classes[index] = .otherNeutral
      case .closingBracket:
        // BD16: the closing bracket pairs with the nearest open bracket it matches, and
        // brackets opened after that one stay unpaired.
        let scalar = UTF8Decoding.scalar(endingAt: Int(ends[index]), in: bytes).scalar.value
        var entry = depth
        while entry > 0 {
          entry -= 1
          let opening = Int(stack[entry])
          guard openings[opening].closer == scalar || openings[opening].synonym == scalar else {
            continue
          }
          let hasLeftToRight = leftToRightCount > openings[opening].leftToRightCount
          let hasRightToLeft = rightToLeftCount > openings[opening].rightToLeftCount
          if hasLeftToRight || hasRightToLeft {
            openings[opening].closing = Int32(truncatingIfNeeded: index)
            openings[opening].leftToRightCount = hasLeftToRight ? 1 : 0
            openings[opening].rightToLeftCount = hasRightToLeft ? 1 : 0
            depth = entry
          } else if openings[opening].synonym != 0 && openings[opening].closer == scalar {
            // N0d leaves an empty pair alone. ICU keeps a bracket with a canonical
            // equivalent open for that equivalent's closing bracket.
            openings[opening].closer = openings[opening].synonym
            openings[opening].synonym = 0
            depth = entry + 1
          } else {
            depth = entry
          }
          break
        }
        classes[index] = .otherNeutral
      default:
        break
      }
      previous = bidiClass
      index += 1
    }
    if pushed > 0 {
      resolveBrackets(openings: openings, count: pushed, stack: stack)
    }
    return true
  }

  /// The Bidi_Paired_Bracket of an opening bracket.
  @inline(__always)
  static func closer(of scalar: UInt32) -> UInt32 {
    switch scalar {
    case 0x28: 0x29
    case 0x5B: 0x5D
    case 0x7B: 0x7D
    case let value: UInt32(bitPattern: trs_bidi_paired_bracket(Int32(bitPattern: value)))
    }
  }

  /// N0: resolves each bracket pair with a strong type inside, in the order of the opening
  /// brackets, to the embedding direction (N0b) or to the direction of the strong type before
  /// it (N0c), which brackets resolved earlier may be.
  ///
  /// - Parameters:
  ///   - openings: The opening brackets in text order; those with a closing bracket are pairs.
  ///   - count: The number of opening brackets.
  ///   - stack: Room for the pairs that enclose one another, which are at most as deep as
  ///     the bracket stack.
  func resolveBrackets(
    openings: UnsafeMutablePointer<BidiRules.Opening>, count: Int,
    stack: UnsafeMutablePointer<Int32>
  ) {
    let isRightToLeft = level & 1 == 1
    // The last bracket resolved before the current opening bracket is either the previous
    // pair's opening bracket or the closing bracket of a pair that ends before it.
    var lastOpening: Int32 = -1
    var lastOpeningIsRightToLeft = false
    var lastClosing: Int32 = -1
    var lastClosingIsRightToLeft = false
    // Pairs nest, so the pairs resolved so far that have not ended form a stack.
    var depth = 0
    for index in 0..<count {
      let opening = openings[index]
      guard opening.closing >= 0 else { continue }
      while depth > 0 && openings[Int(stack[depth - 1])].closing < opening.position {
        depth -= 1
        let ended = openings[Int(stack[depth])].closing
        if ended > lastClosing {
          lastClosing = ended
          lastClosingIsRightToLeft = classes[Int(ended)] == .rightToLeft
        }
      }
      var resolvesRightToLeft: Bool
      if isRightToLeft ? opening.rightToLeftCount != 0 : opening.leftToRightCount != 0 {
        resolvesRightToLeft = isRightToLeft  // N0b
      } else {
        // N0c: only the opposite direction inside; the context decides.
        var context = opening.context
        resolvesRightToLeft = opening.contextIsRightToLeft
        if lastOpening > context {
          context = lastOpening
          resolvesRightToLeft = lastOpeningIsRightToLeft
        }
        if lastClosing > context {
          resolvesRightToLeft = lastClosingIsRightToLeft
        }
      }
      let resolved: BidiClass = resolvesRightToLeft ? .rightToLeft : .leftToRight
      classes[Int(opening.position)] = resolved
      classes[Int(opening.closing)] = resolved
      lastOpening = opening.position
      lastOpeningIsRightToLeft = resolvesRightToLeft
      stack[depth] = Int32(truncatingIfNeeded: index)
      depth += 1
    }
  }

  /// Applies N1, N2, I1, I2 and L1 and writes the runs of equal level.
  ///
  /// - Returns: The number of runs: run `i` ends at UTF-8 offset `runEnds[i]` (and starts where
  ///   run `i - 1` ends) and has level `runLevels[i]`.
  @inline(__always)
  func resolveLevels(
    runEnds: UnsafeMutablePointer<Int32>, runLevels: UnsafeMutablePointer<UInt8>
  ) -> Int {
    let isRightToLeft = level & 1 == 1
    let leftToRightLevel: UInt8 = isRightToLeft ? 2 : 0  // I1, I2
    var runCount = 0
    @inline(__always)
    func append(_ level: UInt8, upTo end: Int32) {
      if runCount > 0 && runLevels[runCount - 1] == level {
        runEnds[runCount - 1] = end
      } else {
        runLevels[runCount] = level
        runEnds[runCount] = end
        runCount += 1
      }
    }
    // N1: the direction of the last strong type (EN and AN counting as R), sos at first.
    var isAfterRightToLeft = isRightToLeft
    var index = 0
    while index < count {
      switch classes[index] {
      case .leftToRight:
        append(leftToRightLevel, upTo: ends[index])
        isAfterRightToLeft = false
        index += 1
      case .rightToLeft:
        append(1, upTo: ends[index])
        isAfterRightToLeft = true
        index += 1
      case .europeanNumber, .arabicNumber:
        append(2, upTo: ends[index])
        isAfterRightToLeft = true
        index += 1
      default:
        // A sequence of neutrals (S, WS, ON): N1 when the strong types on both sides agree
        // (eos after the end), N2 otherwise.
        var end = index + 1
        while end < count && !classes[end].isStrongOrNumber { end += 1 }
        let isBeforeRightToLeft = end < count ? classes[end] != .leftToRight : isRightToLeft
        let neutralLevel =
          isAfterRightToLeft == isBeforeRightToLeft
          ? (isAfterRightToLeft ? 1 : leftToRightLevel) : level
        // L1: segment separators, and whitespace before one or at the end of the paragraph,
        // are at the paragraph level.
        while index < end {
          guard classes[index] == .whitespace || classes[index] == .segmentSeparator else {
            append(neutralLevel, upTo: ends[index])
            index += 1
            continue
          }
          var spaceEnd = index
          var lastSeparator = -1
          while spaceEnd < end
            && (classes[spaceEnd] == .whitespace || classes[spaceEnd] == .segmentSeparator)
          {
            if classes[spaceEnd] == .segmentSeparator { lastSeparator = spaceEnd }
            spaceEnd += 1
          }
          if lastSeparator >= 0 {
            append(level, upTo: ends[lastSeparator])
          }
          if max(lastSeparator + 1, index) < spaceEnd {
            append(spaceEnd == count ? level : neutralLevel, upTo: ends[spaceEnd - 1])
          }
          index = spaceEnd
        }
      }
    }
    // BN characters after the last other character are at the paragraph level.
    let byteCount = Int32(truncatingIfNeeded: bytes.count)
    if count == 0 || ends[count - 1] < byteCount {
      append(level, upTo: byteCount)
    }
    return runCount
  }
}
