// The category vocabulary shared by builder and search: for each OSM
// `key=value` a display label, a Maki icon name, the words people type for it
// ("pharmacy", "apotheke", "chemist"), whether unnamed objects of that kind are
// worth indexing (an unnamed ATM is still what "atm" should find), and an
// importance boost. One line per category below; extend it freely — the words
// are matched at query time, so no rebuild is needed for new synonyms.
import GeoBase

public struct CategoryInfo: Sendable {
    public let key: String
    public let value: String
    public let label: String
    public let icon: String
    public let words: [String]
    public let indexUnnamed: Bool
    public let boost: Int
}

public enum CategoryCatalog {
    // key=value | label | maki icon | words (comma separated; none = label only) | flags: u = index unnamed, digits = boost
    private static let source = """
    amenity=cafe|Café|cafe|cafe,coffee,coffee shop,kaffee,caffe|u
    amenity=restaurant|Restaurant|restaurant|restaurant,food,eat,ristorante,restaurante|
    amenity=fast_food|Fast food|fast-food|fast food,takeaway,burger,snack|
    amenity=bar|Bar|bar|bar,cocktail|
    amenity=pub|Pub|beer|pub,beer|
    amenity=biergarten|Beer garden|beer|beer garden,biergarten|
    amenity=ice_cream|Ice cream|ice-cream|ice cream,gelato,glace|
    amenity=pharmacy|Pharmacy|pharmacy|pharmacy,chemist,drugstore,pharmacie,apotheke,farmacia,apteka,аптека|u10
    amenity=hospital|Hospital|hospital|hospital,hopital,krankenhaus,ospedale,hospital,больница|u30
    amenity=clinic|Clinic|doctor|clinic,medical,klinik|u
    amenity=doctors|Doctor|doctor|doctor,gp,arzt,medecin|u
    amenity=dentist|Dentist|dentist|dentist,zahnarzt,dentiste|u
    amenity=veterinary|Veterinary|veterinary|vet,veterinary,tierarzt|u
    amenity=atm|ATM|bank|atm,cash,cash machine,bancomat,geldautomat,distributeur,cashpoint|u
    amenity=bank|Bank|bank|bank,banque,banca,банк|u
    amenity=bureau_de_change|Currency exchange|bank|exchange,currency exchange,change|u
    amenity=post_office|Post office|post|post office,post,poste,postamt|u10
    amenity=post_box|Post box|post|post box,mailbox,letterbox,briefkasten|u
    amenity=police|Police|police|police,polizei,polizia,полиция|u20
    amenity=fire_station|Fire station|fire-station|fire station,pompiers,feuerwehr|u
    amenity=townhall|Town hall|town-hall|town hall,city hall,mairie,rathaus,municipio|u30
    amenity=courthouse|Court|town-hall|court,courthouse,tribunal|u
    amenity=embassy|Embassy|embassy|embassy,consulate,ambassade,botschaft|
    amenity=library|Library|library|library,bibliotheque,bibliothek,biblioteca|u10
    amenity=school|School|school|school,ecole,schule,scuola,школа|u
    amenity=kindergarten|Kindergarten|school|kindergarten,nursery,creche|u
    amenity=college|College|college|college|u
    amenity=university|University|college|university,universite,universitat,universita|u20
    amenity=place_of_worship|Place of worship|religious-christian|church,chapel,mosque,synagogue,temple,eglise,kirche,chiesa,церковь|u10
    amenity=theatre|Theatre|theatre|theatre,theater,teatro|u10
    amenity=cinema|Cinema|cinema|cinema,movies,kino|u
    amenity=arts_centre|Arts centre|art-gallery|arts centre|
    amenity=community_centre|Community centre|town-hall|community centre|
    amenity=marketplace|Marketplace|shop|market,marketplace,marche,markt|u
    amenity=fuel|Fuel|fuel|fuel,gas station,petrol,petrol station,tankstelle,station service,gas|u
    amenity=charging_station|Charging station|charging-station|charging station,ev charging,charger|u
    amenity=parking|Parking|parking|parking,car park,parkplatz|u
    amenity=bicycle_parking|Bicycle parking|bicycle|bicycle parking,bike parking|u
    amenity=bicycle_rental|Bicycle rental|bicycle-share|bike rental,bicycle rental,bike share|u
    amenity=car_rental|Car rental|car-rental|car rental|u
    amenity=taxi|Taxi|car|taxi|u
    amenity=bus_station|Bus station|bus|bus station,gare routiere,busbahnhof|u30
    amenity=ferry_terminal|Ferry terminal|ferry|ferry,ferry terminal|u30
    amenity=toilets|Toilets|toilet|toilets,toilet,wc,restroom,bathroom|u
    amenity=drinking_water|Drinking water|drinking-water|drinking water,water,fountain|u
    amenity=shelter|Shelter|shelter|shelter|
    amenity=bench|Bench|park|bench|
    amenity=recycling|Recycling|recycling|recycling|
    amenity=nightclub|Nightclub|bar|nightclub,club,disco|
    amenity=casino|Casino|casino|casino|10
    amenity=childcare|Childcare|school|childcare,daycare|
    amenity=nursing_home|Nursing home|hospital|nursing home|
    amenity=social_facility|Social facility|town-hall|social facility|
    shop=supermarket|Supermarket|grocery|supermarket,grocery,groceries,supermarche,supermarkt|u
    shop=convenience|Convenience store|shop|convenience,corner shop,mini market|u
    shop=bakery|Bakery|bakery|bakery,bread,boulangerie,backerei,baker,panetteria|u
    shop=butcher|Butcher|slaughterhouse|butcher,boucherie,metzgerei|u
    shop=pastry|Pastry shop|bakery|pastry,patisserie,konditorei|u
    shop=clothes|Clothes|clothing-store|clothes,clothing,fashion|
    shop=shoes|Shoes|shoe|shoes|
    shop=hairdresser|Hairdresser|hairdresser|hairdresser,barber,coiffeur,friseur|
    shop=beauty|Beauty|beauty|beauty,cosmetics|
    shop=books|Bookshop|library|books,bookshop,bookstore,librairie|
    shop=kiosk|Kiosk|shop|kiosk,newsagent|
    shop=newsagent|Newsagent|shop|newsagent,newspapers,tabac|
    shop=florist|Florist|florist|florist,flowers,fleuriste|
    shop=chemist|Chemist|pharmacy|chemist,drugstore,drogerie|u
    shop=optician|Optician|optician|optician,glasses|
    shop=jewelry|Jewellery|jewelry-store|jewelry,jewellery,bijouterie|
    shop=mobile_phone|Mobile phones|mobile-phone|mobile phone,phone shop|
    shop=electronics|Electronics|mobile-phone|electronics|
    shop=hardware|Hardware store|hardware|hardware,diy|
    shop=doityourself|DIY store|hardware|diy,hardware,baumarkt|
    shop=bicycle|Bicycle shop|bicycle|bicycle shop,bike shop,velo|
    shop=car|Car dealer|car|car dealer|
    shop=car_repair|Car repair|car-repair|car repair,garage,mechanic|
    shop=gift|Gift shop|gift|gift,souvenir|
    shop=wine|Wine shop|alcohol-shop|wine,wine shop,cave|
    shop=alcohol|Liquor store|alcohol-shop|liquor,alcohol,off licence|
    shop=department_store|Department store|shop|department store|
    shop=mall|Shopping mall|shop|mall,shopping centre,shopping center|10
    shop=laundry|Laundry|laundry|laundry,laundrette,laverie|
    shop=dry_cleaning|Dry cleaning|laundry|dry cleaning,pressing|
    shop=tobacco|Tobacconist|shop|tobacco,tabac|
    shop=travel_agency|Travel agency|suitcase|travel agency|
    shop=greengrocer|Greengrocer|grocery|greengrocer,fruit,vegetables|
    shop=deli|Deli|restaurant|deli,delicatessen,traiteur|
    shop=confectionery|Sweets|confectionery|sweets,candy,chocolate,confiserie|
    shop=sports|Sports shop|shop|sports shop|
    shop=toys|Toy shop|shop|toys|
    shop=furniture|Furniture|furniture|furniture|
    shop=pet|Pet shop|veterinary|pet shop,pets|
    shop=art|Art shop|art-gallery|art|
    shop=photo|Photo shop|attraction|photo|
    shop=variety_store|Variety store|shop|variety store|
    shop=yes|Shop|shop|shop,store|
    tourism=hotel|Hotel|lodging|hotel,hotels,hôtel,albergo,гостиница,отель|u10
    tourism=hostel|Hostel|lodging|hostel,youth hostel,auberge de jeunesse,jugendherberge|u
    tourism=guest_house|Guest house|lodging|guest house,guesthouse,b&b,bed and breakfast,pension|u
    tourism=motel|Motel|lodging|motel|u
    tourism=apartment|Apartment|lodging|apartment,holiday apartment|
    tourism=camp_site|Campsite|campsite|camping,campsite,camp site|u
    tourism=caravan_site|Caravan site|campsite|caravan,caravan site|u
    tourism=alpine_hut|Alpine hut|shelter|alpine hut,hut,refuge,hutte|u
    tourism=museum|Museum|museum|museum,musee,museo|u30
    tourism=gallery|Gallery|art-gallery|gallery,art gallery|u
    tourism=attraction|Attraction|attraction|attraction,sight,sights|20
    tourism=viewpoint|Viewpoint|viewpoint|viewpoint,view,panorama|u
    tourism=information|Tourist information|information|information,tourist information,info|
    tourism=artwork|Artwork|art-gallery|artwork,statue,sculpture|
    tourism=zoo|Zoo|zoo|zoo|u30
    tourism=theme_park|Theme park|amusement-park|theme park,amusement park|u20
    tourism=picnic_site|Picnic site|picnic-site|picnic|
    leisure=park|Park|park|park,parc,parco,garden|u10
    leisure=garden|Garden|garden|garden,jardin|
    leisure=playground|Playground|playground|playground,play area|u
    leisure=sports_centre|Sports centre|pitch|sports centre,sports center,gym|u
    leisure=fitness_centre|Gym|fitness-centre|gym,fitness|u
    leisure=swimming_pool|Swimming pool|swimming|swimming pool,pool,piscine,schwimmbad|u
    leisure=stadium|Stadium|stadium|stadium,stade|u20
    leisure=pitch|Pitch|pitch|pitch,sports field|
    leisure=marina|Marina|harbor|marina,harbour,port|u10
    leisure=golf_course|Golf course|golf|golf|u
    leisure=nature_reserve|Nature reserve|park|nature reserve|u
    leisure=water_park|Water park|swimming|water park|u
    leisure=sauna|Sauna|swimming|sauna|
    historic=monument|Monument|monument|monument|10
    historic=memorial|Memorial|monument|memorial|
    historic=castle|Castle|castle|castle,chateau,schloss,castello|u20
    historic=ruins|Ruins|monument|ruins|
    historic=archaeological_site|Archaeological site|monument|archaeological site|
    historic=church|Historic church|religious-christian|church|
    historic=fort|Fort|castle|fort,fortress|
    historic=building|Historic building|monument|historic building|
    office=company|Company|suitcase|office,company|
    office=government|Government office|town-hall|government office|
    office=insurance|Insurance|suitcase|insurance|
    office=estate_agent|Estate agent|suitcase|estate agent,real estate|
    office=lawyer|Lawyer|suitcase|lawyer,notary|
    office=yes|Office|suitcase|office|
    craft=yes|Craft|hardware|craft,workshop|
    healthcare=pharmacy|Pharmacy|pharmacy|pharmacy,chemist,pharmacie,apotheke,farmacia|u10
    healthcare=hospital|Hospital|hospital|hospital|u30
    healthcare=doctor|Doctor|doctor|doctor|u
    healthcare=dentist|Dentist|dentist|dentist|u
    man_made=lighthouse|Lighthouse|lighthouse|lighthouse,phare|u10
    man_made=tower|Tower|communications-tower|tower|
    man_made=pier|Pier|harbor|pier,jetty|
    natural=peak|Peak|mountain|peak,summit,mountain,pic,gipfel|u10
    natural=beach|Beach|beach|beach,plage,strand,spiaggia|u
    natural=water|Water|water|lake,water,lac,see|
    natural=spring|Spring|water|spring,source|
    natural=cave_entrance|Cave|mountain|cave|
    emergency=defibrillator|Defibrillator|defibrillator|defibrillator,aed|u
    emergency=phone|Emergency phone|telephone|emergency phone|u
    highway=bus_stop|Bus stop|bus|bus stop,bus,arret,bushaltestelle,haltestelle,fermata,остановка|u
    public_transport=platform|Platform|bus|stop,platform,bus stop|u
    public_transport=station|Station|rail|station,gare,bahnhof|u20
    public_transport=stop_position|Stop|bus|stop|
    railway=station|Railway station|rail|station,train station,railway station,gare,bahnhof,stazione,вокзал|u40
    railway=halt|Railway halt|rail|station,train station,halt|u20
    railway=tram_stop|Tram stop|rail-light|tram stop,tram|u
    railway=subway_entrance|Subway entrance|rail-metro|subway,metro,underground|u
    aerialway=station|Cable car station|aerialway|cable car,aerialway,gondola,telepherique,seilbahn|u20
    place=city|City|city|city,ville,stadt|
    place=town|Town|town|town|
    place=village|Village|village|village,dorf|
    place=suburb|Suburb|suburb|suburb,district|
    place=quarter|Quarter|suburb|quarter|
    place=neighbourhood|Neighbourhood|suburb|neighbourhood,neighborhood|
    place=hamlet|Hamlet|village|hamlet|
    place=locality|Locality|marker|locality|
    place=island|Island|island|island,ile,insel|
    place=islet|Islet|island|islet|
    place=isolated_dwelling|Dwelling|home|dwelling|
    place=square|Square|marker|square,place,platz,piazza|
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
    boundary=administrative|Administrative area|town-hall|municipality,commune,gemeinde|
    building=yes|Building|building|building|
    building=civic|Civic building|town-hall|civic building|
    building=church|Church|religious-christian|church|
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
            out.append(CategoryInfo(key: text(parts[0][..<eq]), value: text(parts[0][(eq + 1)...]),
                                    label: text(parts[1]), icon: text(parts[2]),
                                    words: parts[3].split(separator: UInt8(ascii: ",")).map { TextNormalizer.normalize(text($0)) }
                                        .filter { !$0.isEmpty },
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

    /// A Maki icon name; falls back by key, then to "marker".
    public static func icon(key: String, value: String) -> String {
        if let c = info(key: key, value: value) { return c.icon }
        switch key {
        case "shop": return "shop"
        case "amenity": return "marker"
        case "tourism": return "attraction"
        case "leisure": return "park"
        case "historic": return "monument"
        case "office": return "suitcase"
        case "craft": return "hardware"
        case "healthcare": return "doctor"
        case "highway": return "road"
        case "building": return "building"
        case "place": return "marker"
        case "railway": return "rail"
        case "addr": return "home"
        default: return "marker"
        }
    }
}
