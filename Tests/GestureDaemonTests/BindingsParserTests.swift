import GestureDaemon
import GestureRecognition
import Testing

/// The bindings file grammar: what each line means, its normalized form and its errors.
@Suite struct BindingsParserTests {
  /// Parses one line and returns its normalized text.
  func normalized(_ line: String) throws -> String {
    let configuration = try BindingsParser.parse(line, file: "b")
    return configuration.normalizedText.trimmingSuffix()
  }

  @Test(
    "each gesture line comes back with its defaults written out",
    arguments: [
      ("tap run true", "tap taps=1 fingers=1 on=recognize run true"),
      (
        "tap taps=2 fingers=3 region=0%,0%,50%,100% run notify-send \"double tap\"",
        "tap taps=2 fingers=3 on=recognize region=0%,0%,50%,100% run notify-send \"double tap\""
      ),
      ("long-press on=end run a", "long-press fingers=1 on=end run a"),
      ("swipe direction=up-left run a", "swipe direction=up-left fingers=1 on=recognize run a"),
      ("pan every=5mm run a", "pan direction=any fingers=1 every=5mm run a"),
      (
        "edge-pan edge=right direction=up every=4mm device=Goodix* run a",
        "edge-pan edge=right direction=up fingers=1 every=4mm device=Goodix* run a"
      ),
      (
        "edge-pan edge=left run a",
        "edge-pan edge=left direction=right fingers=1 distance=10mm on=recognize run a"
      ),
      ("pinch direction=in run a", "pinch direction=in scale=1.25 on=recognize run a"),
      ("pinch direction=out every=1.1 run a", "pinch direction=out every=1.1 run a"),
      (
        "rotation direction=cw angle=30° run a",
        "rotation direction=cw angle=30deg on=recognize run a"
      ),
      (
        "pan distance=1mm..50% on=end shell 'echo $X | wc'",
        "pan direction=any fingers=1 distance=1mm..50% on=end shell \"echo $X | wc\""
      ),
      (
        "device name=\"ELAN *\" rotation=90 size=150x95 grab",
        "device \"name=ELAN *\" rotation=90 size=150x95 grab"
      ),
      ("device path=/dev/input/event9 ignore", "device path=/dev/input/event9 ignore"),
      ("device name=\"Goodix*\" own", "device name=Goodix* own"),
      ("device own name=Goodix* grab", "device name=Goodix* grab own"),
      ("  # a comment\n", ""),
      (
        "tap run echo '#not a comment' # a comment",
        "tap taps=1 fingers=1 on=recognize run echo \"#not a comment\""
      ),
    ])
  func normalizes(line: String, expected: String) throws {
    #expect(try normalized(line) == expected)
    // The normalized text parses to the same thing.
    #expect(try normalized(expected) == expected)
  }

