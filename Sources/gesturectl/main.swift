#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// A closed pipe must end the tool quietly rather than kill it with SIGPIPE mid-line.
signal(SIGPIPE, SIG_IGN)
let console = Console()
exit(runTool(Array(CommandLine.arguments.dropFirst()), console: console))
