// Direct tests of AccessRules.profile(tags) and AccessRules.barrierBlocks(tags):
// class defaults per mode, the access tag hierarchy, oneway variants, barriers
// and speeds. RoutingRulesTests checks the same rules end to end through routes;
// these pin each rule on its own tag dictionary, so a failure names the rule.
import Testing
@testable import GeoRoads

/// What one profile lets a mode do: (along the way, against it), 0…255 km/h.
private struct ModeAccess: Equatable, CustomStringConvertible {
    var forward: Bool
    var backward: Bool
    var speed: UInt8
    var description: String { "fwd \(forward) bwd \(backward) \(speed) km/h" }

    static let closed = ModeAccess(forward: false, backward: false, speed: 0)
}

private func access(_ p: WayProfile?, _ m: TravelMode) -> ModeAccess {
    guard let p else { return .closed }
    return ModeAccess(forward: p.access.forward.contains(m), backward: p.access.backward.contains(m), speed: p.speeds[m.rawValue])
}

private func both(_ speed: UInt8) -> ModeAccess { ModeAccess(forward: true, backward: true, speed: speed) }

@Suite struct AccessRulesTests {
    // MARK: class defaults

    /// A highway value and whether each mode may use it by default.
    struct ClassCase: Sendable, CustomTestStringConvertible {
        var highway: String
        var car: Bool, bicycle: Bool, foot: Bool
        var testDescription: String { highway }
    }

