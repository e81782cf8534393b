// gtkhud-startup-linked: the bare probe linking GtkHUD. Whatever GtkHUD does at
// load time (its constructor installs the main-queue bridge) runs before main;
// with --prepare it also makes the first GtkHUD call an app makes (an
// HUDOverlay, which parses GtkHUD's stylesheet and installs it on the display)
// before the window is presented. The probe is Benchmarks/StartupProbe.
import GtkHUD

/// CPU time at the first statement of main: exec, the dynamic loader, constructors.
let atMain = cpuMilliseconds()
runStartupProbe(atMain: atMain) {
    if CommandLine.arguments.contains("--prepare") {
        MainActor.assumeIsolated { _ = HUDOverlay(content: nil) }
    }
}
