// Category words in Italian (it), as people type them into a search box:
// singular, plural and everyday short forms ("bancomat", "benzinaio").
// Format and rules: CategoryWords.swift.
extension CategoryWords {
    static let it = """
    amenity=cafe|caffè,caffetteria,caffetterie,bar caffè
    amenity=restaurant|ristorante,ristoranti,trattoria,trattorie,osteria,pizzeria,pizzerie
    amenity=fast_food|fast food,paninoteca,rosticceria,kebab
    amenity=bar|bar,cocktail bar,enoteca
    amenity=pub|pub,birreria,birrerie
    amenity=biergarten|birreria all'aperto
    amenity=ice_cream|gelateria,gelaterie,gelato,gelati
    amenity=pharmacy,healthcare=pharmacy|farmacia,farmacie
    amenity=hospital,healthcare=hospital,building=hospital|ospedale,ospedali,pronto soccorso
    amenity=clinic|clinica,cliniche,poliambulatorio,ambulatorio
    amenity=doctors,healthcare=doctor|medico,medici,studio medico,medico di base
    amenity=dentist,healthcare=dentist|dentista,dentisti,studio dentistico
    amenity=veterinary|veterinario,veterinari,clinica veterinaria
    amenity=atm|bancomat,sportello bancomat,atm
    amenity=bank|banca,banche
    amenity=bureau_de_change|cambio,cambiavalute,ufficio cambi
    amenity=post_office|posta,poste,ufficio postale,uffici postali
    amenity=post_box|cassetta postale,buca delle lettere
    amenity=police|polizia,questura,carabinieri,commissariato,caserma dei carabinieri
    amenity=fire_station|vigili del fuoco,pompieri,caserma dei vigili del fuoco
    amenity=townhall|municipio,comune,palazzo comunale
    amenity=courthouse|tribunale,palazzo di giustizia
    amenity=embassy|ambasciata,ambasciate,consolato
    amenity=library|biblioteca,biblioteche
    amenity=school,building=school|scuola,scuole,liceo,scuola elementare,scuola media
    amenity=kindergarten|scuola materna,scuola dell'infanzia,asilo
    amenity=college|
    amenity=university|università,ateneo,facoltà
    amenity=place_of_worship,historic=church,building=church,building=chapel|chiesa,chiese,parrocchia,pieve
    amenity=place_of_worship,building=chapel|cappella,moschea,sinagoga,tempio,santuario
    amenity=theatre|teatro,teatri
    amenity=cinema|cinema,multisala
    amenity=arts_centre|centro culturale
    amenity=community_centre|centro sociale,centro civico
    amenity=marketplace|mercato,mercati
    amenity=fuel|distributore,benzinaio,benzina,stazione di servizio,carburante
    amenity=charging_station|colonnina di ricarica,colonnine,ricarica
    amenity=parking|parcheggio,parcheggi,autorimessa
    amenity=bicycle_parking|parcheggio bici,rastrelliera
    amenity=bicycle_rental|noleggio bici,bike sharing
    amenity=car_rental|autonoleggio,noleggio auto
    amenity=taxi|taxi
    amenity=bus_station|autostazione,stazione degli autobus,stazione autobus
    amenity=ferry_terminal|traghetto,traghetti,imbarco
    amenity=toilets|bagno,bagni,toilette,servizi igienici,gabinetto
    amenity=drinking_water|acqua potabile,fontanella,fontana
    amenity=shelter|riparo,rifugio
    amenity=bench|panchina,panchine
    amenity=recycling|riciclaggio,isola ecologica,raccolta differenziata
    amenity=nightclub|discoteca,discoteche,locale notturno
    amenity=casino|casinò
    amenity=childcare|asilo nido,nido
    amenity=nursing_home|casa di riposo,rsa
    amenity=social_facility|servizi sociali
    shop=supermarket|supermercato,supermercati,alimentari,ipermercato
    shop=convenience|alimentari,minimarket
    shop=bakery|panetteria,panetterie,panificio,forno,fornaio
    shop=butcher|macelleria,macellerie,macellaio
    shop=pastry|pasticceria,pasticcerie
    shop=clothes|abbigliamento,vestiti,boutique,moda
    shop=shoes|scarpe,calzature,negozio di scarpe
    shop=hairdresser|parrucchiere,parrucchieri,barbiere,acconciature
    shop=beauty|estetista,centro estetico
    shop=books|libreria,librerie,libri
    shop=kiosk|edicola,chiosco
    shop=newsagent|edicola,giornalaio,giornali
    shop=florist|fioraio,fiorista,fiori
    shop=chemist|profumeria,drogheria
    shop=optician|ottico,ottica,occhiali
    shop=jewelry|gioielleria,gioiellerie,orafo
    shop=mobile_phone|telefonia,cellulari
    shop=electronics|elettronica,elettrodomestici
    shop=hardware|ferramenta
    shop=doityourself|bricolage,fai da te
    shop=bicycle|negozio di biciclette,ciclofficina,biciclette
    shop=car|concessionaria,concessionario,autosalone
    shop=car_repair|officina,meccanico,autofficina,carrozzeria
    shop=gift|souvenir,regali,articoli da regalo
    shop=wine|enoteca,vini
    shop=alcohol|liquori
    shop=department_store|grande magazzino,grandi magazzini
    shop=mall|centro commerciale,centri commerciali
    shop=laundry|lavanderia,lavanderia a gettoni
    shop=dry_cleaning|lavasecco,tintoria
    shop=tobacco|tabaccheria,tabacchi,tabaccaio
    shop=travel_agency|agenzia di viaggi,agenzia viaggi
    shop=greengrocer|fruttivendolo,frutta e verdura,ortofrutta
    shop=deli|gastronomia,salumeria
    shop=confectionery|dolciumi,caramelle,cioccolateria
    shop=sports|articoli sportivi,negozio di sport
    shop=toys|giocattoli
    shop=furniture|mobili,arredamento,mobilificio
    shop=pet|negozio di animali
    shop=art|belle arti,colorificio
    shop=photo|fotografo,foto
    shop=variety_store|
    shop=yes|negozio,negozi
    tourism=hotel,building=hotel|albergo,alberghi,hotel
    tourism=hostel|ostello,ostelli,ostello della gioventù
    tourism=guest_house|pensione,affittacamere,locanda,bed and breakfast
    tourism=motel|motel
    tourism=apartment|appartamento,casa vacanze,appartamenti
    tourism=camp_site|campeggio,campeggi,camping
    tourism=caravan_site|area camper,area sosta camper
    tourism=alpine_hut|rifugio,rifugi,baita,bivacco
    tourism=museum|museo,musei
    tourism=gallery|galleria,gallerie,galleria d'arte
    tourism=attraction|attrazione,attrazioni
    tourism=viewpoint|belvedere,punto panoramico,panorama
    tourism=information|informazioni turistiche,ufficio turistico,pro loco,informazioni
    tourism=artwork|opera d'arte,statua,scultura
    tourism=zoo|zoo,giardino zoologico
    tourism=theme_park|parco divertimenti,luna park,parco a tema
    tourism=picnic_site|area picnic,area pic-nic
    leisure=park|parco,parchi,giardini pubblici,villa comunale
    leisure=garden|giardino,giardini,orto botanico
    leisure=playground|parco giochi,area giochi
    leisure=sports_centre|centro sportivo,palazzetto dello sport,palestra
    leisure=fitness_centre|palestra,palestre,fitness
    leisure=swimming_pool|piscina,piscine
    leisure=stadium|stadio,stadi
    leisure=pitch|campo sportivo,campo da calcio,campo da tennis
    leisure=marina|porto turistico,marina,porticciolo
    leisure=golf_course|golf,campo da golf
    leisure=nature_reserve|riserva naturale,oasi
    leisure=water_park|parco acquatico,acquapark
    leisure=sauna|sauna
    historic=monument|monumento,monumenti
    historic=memorial|monumento ai caduti,lapide,cippo
    historic=castle|castello,castelli,rocca,fortezza
    historic=ruins|rovine,ruderi
    historic=archaeological_site|sito archeologico,scavi,area archeologica
    historic=fort|fortezza,fortino
    historic=building|edificio storico,palazzo storico
    office=company|azienda,ditta,società,uffici
    office=government|ufficio pubblico,prefettura,agenzia delle entrate
    office=insurance|assicurazione,assicurazioni
    office=estate_agent|agenzia immobiliare,immobiliare
    office=lawyer|avvocato,avvocati,notaio,studio legale
    office=yes|ufficio,uffici
    craft=yes|artigiano,laboratorio,bottega
    man_made=lighthouse|faro,fari
    man_made=tower|torre,torri
    man_made=pier|molo,pontile
    natural=peak|cima,vetta,picco
    natural=beach|spiaggia,spiagge,lido
    natural=water|lago,laghi,stagno
    natural=spring|sorgente,fonte
    natural=cave_entrance|grotta,grotte
    emergency=defibrillator|defibrillatore,dae
    emergency=phone|colonnina sos,telefono di emergenza
    highway=bus_stop,public_transport=platform|fermata dell'autobus,fermata autobus,fermata bus
    highway=bus_stop,public_transport=platform,public_transport=stop_position|fermata,fermate
    public_transport=platform|binario,banchina
    public_transport=station,railway=station,railway=halt,building=train_station|stazione,stazioni
    railway=station,railway=halt|stazione ferroviaria,stazione dei treni
    railway=tram_stop|fermata del tram,tram
    railway=subway_entrance|metropolitana,metro
    aerialway=station|funivia,cabinovia,seggiovia,funicolare
    place=city|città
    place=town|cittadina,città
    place=village|paese,villaggio,frazione
    place=suburb|quartiere,rione,sobborgo
    place=quarter|quartiere,rione
    place=neighbourhood|quartiere,rione
    place=hamlet|frazione,borgata,località
    place=locality|località
    place=island|isola,isole
    place=islet|isolotto,scoglio
    place=isolated_dwelling|casale,cascina,masseria
    place=square|piazza,piazzale
    boundary=administrative|comune,comuni,provincia,regione
    boundary=postal_code|codice postale
    building=yes|edificio,edifici
    building=civic|edificio pubblico
    building=cathedral|cattedrale,duomo
    """
}
