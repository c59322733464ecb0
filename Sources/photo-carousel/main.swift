import PhotoViewer

#if canImport(Glibc)
  import Glibc
#endif

// `photo-carousel DIR`: the touchscreen photo viewer (see `photo-carousel --help`).
exit(PhotoCarousel.main(Array(CommandLine.arguments.dropFirst())))
