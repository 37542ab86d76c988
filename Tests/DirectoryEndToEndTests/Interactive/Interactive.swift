/// End-to-end tests of the interactive prompt on a pseudo-terminal, grouped so
/// that `swift test --filter Interactive` runs them.
enum Interactive {}
