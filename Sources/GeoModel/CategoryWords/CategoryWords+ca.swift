// Category words in Catalan (ca), as people type them into a search box in
// Catalonia, Andorra, Valencia and the Balearics: singular, plural and
// everyday short forms ("caixer", "benzinera", "forn").
// Format and rules: CategoryWords.swift.
extension CategoryWords {
    static let ca = """
    amenity=cafe|cafè,cafès,cafeteria,cafeteries
    amenity=restaurant|restaurant,restaurants
    amenity=fast_food|menjar ràpid,hamburgueseria,entrepanperia
    amenity=bar|bar,bars,cerveseria,cocteleria
    amenity=pub|pub,pubs,cerveseria
    amenity=biergarten|
    amenity=ice_cream|gelateria,gelats,orxateria
    amenity=pharmacy,healthcare=pharmacy|farmàcia,farmàcies
    amenity=hospital,healthcare=hospital,building=hospital|hospital,hospitals,urgències
    amenity=clinic|clínica,clíniques,centre de salut,ambulatori
    amenity=doctors,healthcare=doctor|metge,metges,consulta mèdica
    amenity=dentist,healthcare=dentist|dentista,dentistes,clínica dental
    amenity=veterinary|veterinari,veterinària,clínica veterinària
    amenity=atm|caixer,caixers,caixer automàtic,caixers automàtics
    amenity=bank|banc,bancs
    amenity=bureau_de_change|canvi,canvi de divises
    amenity=post_office|correus,oficina de correus
    amenity=post_box|bústia,bústies
    amenity=police|policia,comissaria,guàrdia urbana,policia local
    amenity=fire_station|bombers,parc de bombers
    amenity=townhall|ajuntament,ajuntaments,comú,casa de la vila
    amenity=courthouse|jutjat,jutjats,tribunal,batllia
    amenity=embassy|ambaixada,ambaixades,consolat
    amenity=library|biblioteca,biblioteques
    amenity=school,building=school|escola,escoles,col·legi,institut,liceu
    amenity=kindergarten|llar d'infants,escola bressol,parvulari
    amenity=college|
    amenity=university|universitat,universitats,facultat
    amenity=place_of_worship,historic=church,building=church,building=chapel|església,esglésies,parròquia
    amenity=place_of_worship,building=chapel|capella,ermita,santuari,mesquita,sinagoga,temple
    amenity=theatre|teatre,teatres
    amenity=cinema|cinema,cinemes,cine
    amenity=arts_centre|centre cultural,casal de cultura
    amenity=community_centre|centre cívic,casal d'avis
    amenity=marketplace|mercat,mercats
    amenity=fuel|benzinera,benzineres,gasolinera,estació de servei
    amenity=charging_station|punt de recàrrega,carregador
    amenity=parking|aparcament,aparcaments,pàrquing,parking
    amenity=bicycle_parking|aparcament de bicicletes,aparcabicis
    amenity=bicycle_rental|lloguer de bicicletes
    amenity=car_rental|lloguer de cotxes
    amenity=taxi|taxi,parada de taxis
    amenity=bus_station|estació d'autobusos
    amenity=ferry_terminal|ferri,estació marítima
    amenity=toilets|lavabos,serveis,wc,vàter
    amenity=drinking_water|aigua potable,font
    amenity=shelter|refugi,aixopluc
    amenity=bench|
    amenity=recycling|reciclatge,deixalleria,contenidors
    amenity=nightclub|discoteca,discoteques
    amenity=casino|casino
    amenity=childcare|llar d'infants
    amenity=nursing_home|residència d'avis,residència per a gent gran
    amenity=social_facility|serveis socials
    shop=supermarket|supermercat,supermercats,súper,hipermercat
    shop=convenience|botiga de queviures,queviures,colmado
    shop=bakery|forn,forns,fleca,fleques,forn de pa
    shop=butcher|carnisseria,carnisseries,xarcuteria
    shop=pastry|pastisseria,pastisseries
    shop=clothes|roba,botiga de roba,moda
    shop=shoes|sabateria,sabates,calçat
    shop=hairdresser|perruqueria,perruqueries,barberia
    shop=beauty|centre d'estètica,estètica
    shop=books|llibreria,llibreries,llibres
    shop=kiosk|quiosc
    shop=newsagent|quiosc,premsa,diaris
    shop=florist|floristeria,flors
    shop=chemist|drogueria,perfumeria
    shop=optician|òptica,òptiques,ulleres
    shop=jewelry|joieria,joieries
    shop=mobile_phone|telefonia,mòbils
    shop=electronics|electrònica,electrodomèstics
    shop=hardware|ferreteria
    shop=doityourself|bricolatge
    shop=bicycle|botiga de bicicletes,bicicletes
    shop=car|concessionari
    shop=car_repair|taller,taller mecànic,mecànic
    shop=gift|regals,records,souvenirs
    shop=wine|celler,vinoteca,vins
    shop=alcohol|licors
    shop=department_store|grans magatzems
    shop=mall|centre comercial,centres comercials
    shop=laundry|bugaderia
    shop=dry_cleaning|tintoreria
    shop=tobacco|estanc,estancs,tabac
    shop=travel_agency|agència de viatges
    shop=greengrocer|fruiteria,fruita,verdura
    shop=deli|xarcuteria,queviures selectes
    shop=confectionery|llaminadures,bombonera,xocolata
    shop=sports|botiga d'esports,esports
    shop=toys|joguineria,joguines
    shop=furniture|mobles,botiga de mobles
    shop=pet|botiga d'animals
    shop=art|belles arts
    shop=photo|fotografia,fotògraf
    shop=variety_store|basar
    shop=yes|botiga,botigues,comerç
    tourism=hotel,building=hotel|hotel,hotels,hostal
    tourism=hostel|alberg,albergs,alberg de joventut
    tourism=guest_house|pensió,casa rural,casa de pagès
    tourism=motel|motel
    tourism=apartment|apartament,apartaments,apartaments turístics
    tourism=camp_site|càmping,càmpings,camping
    tourism=caravan_site|àrea d'autocaravanes,autocaravanes
    tourism=alpine_hut|refugi,refugis,refugi de muntanya,cabana
    tourism=museum|museu,museus
    tourism=gallery|galeria,galeries,galeria d'art
    tourism=attraction|atracció,atraccions,lloc d'interès
    tourism=viewpoint|mirador,miradors
    tourism=information|oficina de turisme,informació turística
    tourism=artwork|obra d'art,estàtua,escultura
    tourism=zoo|zoo,zoològic
    tourism=theme_park|parc d'atraccions,parc temàtic
    tourism=picnic_site|àrea de pícnic,zona de pícnic,berenador
    leisure=park|parc,parcs,jardins
    leisure=garden|jardí,jardins,jardí botànic
    leisure=playground|parc infantil,zona de jocs,gronxadors
    leisure=sports_centre|poliesportiu,centre esportiu,pavelló,gimnàs
    leisure=fitness_centre|gimnàs,gimnasos,gym
    leisure=swimming_pool|piscina,piscines
    leisure=stadium|estadi,estadis,camp de futbol
    leisure=pitch|pista,camp de futbol,pista de tennis
    leisure=marina|port esportiu
    leisure=golf_course|golf,camp de golf
    leisure=nature_reserve|reserva natural,parc natural
    leisure=water_park|parc aquàtic
    leisure=sauna|sauna
    historic=monument|monument,monuments
    historic=memorial|memorial,placa commemorativa
    historic=castle|castell,castells
    historic=ruins|ruïnes
    historic=archaeological_site|jaciment arqueològic,jaciment
    historic=fort|fortalesa,fort
    historic=building|edifici històric
    office=company|empresa,empreses,oficines
    office=government|administració,oficina pública
    office=insurance|assegurances,asseguradora
    office=estate_agent|immobiliària,immobiliàries
    office=lawyer|advocat,advocats,notari,notaria,bufet
    office=yes|oficina,oficines
    craft=yes|taller,artesà
    man_made=lighthouse|far,fars
    man_made=tower|torre
    man_made=pier|moll,embarcador
    natural=peak|pic,cim,muntanya
    natural=beach|platja,platges
    natural=water|llac,estany,estanys,pantà
    natural=spring|font
    natural=cave_entrance|cova,coves
    emergency=defibrillator|desfibril·lador,dea
    emergency=phone|telèfon d'emergència
    highway=bus_stop,public_transport=platform|parada d'autobús,parada de bus
    highway=bus_stop,public_transport=platform,public_transport=stop_position|parada,parades
    public_transport=platform|andana
    public_transport=station,railway=station,railway=halt,building=train_station|estació,estacions
    railway=station,railway=halt|estació de tren
    railway=tram_stop|parada de tramvia,tramvia
    railway=subway_entrance|metro,boca de metro
    aerialway=station|telefèric,telecabina,telecadira,funicular
    place=city|ciutat
    place=town|poble
    place=village|poble,pobles,llogaret
    place=suburb|barri,districte
    place=quarter|barri
    place=neighbourhood|barri,urbanització
    place=hamlet|llogaret,veïnat
    place=locality|paratge
    place=island|illa,illes
    place=islet|illot
    place=isolated_dwelling|masia
    place=square|plaça
    boundary=administrative|municipi,parròquia,comarca
    boundary=postal_code|codi postal
    building=yes|edifici
    building=civic|edifici públic
    building=cathedral|catedral
    """
}
