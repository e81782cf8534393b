/// Where a HUD sits inside its layer: JGProgressHUD's nine positions.
public enum HUDPosition: Sendable, Equatable, CaseIterable {
    /// The top-leading corner (top-left, or top-right in right-to-left languages).
    case topLeading
    /// Centred along the top edge.
    case top
    /// The top-trailing corner.
    case topTrailing
    /// Centred along the leading edge.
    case leading
    /// The middle (the default).
    case center
    /// Centred along the trailing edge.
    case trailing
    /// The bottom-leading corner.
    case bottomLeading
    /// Centred along the bottom edge.
    case bottom
    /// The bottom-trailing corner.
    case bottomTrailing

    /// Horizontal alignment: 0 leading, 0.5 centre, 1 trailing.
    public var horizontalFraction: Double {
        switch self {
        case .topLeading, .leading, .bottomLeading: 0
        case .top, .center, .bottom: 0.5
        case .topTrailing, .trailing, .bottomTrailing: 1
        }
    }

    /// Vertical alignment: 0 top, 0.5 centre, 1 bottom.
    public var verticalFraction: Double {
        switch self {
        case .topLeading, .top, .topTrailing: 0
        case .leading, .center, .trailing: 0.5
        case .bottomLeading, .bottom, .bottomTrailing: 1
        }
    }
}

/// The geometry of a child placed in a layer: pure arithmetic, tested on its own.
public enum HUDPlacement {
    /// The origin of a `size` box in a `container`, at `position`, kept `margin`
    /// away from the edges, moved by `offset` and then pinned inside the margins
    /// (a huge offset pins to an edge, like MBProgressHUD's `MBProgressMaxOffset`).
    /// In right-to-left layouts leading and trailing swap.
    public static func origin(size: (width: Double, height: Double), container: (width: Double, height: Double),
                              position: HUDPosition, margin: Double, offset: (x: Double, y: Double),
                              rightToLeft: Bool = false) -> (x: Double, y: Double) {
        let horizontal = rightToLeft ? 1 - position.horizontalFraction : position.horizontalFraction
        let freeWidth = container.width - 2 * margin - size.width
        let freeHeight = container.height - 2 * margin - size.height
        let x = margin + freeWidth * horizontal + offset.x
        let y = margin + freeHeight * position.verticalFraction + offset.y
        return (pin(x, low: margin, high: container.width - margin - size.width),
                pin(y, low: margin, high: container.height - margin - size.height))
    }

    private static func pin(_ value: Double, low: Double, high: Double) -> Double {
        guard value.isFinite else { return low }
        guard high >= low else { return (low + high) / 2 } // too big: centre it
        return min(max(value, low), high)
    }
}
