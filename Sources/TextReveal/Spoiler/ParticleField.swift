import Foundation
import TextLayout

/// The dust over hidden words: a deterministic particle system.
///
/// Telegram's numbers: each region emits uniformly inside its word rectangles at
/// `min(100_000, area × 0.35)` particles a second, each living 1 second (so about 0.35 live
/// particles per square point), starting at a random speed up to 20 points a second in a random
/// direction, 0.5 to 2 points wide, its opacity rising from 0 and falling back to 0 over its
/// life (`4 · age · (1 − age)`, a parabola from 0 up to 1 at half its life and back).
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
  public private(set) var regions: [[LayoutRect]]

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
  public init(regions: [[LayoutRect]], seed: UInt64, reducesMotion: Bool = false) {
    self.regions = regions
    self.seed = seed
    self.reducesMotion = reducesMotion
    areas = regions.map { rects in rects.map { $0.width * $0.height } }
    totals = areas.map { $0.reduce(0, +) }
  }

  /// The area of each rectangle of each region, to pick rectangles in proportion.
  private let areas: [[Double]]
  /// The area of each region.
  private let totals: [Double]

  /// The emission rate of a region, per second.
  public func rate(ofRegion index: Int) -> Double {
    min(Self.maximumRate, totals[index] * Self.density)
  }

  /// The particles alive at a time, written into a buffer that is emptied first (keep the
  /// buffer between frames: a frame then allocates nothing).
  ///
  /// - Parameters:
  ///   - time: Seconds since the dust started.
  ///   - particles: The buffer.
  /// - Complexity: O(live particles), about 10 ns each in a release build.
  public func particles(at time: Double, into particles: inout [SpoilerParticle]) {
    particles.removeAll(keepingCapacity: true)
    // Read once: a static is reached through a check that it was made, on every access.
    let directions = Self.directions
    for region in regions.indices {
      let total = totals[region]
      guard total > 0 else { continue }
      if reducesMotion {
        let count = Int((total * Self.staticDensity).rounded())
        for index in 0..<count {
          var random = Random(seed: seed, region: region, index: Int64(index))
          let (rect, position) = start(in: region, total: total, random: &random)
          _ = rect
          particles.append(
            SpoilerParticle(
              position: position, size: size(random.unit()), opacity: 0.8, region: region))
        }
        continue
      }
      let rate = rate(ofRegion: region)
      // Born in (time - lifetime, time]: indices first...last.
      let last = Int64((time * rate).rounded(.down))
      let first = Int64(((time - Self.lifetime) * rate).rounded(.down)) + 1
      guard first <= last else { continue }
      particles.reserveCapacity(particles.count + Int(last - first + 1))
      for index in first...last {
        let age = time - Double(index) / rate
        guard age >= 0 && age < Self.lifetime else { continue }
        var random = Random(seed: seed, region: region, index: index)
        let (rect, start) = start(in: region, total: total, random: &random)
        let (direction, other) = random.pair()
        let unit = directions[Int(direction >> 22)]
        let speed = Self.maximumSpeed * Double(other >> 8) * 0x1p-24
        let x = Self.bounce(start.x + speed * unit.x * age, within: rect.minX, rect.maxX)
        let y = Self.bounce(start.y + speed * unit.y * age, within: rect.minY, rect.maxY)
        let life = age / Self.lifetime
        particles.append(
          SpoilerParticle(
            position: LayoutPoint(x: x, y: y), size: size(random.unit()),
            opacity: 4 * life * (1 - life), region: region))
      }
    }
  }

  /// A diameter from a number in 0..<1.
  @inline(__always)
  private func size(_ unit: Double) -> Double {
    Self.sizes.lowerBound + (Self.sizes.upperBound - Self.sizes.lowerBound) * unit
  }

  /// 1,024 unit vectors around the circle: a particle's direction, picked by 10 random bits
  /// (a third of a degree apart) without a sine and a cosine per particle.
  static let directions: [LayoutPoint] = (0..<1024).map { index in
    let angle = 2 * Double.pi * Double(index) / 1024
    return LayoutPoint(x: cos(angle), y: sin(angle))
  }

  /// Where a particle starts: in a rectangle of the region picked in proportion to its area,
  /// uniformly inside it.
  @inline(__always)
  private func start(
    in region: Int, total: Double, random: inout Random
  ) -> (rect: LayoutRect, point: LayoutPoint) {
    let rects = regions[region]
    var chosen = 0
    if rects.count > 1 {
      var pick = random.unit() * total
      chosen = rects.count - 1
      for (index, area) in areas[region].enumerated() {
        if pick < area {
          chosen = index
          break
        }
        pick -= area
      }
    }
    let rect = rects[chosen]
    let (u, v) = random.pair()
    return (
      rect,
      LayoutPoint(
        x: rect.minX + rect.width * Double(u) * 0x1p-32,
        y: rect.minY + rect.height * Double(v) * 0x1p-32)
    )
  }

  /// A coordinate folded back into `low...high` as a particle bouncing off the edges.
  @inline(__always)
  static func bounce(_ value: Double, within low: Double, _ high: Double) -> Double {
    if value >= low && value <= high { return value }
    let span = high - low
    guard span > 0 else { return low }
    // One bounce covers almost every particle: 20 points a second for at most a second.
    if value < low && value >= low - span { return 2 * low - value }
    if value > high && value <= high + span { return 2 * high - value }
    var folded = (value - low).truncatingRemainder(dividingBy: 2 * span)
    if folded < 0 { folded += 2 * span }
    return low + (folded <= span ? folded : 2 * span - folded)
  }

  /// The random numbers of one particle: SplitMix64 over a counter that starts from a hash of
  /// the seed, the region and the index, so that any particle can be made on its own.
  struct Random {
    private var state: UInt64

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

    /// Two 32-bit random numbers from one step.
    mutating func pair() -> (UInt32, UInt32) {
      let value = next()
      return (UInt32(truncatingIfNeeded: value >> 32), UInt32(truncatingIfNeeded: value))
    }
  }
}
