#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard input, output and error when the program was started with one of them closed
/// (`directory … >&-`).
enum StandardDescriptors {
    /// Puts `/dev/null` in each of descriptors 0, 1 and 2 that is closed, opened the wrong way
    /// round (standard input for writing, the outputs for reading), so that the program sees
    /// what it would have seen (every read and write fails with EBADF) while the first files
    /// it opens (the list, its lock) cannot take the number and receive its output.
    static func holdClosedOnes() {
        for number: Int32 in 0...2 where fcntl(number, F_GETFD) == -1 && errno == EBADF {
            // open(2) takes the path as a C string, during the call only.
            let held = unsafe open("/dev/null", number == 0 ? O_WRONLY : O_RDONLY)
            if held >= 0, held != number {
                dup2(held, number)
                close(held)
            }
        }
    }
}
