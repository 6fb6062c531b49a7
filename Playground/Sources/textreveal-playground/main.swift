import Foundation
import PlaygroundCore

// textreveal-playground [--port 8080] [--host 127.0.0.1] [--allowed-host NAME]...
//                       | --bench [--taps 200]
// A plain argument loop: a few options do not need swift-argument-parser in this package.
var host = "127.0.0.1"
var port = 8080
var allowedHosts: [String] = []
var bench = false
var taps = 200
var arguments = CommandLine.arguments.dropFirst()

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("textreveal-playground: \(message)\n".utf8))
  exit(2)
}

while let argument = arguments.popFirst() {
  switch argument {
  case "--host":
    guard let value = arguments.popFirst(), !value.isEmpty else { fail("--host needs an address") }
    host = value
  case "--port":
    guard let value = arguments.popFirst().flatMap({ Int($0) }), (0...65535).contains(value)
    else { fail("--port needs a number from 0 to 65535 (0 picks a free port)") }
    port = value
  case "--allowed-host":
    guard let value = arguments.popFirst(), !value.isEmpty else {
      fail("--allowed-host needs a host name")
    }
    allowedHosts.append(value)
  case "--bench":
    bench = true
  case "--taps":
    guard let value = arguments.popFirst().flatMap({ Int($0) }), value > 0 else {
      fail("--taps needs a positive number")
    }
    taps = value
  case "-h", "--help":
    print(
      """
      usage: textreveal-playground [--port 8080] [--host 127.0.0.1] [--allowed-host NAME]...
             textreveal-playground --bench [--taps 200]
      Serves the playground: every TextReveal component in a browser, drawn by the library.
      The server answers requests whose Host header names the address it listens on (or
      localhost, on a loopback address); --allowed-host adds a name (a proxy's, say).
      """)
    exit(0)
  default:
    fail("unknown argument \(argument.prefix(40)); see --help")
  }
}

// glibc gives a thread that allocates under contention an arena of its own, and an arena keeps
// what its thread freed: with five drawing threads each keeping the buffers of the largest image
// it drew, the server reached 520 MB in `make load-check`. Two arenas for the whole process
// (`mallopt(M_ARENA_MAX, 2)`, before the threads start) held it to 383 MB at the same speed.
// mallopt is looked up at run time: Swift's Glibc module does not declare it.
#if os(Linux)
  if let process = dlopen(nil, RTLD_NOW), let mallopt = dlsym(process, "mallopt") {
    let arenaMax: Int32 = -8  // M_ARENA_MAX in glibc's malloc.h
    _ = unsafeBitCast(mallopt, to: (@convention(c) (Int32, Int32) -> Int32).self)(arenaMax, 2)
  }
#endif

do {
  if bench {
    try await PlaygroundBenchmark(taps: taps).run()
  } else {
    try await PlaygroundServer(host: host, port: port, allowedHosts: allowedHosts).run(
      service: PlaygroundService(limits: .forThisProcess()))
  }
} catch {
  fail("\(error)")
}
