// Category words in Portuguese (pt), as people type them into a search box in
// Portugal and Brazil: singular, plural and everyday short forms
// ("multibanco", "posto", "lanchonete"). Format and rules: CategoryWords.swift.
extension CategoryWords {
    static let pt = """
    amenity=cafe|café,cafés,cafeteria,cafetaria
    amenity=restaurant|restaurante,restaurantes,churrascaria,tasca,marisqueira
    amenity=fast_food|lanchonete,lanchonetes,comida rápida,hamburgueria
    amenity=bar|bar,bares,boteco,botequim
    amenity=pub|pub,cervejaria
    amenity=biergarten|
    amenity=ice_cream|sorveteria,gelataria,sorvete,gelados
    amenity=pharmacy,healthcare=pharmacy|farmácia,farmácias,drogaria
    amenity=hospital,healthcare=hospital,building=hospital|hospital,hospitais,urgência,pronto-socorro
    amenity=clinic|clínica,clínicas,centro de saúde,posto de saúde,policlínica
    amenity=doctors,healthcare=doctor|médico,médicos,consultório
    amenity=dentist,healthcare=dentist|dentista,dentistas,clínica dentária,clínica odontológica
    amenity=veterinary|veterinário,clínica veterinária
    amenity=atm|multibanco,caixa eletrônico,caixa automático,caixa multibanco
    amenity=bank|banco,bancos
    amenity=bureau_de_change|câmbio,casa de câmbio
    amenity=post_office|correios,correio,posto dos correios,estação de correios
    amenity=post_box|caixa de correio,marco do correio
    amenity=police|polícia,delegacia,esquadra,polícia militar
    amenity=fire_station|bombeiros,quartel dos bombeiros
    amenity=townhall|câmara municipal,prefeitura,junta de freguesia,paços do concelho
    amenity=courthouse|tribunal,fórum
    amenity=embassy|embaixada,embaixadas,consulado
    amenity=library|biblioteca,bibliotecas
    amenity=school,building=school|escola,escolas,colégio,liceu
    amenity=kindergarten|jardim de infância,creche,pré-escola
    amenity=college|
    amenity=university|universidade,universidades,faculdade
    amenity=place_of_worship,historic=church,building=church,building=chapel|igreja,igrejas,paróquia
    amenity=place_of_worship,building=chapel|capela,ermida,mesquita,sinagoga,templo
    amenity=theatre|teatro,teatros
    amenity=cinema|cinema,cinemas
    amenity=arts_centre|centro cultural,casa da cultura
    amenity=community_centre|centro comunitário,centro social
    amenity=marketplace|mercado,mercados,feira
    amenity=fuel|posto de gasolina,bomba de gasolina,posto de combustível,gasolineira,gasolina
    amenity=charging_station|posto de carregamento,carregador
    amenity=parking|estacionamento,estacionamentos,parque de estacionamento
    amenity=bicycle_parking|estacionamento de bicicletas,bicicletário
    amenity=bicycle_rental|aluguel de bicicletas,aluguer de bicicletas
    amenity=car_rental|aluguel de carros,aluguer de automóveis,rent-a-car
    amenity=taxi|táxi,táxis,ponto de táxi,praça de táxis
    amenity=bus_station|rodoviária,terminal rodoviário,estação rodoviária
    amenity=ferry_terminal|balsa,barca,ferry,terminal fluvial
    amenity=toilets|banheiro,banheiros,casa de banho,sanitários,wc
    amenity=drinking_water|água potável,bebedouro,chafariz
    amenity=shelter|abrigo
    amenity=bench|banco de jardim
    amenity=recycling|reciclagem,ecoponto
    amenity=nightclub|discoteca,boate,balada
    amenity=casino|cassino,casino
    amenity=childcare|creche
    amenity=nursing_home|lar de idosos,casa de repouso
    amenity=social_facility|assistência social
    shop=supermarket|supermercado,supermercados,hipermercado,mercearia
    shop=convenience|mercearia,loja de conveniência,minimercado,mercadinho
    shop=bakery|padaria,padarias,panificadora,pão
    shop=butcher|açougue,talho,talhos
    shop=pastry|pastelaria,pastelarias,confeitaria,doceria
    shop=clothes|roupa,roupas,loja de roupa,moda
    shop=shoes|sapataria,calçado,sapatos
    shop=hairdresser|cabeleireiro,cabeleireira,barbearia,salão de beleza
    shop=beauty|estética,salão de beleza,manicure
    shop=books|livraria,livrarias,livros
    shop=kiosk|quiosque,banca de jornal
    shop=newsagent|banca de jornais,tabacaria
    shop=florist|floricultura,florista,flores
    shop=chemist|drogaria,perfumaria
    shop=optician|ótica,óptica,oculista,óculos
    shop=jewelry|joalheria,ourivesaria,joias
    shop=mobile_phone|loja de telemóveis,celulares
    shop=electronics|eletrônicos,electrodomésticos,eletrodomésticos
    shop=hardware|loja de ferragens,ferragens
    shop=doityourself|material de construção,bricolagem
    shop=bicycle|loja de bicicletas,bicicletaria
    shop=car|concessionária,stand de automóveis
    shop=car_repair|oficina mecânica,mecânico
    shop=gift|presentes,lembranças,souvenirs
    shop=wine|garrafeira,adega,vinhos
    shop=alcohol|bebidas alcoólicas
    shop=department_store|loja de departamento,grandes armazéns
    shop=mall|shopping,centro comercial,shopping center
    shop=laundry|lavanderia,lavandaria
    shop=dry_cleaning|tinturaria,lavandaria a seco
    shop=tobacco|tabacaria
    shop=travel_agency|agência de viagens
    shop=greengrocer|hortifruti,frutaria,quitanda,frutas e legumes
    shop=deli|charcutaria,delicatessen,empório
    shop=confectionery|doces,bombonaria,chocolates
    shop=sports|loja de desporto,artigos esportivos
    shop=toys|brinquedos,loja de brinquedos
    shop=furniture|móveis,loja de móveis
    shop=pet|pet shop,loja de animais
    shop=art|belas artes
    shop=photo|fotografia,fotógrafo
    shop=variety_store|bazar
    shop=yes|loja,lojas,comércio
    tourism=hotel,building=hotel|hotel,hotéis,pousada
    tourism=hostel|albergue,pousada da juventude,hostel
    tourism=guest_house|pensão,casa de hóspedes,pousada
    tourism=motel|motel
    tourism=apartment|apartamento,apartamentos,alojamento local
    tourism=camp_site|parque de campismo,camping,acampamento,campismo
    tourism=caravan_site|área de autocaravanas,parque de autocaravanas
    tourism=alpine_hut|refúgio,abrigo de montanha
    tourism=museum|museu,museus
    tourism=gallery|galeria,galerias,galeria de arte
    tourism=attraction|atração,atrações,atracção,ponto turístico
    tourism=viewpoint|miradouro,mirante
    tourism=information|posto de turismo,informação turística,centro de informações turísticas
    tourism=artwork|obra de arte,estátua,escultura
    tourism=zoo|zoológico,jardim zoológico,zoo
    tourism=theme_park|parque de diversões,parque temático
    tourism=picnic_site|parque de merendas,área de piquenique
    leisure=park|parque,parques,jardim,praça
    leisure=garden|jardim,jardins,jardim botânico
    leisure=playground|parque infantil,playground,parquinho
    leisure=sports_centre|centro desportivo,centro esportivo,ginásio
    leisure=fitness_centre|academia,ginásio,fitness
    leisure=swimming_pool|piscina,piscinas
    leisure=stadium|estádio,estádios
    leisure=pitch|campo de futebol
    leisure=marina|marina,porto de recreio
    leisure=golf_course|golfe,campo de golfe
    leisure=nature_reserve|reserva natural
    leisure=water_park|parque aquático
    leisure=sauna|sauna
    historic=monument|monumento,monumentos
    historic=memorial|memorial,placa comemorativa
    historic=castle|castelo,castelos
    historic=ruins|ruínas
    historic=archaeological_site|sítio arqueológico,estação arqueológica
    historic=fort|fortaleza
    historic=building|edifício histórico,prédio histórico
    office=company|empresa,empresas,escritórios
    office=government|repartição pública,órgão público
    office=insurance|seguros,seguradora
    office=estate_agent|imobiliária,imobiliárias
    office=lawyer|advogado,advogados,notário,cartório
    office=yes|escritório,escritórios
    craft=yes|artesão,artesanato
    man_made=lighthouse|farol,faróis
    man_made=tower|torre
    man_made=pier|píer,cais,pontão,molhe
    natural=peak|pico,cume
    natural=beach|praia,praias
    natural=water|lago,lagoa,represa,açude
    natural=spring|nascente,fonte
    natural=cave_entrance|gruta,caverna,grutas
    emergency=defibrillator|desfibrilhador,desfibrilador,dae
    emergency=phone|telefone de emergência
    highway=bus_stop,public_transport=platform|parada de ônibus,paragem de autocarro,ponto de ônibus
    highway=bus_stop,public_transport=platform,public_transport=stop_position|parada,paragem
    public_transport=platform|plataforma
    public_transport=station,railway=station,railway=halt,building=train_station|estação,estações
    railway=station,railway=halt|estação de trem,estação ferroviária,estação de comboios
    railway=tram_stop|bonde,paragem de elétrico
    railway=subway_entrance|metrô,metro
    aerialway=station|teleférico,funicular,bondinho
    place=city|cidade,cidades
    place=town|cidade
    place=village|aldeia,povoado
    place=suburb|bairro
    place=quarter|bairro
    place=neighbourhood|bairro
    place=hamlet|lugarejo
    place=locality|
    place=island|ilha,ilhas
    place=islet|ilhéu,ilhota
    place=isolated_dwelling|fazenda
    place=square|praça,largo
    boundary=administrative|município,concelho,freguesia,distrito
    boundary=postal_code|código postal,cep
    building=yes|edifício,prédio
    building=civic|edifício público
    building=cathedral|catedral
    """
}
