import CGtk
import GtkSupport
import XCTest

/// The bands ``ShadowBands`` draws an outset shadow in: on device pixel edges at
/// any scale and origin, disjoint, covering the shadow's bounds except an inside
/// that lies within the outline (where an outset shadow draws nothing).
final class ShadowBandRectsTests: XCTestCase {
    private func outline(x: Float, y: Float, width: Float, height: Float, radii: [Float]) -> GskRoundedRect {
        let corner = { (index: Int) in graphene_size_t(width: radii[index], height: radii[index]) }
        return GskRoundedRect(bounds: graphene_rect_t(origin: graphene_point_t(x: x, y: y), size: graphene_size_t(width: width, height: height)),
                              corner: (corner(0), corner(1), corner(2), corner(3)))
    }

    func testBandEdgesFallOnDevicePixelsAndCoverAllButTheInside() {
        let shadowBounds = graphene_rect_t(origin: graphene_point_t(x: -22.5, y: -20.25), size: graphene_size_t(width: 145, height: 150))
        for scale in [1.0, 1.25, 1.5, 1.75, 2, 3] {
            for origin in [(0.0, 0.0), (13.0, 7.0), (12.4, 33.8), (150.0, 99.0)] {
                for radii: [Float] in [[14, 14, 14, 14], [0, 0, 0, 0], [3, 20, 9, 0]] {
                    let box = outline(x: 0.3, y: -0.6, width: 100, height: 102, radii: radii)
                    let grid = PixelGrid(originX: origin.0, originY: origin.1, scale: scale)
                    let context = "scale \(scale), origin \(origin), radii \(radii)"
                    guard let bands = ShadowBands.bandRects(outline: box, bounds: shadowBounds, grid: grid) else {
                        return XCTFail("no bands at \(context)")
                    }
                    XCTAssertEqual(bands.count, 4, context)
                    for band in bands {
                        let edges = [(Double(band.origin.x), origin.0), (Double(band.origin.x + band.size.width), origin.0),
                                     (Double(band.origin.y), origin.1), (Double(band.origin.y + band.size.height), origin.1)]
                        for (edge, offset) in edges {
                            let device = (edge + offset) * scale
                            XCTAssertEqual(device, device.rounded(), accuracy: 0.002, "a band edge inside a device pixel at \(context)")
                        }
                        // The inner edges are device edges in Float arithmetic too, where one exists
                        // within reach (at these scales and whole-pixel origins, always).
                        if origin.0 == origin.0.rounded(), origin.1 == origin.1.rounded() {
                            for (edge, offset) in edges {
                                let device = (Float(edge) + Float(offset)) * Float(scale)
                                XCTAssertEqual(device, device.rounded(), "a band edge off a device pixel in Float at \(context)")
                            }
                        }
                        XCTAssertGreaterThan(band.size.width, 0, context)
                        XCTAssertGreaterThan(band.size.height, 0, context)
                    }
                    // Sample points: each inside one band at most, in none exactly when
                    // inside the left-out rectangle, which lies inside the outline.
                    var inside: (minX: Float, minY: Float, maxX: Float, maxY: Float) = (.infinity, .infinity, -.infinity, -.infinity)
                    var x = shadowBounds.origin.x
                    while x < shadowBounds.origin.x + shadowBounds.size.width {
                        var y = shadowBounds.origin.y
                        while y < shadowBounds.origin.y + shadowBounds.size.height {
                            let covering = bands.filter { x >= $0.origin.x && x < $0.origin.x + $0.size.width
                                && y >= $0.origin.y && y < $0.origin.y + $0.size.height }.count
                            XCTAssertLessThanOrEqual(covering, 1, "bands overlap at (\(x), \(y)), \(context)")
                            if covering == 0 { inside = (min(inside.minX, x), min(inside.minY, y), max(inside.maxX, x), max(inside.maxY, y)) }
                            y += 0.37
                        }
                        x += 0.41
                    }
                    // Every band takes in some of the box (a device pixel at least: GTK
                    // 4.18's cairo renderer skips a shadow whose clip misses its outline).
                    let pixel = Float(1 / scale)
                    XCTAssertGreaterThanOrEqual(inside.minX, box.bounds.origin.x + max(pixel, radii[0], radii[3]) - 0.01, context)
                    XCTAssertGreaterThanOrEqual(inside.minY, box.bounds.origin.y + max(pixel, radii[0], radii[1]) - 0.01, context)
                    XCTAssertLessThanOrEqual(inside.maxX, box.bounds.origin.x + box.bounds.size.width - max(pixel, radii[1], radii[2]) + 0.01, context)
                    XCTAssertLessThanOrEqual(inside.maxY, box.bounds.origin.y + box.bounds.size.height - max(pixel, radii[2], radii[3]) + 0.01, context)
                    // Shrunk to device pixel edges a Float lands on, the inside loses at most 4 px a side.
                    XCTAssertLessThan(inside.minX, box.bounds.origin.x + max(pixel, radii[0], radii[3]) + 4 + pixel + 0.42, context)
                    XCTAssertGreaterThan(inside.maxY, box.bounds.origin.y + box.bounds.size.height - max(pixel, radii[2], radii[3]) - 4 - pixel - 0.38, context)
                }
            }
        }
    }

    func testAnOutlineWithNoInsideOnWholePixelsIsLeftAlone() {
        let tiny = outline(x: 0, y: 0, width: 20, height: 20, radii: [10, 10, 10, 10])
        let bounds = graphene_rect_t(origin: graphene_point_t(x: -12, y: -12), size: graphene_size_t(width: 44, height: 44))
        XCTAssertNil(ShadowBands.bandRects(outline: tiny, bounds: bounds, grid: PixelGrid(originX: 0.5, originY: 0.5, scale: 1)))
        // A grid that is no grid: refused, not trapped on.
        let box = outline(x: 0, y: 0, width: 100, height: 100, radii: [14, 14, 14, 14])
        for grid in [PixelGrid(originX: 0, originY: 0, scale: .nan), PixelGrid(originX: 0, originY: 0, scale: .infinity),
                     PixelGrid(originX: 0, originY: 0, scale: 0), PixelGrid(originX: 0, originY: 0, scale: 1e300),
                     PixelGrid(originX: .nan, originY: 0, scale: 1)] {
            XCTAssertNil(ShadowBands.bandRects(outline: box, bounds: bounds, grid: grid), "\(grid)")
        }
    }
}
