let extraCommands: [Command] = [carouselCommand, plotCommand]
