@_exported import HUDCore
import HUDCore
import HUDWidgets

typealias HUDCoreDiagnostics = HUDCore.Diagnostics

