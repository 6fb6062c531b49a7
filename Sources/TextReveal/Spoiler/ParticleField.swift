import Foundation
import TextLayout

/// The dust over hidden words: a deterministic particle system.
///
/// Telegram's numbers: each region emits uniformly inside its word rectangles at
/// `min(100_000, area × 0.35)` particles a second, each living 1 second (so about 0.35 live
/// particles per square point), starting at a random speed up to 20 points a second in a random
/// direction, 0.5 to 2 points wide, its opacity rising from 0 and falling back to 0 over its
/// life (`sin(π · age)`).
///
/// Every particle is a pure function of the seed, its region and its index: the *i*-th
/// particle of a region is born at `i / rate` seconds, where it starts and how it moves come
/// from a counter-based hash of (seed, region, *i*), and it bounces off its rectangle's edges
/// so that it never leaves its word. The particles alive at a time are those born in the
/// second before it, computed directly. So there is no state to advance: a frame after a
/// dropped frame, or after any step, is exactly (bit for bit, a tolerance of zero) the frame
/// many small steps would reach, and the same seed and time give the same particles on every
/// run. Births start a second before time 0, so the dust is full from the first frame.
///
/// With reduced motion, the field is static dots instead: about 0.25 per square point, placed
/// by the same hash, not moving and not fading.
public struct ParticleField: Sendable, Hashable {
  /// The seed of every random choice.
  public var seed: UInt64
  /// Whether the dust is static dots (Reduce Motion).
  public var reducesMotion: Bool
  /// The rectangles of each region.
  public private(set) var regions: [[Rect]]

  /// Particles emitted per square point per second; with a lifetime of 1 s, also the live
  /// particles per square point.
  public static let density = 0.35
  /// The most particles a region emits per second.
  public static let maximumRate = 100_000.0
  /// How long a particle lives, in seconds.
  public static let lifetime = 1.0
  /// The fastest a particle starts, in points per second.
  public static let maximumSpeed = 20.0
  /// The smallest and largest diameter, in points.
  public static let sizes = 0.5...2.0
  /// Static dots per square point with reduced motion.
  public static let staticDensity = 0.25

  /// Creates the field over regions' rectangles.
  public init(regions: [[Rect]], seed: UInt64, reducesMotion: Bool = false) {
    self.regions = regions
    self.seed = seed
    self.reducesMotion = reducesMotion
    areas = regions.map { rects in rects.map { $0.width * $0.height } }
  }

  /// The area of each rectangle of each region, to pick rectangles in proportion.
  private let areas: [[Double]]

  /// The emission rate of a region, per second.
  public func rate(ofRegion index: Int) -> Double {
    min(Self.maximumRate, areas[index].reduce(0, +) * Self.density)
  }

  /// The particles alive at a time, written into a buffer that is emptied first (keep the
  /// buffer between frames: a frame then allocates nothing).
  ///
  /// - Parameters:
  ///   - time: Seconds since the dust started.
  ///   - particles: The buffer.
  /// - Complexity: O(live particles).
  public func particles(at time: Double, into particles: inout [SpoilerParticle]) {
    particles.removeAll(keepingCapacity: true)
    for region in regions.indices {
      let total = areas[region].reduce(0, +)
      guard total > 0 else { continue }
      if reducesMotion {
        let count = Int((total * Self.staticDensity).rounded())
        for index in 0..<count {
          var random = Random(seed: seed, region: region, index: Int64(index))
          let position = point(in: region, total: total, random: &random)
          let size =
            Self.sizes.lowerBound + (Self.sizes.upperBound - Self.sizes.lowerBound) * random.unit()
          particles.append(
            SpoilerParticle(position: position, size: size, opacity: 0.8, region: region))
        }
        continue
      }
      let rate = rate(ofRegion: region)
      // Born in (time - lifetime, time]: indices first...last.
      let last = Int64((time * rate).rounded(.down))
      let first = Int64(((time - Self.lifetime) * rate).rounded(.down)) + 1
      guard first <= last else { continue }
      for index in first...last {
        var random = Random(seed: seed, region: region, index: index)
        let age = time - Double(index) / rate
        guard age >= 0 && age < Self.lifetime else { continue }
        let start = point(in: region, total: total, random: &random)
        let rect = regions[region][random.rectangle]
        let angle = 2 * Double.pi * random.unit()
        let speed = Self.maximumSpeed * random.unit()
        let size =
          Self.sizes.lowerBound + (Self.sizes.upperBound - Self.sizes.lowerBound) * random.unit()
        let x = Self.bounce(start.x + speed * cos(angle) * age, within: rect.minX, rect.maxX)
        let y = Self.bounce(start.y + speed * sin(angle) * age, within: rect.minY, rect.maxY)
        particles.append(
          SpoilerParticle(
            position: Point(x: x, y: y), size: size,
            opacity: sin(Double.pi * age / Self.lifetime), region: region))
      }
    }
  }

  /// Where a particle starts: in a rectangle of the region picked in proportion to its area,
  /// uniformly inside it. Remembers the rectangle in `random`.
  private func point(in region: Int, total: Double, random: inout Random) -> Point {
    var pick = random.unit() * total
    var chosen = areas[region].count - 1
    for (index, area) in areas[region].enumerated() {
      if pick < area {
        chosen = index
        break
      }
      pick -= area
    }
    random.rectangle = chosen
    let rect = regions[region][chosen]
    return Point(
      x: rect.minX + rect.width * random.unit(), y: rect.minY + rect.height * random.unit())
  }

  /// A coordinate folded back into `low...high` as a particle bouncing off the edges.
  static func bounce(_ value: Double, within low: Double, _ high: Double) -> Double {
    let span = high - low
    guard span > 0 else { return low }
    var folded = (value - low).truncatingRemainder(dividingBy: 2 * span)
    if folded < 0 { folded += 2 * span }
    return low + (folded <= span ? folded : 2 * span - folded)
  }

  /// The random numbers of one particle: SplitMix64 over a counter that starts from a hash of
  /// the seed, the region and the index, so that any particle can be made on its own.
  struct Random {
    private var state: UInt64
    /// The rectangle its start was picked in.
    var rectangle = 0

    init(seed: UInt64, region: Int, index: Int64) {
      state =
        seed &+ UInt64(truncatingIfNeeded: region) &* 0x9E37_79B9_7F4A_7C15
        ^ UInt64(bitPattern: index) &* 0xD1B5_4A32_D192_ED03
      _ = next()
    }

    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }

    /// A number in 0..<1 with 53 random bits.
    mutating func unit() -> Double {
      Double(next() >> 11) * 0x1p-53
    }
  }
}
