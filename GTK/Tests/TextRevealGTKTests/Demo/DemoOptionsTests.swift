import Testing

@testable import TextRevealGTKDemo

@Suite struct DemoOptionsTests {
  @Test("Options and the link log are read")
  func options() throws {
    let options = try DemoOptions(
      arguments: [
        "--page", "chat", "--package", "dpkg", "--direction", "rtl", "--size", "640x480",
      ],
      environment: ["TEXTREVEAL_GTK_URI_LOG": "/tmp/links"])
    #expect(options.page == .chat)
    #expect(options.package == "dpkg")
    #expect(options.isRightToLeft)
    #expect(options.size == (640, 480))
    #expect(options.uriLog == "/tmp/links")
  }

  @Test(
    "A bad command line says what is wrong",
    arguments: [
      (["--page", "home"], "--page is one of"), (["--size", "wide"], "--size is WIDTHxHEIGHT"),
      (["--direction", "up"], "--direction is ltr or rtl"), (["--page"], "--page needs a value"),
      (["--verbose", "1"], "unknown option --verbose"),
    ] as [([String], String)])
  func errors(arguments: [String], message: String) {
    #expect {
      try DemoOptions(arguments: arguments, environment: [:])
    } throws: { error in
      "\(error)".hasPrefix(message)
    }
  }
}
