// The category vocabulary shared by builder and search: for each OSM
// `key=value` a display label, a Maki icon name, the words people type for it
// ("pharmacy", "chemist"; other languages' words in CategoryWords/, one table
// per language), whether unnamed objects of that kind are worth indexing (an
// unnamed ATM is still what "atm" should find), and an importance boost. One
// line per category below; extend it freely — the words are matched at query
// time, so no rebuild is needed for new synonyms.
import GeoBase

public struct CategoryInfo: Sendable {
    public let key: String
    public let value: String
    public let label: String
    public let icon: String
    /// The catalog's own (English) words, normalised.
    public let englishWords: [String]
    public let indexUnnamed: Bool
    public let boost: Int

    /// Every word people type for it, English first, then the other languages' (normalised,
    /// without duplicates). Computed on demand: opening an index reads labels and icons only.
    public var words: [String] {
        var out = englishWords
        for w in CategoryWords.merged["\(key)=\(value)"] ?? [] where !englishWords.contains(w) { out.append(w) }
        return out
    }
}

public enum CategoryCatalog {
    // key=value | label | maki icon | English words (comma separated; none: no category word) | flags: u = index unnamed, digits = boost
    private static let source = """
    amenity=cafe|Café|cafe|cafe,cafes,coffee,coffee shop,coffee shops,coffeehouse|u
    amenity=restaurant|Restaurant|restaurant|restaurant,restaurants,food,eat,dining|
    amenity=fast_food|Fast food|fast-food|fast food,takeaway,takeout,burger,burgers,snack|
    amenity=bar|Bar|bar|bar,bars,cocktail,cocktail bar|
    amenity=pub|Pub|beer|pub,pubs,beer,tavern|
    amenity=biergarten|Beer garden|beer|beer garden|
    amenity=ice_cream|Ice cream|ice-cream|ice cream,ice cream parlour,gelato|
    amenity=pharmacy|Pharmacy|pharmacy|pharmacy,pharmacies,chemist,drugstore|u10
    amenity=hospital|Hospital|hospital|hospital,hospitals,emergency room|u30
    amenity=clinic|Clinic|doctor|clinic,clinics,medical,medical centre,health centre|u
    amenity=doctors|Doctor|doctor|doctor,doctors,gp,surgery|u
    amenity=dentist|Dentist|dentist|dentist,dentists,dental|u
    amenity=veterinary|Veterinary|veterinary|vet,vets,veterinary,veterinarian|u
    amenity=atm|ATM|bank|atm,atms,cash,cash machine,cashpoint|u
    amenity=bank|Bank|bank|bank,banks|u
    amenity=bureau_de_change|Currency exchange|bank|exchange,currency exchange,money exchange,bureau de change|u
    amenity=post_office|Post office|post|post office,post offices,post|u10
    amenity=post_box|Post box|post|post box,postbox,mailbox,letterbox|u
    amenity=police|Police|police|police,police station|u20
    amenity=fire_station|Fire station|fire-station|fire station,fire brigade|u
    amenity=townhall|Town hall|town-hall|town hall,city hall|u30
    amenity=courthouse|Court|town-hall|court,courthouse|u
    amenity=embassy|Embassy|embassy|embassy,embassies,consulate|
    amenity=library|Library|library|library,libraries|u10
    amenity=school|School|school|school,schools,primary school,secondary school,high school|u
    amenity=kindergarten|Kindergarten|school|kindergarten,nursery,nursery school,preschool|u
    amenity=college|College|college|college,colleges|u
    amenity=university|University|college|university,universities,campus|u20
    amenity=place_of_worship|Place of worship|religious-christian|church,churches,chapel,mosque,mosques,synagogue,temple|u10
    amenity=theatre|Theatre|theatre|theatre,theater,theatres,opera,opera house|u10
    amenity=cinema|Cinema|cinema|cinema,cinemas,movies,movie theater|u
    amenity=arts_centre|Arts centre|art-gallery|arts centre,arts center|
    amenity=community_centre|Community centre|town-hall|community centre,community center|
    amenity=marketplace|Marketplace|shop|market,markets,marketplace,farmers market|u
    amenity=fuel|Fuel|fuel|fuel,gas station,petrol,petrol station,gas|u
    amenity=charging_station|Charging station|charging-station|charging station,ev charging,charger|u
    amenity=parking|Parking|parking|parking,car park,parking lot,parking garage|u
    amenity=bicycle_parking|Bicycle parking|bicycle|bicycle parking,bike parking,bike rack|u
    amenity=bicycle_rental|Bicycle rental|bicycle-share|bike rental,bicycle rental,bike share,bike hire|u
    amenity=car_rental|Car rental|car-rental|car rental,car hire,rent a car|u
    amenity=taxi|Taxi|car|taxi,taxis,taxi rank,cab|u
    amenity=bus_station|Bus station|bus|bus station,coach station|u30
    amenity=ferry_terminal|Ferry terminal|ferry|ferry,ferries,ferry terminal|u30
    amenity=toilets|Toilets|toilet|toilets,toilet,wc,restroom,restrooms,bathroom,public toilets|u
    amenity=drinking_water|Drinking water|drinking-water|drinking water,water,fountain|u
    amenity=shelter|Shelter|shelter|shelter|
    amenity=bench|Bench|park|bench,benches|
    amenity=recycling|Recycling|recycling|recycling,bottle bank|
    amenity=nightclub|Nightclub|bar|nightclub,nightclubs,club,disco|
    amenity=casino|Casino|casino|casino|10
    amenity=childcare|Childcare|school|childcare,daycare,creche|
    amenity=nursing_home|Nursing home|hospital|nursing home,care home,retirement home|
    amenity=social_facility|Social facility|town-hall|social facility|
    shop=supermarket|Supermarket|grocery|supermarket,supermarkets,grocery,groceries,grocery store|u
    shop=convenience|Convenience store|shop|convenience,convenience store,corner shop,mini market|u
    shop=bakery|Bakery|bakery|bakery,bakeries,bread,baker|u
    shop=butcher|Butcher|slaughterhouse|butcher,butchers|u
    shop=pastry|Pastry shop|bakery|pastry,pastries,cake shop|u
    shop=clothes|Clothes|clothing-store|clothes,clothing,fashion|
    shop=shoes|Shoes|shoe|shoes,shoe shop|
    shop=hairdresser|Hairdresser|hairdresser|hairdresser,hairdressers,barber,hair salon|
    shop=beauty|Beauty|beauty|beauty,beauty salon,cosmetics,nail salon|
    shop=books|Bookshop|library|books,bookshop,bookstore|
    shop=kiosk|Kiosk|shop|kiosk,newsagent|
    shop=newsagent|Newsagent|shop|newsagent,newsagents,newspapers|
    shop=florist|Florist|florist|florist,flowers|
    shop=chemist|Chemist|pharmacy|chemist,drugstore|u
    shop=optician|Optician|optician|optician,opticians,glasses|
    shop=jewelry|Jewellery|jewelry-store|jewelry,jewellery,jeweller,jeweler|
    shop=mobile_phone|Mobile phones|mobile-phone|mobile phone,phone shop|
    shop=electronics|Electronics|mobile-phone|electronics|
    shop=hardware|Hardware store|hardware|hardware,hardware store,diy|
    shop=doityourself|DIY store|hardware|diy,hardware,home improvement|
    shop=bicycle|Bicycle shop|bicycle|bicycle shop,bike shop|
    shop=car|Car dealer|car|car dealer,car dealership|
    shop=car_repair|Car repair|car-repair|car repair,garage,mechanic|
    shop=gift|Gift shop|gift|gift,gifts,gift shop,souvenir,souvenirs|
    shop=wine|Wine shop|alcohol-shop|wine,wine shop|
    shop=alcohol|Liquor store|alcohol-shop|liquor,liquor store,alcohol,off licence|
    shop=department_store|Department store|shop|department store|
    shop=mall|Shopping mall|shop|mall,shopping centre,shopping center,shopping mall|10
    shop=laundry|Laundry|laundry|laundry,laundrette,laundromat|
    shop=dry_cleaning|Dry cleaning|laundry|dry cleaning,dry cleaner|
    shop=tobacco|Tobacconist|shop|tobacco,tobacconist|
    shop=travel_agency|Travel agency|suitcase|travel agency,travel agent|
    shop=greengrocer|Greengrocer|grocery|greengrocer,fruit,vegetables|
    shop=deli|Deli|restaurant|deli,delicatessen|
    shop=confectionery|Sweets|confectionery|sweets,candy,chocolate,sweet shop|
    shop=sports|Sports shop|shop|sports shop,sporting goods|
    shop=toys|Toy shop|shop|toys,toy shop,toy store|
    shop=furniture|Furniture|furniture|furniture|
    shop=pet|Pet shop|veterinary|pet shop,pets,pet store|
    shop=art|Art shop|art-gallery|art,art supplies|
    shop=photo|Photo shop|attraction|photo|
    shop=variety_store|Variety store|shop|variety store,pound shop,dollar store|
    shop=yes|Shop|shop|shop,shops,store|
    tourism=hotel|Hotel|lodging|hotel,hotels|u10
    tourism=hostel|Hostel|lodging|hostel,hostels,youth hostel|u
    tourism=guest_house|Guest house|lodging|guest house,guesthouse,b&b,bed and breakfast|u
    tourism=motel|Motel|lodging|motel,motels|u
    tourism=apartment|Apartment|lodging|apartment,holiday apartment,holiday let|
    tourism=camp_site|Campsite|campsite|camping,campsite,campsites,camp site,campground|u
    tourism=caravan_site|Caravan site|campsite|caravan,caravan site,rv park|u
    tourism=alpine_hut|Alpine hut|shelter|alpine hut,hut,mountain hut|u
    tourism=museum|Museum|museum|museum,museums|u30
    tourism=gallery|Gallery|art-gallery|gallery,galleries,art gallery|u
    tourism=attraction|Attraction|attraction|attraction,attractions,sight,sights,sightseeing|20
    tourism=viewpoint|Viewpoint|viewpoint|viewpoint,view,panorama,lookout|u
    tourism=information|Tourist information|information|information,tourist information,info,visitor centre|
    tourism=artwork|Artwork|art-gallery|artwork,statue,sculpture|
    tourism=zoo|Zoo|zoo|zoo|u30
    tourism=theme_park|Theme park|amusement-park|theme park,amusement park|u20
    tourism=picnic_site|Picnic site|picnic-site|picnic,picnic site,picnic area|
    leisure=park|Park|park|park,parks,garden|u10
    leisure=garden|Garden|garden|garden,gardens,botanical garden|
    leisure=playground|Playground|playground|playground,playgrounds,play area|u
    leisure=sports_centre|Sports centre|pitch|sports centre,sports center,leisure centre,gym|u
    leisure=fitness_centre|Gym|fitness-centre|gym,gyms,fitness,fitness centre|u
    leisure=swimming_pool|Swimming pool|swimming|swimming pool,pool,swimming|u
    leisure=stadium|Stadium|stadium|stadium,stadiums,arena|u20
    leisure=pitch|Pitch|pitch|pitch,sports field,football pitch,tennis court|
    leisure=marina|Marina|harbor|marina,harbour,harbor,port|u10
    leisure=golf_course|Golf course|golf|golf,golf course|u
    leisure=nature_reserve|Nature reserve|park|nature reserve|u
    leisure=water_park|Water park|swimming|water park,aquapark|u
    leisure=sauna|Sauna|swimming|sauna|
    historic=monument|Monument|monument|monument,monuments|10
    historic=memorial|Memorial|monument|memorial,memorials|
    historic=castle|Castle|castle|castle,castles|u20
    historic=ruins|Ruins|monument|ruins,ruin|
    historic=archaeological_site|Archaeological site|monument|archaeological site,excavation|
    historic=church|Historic church|religious-christian|church|
    historic=fort|Fort|castle|fort,fortress|
    historic=building|Historic building|monument|historic building|
    office=company|Company|suitcase|office,company|
    office=government|Government office|town-hall|government office|
    office=insurance|Insurance|suitcase|insurance|
    office=estate_agent|Estate agent|suitcase|estate agent,real estate,realtor|
    office=lawyer|Lawyer|suitcase|lawyer,solicitor,notary|
    office=yes|Office|suitcase|office,offices|
    craft=yes|Craft|hardware|craft,workshop|
    healthcare=pharmacy|Pharmacy|pharmacy|pharmacy,pharmacies,chemist|u10
    healthcare=hospital|Hospital|hospital|hospital,hospitals|u30
    healthcare=doctor|Doctor|doctor|doctor,doctors|u
    healthcare=dentist|Dentist|dentist|dentist,dentists|u
    man_made=lighthouse|Lighthouse|lighthouse|lighthouse|u10
    man_made=tower|Tower|communications-tower|tower|
    man_made=pier|Pier|harbor|pier,jetty|
    natural=peak|Peak|mountain|peak,summit,mountain|u10
    natural=beach|Beach|beach|beach,beaches|u
    natural=water|Water|water|lake,lakes,water,pond|
    natural=spring|Spring|water|spring|
    natural=cave_entrance|Cave|mountain|cave,caves|
    emergency=defibrillator|Defibrillator|defibrillator|defibrillator,aed|u
    emergency=phone|Emergency phone|telephone|emergency phone|u
    highway=bus_stop|Bus stop|bus|bus stop,bus stops,bus|u
    public_transport=platform|Platform|bus|stop,platform,bus stop|u
    public_transport=station|Station|rail|station|u20
    public_transport=stop_position|Stop|bus|stop|
    railway=station|Railway station|rail|station,train station,railway station|u40
    railway=halt|Railway halt|rail|station,train station,halt|u20
    railway=tram_stop|Tram stop|rail-light|tram stop,tram|u
    railway=subway_entrance|Subway entrance|rail-metro|subway,metro,underground,tube|u
    aerialway=station|Cable car station|aerialway|cable car,aerialway,gondola,chairlift|u20
    place=city|City|city|city|
    place=town|Town|town|town|
    place=village|Village|village|village|
    place=suburb|Suburb|suburb|suburb,district|
    place=quarter|Quarter|suburb|quarter|
    place=neighbourhood|Neighbourhood|suburb|neighbourhood,neighborhood|
    place=hamlet|Hamlet|village|hamlet|
    place=locality|Locality|marker|locality|
    place=island|Island|island|island|
    place=islet|Islet|island|islet|
    place=isolated_dwelling|Dwelling|home|dwelling,farmstead|
    place=square|Square|marker|square|
    highway=motorway|Motorway|road||
    highway=trunk|Trunk road|road||
    highway=primary|Main road|road||
    highway=secondary|Road|road||
    highway=tertiary|Road|road||
    highway=unclassified|Road|road||
    highway=residential|Street|road||
    highway=living_street|Living street|road||
    highway=service|Service road|road||
    highway=pedestrian|Pedestrian street|pedestrian||
    highway=footway|Footpath|pedestrian||
    highway=cycleway|Cycleway|bicycle||
    highway=path|Path|pedestrian||
    highway=steps|Steps|entrance||
    highway=track|Track|road||
    boundary=administrative|Administrative area|town-hall|municipality,county|
    boundary=postal_code|Postcode|post|postcode,zip,postal code|
    building=yes|Building|building|building|
    building=civic|Civic building|town-hall|civic building|
    building=church|Church|religious-christian|church|
    building=chapel|Chapel|religious-christian|chapel,church|
    building=cathedral|Cathedral|religious-christian|cathedral|
    building=train_station|Station building|rail|station|
    building=hotel|Hotel|lodging|hotel|
    building=school|School|school|school|
    building=hospital|Hospital|hospital|hospital|
    """

