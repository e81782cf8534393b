// gtkhud-startup-bare: the anchor of the start-up figure, a GTK (libadwaita
// with --adw) program that links neither Foundation nor GtkHUD. The probe is
// Benchmarks/StartupProbe, shared with StartupFoundation and StartupLinked.

/// CPU time at the first statement of main: exec, the dynamic loader, constructors.
let atMain = cpuMilliseconds()
runStartupProbe(atMain: atMain)
