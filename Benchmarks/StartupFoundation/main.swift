// gtkhud-startup-foundation: the bare probe linking Foundation, which GtkHUD
// links: separates what Foundation's loading costs from GtkHUD's own
// load-time work. The probe is Benchmarks/StartupProbe.
import Foundation

/// CPU time at the first statement of main: exec, the dynamic loader, constructors.
let atMain = cpuMilliseconds()
_ = ProcessInfo.processInfo.processIdentifier // a use, so Foundation stays linked
runStartupProbe(atMain: atMain)