  @Test(
    "a bad line is reported as file:line: reason, naming what was expected",
    arguments: [
      (
        "wave run a",
        "b:2: expected a gesture (tap, long-press, swipe, pan, edge-pan, pinch, rotation), 'device', 'lisgd' or 'first-match' at the start of the line, not 'wave'"
      ),
      (
        "tap fingers=2",
        "b:2: expected 'run PROGRAM [ARGUMENT]…', 'shell \"COMMAND\"', 'key CHORD', 'key-hold CHORD' or 'button left|right|middle' after tap"
      ),
      ("tap fingers=9 run a", "b:2: expected fingers= a whole number from 1 to 5, not '9'"),
      ("tap fingers=1 fingers=2 run a", "b:2: 'fingers' is given twice"),
      (
        "tap color=red run a",
        "b:2: unknown parameter 'color' for tap; expected taps, fingers, double-tap-interval, device, region"
      ),
      ("tap 2 run a", "b:2: expected KEY=VALUE before 'run', not '2'"),
      ("tap run", "b:2: expected a program after 'run'"),
      (
        "tap shell a b",
        "b:2: expected one quoted command line after 'shell', such as shell \"a | b\""
      ),
      (
        "tap on=end run a",
        "b:2: on=end applies only to gestures that go on (long-press, pan, edge-pan, pinch, rotation), not tap"
      ),
      (
        "swipe every=3mm run a",
        "b:2: every= repeats only pan, edge-pan, pinch and rotation, not swipe"
      ),
      (
        "swipe direction=north run a",
        "b:2: expected direction= one of left, right, up, down, up-left, up-right, down-left, down-right or any, not 'north'"
      ),
      (
        "pan distance=12 run a",
        "b:2: expected distance= a length in mm or % such as 12mm or 30%, not '12'"
      ),
      (
        "edge-pan run a",
        "b:2: expected edge= one of left, right, top, bottom, top-left, top-right, bottom-left, bottom-right, none for edge-pan"
      ),
      (
        "edge-pan edge=top-left run a",
        "b:2: expected direction= for an edge pan from a corner or edge=none"
      ),
      ("pinch run a", "b:2: expected direction=in or direction=out for pinch"),
      (
        "pinch direction=in scale=0.5 run a",
        "b:2: expected scale= a scale factor above 1 such as 1.25, not '0.5'"
      ),
      ("rotation direction=cw on=begin every=5deg run a", "b:2: give on= or every=, not both"),
      ("tap run \"unclosed", "b:2: expected a closing '\"' before the end of the line"),
      ("device rotation=90", "b:2: expected exactly one of name=GLOB or path=GLOB after 'device'"),
      ("device name=x rotation=45", "b:2: expected rotation= 0, 90, 180 or 270, not '45'"),
      ("lisgd 1,LR,L,*,P", "b:2: expected a lisgd command after the actmode 'P'"),
      (
        "lisgd 1,LR,Q,*,cmd", "b:2: expected lisgd edge *, N, L, R, T, B, TL, TR, BL or BR, not 'Q'"
      ),
      (
        "lisgd 1,LR,L,*",
        "b:2: expected five or six comma-separated lisgd fields (nfingers,gesture,edge,distance,[actmode,]command), not '1,LR,L,*'"
      ),
      (
        "first-match now",
        "b:2: expected nothing after 'first-match' (it applies to the bindings after it)"
      ),
    ])
  func reportsErrors(line: String, message: String) {
    #expect(throws: (any Error).self) { try BindingsParser.parse("# first\n" + line, file: "b") }
    do {
      _ = try BindingsParser.parse("# first\n" + line, file: "b")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test("a lisgd binding is kept as lisgd's, its actmode written out, its command run by sh -c")
  func lisgd() throws {
    let configuration = try BindingsParser.parse(
      """
      lisgd "1,DU,R,*,P,sxmo_volume.sh up"
      lisgd -g "2,RL,*,M,R,echo a,b"
      lisgd 1,DLUR,N,L,R,x
      lisgd "1,DRUL,BR,*,setsid -f sxmo_hook_inputhandler.sh bottomrightcorner"
      """, file: "b")
    #expect(
      configuration.normalizedText == """
        lisgd "1,DU,R,*,P,sxmo_volume.sh up"
        lisgd "2,RL,*,M,R,echo a,b"
        lisgd 1,DLUR,N,L,R,x
        lisgd "1,DRUL,BR,*,R,setsid -f sxmo_hook_inputhandler.sh bottomrightcorner"

        """)
    #expect(configuration.bindings[0].action.arguments == ["/bin/sh", "-c", "sxmo_volume.sh up"])
    #expect(
      configuration.bindings[3].action
        == .shell("setsid -f sxmo_hook_inputhandler.sh bottomrightcorner"))
    let again = try BindingsParser.parse(configuration.normalizedText, file: "n")
    #expect(again.bindings.map(\.gesture) == configuration.bindings.map(\.gesture))
  }

  @Test("five-field lisgd specs: a fifth field other than R or P is the command (issue 20.2)")
  func lisgdFiveFields() throws {
    let spec = "1,DU,*,M,setsid -f sxmo_hook_inputhandler.sh mediumoneup"
    let binding = try LisgdBinding.parseOption(spec, index: 1)
    #expect(binding.action == .shell("setsid -f sxmo_hook_inputhandler.sh mediumoneup"))
    guard case .lisgd(let lisgd) = binding.gesture else {
      Issue.record("not a lisgd binding: \(binding.gesture)")
      return
    }
    #expect(lisgd.fieldsText == "1,DU,*,M,R")
    #expect(lisgd.pressed == false)
  }

  @Test("pinch and rotation take a finger count (issue 20.11)")
  func pinchFingers() throws {
    let configuration = try BindingsParser.parse(
      "pinch direction=in fingers=4 run a\nrotation direction=cw fingers=2 run b\n", file: "b")
    #expect(configuration.bindings[0].gesture == .pinch(outward: false, scale: 1.25, fingers: 4))
    #expect(
      configuration.bindings[1].gesture == .rotation(clockwise: true, degrees: 15, fingers: 2))
    #expect(
      configuration.normalizedText == """
        pinch direction=in scale=1.25 fingers=4 on=recognize run a
        rotation direction=cw angle=15deg fingers=2 on=recognize run b

        """)
  }

  @Test("first-match applies to the bindings after it, and comes back in the normalized text")
  func firstMatchLine() throws {
    let configuration = try BindingsParser.parse(
      "tap run a\nfirst-match\ntap run b\ntap run c\n", file: "b")
    #expect(configuration.bindings.map(\.firstMatch) == [false, true, true])
    #expect(
      configuration.normalizedText == """
        tap taps=1 fingers=1 on=recognize run a
        first-match
        tap taps=1 fingers=1 on=recognize run b
        tap taps=1 fingers=1 on=recognize run c

        """)
  }

  @Test(
    "globs match names as the shell does",
    arguments: [
      ("*", "anything", true), ("Goodix*", "Goodix Capacitive TouchScreen", true),
      ("*Touch?creen", "Goodix Capacitive TouchScreen", true), ("ELAN", "ELAN2", false),
      ("event[0-9]", "event7", true), ("event[!0-9]", "event7", false), ("a*b*c", "aXbYc", true),
      ("a*b*c", "aXbY", false),
    ])
  func glob(pattern: String, text: String, matches: Bool) {
    #expect(globMatches(pattern, text) == matches)
  }
}

extension String {
  /// The string without its trailing newlines.
  func trimmingSuffix() -> String {
    var text = self
    while text.hasSuffix("\n") { text.removeLast() }
    return text
  }
}
