let extraCommands: [Command] = [
  carouselCommand, plotCommand, liveCommand, recordCommand, devicesCommand,
]
