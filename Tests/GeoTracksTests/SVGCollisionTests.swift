// SVG pictures without collisions: the legend and the scale bar cover neither
// the route, the input track nor the markers (they move to a free corner, or
// to a band below the map), street labels overlap neither each other nor the
// markers and boxes, and a planned route's picture says "route", has no input
// track and numbers its via points. Checked on the pictures themselves, read
// back by SVGPictureProbe: the sample town ride and routes, made-up worst
// cases, and real extracts from ../shared/data (skipped when absent).
import Foundation
import GeoBase
import GeoRoads
@testable import GeoRouting
import GeoTestSupport
import Testing
@testable import GeoTracks

private func c(_ lat: Double, _ lon: Double) -> Coordinate { Coordinate(lat: lat, lon: lon) }

/// A route picture's particulars: legend, no track, numbered vias on the route, A and B.
private func expectRoutePicture(_ p: SVGPictureProbe, vias: Int, _ name: String,
                                sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(p.legendTexts == (vias > 0 ? ["route", "via point"] : ["route"]), "\(name)", sourceLocation: sourceLocation)
    #expect(!p.ids.contains("track") && !p.ids.contains("track-points") && p.track.isEmpty, "\(name)", sourceLocation: sourceLocation)
    let numbered = p.markers.filter { $0.id.hasPrefix("via-") }
    #expect(numbered.map(\.id) == (0..<vias).map { "via-\($0 + 1)" }, "\(name)", sourceLocation: sourceLocation)
    #expect(numbered.map(\.text) == (0..<vias).map { "\($0 + 1)" }, "\(name)", sourceLocation: sourceLocation)
    #expect(p.markers.filter { ["start", "end"].contains($0.id) }.map(\.text) == ["A", "B"], "\(name)", sourceLocation: sourceLocation)
    for m in numbered {
        // The marker sits on the route line (the via's snapped point).
        let d = p.route.flatMap { zip($0, $0.dropFirst()).map { SVGPictureProbe.distance((m.x, m.y), $0, $1) } }.min() ?? .infinity
        #expect(d < 1.5, "\(name): \(m.id) is \(d) px off the route", sourceLocation: sourceLocation)
    }
}

@Suite struct SVGCollisionTests {
    static let town = TestData.sample("town.osm")

    @Test func townRideMatch() throws {
        let graph = try TestData.graph(of: Self.town)
        let track = try TrackReader.read(path: TestData.sample("town-ride.gpx"))
        let result = MapMatcher(graph: graph, options: MatchOptions(mode: .bicycle)).match(track)
        for width in [1000, 600, 300] {
            let svg = RouteSVG.render(result, input: track, graph: graph, width: width)
            let p = try SVGPictureProbe(svg)
            p.expectNoCollisions("town ride at \(width) px")
            #expect(p.legendTexts == ["input track", "matched route"])
            #expect(!p.track.isEmpty && !p.route.isEmpty && p.markers.map(\.id) == ["start", "end"])
            #expect(svg == RouteSVG.render(result, input: track, graph: graph, width: width))
        }
        // The street labels are still there (the ride follows nine named stretches).
        let p = try SVGPictureProbe(RouteSVG.render(result, input: track, graph: graph))
        #expect(p.labels.count >= 5 && p.labels.contains { $0.text == "Hauptstraße" }, "\(p.labels.map(\.text))")
    }

    @Test func townRouteWithVias() throws {
        let graph = try TestData.graph(of: Self.town)
        let from = c(46.2029872, 6.7978337), to = c(46.1985241, 6.7986255)
        let cases: [(name: String, vias: [Coordinate])] = [
            ("no via", []),
            ("one via", [c(46.2005, 6.8002)]),
            ("two vias", [c(46.2005, 6.8002), c(46.2012, 6.7960)]),
        ]
        for (name, vias) in cases {
            let route = try Router(graph: graph).route(waypoints: [from] + vias + [to], mode: .bicycle)
            for width in [1000, 400] {
                let svg = RouteSVG.render(route, graph: graph, width: width)
                let p = try SVGPictureProbe(svg)
                p.expectNoCollisions("town route, \(name), at \(width) px")
                expectRoutePicture(p, vias: vias.count, "town route, \(name)")
                #expect(!svg.contains("input track") && !svg.contains("matched route"))
                #expect(svg == RouteSVG.render(route, graph: graph, width: width))
            }
        }
    }

