#if canImport(Glibc)
    import Glibc
#endif

exit(BenchProgram.main(arguments: Array(CommandLine.arguments.dropFirst())))
