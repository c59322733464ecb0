// sample-photos: writes the bundled sample photos (Samples/Photos/) into a folder.
//
//   swift run sample-photos -o DIR      # 1-red.png … 8-gray.png
//
// Each photo is a flat colour from `SamplePhotos.all` with a checkerboard frame and a large
// label, written by PhotoLibrary's PNG writer; photo 4 is stored turned and tagged with EXIF
// orientation 6, as a phone writes a portrait photo.
import Foundation
import PhotoLibrary
import TextOutput

/// Prints `error: MESSAGE` on standard error and exits with status 1.
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data(("error: " + message + "\n").utf8))
  exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var output: String?
while !arguments.isEmpty {
  let argument = arguments.removeFirst()
  switch argument {
  case "-o", "--output":
    guard !arguments.isEmpty else { fail("-o needs a folder (sample-photos -o DIR)") }
    output = arguments.removeFirst()
  case "-h", "--help":
    print("usage: sample-photos -o DIR   (writes the eight sample photos into DIR)")
    exit(0)
  default:
    fail("unknown argument \(argument.escapingControlCharacters) (usage: sample-photos -o DIR)")
  }
}
guard let output else { fail("no output folder (usage: sample-photos -o DIR)") }
do {
  try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
} catch {
  fail("\(output.escapingControlCharacters): cannot create the folder: \(error)")
}
var total = 0
for photo in SamplePhotos.all {
  let bytes = SamplePhotos.pngFile(of: photo)
  let path = (output as NSString).appendingPathComponent(photo.fileName)
  guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
    fail("\(path.escapingControlCharacters): cannot write the file")
  }
  total += bytes.count
  print("\(photo.fileName) \(photo.width)x\(photo.height) \(bytes.count) bytes")
}
print("\(SamplePhotos.all.count) photos, \(total) bytes")
