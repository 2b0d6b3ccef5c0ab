// Category words in Dutch (nl), as people type them into a search box in the
// Netherlands and Flanders: singular, plural and everyday short forms
// ("pinautomaat", "pomp", "snackbar"). Format and rules: CategoryWords.swift.
extension CategoryWords {
    static let nl = """
    amenity=cafe|koffiezaak,koffiebar,koffiehuis,lunchroom
    amenity=restaurant|restaurant,restaurants,eetcafé,eethuis
    amenity=fast_food|snackbar,snackbars,frituur,friettent,shoarma
    amenity=bar|bar,bars,cocktailbar
    amenity=pub|kroeg,kroegen,bruin café
    amenity=biergarten|biertuin
    amenity=ice_cream|ijssalon,ijswinkel,ijs
    amenity=pharmacy,healthcare=pharmacy|apotheek,apotheken
    amenity=hospital,healthcare=hospital,building=hospital|ziekenhuis,ziekenhuizen,spoedeisende hulp
    amenity=clinic|kliniek,klinieken,polikliniek,gezondheidscentrum
    amenity=doctors,healthcare=doctor|huisarts,huisartsen,dokter,huisartsenpraktijk
    amenity=dentist,healthcare=dentist|tandarts,tandartsen,tandartspraktijk
    amenity=veterinary|dierenarts,dierenartsen,dierenkliniek
    amenity=atm|pinautomaat,geldautomaat,pinautomaten,pinpunt,bankautomaat
    amenity=bank|bank,banken
    amenity=bureau_de_change|wisselkantoor,geldwissel
    amenity=post_office|postkantoor,postpunt,post
    amenity=post_box|brievenbus,brievenbussen
    amenity=police|politie,politiebureau
    amenity=fire_station|brandweer,brandweerkazerne
    amenity=townhall|gemeentehuis,stadhuis,raadhuis
    amenity=courthouse|rechtbank,gerechtshof,paleis van justitie
    amenity=embassy|ambassade,ambassades,consulaat
    amenity=library|bibliotheek,bieb,bibliotheken
    amenity=school,building=school|school,scholen,basisschool,middelbare school
    amenity=kindergarten|kleuterschool,peuterspeelzaal
    amenity=college|hogeschool,mbo
    amenity=university|universiteit,universiteiten,uni
    amenity=place_of_worship,historic=church,building=church,building=chapel|kerk,kerken
    amenity=place_of_worship,building=chapel|kapel,moskee,synagoge,tempel
    amenity=theatre|theater,schouwburg,theaters
    amenity=cinema|bioscoop,bioscopen,filmhuis
    amenity=arts_centre|cultureel centrum,cultuurcentrum
    amenity=community_centre|buurthuis,wijkcentrum,gemeenschapshuis
    amenity=marketplace|markt,markten,weekmarkt
    amenity=fuel|tankstation,tankstations,benzinestation,pomp
    amenity=charging_station|laadpaal,laadpalen,laadstation
    amenity=parking|parkeerplaats,parkeerplaatsen,parkeergarage,parkeren
    amenity=bicycle_parking|fietsenstalling,fietsenrek,fietsparkeren,stalling
    amenity=bicycle_rental|fietsverhuur,ov-fiets,huurfiets
    amenity=car_rental|autoverhuur
    amenity=taxi|taxi,taxistandplaats
    amenity=bus_station|busstation,busstations
    amenity=ferry_terminal|veerpont,veerboot,veerdienst
    amenity=toilets|toilet,toiletten,wc,openbaar toilet
    amenity=drinking_water|drinkwater,watertappunt,drinkwaterpunt
    amenity=shelter|schuilhut,schuilplaats
    amenity=bench|bankje,bankjes,zitbank
    amenity=recycling|glasbak,milieustraat,afvalcontainer,recycling
    amenity=nightclub|nachtclub,discotheek,club
    amenity=casino|casino
    amenity=childcare|kinderdagverblijf,kinderopvang,crèche,bso
    amenity=nursing_home|verzorgingshuis,verpleeghuis,bejaardentehuis
    amenity=social_facility|
    shop=supermarket|supermarkt,supermarkten,boodschappen
    shop=convenience|buurtsuper,avondwinkel,toko
    shop=bakery|bakker,bakkerij,bakkerijen,banketbakker
    shop=butcher|slager,slagerij,slagers
    shop=pastry|banketbakkerij,patisserie
    shop=clothes|kleding,kledingwinkel,mode,boetiek
    shop=shoes|schoenen,schoenenwinkel
    shop=hairdresser|kapper,kappers,kapsalon,barbier
    shop=beauty|schoonheidssalon,nagelstudio
    shop=books|boekhandel,boekwinkel,boeken
    shop=kiosk|kiosk,kiosken
    shop=newsagent|tijdschriften,sigarenwinkel
    shop=florist|bloemist,bloemenwinkel,bloemen
    shop=chemist|drogist,drogisterij
    shop=optician|opticien,brillen
    shop=jewelry|juwelier,juweliers,sieraden
    shop=mobile_phone|telefoonwinkel,telefoons
    shop=electronics|elektronica,witgoed
    shop=hardware|ijzerwarenwinkel,ijzerhandel,gereedschap
    shop=doityourself|bouwmarkt,bouwmarkten,doe-het-zelf
    shop=bicycle|fietsenwinkel,fietsenmaker,fietswinkel
    shop=car|autodealer,autobedrijf
    shop=car_repair|garage,autogarage,autoreparatie
    shop=gift|cadeauwinkel,cadeaus,souvenirs
    shop=wine|wijnhandel,wijnwinkel,wijn
    shop=alcohol|slijterij,slijterijen,drankwinkel
    shop=department_store|warenhuis
    shop=mall|winkelcentrum,winkelcentra,overdekt winkelcentrum
    shop=laundry|wasserette,wasserij
    shop=dry_cleaning|stomerij
    shop=tobacco|tabakszaak,sigarenwinkel,tabak
    shop=travel_agency|reisbureau,reisbureaus
    shop=greengrocer|groenteboer,groentewinkel,groente en fruit
    shop=deli|delicatessenwinkel,traiteur,delicatessen
    shop=confectionery|snoepwinkel,snoep,chocolaterie,chocolade
    shop=sports|sportwinkel
    shop=toys|speelgoedwinkel,speelgoed
    shop=furniture|meubelzaak,meubels,meubelwinkel
    shop=pet|dierenwinkel,dierenspeciaalzaak
    shop=art|kunsthandel
    shop=photo|fotograaf,fotowinkel
    shop=variety_store|
    shop=yes|winkel,winkels,zaak
    tourism=hotel,building=hotel|hotel,hotels
    tourism=hostel|hostel,jeugdherberg
    tourism=guest_house|pension,gastenverblijf,b&b
    tourism=motel|motel
    tourism=apartment|vakantiewoning,appartement,vakantiehuis
    tourism=camp_site|camping,campings,kampeerterrein
    tourism=caravan_site|camperplaats,camperplaatsen
    tourism=alpine_hut|berghut
    tourism=museum|museum,musea
    tourism=gallery|galerie,kunstgalerie
    tourism=attraction|bezienswaardigheid,bezienswaardigheden,attractie
    tourism=viewpoint|uitkijkpunt,uitzichtpunt,uitkijktoren
    tourism=information|vvv,toeristische informatie,toeristeninformatie
    tourism=artwork|kunstwerk,standbeeld
    tourism=zoo|dierentuin,zoo,dierenpark
    tourism=theme_park|pretpark,attractiepark
    tourism=picnic_site|picknickplaats,picknickplek
    leisure=park|park,parken,stadspark
    leisure=garden|tuin,tuinen,botanische tuin
    leisure=playground|speeltuin,speeltuinen,speelplaats
    leisure=sports_centre|sportcentrum,sporthal,sportpark
    leisure=fitness_centre|sportschool,fitness,fitnesscentrum
    leisure=swimming_pool|zwembad,zwembaden
    leisure=stadium|stadion,stadions
    leisure=pitch|sportveld,voetbalveld,tennisbaan
    leisure=marina|jachthaven,passantenhaven
    leisure=golf_course|golfbaan,golf
    leisure=nature_reserve|natuurgebied,natuurreservaat
    leisure=water_park|waterpark,subtropisch zwembad
    leisure=sauna|sauna
    historic=monument|monument,gedenkteken
    historic=memorial|gedenkteken,herdenkingsmonument,oorlogsmonument,gedenksteen
    historic=castle|kasteel,kastelen,burcht
    historic=ruins|ruïne,ruïnes
    historic=archaeological_site|archeologische vindplaats,opgraving
    historic=fort|fort,vesting
    historic=building|historisch gebouw,rijksmonument
    office=company|bedrijf,bedrijven,kantoor
    office=government|overheidsgebouw,gemeentekantoor
    office=insurance|verzekering,verzekeraar,verzekeringen
    office=estate_agent|makelaar,makelaars,makelaardij
    office=lawyer|advocaat,advocaten,notaris,advocatenkantoor
    office=yes|kantoor,kantoren
    craft=yes|ambacht,werkplaats
    man_made=lighthouse|vuurtoren,vuurtorens
    man_made=tower|toren
    man_made=pier|pier,steiger,aanlegsteiger
    natural=peak|berg,heuvel
    natural=beach|strand,stranden
    natural=water|meer,plas,vijver
    natural=spring|bron
    natural=cave_entrance|grot,grotten
    emergency=defibrillator|aed
    emergency=phone|praatpaal
    highway=bus_stop,public_transport=platform|bushalte,bushaltes
    highway=bus_stop,public_transport=platform,public_transport=stop_position|halte,haltes
    public_transport=platform|perron
    public_transport=station,railway=station,railway=halt,building=train_station|station,stations
    railway=station,railway=halt|treinstation,spoorwegstation
    railway=tram_stop|tramhalte,tram
    railway=subway_entrance|metro,metrostation
    aerialway=station|kabelbaan,stoeltjeslift
    place=city|stad,steden
    place=town|stad,stadje
    place=village|dorp,dorpen
    place=suburb|wijk,stadsdeel
    place=quarter|wijk,buurt
    place=neighbourhood|buurt,wijk
    place=hamlet|gehucht,buurtschap
    place=locality|
    place=island|eiland,eilanden
    place=islet|eilandje
    place=isolated_dwelling|boerderij
    place=square|plein
    boundary=administrative|gemeente,gemeenten,provincie
    boundary=postal_code|postcode
    building=yes|gebouw
    building=civic|openbaar gebouw
    building=cathedral|kathedraal
    """
}
