// Category words in Polish (pl), as people type them into a search box:
// singular, plural and everyday short forms ("bankomat", "stacja paliw",
// "spożywczak"). Format and rules: CategoryWords.swift.
extension CategoryWords {
    static let pl = """
    amenity=cafe|kawiarnia,kawiarnie,kawa,kafejka
    amenity=restaurant|restauracja,restauracje,jadłodajnia,bar mleczny,pizzeria
    amenity=fast_food|fast food,kebab,budka z jedzeniem,zapiekanki
    amenity=bar|bar,bary,drink bar
    amenity=pub|pub,puby,piwiarnia,knajpa
    amenity=biergarten|ogródek piwny
    amenity=ice_cream|lodziarnia,lody
    amenity=pharmacy,healthcare=pharmacy|apteka,apteki
    amenity=hospital,healthcare=hospital,building=hospital|szpital,szpitale,sor,izba przyjęć
    amenity=clinic|przychodnia,przychodnie,klinika,ośrodek zdrowia
    amenity=doctors,healthcare=doctor|lekarz,lekarze,gabinet lekarski,lekarz rodzinny
    amenity=dentist,healthcare=dentist|dentysta,stomatolog,gabinet stomatologiczny
    amenity=veterinary|weterynarz,lecznica weterynaryjna,przychodnia weterynaryjna
    amenity=atm|bankomat,bankomaty
    amenity=bank|bank,banki
    amenity=bureau_de_change|kantor,kantory,kantor wymiany walut
    amenity=post_office|poczta,urząd pocztowy,placówka pocztowa
    amenity=post_box|skrzynka pocztowa,skrzynki pocztowe
    amenity=police|policja,komisariat,komenda policji,posterunek
    amenity=fire_station|straż pożarna,remiza,osp,psp
    amenity=townhall|urząd miasta,urząd gminy,ratusz,magistrat
    amenity=courthouse|sąd,sądy,sąd rejonowy
    amenity=embassy|ambasada,ambasady,konsulat
    amenity=library|biblioteka,biblioteki
    amenity=school,building=school|szkoła,szkoły,szkoła podstawowa,liceum,technikum
    amenity=kindergarten|przedszkole,przedszkola
    amenity=college|szkoła policealna,kolegium
    amenity=university|uniwersytet,uczelnia,politechnika,akademia,uczelnie
    amenity=place_of_worship,historic=church,building=church,building=chapel|kościół,kościoły,parafia
    amenity=place_of_worship,building=chapel|kaplica,meczet,synagoga,cerkiew,świątynia,zbór
    amenity=theatre|teatr,teatry,opera,filharmonia
    amenity=cinema|kino,kina
    amenity=arts_centre|centrum kultury,dom kultury
    amenity=community_centre|dom kultury,świetlica,dom sąsiedzki
    amenity=marketplace|targ,targowisko,bazar,hala targowa
    amenity=fuel|stacja paliw,stacje paliw,stacja benzynowa
    amenity=charging_station|stacja ładowania,ładowarka
    amenity=parking|parking,parkingi,parking strzeżony
    amenity=bicycle_parking|parking rowerowy,stojak rowerowy,stojaki rowerowe
    amenity=bicycle_rental|wypożyczalnia rowerów,rower miejski,stacja rowerowa
    amenity=car_rental|wypożyczalnia samochodów
    amenity=taxi|taksówka,taksówki,postój taksówek,taxi
    amenity=bus_station|dworzec autobusowy,dworzec pks
    amenity=ferry_terminal|prom,promy,przeprawa promowa
    amenity=toilets|toaleta,toalety,wc,szalet
    amenity=drinking_water|woda pitna,zdrój uliczny,poidełko
    amenity=shelter|wiata,schron
    amenity=bench|ławka,ławki
    amenity=recycling|punkt selektywnej zbiórki,pszok,kontenery na szkło
    amenity=nightclub|klub nocny,dyskoteka,klub
    amenity=casino|kasyno,kasyna
    amenity=childcare|żłobek,żłobki
    amenity=nursing_home|dom opieki,dom spokojnej starości,dps
    amenity=social_facility|pomoc społeczna,mops,ops
    shop=supermarket|supermarket,supermarkety,hipermarket,sklep spożywczy
    shop=convenience|sklep spożywczy,spożywczy,spożywczak,sklep osiedlowy,całodobowy
    shop=bakery|piekarnia,piekarnie,pieczywo,chleb
    shop=butcher|mięsny,sklep mięsny,rzeźnik,wędliny
    shop=pastry|cukiernia,cukiernie
    shop=clothes|odzież,ubrania,sklep odzieżowy,butik,moda
    shop=shoes|obuwie,buty,sklep obuwniczy
    shop=hairdresser|fryzjer,fryzjerzy,salon fryzjerski,barber
    shop=beauty|kosmetyczka,salon kosmetyczny,salon urody
    shop=books|księgarnia,księgarnie,książki
    shop=kiosk|kiosk,kioski
    shop=newsagent|kiosk,prasa,gazety
    shop=florist|kwiaciarnia,kwiaciarnie,kwiaty
    shop=chemist|drogeria,drogerie
    shop=optician|optyk,zakład optyczny,okulary
    shop=jewelry|jubiler,biżuteria
    shop=mobile_phone|salon gsm,telefony komórkowe
    shop=electronics|elektronika,rtv agd,sklep rtv
    shop=hardware|sklep żelazny,narzędzia
    shop=doityourself|market budowlany,sklep budowlany,budowlany
    shop=bicycle|sklep rowerowy,serwis rowerowy,rowery
    shop=car|salon samochodowy,komis samochodowy
    shop=car_repair|warsztat samochodowy,mechanik,warsztat,wulkanizacja
    shop=gift|pamiątki,upominki,prezenty
    shop=wine|sklep z winem,wina,winiarnia
    shop=alcohol|sklep monopolowy,monopolowy,alkohole
    shop=department_store|dom towarowy,domy towarowe
    shop=mall|centrum handlowe,galeria handlowa,centra handlowe
    shop=laundry|pralnia,pralnia samoobsługowa
    shop=dry_cleaning|pralnia chemiczna
    shop=tobacco|tytoń,wyroby tytoniowe
    shop=travel_agency|biuro podróży
    shop=greengrocer|warzywniak,owoce i warzywa,warzywa
    shop=deli|delikatesy
    shop=confectionery|słodycze,cukierki,czekoladziarnia
    shop=sports|sklep sportowy,artykuły sportowe
    shop=toys|zabawki,sklep z zabawkami
    shop=furniture|meble,sklep meblowy,salon meblowy
    shop=pet|sklep zoologiczny,zoologiczny
    shop=art|artykuły plastyczne
    shop=photo|fotograf,zakład fotograficzny
    shop=variety_store|
    shop=yes|sklep,sklepy
    tourism=hotel,building=hotel|hotel,hotele
    tourism=hostel|hostel,schronisko młodzieżowe
    tourism=guest_house|pensjonat,pensjonaty,kwatery,noclegi,agroturystyka,kwatera prywatna
    tourism=motel|motel
    tourism=apartment|apartament,apartamenty
    tourism=camp_site|kemping,camping,pole namiotowe,pole kempingowe
    tourism=caravan_site|pole kempingowe,parking dla kamperów
    tourism=alpine_hut|schronisko,schroniska,schronisko górskie
    tourism=museum|muzeum,muzea
    tourism=gallery|galeria sztuki,galerie
    tourism=attraction|atrakcja,atrakcje,atrakcja turystyczna
    tourism=viewpoint|punkt widokowy,widok,wieża widokowa
    tourism=information|informacja turystyczna,punkt informacji turystycznej
    tourism=artwork|rzeźba,pomnik
    tourism=zoo|zoo,ogród zoologiczny
    tourism=theme_park|park rozrywki,wesołe miasteczko
    tourism=picnic_site|miejsce piknikowe,miejsce na ognisko
    leisure=park|park,parki
    leisure=garden|ogród,ogrody,ogród botaniczny
    leisure=playground|plac zabaw,place zabaw
    leisure=sports_centre|centrum sportowe,hala sportowa,ośrodek sportu,orlik
    leisure=fitness_centre|siłownia,siłownie,fitness,klub fitness
    leisure=swimming_pool|basen,baseny,pływalnia
    leisure=stadium|stadion,stadiony
    leisure=pitch|boisko,boiska,kort tenisowy
    leisure=marina|przystań,marina,port jachtowy
    leisure=golf_course|pole golfowe,golf
    leisure=nature_reserve|rezerwat,rezerwat przyrody
    leisure=water_park|aquapark,park wodny
    leisure=sauna|sauna
    historic=monument|pomnik,pomniki,monument
    historic=memorial|miejsce pamięci,tablica pamiątkowa,obelisk
    historic=castle|zamek,zamki,pałac
    historic=ruins|ruiny
    historic=archaeological_site|stanowisko archeologiczne,grodzisko
    historic=fort|fort,twierdza,forty
    historic=building|zabytek,budynek zabytkowy
    office=company|firma,firmy,przedsiębiorstwo
    office=government|urząd,urzędy
    office=insurance|ubezpieczenia,towarzystwo ubezpieczeniowe
    office=estate_agent|biuro nieruchomości,nieruchomości
    office=lawyer|adwokat,kancelaria,radca prawny,notariusz,kancelaria notarialna
    office=yes|biuro,biura
    craft=yes|rzemiosło,zakład rzemieślniczy
    man_made=lighthouse|latarnia morska
    man_made=tower|wieża
    man_made=pier|molo,pomost,przystań
    natural=peak|szczyt,góra,wierch
    natural=beach|plaże,kąpielisko
    natural=water|jezioro,staw,zalew
    natural=spring|źródło
    natural=cave_entrance|jaskinia,jaskinie
    emergency=defibrillator|defibrylator,aed
    emergency=phone|telefon alarmowy
    highway=bus_stop,public_transport=platform|przystanek autobusowy,przystanki autobusowe
    highway=bus_stop,public_transport=platform,public_transport=stop_position|przystanek,przystanki
    public_transport=platform|peron
    public_transport=station,railway=station,railway=halt,building=train_station|dworzec,stacja,dworce
    railway=station,railway=halt|dworzec kolejowy,stacja kolejowa
    railway=tram_stop|przystanek tramwajowy,tramwaj
    railway=subway_entrance|metro,stacja metra
    aerialway=station|kolejka linowa,wyciąg,gondola,kolej linowa
    place=city|miasto
    place=town|miasto,miasteczko
    place=village|wieś,wsie
    place=suburb|dzielnica,osiedle
    place=quarter|dzielnica,osiedle
    place=neighbourhood|osiedle
    place=hamlet|przysiółek
    place=locality|
    place=island|wyspa,wyspy
    place=islet|wysepka
    place=isolated_dwelling|gospodarstwo
    place=square|plac,rynek
    boundary=administrative|gmina,powiat,województwo
    boundary=postal_code|kod pocztowy
    building=yes|budynek
    building=civic|budynek użyteczności publicznej
    building=cathedral|katedra
    """
}
