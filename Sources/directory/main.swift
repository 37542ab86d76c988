import DirectoryCLI
import Foundation

DirectoryProgram.end(
    with: DirectoryProgram.main(
        arguments: Array(CommandLine.arguments.dropFirst()),
        environment: ProcessInfo.processInfo.environment))
