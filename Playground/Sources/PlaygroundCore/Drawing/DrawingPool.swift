import Foundation

/// Threads that draw, with a bounded queue in front of them.
///
/// Drawing is seconds of CPU at worst and never yields, so it runs on threads of its own:
/// neither SwiftNIO's event loops nor Swift's cooperative pool ever wait for it, and
/// `/healthz`, the page's files and the images already drawn are answered while every drawing
/// thread is busy. A request that finds the queue full is refused at once with a 503 and a
/// `Retry-After`, and a job that waited past ``PlaygroundLimits/queueWait`` is refused the
/// same way instead of being drawn for a client that has given up.
///
/// Jobs carry an estimate (how long the session's last request of the kind took). Jobs
/// estimated over ``PlaygroundLimits/heavyJob`` and over four times what jobs take on average
/// are heavy: the first thread never takes them,
/// and at most ``PlaygroundLimits/queuedHeavyJobs`` wait. Threads take the cheapest job first,
/// but any job that has waited a second goes first, so heavy jobs are slower, never starved.
public final class DrawingPool: Sendable {
  private let limits: PlaygroundLimits
  private let queue: JobQueue

  /// Starts the threads.
  ///
  /// - Parameter limits: The threads, the queue's bounds and the heavy-job threshold.
  public init(limits: PlaygroundLimits) {
    precondition(limits.workers >= 1, "A drawing pool needs a thread, got \(limits.workers)")
    self.limits = limits
    queue = JobQueue(limits: limits)
    for index in 0..<limits.workers {
      let queue = self.queue
      let thread = Thread {
        var worker = DrawingWorker(index: index)
        while let job = queue.next(worker: index) {
          let start = ContinuousClock.now
          job.work(&worker)
          queue.finish(after: start.duration(to: .now))
        }
      }
      thread.name = "playground-draw-\(index)"
      thread.start()
    }
    // Refuses jobs that waited too long even while every drawing thread is busy.
    let queue = self.queue
    let reaper = Thread {
      while queue.isRunning {
        for job in queue.expired() {
          job.refuse(.busy("the drawing waited longer than the server lets a request wait"))
        }
        Thread.sleep(forTimeInterval: 0.05)
      }
    }
    reaper.name = "playground-draw-reaper"
    reaper.start()
  }

  deinit {
    queue.stop()
  }

  /// How many jobs wait and how many are being drawn.
  public var load: (queued: Int, running: Int) { queue.load }

  /// Draws on a drawing thread.
  ///
  /// - Parameters:
  ///   - estimate: How long the job is expected to take.
  ///   - body: The drawing, given the thread's worker.
  /// - Returns: What `body` returned.
  /// - Throws: What `body` threw, or ``PlaygroundError`` 503 when the queue is full or the job
  ///   waited too long.
  public func run<Output: Sendable>(
    estimate: Duration = .zero,
    _ body: @escaping @Sendable (inout DrawingWorker) throws(PlaygroundError) -> Output
  ) async throws(PlaygroundError) -> Output {
    let result: Result<Output, PlaygroundError> = await withCheckedContinuation { continuation in
      let job = Job(
        estimate: estimate, enqueued: .now,
        work: { worker in
          do throws(PlaygroundError) {
            continuation.resume(returning: .success(try body(&worker)))
          } catch {
            continuation.resume(returning: .failure(error))
          }
        },
        refuse: { continuation.resume(returning: .failure($0)) })
      if let refusal = queue.add(job) {
        continuation.resume(returning: .failure(refusal))
      }
    }
    return try result.get()
  }
}

extension DrawingPool {
  /// A drawing job: exactly one of `work` and `refuse` is called, once.
  struct Job: Sendable {
    var estimate: Duration
    /// Whether the job's estimate is well over what jobs take (set when it is queued).
    var isHeavy = false
    var enqueued: ContinuousClock.Instant
    var work: @Sendable (inout DrawingWorker) -> Void
    var refuse: @Sendable (PlaygroundError) -> Void
  }

  /// The waiting jobs, behind one lock; threads wait on its condition.
  final class JobQueue: @unchecked Sendable {
    // Every stored property is read and written with `condition` locked.
    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var running = 0
    private var isStopped = false
    /// A running average of how long jobs take.
    private var typical: Duration = .milliseconds(20)
    private let limits: PlaygroundLimits
    /// A job that has waited this long goes before cheaper ones.
    private let aging: Duration = .seconds(1)

    init(limits: PlaygroundLimits) {
      self.limits = limits
    }

    var load: (queued: Int, running: Int) {
      condition.withLock { (jobs.count, running) }
    }

    /// Queues a job, or says why not.
    func add(_ job: Job) -> PlaygroundError? {
      var job = job
      return condition.withLock { () -> PlaygroundError? in
        // Heavy against what jobs take now, so that a machine busy with other work, which
        // slows every job alike, does not make every session heavy.
        job.isHeavy = job.estimate > max(limits.heavyJob, typical * 4)
        guard jobs.count < limits.queuedJobs else {
          return .busy("\(jobs.count) drawings are waiting, the most the server queues")
        }
        if job.isHeavy, jobs.count(where: \.isHeavy) >= limits.queuedHeavyJobs {
          return .busy(
            "\(limits.queuedHeavyJobs) slow drawings are waiting, the most the server queues;"
              + " a shorter text or a narrower width draws faster")
        }
        jobs.append(job)
        condition.broadcast()
        return nil
      }
    }

    /// Takes the jobs that waited past ``PlaygroundLimits/queueWait`` out of the queue, for
    /// the caller to refuse outside the lock.
    func expired() -> [Job] {
      condition.withLock {
        let now = ContinuousClock.now
        let expired = jobs.filter { now - $0.enqueued > limits.queueWait }
        if !expired.isEmpty {
          jobs.removeAll { now - $0.enqueued > limits.queueWait }
        }
        return expired
      }
    }

    /// The next job for a thread, waiting for one; `nil` once stopped.
    func next(worker index: Int) -> Job? {
      condition.withLock {
        while !isStopped {
          let now = ContinuousClock.now
          // The first thread keeps to light jobs when there are others to take heavy ones.
          let mayTakeHeavy = index > 0 || limits.workers == 1
          let eligible = jobs.indices.filter { mayTakeHeavy || !jobs[$0].isHeavy }
          let overdue = eligible.filter { now - jobs[$0].enqueued > aging }
          let chosen =
            overdue.min { jobs[$0].enqueued < jobs[$1].enqueued }
            ?? eligible.min {
              (jobs[$0].estimate, jobs[$0].enqueued) < (jobs[$1].estimate, jobs[$1].enqueued)
            }
          if let chosen {
            running += 1
            return jobs.remove(at: chosen)
          }
          condition.wait()
        }
        return nil
      }
    }

    /// Counts a job as done, and how long it took in the running average.
    func finish(after elapsed: Duration) {
      condition.withLock {
        running -= 1
        typical = typical * 0.95 + elapsed * 0.05
      }
    }

    var isRunning: Bool { condition.withLock { !isStopped } }

    /// Stops the threads after their current jobs, refusing the jobs still waiting.
    func stop() {
      let waiting = condition.withLock {
        isStopped = true
        condition.broadcast()
        defer { jobs = [] }
        return jobs
      }
      for job in waiting {
        job.refuse(.busy("the server is stopping"))
      }
    }
  }
}