    public static let all: [CategoryInfo] = {
        // Parsed on UTF-8 bytes: this runs once per process, before the first search, and must
        // cost microseconds, not milliseconds.
        func text(_ b: ArraySlice<UInt8>) -> String {
            var lo = b.startIndex, hi = b.endIndex
            while lo < hi && b[lo] == 0x20 { lo += 1 }
            while hi > lo && b[hi - 1] == 0x20 { hi -= 1 }
            return String(decoding: b[lo..<hi], as: UTF8.self)
        }
        var out: [CategoryInfo] = []
        for line in Array(source.utf8).split(separator: 0x0A) {
            let parts = line.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false)
            guard parts.count == 5, let eq = parts[0].firstIndex(of: UInt8(ascii: "=")) else { continue }
            let flags = Array(parts[4])
            var boost = 0
            for b in flags where b >= 0x30 && b <= 0x39 { boost = boost * 10 + Int(b - 0x30) }
            let key = text(parts[0][..<eq]), value = text(parts[0][(eq + 1)...])
            let words = parts[3].split(separator: UInt8(ascii: ",")).map { CategoryWords.normalised($0) }.filter { !$0.isEmpty }
            out.append(CategoryInfo(key: key, value: value, label: text(parts[1]), icon: text(parts[2]), englishWords: words,
                                    indexUnnamed: flags.contains(UInt8(ascii: "u")), boost: boost))
        }
        return out
    }()

    private static let byKeyValue: [String: [String: CategoryInfo]] = {
        var d: [String: [String: CategoryInfo]] = [:]
        for c in all { d[c.key, default: [:]][c.value] = c }
        return d
    }()

    public static func info(key: String, value: String) -> CategoryInfo? {
        byKeyValue[key]?[value]
    }

    /// A human label for any category, known or not ("shop=musical_instrument" → "Musical instrument").
    public static func label(key: String, value: String) -> String {
        if let c = info(key: key, value: value) { return c.label }
        let word = value == "yes" || value.isEmpty ? key : value
        var out = String.UnicodeScalarView()
        for s in word.unicodeScalars {
            if s == "_" {
                out.append(" ")
            } else if out.isEmpty, s.value >= 0x61, s.value <= 0x7A {
                out.append(Unicode.Scalar(s.value - 32)!)
            } else {
                out.append(s)
            }
        }
        return String(out)
    }

    /// The icon of a category the catalog does not list, by its key ("shop=musical_instrument" → "shop").
    public static let fallbackIcons: [String: String] = [
        "shop": "shop", "amenity": "marker", "tourism": "attraction", "leisure": "park", "historic": "monument",
        "office": "suitcase", "craft": "hardware", "healthcare": "doctor", "highway": "road", "building": "building",
        "place": "marker", "railway": "rail", "addr": "home",
    ]
    /// The icon of anything else.
    public static let defaultIcon = "marker"

    /// The icons of an address and of a street found on the road graph alone.
    public static let addressIcon = "home", streetIcon = "road"

    /// A Maki icon name; falls back by key, then to `defaultIcon`.
    public static func icon(key: String, value: String) -> String {
        if let c = info(key: key, value: value) { return c.icon }
        return fallbackIcons[key] ?? defaultIcon
    }

    /// Every icon name a search result can carry: the catalog's, the fallbacks' and the default
    /// (the map page must draw each of them).
    public static let emittedIcons: Set<String> = Set(all.map(\.icon)).union(fallbackIcons.values).union([defaultIcon, addressIcon, streetIcon])
}
