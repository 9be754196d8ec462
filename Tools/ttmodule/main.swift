// ttmodule: choose Three20 for Swift modules, start a project with them, change it later.
// Everything happens in TTModuleKit (tested in-process); `ttmodule --help` explains it all.
import TTModuleKit

TTModuleCommand.runAndExit()