    @Test(arguments: [
        ClassCase(highway: "motorway", car: true, bicycle: false, foot: false),
        ClassCase(highway: "trunk", car: true, bicycle: true, foot: true),
        ClassCase(highway: "residential", car: true, bicycle: true, foot: true),
        ClassCase(highway: "service", car: true, bicycle: true, foot: true),
        ClassCase(highway: "track", car: false, bicycle: true, foot: true),
        ClassCase(highway: "cycleway", car: false, bicycle: true, foot: true),
        ClassCase(highway: "path", car: false, bicycle: true, foot: true),
        ClassCase(highway: "footway", car: false, bicycle: true, foot: true),
        ClassCase(highway: "pedestrian", car: false, bicycle: true, foot: true),
        ClassCase(highway: "steps", car: false, bicycle: true, foot: true),
        ClassCase(highway: "bridleway", car: false, bicycle: false, foot: true),
        ClassCase(highway: "busway", car: false, bicycle: false, foot: false),
    ])
    func classDefaultsPerMode(_ c: ClassCase) {
        let p = AccessRules.profile(["highway": c.highway])
        for (mode, expected) in [(TravelMode.car, c.car), (.bicycle, c.bicycle), (.foot, c.foot)] {
            let a = access(p, mode)
            #expect((a.forward || a.backward) == expected, "\(c.highway) \(mode.name): \(a)")
            #expect((a.speed > 0) == expected, "speed only where allowed: \(c.highway) \(mode.name)")
        }
        if !c.car && !c.bicycle && !c.foot { #expect(p == nil) }
    }

    @Test func unknownHighwaysAndNonHighwaysAreNoRoads() {
        #expect(AccessRules.profile(["highway": "proposed"]) == nil)
        #expect(AccessRules.profile(["building": "yes"]) == nil)
        #expect(AccessRules.profile(["highway": "residential", "area": "yes"]) == nil)
        #expect(AccessRules.profile(["highway": "pedestrian", "area": "yes"]) != nil)
    }

    @Test func classDefaultSpeeds() {
        let p = AccessRules.profile(["highway": "residential"])
        #expect(access(p, .car) == both(28))
        #expect(access(p, .bicycle) == both(16))
        #expect(access(p, .foot) == both(5))
        #expect(access(AccessRules.profile(["highway": "cycleway"]), .bicycle) == both(18))
        #expect(access(AccessRules.profile(["highway": "steps"]), .foot) == both(3))
        #expect(access(AccessRules.profile(["highway": "path", "surface": "gravel"]), .bicycle) == both(10))
    }

    // MARK: access hierarchy

    @Test func bicycleYesOnAFootwayLetsBicyclesRide() {
        let pushed = AccessRules.profile(["highway": "footway"])
        let ridden = AccessRules.profile(["highway": "footway", "bicycle": "yes"])
        #expect(access(pushed, .bicycle) == both(5))     // dismounted: walking pace
        #expect(access(ridden, .bicycle) == both(6))     // the footway class speed, not pushed
        #expect(access(ridden, .car) == .closed)
        #expect(access(AccessRules.profile(["highway": "footway", "bicycle": "no"]), .bicycle) == .closed)
    }

    @Test func pushedBicyclesOnPedestrianWaysAndSteps() {
        #expect(access(AccessRules.profile(["highway": "pedestrian"]), .bicycle) == both(5))
        #expect(access(AccessRules.profile(["highway": "pedestrian", "bicycle": "dismount"]), .bicycle) == both(5))
        #expect(access(AccessRules.profile(["highway": "residential", "bicycle": "dismount"]), .bicycle) == both(5))
        // Steps are carried (min(5, class speed 2)); with bicycle=yes the class speed applies unpushed (also 2).
        #expect(access(AccessRules.profile(["highway": "steps"]), .bicycle) == both(2))
        #expect(access(AccessRules.profile(["highway": "steps", "bicycle": "yes"]), .bicycle) == both(2))
    }

    @Test func motorVehicleNoClosesOnlyCars() {
        let p = AccessRules.profile(["highway": "residential", "motor_vehicle": "no"])
        #expect(access(p, .car) == .closed)
        #expect(access(p, .bicycle) == both(16))
        #expect(access(p, .foot) == both(5))
    }

    @Test func theMostSpecificAccessTagWins() {
        // car: motorcar > motor_vehicle > vehicle > access
        #expect(access(AccessRules.profile(["highway": "residential", "motor_vehicle": "no", "motorcar": "yes"]), .car) == both(28))
        #expect(access(AccessRules.profile(["highway": "residential", "access": "no", "motor_vehicle": "yes"]), .car) == both(28))
        #expect(access(AccessRules.profile(["highway": "residential", "vehicle": "yes", "motor_vehicle": "private"]), .car) == .closed)
        // bicycle: bicycle > vehicle > access
        let vehicleNo = AccessRules.profile(["highway": "residential", "vehicle": "no"])
        #expect(access(vehicleNo, .car) == .closed)
        #expect(access(vehicleNo, .bicycle) == .closed)
        #expect(access(vehicleNo, .foot) == both(5))
        #expect(access(AccessRules.profile(["highway": "residential", "vehicle": "no", "bicycle": "yes"]), .bicycle) == both(16))
        // foot: foot > access
        let footOnly = AccessRules.profile(["highway": "residential", "access": "no", "foot": "yes"])
        #expect(access(footOnly, .car) == .closed)
        #expect(access(footOnly, .bicycle) == .closed)
        #expect(access(footOnly, .foot) == both(5))
        // Every mode closed: no profile at all.
        #expect(AccessRules.profile(["highway": "residential", "access": "private"]) == nil)
        // Only the first value of a list counts.
        #expect(access(AccessRules.profile(["highway": "residential", "access": "no;yes"]), .car) == .closed)
    }

    @Test func accessYesDoesNotOpenACyclewayToCars() {
        #expect(access(AccessRules.profile(["highway": "cycleway", "access": "yes"]), .car) == .closed)
        #expect(access(AccessRules.profile(["highway": "cycleway", "vehicle": "yes"]), .car) == .closed)
        #expect(access(AccessRules.profile(["highway": "cycleway", "motor_vehicle": "yes"]), .car) == both(20))
    }

    @Test func motorroadExcludesBicyclesAndPedestriansUnlessTaggedOtherwise() {
        let p = AccessRules.profile(["highway": "trunk", "motorroad": "yes"])
        #expect(access(p, .car) == both(90))
        #expect(access(p, .bicycle) == .closed)
        #expect(access(p, .foot) == .closed)
        #expect(access(AccessRules.profile(["highway": "trunk", "motorroad": "yes", "bicycle": "yes"]), .bicycle) == both(16))
    }

    @Test func ferriesAreRoadsOfTheirOwnClass() {
        let p = AccessRules.profile(["route": "ferry", "motor_vehicle": "no", "bicycle": "yes", "foot": "yes"])
        #expect(p?.roadClass == .ferry)
        #expect(access(p, .car) == .closed)
        #expect(access(p, .bicycle) == both(10))
        #expect(access(p, .foot) == both(10))
    }

    // MARK: oneway

    @Test func onewayYesBindsCarsAndBicyclesNotPedestrians() {
        for value in ["yes", "1", "true"] {
            let p = AccessRules.profile(["highway": "residential", "oneway": value])
            #expect(access(p, .car) == ModeAccess(forward: true, backward: false, speed: 28), "\(value)")
            #expect(access(p, .bicycle) == ModeAccess(forward: true, backward: false, speed: 16), "\(value)")
            #expect(access(p, .foot) == both(5), "\(value)")
        }
    }

    @Test func onewayMinusOneRunsAgainstTheDrawing() {
        let p = AccessRules.profile(["highway": "residential", "oneway": "-1"])
        #expect(access(p, .car) == ModeAccess(forward: false, backward: true, speed: 28))
        #expect(access(p, .bicycle) == ModeAccess(forward: false, backward: true, speed: 16))
        #expect(access(p, .foot) == both(5))
    }

    @Test func roundaboutsAndMotorwaysImplyOneway() {
        let r = AccessRules.profile(["highway": "tertiary", "junction": "roundabout"])
        #expect(access(r, .car) == ModeAccess(forward: true, backward: false, speed: 45))
        #expect(access(r, .bicycle) == ModeAccess(forward: true, backward: false, speed: 16))
        #expect(access(r, .foot) == both(5))
        // An explicit oneway=no wins over the implication.
        #expect(access(AccessRules.profile(["highway": "tertiary", "junction": "roundabout", "oneway": "no"]), .car) == both(45))
        #expect(access(AccessRules.profile(["highway": "motorway"]), .car) == ModeAccess(forward: true, backward: false, speed: 110))
        #expect(access(AccessRules.profile(["highway": "motorway_link"]), .car) == ModeAccess(forward: true, backward: false, speed: 50))
    }

    @Test func bicyclesExemptFromOneway() {
        for extra in [["oneway:bicycle": "no"], ["cycleway": "opposite"], ["cycleway:left": "opposite_lane"],
                      ["cycleway:both": "opposite_track"]] {
            let p = AccessRules.profile(["highway": "residential", "oneway": "yes"].merging(extra) { a, _ in a })
            #expect(access(p, .car) == ModeAccess(forward: true, backward: false, speed: 28), "\(extra)")
            #expect(access(p, .bicycle) == both(16), "\(extra)")
        }
        // cycleway=lane is no exemption; oneway:bicycle=yes makes a two-way road oneway for bicycles only.
        #expect(access(AccessRules.profile(["highway": "residential", "oneway": "yes", "cycleway": "lane"]), .bicycle)
            == ModeAccess(forward: true, backward: false, speed: 16))
        let bikeOneway = AccessRules.profile(["highway": "residential", "oneway:bicycle": "yes"])
        #expect(access(bikeOneway, .car) == both(28))
        #expect(access(bikeOneway, .bicycle) == ModeAccess(forward: true, backward: false, speed: 16))
    }

