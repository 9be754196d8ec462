// Helpers shared by the test target (seeded randomness, the test HTTP server, pseudo-terminals).
@_exported import Three20TestSupport
