@_exported import HUDCore
import HUDCore

typealias HUDCoreDiagnostics = HUDCore.Diagnostics
