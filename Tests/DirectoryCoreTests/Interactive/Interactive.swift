/// The interactive front end's pure parts (completion, history expansion, the
/// prompt), grouped so that `swift test --filter Interactive` runs them.
enum Interactive {}
