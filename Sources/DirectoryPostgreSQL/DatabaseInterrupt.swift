import CPostgreSQL

/// Ctrl-C (SIGINT) while a database statement runs: the statement is cancelled on the
/// server (`PQcancel`) and fails with a message; a script then ends, the prompt goes on.
public enum DatabaseInterrupt {
    /// Whether a Ctrl-C cancelled a statement since the last call; forgets it.
    public static func take() -> Bool {
        directory_pq_take_interrupt() != 0
    }
}
