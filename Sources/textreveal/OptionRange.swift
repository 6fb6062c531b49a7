import ArgumentParser
import Foundation

/// The documented ranges of the numeric options (see `textreveal help <command>`), checked in
/// `validate()` so that an absurd value gets a message naming the option and its range rather
/// than a trap, an infinite number or an image nobody can allocate.
enum OptionRange {
  /// Widths in points: more than 0, at most 100,000.
  static let width = 100_000.0
  /// Font sizes in points: more than 0, at most 5,000.
  static let size = 5_000.0
  /// Line limits: 1 to 1,000,000.
  static let lineLimit = 1_000_000
  /// The largest offset or height of a list band (`render-list --viewport`), in points.
  static let listHeight = 1e9

  /// Checks a positive number against its largest value.
  static func check(_ value: Double, option: String, maximum: Double, unit: String) throws {
    guard value.isFinite, value > 0, value <= maximum else {
      throw ValidationError(
        "--\(option) must be a number greater than 0 and at most \(Int(maximum)) \(unit),"
          + " got \(value)")
    }
  }

  /// Checks a line limit.
  static func check(lineLimit: Int) throws {
    guard (1...Self.lineLimit).contains(lineLimit) else {
      throw ValidationError(
        "--line-limit must be from 1 to \(Self.lineLimit), got \(lineLimit)")
    }
  }
}
