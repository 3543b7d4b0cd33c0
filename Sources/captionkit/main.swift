import CaptionCLI
import Foundation

exit(CaptionTool.run(Array(CommandLine.arguments.dropFirst()), io: .process(environment: ProcessInfo.processInfo.environment)))
