// Landmarks are numbered along a Hilbert curve over the index's extent, so
// landmarks close on the map get close ids: a quadtree cell is one contiguous
// id range, and a posting list restricted to a box becomes a range scan.

public enum HilbertOrder {
    /// The Hilbert index of cell (x, y) on a 2^16 × 2^16 grid.
    public static func index(x: UInt32, y: UInt32) -> UInt32 {
        var rx: UInt32 = 0, ry: UInt32 = 0, d: UInt32 = 0
        var x = x, y = y
        var s: UInt32 = 1 << 15
        while s > 0 {
            rx = (x & s) > 0 ? 1 : 0
            ry = (y & s) > 0 ? 1 : 0
            d += s * s * ((3 * rx) ^ ry)
            // Rotate the quadrant so the curve stays continuous.
            if ry == 0 {
                if rx == 1 {
                    x = s &- 1 &- x
                    y = s &- 1 &- y
                }
                swap(&x, &y)
            }
            x &= s &- 1
            y &= s &- 1
            s >>= 1
        }
        return d
    }

    /// Grid cell of a point inside `box` (clamped), 16 bits per axis.
    public static func cell(_ p: FixedCoordinate, in box: FixedBoundingBox) -> (x: UInt32, y: UInt32) {
        func scale(_ v: Int32, _ lo: Int32, _ hi: Int32) -> UInt32 {
            let span = Int64(hi) - Int64(lo)
            guard span > 0 else { return 0 }
            let t = (Int64(v) - Int64(lo)) * 65535 / span
            return UInt32(max(0, min(65535, t)))
        }
        return (scale(p.lon, box.minLon, box.maxLon), scale(p.lat, box.minLat, box.maxLat))
    }

    public static func key(_ p: FixedCoordinate, in box: FixedBoundingBox) -> UInt32 {
        let c = cell(p, in: box)
        return index(x: c.x, y: c.y)
    }
}
