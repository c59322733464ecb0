import Testing

@Test("The target builds") func targetBuilds() {}