    @Test func onewayFootBindsOnlyPedestrians() {
        let p = AccessRules.profile(["highway": "footway", "oneway:foot": "-1"])
        #expect(access(p, .foot) == ModeAccess(forward: false, backward: true, speed: 5))
        #expect(access(p, .bicycle) == both(5))
    }

    @Test func reversibleRoadsAreClosedToCars() {
        let p = AccessRules.profile(["highway": "residential", "oneway": "reversible"])
        let car = access(p, .car)
        #expect(!car.forward && !car.backward)
        #expect(access(p, .foot) == both(5))
    }

    @Test func onewayValuesKeepTheirCodesAndDirections() {
        #expect([Oneway.no, .forward, .backward, .reversible].map(\.rawValue) == [0, 1, -1, 2])
        #expect(Oneway.forward.allowsForward && !Oneway.forward.allowsBackward)
        #expect(!Oneway.backward.allowsForward && Oneway.backward.allowsBackward)
        #expect(!Oneway.reversible.allowsForward && !Oneway.reversible.allowsBackward)
        #expect(Oneway(tags: [:], roadClass: .motorwayLink) == .forward)
        #expect(Oneway(bicycleTags: [:], general: .reversible) == .no)
        #expect(Oneway(footTags: ["oneway:foot": "yes"]) == .forward)
    }