    @Test func legendMovesToTheFirstFreeCorner() throws {
        // A diagonal from the top-left to the bottom-right of a wide picture: the
        // legend's usual corner is taken, the top-right one is free.
        let map = SVGMap(route: [[c(46.21, 6.78), c(46.20, 6.82)]])
        let p = try SVGPictureProbe(map.render())
        p.expectNoCollisions("diagonal")
        let legend = try #require(p.legend), scale = try #require(p.scale)
        #expect(legend.x0 > p.width / 2 && legend.y0 < 20, "\(legend)")
        #expect(scale.x0 < 20 && scale.y1 > p.height - 20, "\(scale)")
        #expect(p.margin == nil)
    }

    @Test func noFreeCornerAddsABandBelowTheMap() throws {
        // A zigzag from edge to edge of the whole picture leaves no corner free
        // (its box is 0.45 times as high as wide, so the height is not clamped
        // and the margin above and below it is the usual 8 %).
        let zigzag = (0...40).map { c($0 % 2 == 0 ? 46.2125 : 46.20, 6.78 + 0.001 * Double($0)) }
        for width in [1000, 300] {
            let svg = SVGMap(route: [zigzag], width: width).render()
            let p = try SVGPictureProbe(svg)
            p.expectNoCollisions("zigzag at \(width) px")
            let band = try #require(p.margin, "no band below the map at \(width) px")
            let legend = try #require(p.legend), scale = try #require(p.scale)
            #expect(legend.y0 >= band.y0 && scale.y0 >= band.y0 && band.y1 == p.height, "\(legend) \(scale) \(band)")
            #expect(p.route.joined().allSatisfy { $0.y < band.y0 })
            #expect(svg == SVGMap(route: [zigzag], width: width).render())
        }
    }

    @Test func crowdedLabelsDoNotOverlap() throws {
        // Twelve parallel streets a few pixels apart, each with a long name, and
        // a via marker and the end marker in the middle of them.
        let streets = (0..<12).map { i in [c(46.2 + 0.00006 * Double(i), 6.79), c(46.2 + 0.00006 * Double(i), 6.80)] }
        let names = streets.enumerated().map { (points: $1, name: "Avenue numéro \($0 + 1) du Très Long Nom") }
        var map = SVGMap(route: streets, routeNames: names)
        map.vias = [c(46.2003, 6.795)]
        let p = try SVGPictureProbe(map.render())
        p.expectNoCollisions("crowded labels")
        #expect(p.labels.count >= 2, "\(p.labels.map(\.text))")
        #expect(Set(p.labels.map(\.text)).count == p.labels.count)
    }

    // MARK: real extracts

    @Test(.sharedData("andorra.osm.pbf", "map-matching/andorra_for_map_matching.gpx")) func andorraMatches() throws {
        let osm = try #require(TestData.shared("andorra.osm.pbf"))
        let gpx = try #require(TestData.shared("map-matching/andorra_for_map_matching.gpx"))
        let graph = try TestData.graph(of: osm)
        let track = try TrackReader.read(path: gpx)
        for mode in [TravelMode.bicycle, .car] {
            let result = MapMatcher(graph: graph, options: MatchOptions(mode: mode)).match(track)
            #expect(result.segments.count == 1)
            for width in [1000, 500] {
                let p = try SVGPictureProbe(RouteSVG.render(result, input: track, graph: graph, width: width))
                p.expectNoCollisions("Andorra \(mode.name) at \(width) px")
                #expect(p.legendTexts == ["input track", "matched route"])
            }
        }
    }

    @Test(.sharedData("osrm/monaco.osm.pbf")) func monacoRoutes() throws {
        let osm = try #require(TestData.shared("osrm/monaco.osm.pbf"))
        let graph = try TestData.graph(of: osm)
        // West to east across the principality (Fontvieille to Larvotto), by the port and the casino.
        let cases: [(mode: TravelMode, points: [Coordinate])] = [
            (.car, [c(43.7285, 7.4140), c(43.7350, 7.4215), c(43.7394, 7.4275), c(43.7480, 7.4350)]),
            (.foot, [c(43.7310, 7.4190), c(43.7440, 7.4290)]),
            (.bicycle, [c(43.7480, 7.4350), c(43.7394, 7.4275), c(43.7285, 7.4140)]),
        ]
        for (mode, points) in cases {
            let route = try Router(graph: graph).route(waypoints: points, mode: mode)
            for width in [1000, 400] {
                let name = "Monaco \(mode.name), \(points.count - 2) via(s), at \(width) px"
                let p = try SVGPictureProbe(RouteSVG.render(route, graph: graph, width: width))
                p.expectNoCollisions(name)
                expectRoutePicture(p, vias: points.count - 2, name)
                #expect(p.labels.count >= 3, "\(name): \(p.labels.map(\.text))")
            }
        }
    }
}
