let extraCommands: [Command] = [
  carouselCommand, plotCommand, liveCommand, recordCommand, devicesCommand,
  // The daemon (issue 11).
  runCommand, checkConfigCommand, checkSetupCommand,
]
