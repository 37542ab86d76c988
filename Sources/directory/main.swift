import DirectoryCLI
import Foundation

exit(
    DirectoryProgram.main(
        arguments: Array(CommandLine.arguments.dropFirst()),
        environment: ProcessInfo.processInfo.environment))
