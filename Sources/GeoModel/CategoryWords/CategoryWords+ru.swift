// Category words in Russian (ru), as people type them into a search box:
// singular, plural and everyday short forms ("банкомат", "заправка", "азс",
// "продукты"). Format and rules: CategoryWords.swift.
extension CategoryWords {
    static let ru = """
    amenity=cafe|кафе,кофейня,кофейни
    amenity=restaurant|ресторан,рестораны,столовая,столовые,трактир
    amenity=fast_food|фастфуд,фаст-фуд,бургерная,шаурма,закусочная,блинная,пельменная
    amenity=bar|бар,бары
    amenity=pub|паб,пабы,пивной бар,пивная
    amenity=biergarten|
    amenity=ice_cream|мороженое,кафе-мороженое
    amenity=pharmacy,healthcare=pharmacy|аптека,аптеки
    amenity=hospital,healthcare=hospital,building=hospital|больница,больницы,госпиталь
    amenity=clinic|поликлиника,поликлиники,клиника,медцентр,медицинский центр,травмпункт
    amenity=doctors,healthcare=doctor|врач,врачи,медпункт
    amenity=dentist,healthcare=dentist|стоматология,стоматолог,стоматологии,зубной врач
    amenity=veterinary|ветеринар,ветклиника,ветеринарная клиника
    amenity=atm|банкомат,банкоматы
    amenity=bank|банк,банки
    amenity=bureau_de_change|обмен валюты,обменник,обменный пункт
    amenity=post_office|почта,почтовое отделение
    amenity=post_box|почтовый ящик
    amenity=police|полиция,отделение полиции,овд
    amenity=fire_station|пожарная часть,пожарная станция,пожарные
    amenity=townhall|мэрия,администрация,управа
    amenity=courthouse|суд,суды
    amenity=embassy|посольство,посольства,консульство
    amenity=library|библиотека,библиотеки
    amenity=school,building=school|школа,школы,гимназия,лицей
    amenity=kindergarten|детский сад,детсад,садик
    amenity=college|колледж,техникум,училище
    amenity=university|университет,институт,вуз,академия
    amenity=place_of_worship,historic=church,building=church,building=chapel|церковь,храм,церкви,храмы
    amenity=place_of_worship,building=chapel|часовня,мечеть,синагога,собор
    amenity=theatre|театр,театры
    amenity=cinema|кинотеатр,кинотеатры,кино
    amenity=arts_centre|дом культуры,культурный центр
    amenity=community_centre|дом культуры
    amenity=marketplace|рынок,рынки
    amenity=fuel|заправка,заправки,азс,бензоколонка,бензин
    amenity=charging_station|зарядная станция,электрозаправка,зарядка
    amenity=parking|парковка,парковки,стоянка,автостоянка,паркинг
    amenity=bicycle_parking|велопарковка
    amenity=bicycle_rental|прокат велосипедов,велопрокат
    amenity=car_rental|прокат автомобилей,аренда авто
    amenity=taxi|такси,стоянка такси
    amenity=bus_station|автовокзал,автостанция
    amenity=ferry_terminal|паром,переправа
    amenity=toilets|туалет,туалеты,wc
    amenity=drinking_water|питьевая вода,питьевой фонтанчик
    amenity=shelter|навес,укрытие
    amenity=bench|скамейка,скамейки,лавочка
    amenity=recycling|пункт приёма вторсырья,вторсырьё
    amenity=nightclub|ночной клуб,клуб,дискотека
    amenity=casino|казино
    amenity=childcare|ясли
    amenity=nursing_home|дом престарелых,пансионат для пожилых
    amenity=social_facility|соцзащита
    shop=supermarket|супермаркет,супермаркеты,продукты,гипермаркет,универсам
    shop=convenience|продукты,продуктовый,магазин у дома,минимаркет
    shop=bakery|пекарня,пекарни,булочная,хлеб
    shop=butcher|мясо,мясная лавка,мясной магазин
    shop=pastry|кондитерская,кондитерские
    shop=clothes|одежда,магазин одежды
    shop=shoes|обувь,обувной
    shop=hairdresser|парикмахерская,парикмахерские,барбершоп,салон красоты
    shop=beauty|салон красоты,косметика
    shop=books|книжный,книжный магазин,книги
    shop=kiosk|киоск,ларёк
    shop=newsagent|газеты,пресса
    shop=florist|цветы,цветочный,цветочный магазин
    shop=chemist|бытовая химия,косметика
    shop=optician|оптика,очки
    shop=jewelry|ювелирный,ювелирный магазин,ювелир
    shop=mobile_phone|салон связи,сотовые телефоны,телефоны
    shop=electronics|электроника,бытовая техника
    shop=hardware|хозтовары,хозяйственный,инструменты
    shop=doityourself|стройматериалы,строительный магазин
    shop=bicycle|веломагазин,велосипеды
    shop=car|автосалон,автосалоны
    shop=car_repair|автосервис,автомастерская,шиномонтаж
    shop=gift|сувениры,подарки
    shop=wine|вино,винный магазин
    shop=alcohol|алкоголь,вино-водочный
    shop=department_store|универмаг
    shop=mall|торговый центр,тц,трц,торговые центры
    shop=laundry|прачечная
    shop=dry_cleaning|химчистка
    shop=tobacco|табак,табачный
    shop=travel_agency|турагентство,турфирма
    shop=greengrocer|овощи,фрукты,овощной
    shop=deli|деликатесы,гастроном
    shop=confectionery|сладости,конфеты,шоколад
    shop=sports|спорттовары,спортивный магазин
    shop=toys|игрушки,магазин игрушек
    shop=furniture|мебель,мебельный
    shop=pet|зоомагазин,зоотовары
    shop=art|товары для художников
    shop=photo|фотоателье,фотограф,фото
    shop=variety_store|
    shop=yes|магазин,магазины
    tourism=hotel,building=hotel|гостиница,гостиницы,отель,отели
    tourism=hostel|хостел,хостелы
    tourism=guest_house|гостевой дом,мини-гостиница
    tourism=motel|мотель
    tourism=apartment|апартаменты,квартира посуточно
    tourism=camp_site|кемпинг,палаточный лагерь
    tourism=caravan_site|кемпинг для автодомов
    tourism=alpine_hut|приют,горный приют
    tourism=museum|музей,музеи
    tourism=gallery|галерея,галереи,картинная галерея
    tourism=attraction|достопримечательность,достопримечательности
    tourism=viewpoint|смотровая площадка,смотровая
    tourism=information|туристическая информация,туринформация
    tourism=artwork|скульптура,статуя,арт-объект
    tourism=zoo|зоопарк
    tourism=theme_park|парк развлечений,парк аттракционов
    tourism=picnic_site|место для пикника
    leisure=park|парк,парки,сквер
    leisure=garden|сад,сады,ботанический сад
    leisure=playground|детская площадка,детские площадки
    leisure=sports_centre|спортивный центр,спорткомплекс,фок
    leisure=fitness_centre|фитнес,фитнес-клуб,спортзал,качалка
    leisure=swimming_pool|бассейн,бассейны
    leisure=stadium|стадион,стадионы
    leisure=pitch|спортивная площадка,футбольное поле,корт
    leisure=marina|яхт-клуб,марина,причал
    leisure=golf_course|гольф,гольф-клуб
    leisure=nature_reserve|заповедник,заказник
    leisure=water_park|аквапарк
    leisure=sauna|сауна,баня
    historic=monument|памятник,памятники,монумент
    historic=memorial|мемориал,мемориальная доска,обелиск
    historic=castle|замок,замки,крепость,кремль
    historic=ruins|руины,развалины
    historic=archaeological_site|археологический памятник,городище
    historic=fort|форт,крепость
    historic=building|историческое здание,памятник архитектуры
    office=company|офис,компания,фирма
    office=government|госучреждение,администрация
    office=insurance|страхование,страховая компания,страховая
    office=estate_agent|агентство недвижимости,недвижимость
    office=lawyer|юрист,адвокат,нотариус,юридическая консультация
    office=yes|офис,офисы
    craft=yes|мастерская,мастерские
    man_made=lighthouse|маяк
    man_made=tower|башня,вышка
    man_made=pier|пирс,причал
    natural=peak|вершина,гора,пик
    natural=beach|пляж,пляжи
    natural=water|озеро,пруд,водохранилище
    natural=spring|родник,источник
    natural=cave_entrance|пещера,пещеры
    emergency=defibrillator|дефибриллятор
    emergency=phone|телефон экстренной связи
    highway=bus_stop,public_transport=platform|автобусная остановка
    highway=bus_stop,public_transport=platform,public_transport=stop_position|остановка,остановки
    public_transport=platform|платформа
    public_transport=station,railway=station,railway=halt,building=train_station|станция,вокзал
    railway=station,railway=halt|вокзал,железнодорожная станция,жд вокзал
    railway=tram_stop|трамвайная остановка,трамвай
    railway=subway_entrance|метро,станция метро,вход в метро
    aerialway=station|канатная дорога,подъёмник,фуникулёр
    place=city|город
    place=town|город,городок
    place=village|деревня,село,посёлок
    place=suburb|район,микрорайон
    place=quarter|квартал,микрорайон
    place=neighbourhood|квартал,микрорайон
    place=hamlet|хутор,деревня
    place=locality|урочище
    place=island|остров,острова
    place=islet|островок
    place=isolated_dwelling|хутор
    place=square|площадь
    boundary=administrative|район,округ,область,муниципальный округ
    boundary=postal_code|почтовый индекс,индекс
    building=yes|здание
    building=civic|общественное здание
    building=cathedral|собор
    """
}
