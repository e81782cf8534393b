@_exported import HUDCore
import HUDCore
import HUDWidgets

typealias HUDCoreDiagnostics = HUDCore.Diagnostics

/// Where a window's banners sit: below its header bar (the default) or over its top edge.
public typealias BannerPlacement = HUDWidgets.HUDOverlayWidget.BannerPlacement
