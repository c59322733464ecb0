let extraCommands: [Command] = [liveCommand, recordCommand, devicesCommand]
