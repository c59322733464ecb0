import PhotoLibrary
import Testing

@Suite struct PhotoWindowTests {
  @Test("the window holds the current photo and both neighbours, wrapping around")
  func neighbours() {
    #expect(PhotoWindow(current: 0, count: 10).indices == [0, 1, 9])
    #expect(PhotoWindow(current: 9, count: 10).indices == [9, 0, 8])
    #expect(PhotoWindow(current: 4, count: 10).preparationOrder(toward: .previous) == [4, 3, 5])
  }

  @Test("one and two photos are held once each")
  func smallFolders() {
    #expect(PhotoWindow(current: 0, count: 1).indices == [0])
    #expect(PhotoWindow(current: 1, count: 2).indices == [1, 0])
    #expect(PhotoWindow(current: 1, count: 2).preparationOrder(toward: .previous) == [1, 0])
    #expect(PhotoWindow(current: 0, count: 0).indices == [])
  }

  @Test("moving evicts the photo that left the window")
  func eviction() {
    let window = PhotoWindow(current: 4, count: 10)
    let moved = window.moved(.next)
    #expect(moved.current == 5)
    #expect(moved.evicted(from: window.indices) == [3])
    #expect(PhotoWindow(current: -1, count: 10).current == 9)
  }
}
