// Category words in French (fr), as people type them into a search box:
// singular, plural and everyday short forms ("resto", "dab", "ciné").
// Format and rules: CategoryWords.swift.
extension CategoryWords {
    static let fr = """
    amenity=cafe|café,cafés,salon de thé
    amenity=restaurant|restaurant,restaurants,resto,restos,brasserie,bistrot,bistro
    amenity=fast_food|restauration rapide,fast-food,snack,kebab,friterie
    amenity=bar|bar,bars,bar à vin
    amenity=pub|pub,pubs,taverne
    amenity=biergarten|
    amenity=ice_cream|glace,glaces,glacier,glaciers
    amenity=pharmacy,healthcare=pharmacy|pharmacie,pharmacies
    amenity=hospital,healthcare=hospital,building=hospital|hôpital,hôpitaux,chu,urgences
    amenity=clinic|clinique,cliniques,centre médical,centre de santé,maison médicale
    amenity=doctors,healthcare=doctor|médecin,médecins,docteur,cabinet médical,généraliste
    amenity=dentist,healthcare=dentist|dentiste,dentistes,cabinet dentaire
    amenity=veterinary|vétérinaire,vétérinaires,véto,clinique vétérinaire
    amenity=atm|distributeur,distributeurs,distributeur de billets,dab,guichet automatique
    amenity=bank|banque,banques
    amenity=bureau_de_change|bureau de change,change
    amenity=post_office|poste,la poste,bureau de poste
    amenity=post_box|boîte aux lettres,boîte à lettres
    amenity=police|police,commissariat,gendarmerie,poste de police
    amenity=fire_station|pompiers,caserne de pompiers,sapeurs-pompiers
    amenity=townhall|mairie,mairies,hôtel de ville
    amenity=courthouse|tribunal,tribunaux,palais de justice
    amenity=embassy|ambassade,ambassades,consulat
    amenity=library|bibliothèque,bibliothèques,médiathèque
    amenity=school,building=school|école,écoles,lycée,école primaire,école maternelle
    amenity=kindergarten|école maternelle,maternelle
    amenity=college|
    amenity=university|université,universités,fac,faculté
    amenity=place_of_worship,historic=church,building=church,building=chapel|église,églises
    amenity=place_of_worship,building=chapel|chapelle,mosquée,synagogue,temple
    amenity=theatre|théâtre,théâtres,opéra
    amenity=cinema|cinéma,cinémas,ciné
    amenity=arts_centre|centre culturel
    amenity=community_centre|maison de quartier,salle des fêtes,centre social
    amenity=marketplace|marché,marchés,halles
    amenity=fuel|station-service,station service,stations-service,essence,carburant
    amenity=charging_station|borne de recharge,bornes de recharge,recharge
    amenity=parking|parking,parkings,stationnement
    amenity=bicycle_parking|parking vélo,parking à vélos,arceaux
    amenity=bicycle_rental|location de vélos,vélos en libre-service
    amenity=car_rental|location de voitures,location de voiture
    amenity=taxi|taxi,taxis,station de taxi
    amenity=bus_station|gare routière
    amenity=ferry_terminal|ferry,gare maritime
    amenity=toilets|toilettes,wc,sanitaires
    amenity=drinking_water|eau potable,fontaine,point d'eau
    amenity=shelter|abri,abris
    amenity=bench|
    amenity=recycling|recyclage,déchetterie,point d'apport volontaire
    amenity=nightclub|boîte de nuit,discothèque,club
    amenity=casino|casino
    amenity=childcare|crèche,crèches,garderie,halte-garderie
    amenity=nursing_home|maison de retraite,ehpad
    amenity=social_facility|centre social
    shop=supermarket|supermarché,supermarchés,hypermarché,épicerie
    shop=convenience|épicerie,supérette,alimentation,dépanneur
    shop=bakery|boulangerie,boulangeries,boulanger,pain
    shop=butcher|boucherie,boucheries,boucher,charcuterie
    shop=pastry|pâtisserie,pâtisseries
    shop=clothes|vêtements,habillement,boutique,prêt-à-porter
    shop=shoes|chaussures,magasin de chaussures
    shop=hairdresser|coiffeur,coiffeurs,coiffeuse,salon de coiffure,barbier
    shop=beauty|institut de beauté,esthéticienne,onglerie
    shop=books|librairie,librairies,livres
    shop=kiosk|kiosque,kiosque à journaux
    shop=newsagent|presse,marchand de journaux,maison de la presse,tabac-presse
    shop=florist|fleuriste,fleuristes,fleurs
    shop=chemist|droguerie,parapharmacie
    shop=optician|opticien,opticiens,lunettes
    shop=jewelry|bijouterie,bijoutier,joaillerie
    shop=mobile_phone|téléphonie,magasin de téléphones
    shop=electronics|électronique,électroménager
    shop=hardware|quincaillerie
    shop=doityourself|bricolage,magasin de bricolage
    shop=bicycle|magasin de vélos,vélociste,vélo
    shop=car|concessionnaire,garage automobile
    shop=car_repair|garage,garagiste,mécanicien
    shop=gift|cadeaux,souvenirs,boutique de souvenirs
    shop=wine|cave,caviste,cave à vin,vins
    shop=alcohol|spiritueux
    shop=department_store|grand magasin,grands magasins
    shop=mall|centre commercial,centres commerciaux,galerie marchande
    shop=laundry|laverie,laverie automatique
    shop=dry_cleaning|pressing,teinturerie
    shop=tobacco|tabac,bureau de tabac,buraliste
    shop=travel_agency|agence de voyage,agence de voyages
    shop=greengrocer|primeur,fruits et légumes
    shop=deli|traiteur,épicerie fine
    shop=confectionery|confiserie,chocolatier,bonbons,chocolat
    shop=sports|magasin de sport,articles de sport
    shop=toys|jouets,magasin de jouets
    shop=furniture|meubles,magasin de meubles
    shop=pet|animalerie
    shop=art|beaux-arts
    shop=photo|photographe,photo
    shop=variety_store|bazar
    shop=yes|magasin,magasins,boutique,commerce
    tourism=hotel,building=hotel|hôtel,hôtels
    tourism=hostel|auberge de jeunesse,auberges de jeunesse,hostel
    tourism=guest_house|chambre d'hôtes,chambres d'hôtes,gîte,pension
    tourism=motel|motel
    tourism=apartment|appartement,location saisonnière,meublé
    tourism=camp_site|camping,campings
    tourism=caravan_site|aire de camping-car,camping-car
    tourism=alpine_hut|refuge,refuges
    tourism=museum|musée,musées
    tourism=gallery|galerie,galeries,galerie d'art
    tourism=attraction|attraction,attractions,curiosité,site touristique
    tourism=viewpoint|point de vue,belvédère,panorama
    tourism=information|office de tourisme,syndicat d'initiative,information touristique
    tourism=artwork|œuvre d'art,statue,sculpture
    tourism=zoo|zoo,parc zoologique
    tourism=theme_park|parc d'attractions,parc à thème
    tourism=picnic_site|aire de pique-nique,pique-nique
    leisure=park|parc,parcs,jardin public,square
    leisure=garden|jardin,jardins,jardin botanique
    leisure=playground|aire de jeux,aires de jeux,jeux pour enfants
    leisure=sports_centre|centre sportif,complexe sportif,gymnase
    leisure=fitness_centre|salle de sport,salle de fitness,fitness
    leisure=swimming_pool|piscine,piscines
    leisure=stadium|stade,stades
    leisure=pitch|terrain de sport,terrain de foot,terrain de football,court de tennis
    leisure=marina|port de plaisance,marina
    leisure=golf_course|golf,terrain de golf
    leisure=nature_reserve|réserve naturelle
    leisure=water_park|parc aquatique,aquaparc
    leisure=sauna|sauna
    historic=monument|monument,monuments
    historic=memorial|mémorial,monument aux morts,plaque commémorative
    historic=castle|château,châteaux,château fort
    historic=ruins|ruines
    historic=archaeological_site|site archéologique,fouilles
    historic=fort|fort,forteresse,citadelle
    historic=building|bâtiment historique,monument historique
    office=company|entreprise,société,bureaux
    office=government|administration,préfecture,service public
    office=insurance|assurance,assurances,assureur
    office=estate_agent|agence immobilière,immobilier
    office=lawyer|avocat,avocats,notaire,cabinet d'avocats
    office=yes|bureau,bureaux
    craft=yes|artisan,atelier
    man_made=lighthouse|phare,phares
    man_made=tower|tour
    man_made=pier|jetée,ponton,embarcadère
    natural=peak|sommet,pic,montagne
    natural=beach|plage,plages
    natural=water|lac,lacs,étang
    natural=spring|source,sources
    natural=cave_entrance|grotte,grottes
    emergency=defibrillator|défibrillateur,dae
    emergency=phone|borne d'appel d'urgence
    highway=bus_stop,public_transport=platform|arrêt de bus,arrêts de bus
    highway=bus_stop,public_transport=platform,public_transport=stop_position|arrêt
    public_transport=platform|quai
    public_transport=station,railway=station,railway=halt,building=train_station|gare,gares
    railway=station,railway=halt|gare sncf,gare ferroviaire
    railway=tram_stop|arrêt de tram,tramway,tram
    railway=subway_entrance|métro,station de métro
    aerialway=station|téléphérique,télécabine,télésiège
    place=city|ville,villes
    place=town|ville,bourg
    place=village|village,villages
    place=suburb|quartier,banlieue,arrondissement
    place=quarter|quartier
    place=neighbourhood|quartier
    place=hamlet|hameau,lieu-dit
    place=locality|lieu-dit
    place=island|île,îles
    place=islet|îlot
    place=isolated_dwelling|
    place=square|place
    boundary=administrative|commune,communes,département
    boundary=postal_code|code postal
    building=yes|bâtiment,immeuble
    building=civic|bâtiment public
    building=cathedral|cathédrale
    """
}
