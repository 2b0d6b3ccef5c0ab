// Category words in Spanish (es), as people type them into a search box:
// singular, plural and everyday short forms ("gasolinera", "cajero", "súper").
// Format and rules: CategoryWords.swift.
extension CategoryWords {
    static let es = """
    amenity=cafe|café,cafés,cafetería,cafeterías
    amenity=restaurant|restaurante,restaurantes,mesón,asador,marisquería
    amenity=fast_food|comida rápida,hamburguesería,bocadillería,kebab
    amenity=bar|bar,bares,cervecería,taberna,coctelería
    amenity=pub|pub,pubs,cervecería
    amenity=biergarten|
    amenity=ice_cream|heladería,heladerías,helados
    amenity=pharmacy,healthcare=pharmacy|farmacia,farmacias
    amenity=hospital,healthcare=hospital,building=hospital|hospital,hospitales,urgencias
    amenity=clinic|clínica,clínicas,centro de salud,ambulatorio,consultorio
    amenity=doctors,healthcare=doctor|médico,médicos,consulta médica
    amenity=dentist,healthcare=dentist|dentista,dentistas,clínica dental
    amenity=veterinary|veterinario,veterinaria,clínica veterinaria
    amenity=atm|cajero,cajeros,cajero automático,cajeros automáticos
    amenity=bank|banco,bancos,caja de ahorros
    amenity=bureau_de_change|casa de cambio,cambio de divisas,cambio
    amenity=post_office|correos,oficina de correos,correo
    amenity=post_box|buzón,buzones
    amenity=police|policía,comisaría,guardia civil,policía local
    amenity=fire_station|bomberos,parque de bomberos,estación de bomberos
    amenity=townhall|ayuntamiento,municipalidad,alcaldía
    amenity=courthouse|juzgado,juzgados,tribunal,palacio de justicia
    amenity=embassy|embajada,embajadas,consulado
    amenity=library|biblioteca,bibliotecas
    amenity=school,building=school|colegio,colegios,escuela,escuelas,instituto,liceo
    amenity=kindergarten|guardería,escuela infantil,jardín de infancia
    amenity=college|
    amenity=university|universidad,universidades,facultad
    amenity=place_of_worship,historic=church,building=church,building=chapel|iglesia,iglesias,parroquia
    amenity=place_of_worship,building=chapel|capilla,ermita,mezquita,sinagoga,templo
    amenity=theatre|teatro,teatros
    amenity=cinema|cine,cines
    amenity=arts_centre|centro cultural,casa de cultura
    amenity=community_centre|centro cívico,centro social,centro comunitario
    amenity=marketplace|mercado,mercados,mercadillo
    amenity=fuel|gasolinera,gasolineras,estación de servicio,gasolina,surtidor
    amenity=charging_station|punto de recarga,cargador,electrolinera
    amenity=parking|aparcamiento,aparcamientos,parking,estacionamiento
    amenity=bicycle_parking|aparcabicis,aparcamiento de bicis,bicicletero
    amenity=bicycle_rental|alquiler de bicicletas,bicis
    amenity=car_rental|alquiler de coches,alquiler de autos
    amenity=taxi|taxi,parada de taxis
    amenity=bus_station|estación de autobuses,terminal de autobuses
    amenity=ferry_terminal|ferri,ferry,estación marítima,transbordador
    amenity=toilets|aseos,baños,servicios,lavabos,wc
    amenity=drinking_water|agua potable,fuente
    amenity=shelter|refugio
    amenity=bench|
    amenity=recycling|reciclaje,punto limpio,contenedor
    amenity=nightclub|discoteca,discotecas,club nocturno
    amenity=casino|casino
    amenity=childcare|guardería
    amenity=nursing_home|residencia de ancianos,geriátrico
    amenity=social_facility|servicios sociales
    shop=supermarket|supermercado,supermercados,súper,hipermercado
    shop=convenience|tienda de alimentación,ultramarinos,colmado,tienda de conveniencia
    shop=bakery|panadería,panaderías,panadero,pan
    shop=butcher|carnicería,carnicerías,carnicero
    shop=pastry|pastelería,pastelerías,confitería
    shop=clothes|ropa,tienda de ropa,moda,boutique
    shop=shoes|zapatería,zapaterías,zapatos,calzado
    shop=hairdresser|peluquería,peluquerías,peluquero,barbería
    shop=beauty|centro de estética,salón de belleza,estética
    shop=books|librería,librerías,libros
    shop=kiosk|quiosco,kiosco
    shop=newsagent|quiosco,prensa,periódicos
    shop=florist|floristería,florería,flores
    shop=chemist|droguería,perfumería
    shop=optician|óptica,ópticas,óptico,gafas
    shop=jewelry|joyería,joyerías,joyero
    shop=mobile_phone|telefonía,móviles,tienda de móviles
    shop=electronics|electrónica,electrodomésticos
    shop=hardware|ferretería,ferreterías
    shop=doityourself|bricolaje
    shop=bicycle|tienda de bicicletas,bicicletas
    shop=car|concesionario
    shop=car_repair|taller,taller mecánico,mecánico
    shop=gift|regalos,recuerdos,souvenirs
    shop=wine|vinoteca,vinos
    shop=alcohol|licorería,bebidas alcohólicas
    shop=department_store|grandes almacenes
    shop=mall|centro comercial,centros comerciales
    shop=laundry|lavandería,lavanderías
    shop=dry_cleaning|tintorería
    shop=tobacco|estanco,estancos,tabaco,tabaquería
    shop=travel_agency|agencia de viajes
    shop=greengrocer|frutería,verdulería,fruta,verduras
    shop=deli|charcutería,delicatessen,tienda gourmet
    shop=confectionery|golosinas,chuches,bombonería,chocolates,dulces
    shop=sports|tienda de deportes,deportes
    shop=toys|juguetería,juguetes
    shop=furniture|muebles,mueblería,tienda de muebles
    shop=pet|tienda de animales,mascotas
    shop=art|bellas artes
    shop=photo|fotografía,fotógrafo
    shop=variety_store|bazar,todo a cien
    shop=yes|tienda,tiendas,comercio
    tourism=hotel,building=hotel|hotel,hoteles,hostal,parador
    tourism=hostel|albergue,albergues,albergue juvenil,hostel
    tourism=guest_house|pensión,casa rural,hostal,casa de huéspedes
    tourism=motel|motel
    tourism=apartment|apartamento,apartamentos turísticos,apartamentos
    tourism=camp_site|camping,campings,cámping
    tourism=caravan_site|área de autocaravanas,autocaravanas
    tourism=alpine_hut|refugio,refugios,refugio de montaña
    tourism=museum|museo,museos
    tourism=gallery|galería,galerías,galería de arte
    tourism=attraction|atracción,atracciones,lugar de interés
    tourism=viewpoint|mirador,miradores
    tourism=information|oficina de turismo,información turística
    tourism=artwork|obra de arte,estatua,escultura
    tourism=zoo|zoo,zoológico
    tourism=theme_park|parque de atracciones,parque temático
    tourism=picnic_site|merendero,zona de pícnic,área recreativa
    leisure=park|parque,parques,jardines
    leisure=garden|jardín,jardines,jardín botánico
    leisure=playground|parque infantil,zona infantil,columpios
    leisure=sports_centre|polideportivo,centro deportivo,gimnasio
    leisure=fitness_centre|gimnasio,gimnasios,gym
    leisure=swimming_pool|piscina,piscinas
    leisure=stadium|estadio,estadios,campo de fútbol
    leisure=pitch|pista,cancha,campo de fútbol,pista de tenis
    leisure=marina|puerto deportivo,marina
    leisure=golf_course|golf,campo de golf
    leisure=nature_reserve|reserva natural,parque natural
    leisure=water_park|parque acuático
    leisure=sauna|sauna
    historic=monument|monumento,monumentos
    historic=memorial|memorial,placa conmemorativa
    historic=castle|castillo,castillos,alcázar
    historic=ruins|ruinas
    historic=archaeological_site|yacimiento arqueológico,yacimiento,excavación
    historic=fort|fortaleza,fortín
    historic=building|edificio histórico
    office=company|empresa,empresas,oficinas
    office=government|administración,oficina pública
    office=insurance|seguros,aseguradora
    office=estate_agent|inmobiliaria,inmobiliarias
    office=lawyer|abogado,abogados,notario,notaría,bufete
    office=yes|oficina,oficinas
    craft=yes|taller,artesano
    man_made=lighthouse|faro,faros
    man_made=tower|torre
    man_made=pier|muelle,embarcadero,pantalán
    natural=peak|pico,cima,cumbre,montaña
    natural=beach|playa,playas
    natural=water|lago,laguna,embalse,estanque
    natural=spring|manantial,fuente
    natural=cave_entrance|cueva,cuevas,gruta
    emergency=defibrillator|desfibrilador,dea
    emergency=phone|poste sos,teléfono de emergencia
    highway=bus_stop,public_transport=platform|parada de autobús,parada de bus
    highway=bus_stop,public_transport=platform,public_transport=stop_position|parada,paradas
    public_transport=platform|andén
    public_transport=station,railway=station,railway=halt,building=train_station|estación,estaciones
    railway=station,railway=halt|estación de tren,estación de ferrocarril
    railway=tram_stop|parada de tranvía,tranvía
    railway=subway_entrance|metro,boca de metro
    aerialway=station|teleférico,telecabina,telesilla,funicular
    place=city|ciudad
    place=town|pueblo,ciudad
    place=village|pueblo,aldea
    place=suburb|barrio,distrito
    place=quarter|barrio
    place=neighbourhood|barrio,urbanización
    place=hamlet|aldea,caserío
    place=locality|paraje
    place=island|isla,islas
    place=islet|islote
    place=isolated_dwelling|cortijo,masía,caserío
    place=square|plaza
    boundary=administrative|municipio,provincia,comarca
    boundary=postal_code|código postal
    building=yes|edificio
    building=civic|edificio público
    building=cathedral|catedral
    """
}