    // MARK: maxspeed

    @Test func maxspeedSetsTheCarSpeedAtNinetyPercent() {
        func carSpeed(_ maxspeed: String, _ highway: String = "primary") -> UInt8 {
            access(AccessRules.profile(["highway": highway, "maxspeed": maxspeed]), .car).speed
        }
        #expect(carSpeed("30") == 27)
        #expect(carSpeed("80") == 72)
        #expect(carSpeed("30 mph") == 43)      // 30 × 1.609 × 0.9 = 43.4
        #expect(carSpeed("walk") == 5)         // 6 × 0.9 = 5.4
        #expect(carSpeed("none") == 65)        // unknown: the primary class default
        #expect(carSpeed("signals") == 65)
        #expect(carSpeed("300", "motorway") == 150)   // capped
        // Cyclists and pedestrians keep their own speeds.
        let p = AccessRules.profile(["highway": "primary", "maxspeed": "30"])
        #expect(access(p, .bicycle).speed == 16 && access(p, .foot).speed == 5)
    }

    @Test func maxspeedListsUseTheLowestValueAsDocumented() {
        #expect(access(AccessRules.profile(["highway": "primary", "maxspeed": "50;30"]), .car).speed == 27)
        #expect(access(AccessRules.profile(["highway": "primary", "maxspeed": "30;50"]), .car).speed == 27)
        // A value that is no speed is skipped, not taken for the lowest.
        #expect(access(AccessRules.profile(["highway": "primary", "maxspeed": "signals;50"]), .car).speed == 45)
        #expect(access(AccessRules.profile(["highway": "primary", "maxspeed": "20 mph;50"]), .car).speed == 29)   // 32.2 km/h × 0.9
    }

    // MARK: barriers

    @Test(arguments: [
        // barrier tags, blocked bits (car 1, bicycle 2, foot 4)
        (["barrier": "bollard"], UInt8(1)), (["barrier": "cycle_barrier"], 1), (["barrier": "block"], 1),
        (["barrier": "stile"], 3), (["barrier": "kissing_gate"], 3), (["barrier": "fence"], 7), (["barrier": "wall"], 7),
        (["barrier": "gate"], 0), (["barrier": "lift_gate"], 0), ([:], 0), (["highway": "crossing"], 0),
        // Node access tags override the barrier's default.
        (["barrier": "bollard", "motor_vehicle": "yes"], 0), (["barrier": "bollard", "bicycle": "no"], 3),
        (["barrier": "gate", "access": "private"], 7), (["barrier": "gate", "access": "private", "foot": "yes"], 3),
        (["barrier": "stile", "bicycle": "dismount"], 1), (["barrier": "fence", "foot": "yes"], 3),
    ] as [([String: String], UInt8)])
    func barriersPerMode(tags: [String: String], blocks: UInt8) {
        #expect(AccessRules.barrierBlocks(tags).rawValue == blocks, "\(tags)")
    }

    @Test func barrierBitsAreTheModeBits() {
        // The barrier byte on disk is a TravelModes set: car 1, bicycle 2, foot 4.
        #expect(AccessRules.barrierBlocks(["barrier": "bollard"]) == .car)
        #expect(AccessRules.barrierBlocks(["barrier": "bollard", "bicycle": "no"]).contains(.bicycle))
        #expect(AccessRules.barrierBlocks(["barrier": "bollard", "foot": "no"]).contains(.foot))
        #expect(TravelModes.car.rawValue == 1 && TravelModes.bicycle.rawValue == 2 && TravelModes.foot.rawValue == 4)
    }
}
