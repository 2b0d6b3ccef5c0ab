// The abbreviations people write in addresses, per language, as text a speaker
// can review: each line is a group of interchangeable forms, the full word
// first ("проспект,просп,пр,пр-т,пр-кт"). Read by Abbreviations; query-side
// only, so no rebuild is needed after a change.
//
// - A form that the word splitter cuts in two ("пр-т", "p.za", "c.so") is a
//   joined form: typed without a space inside, the query reads it as the full
//   word of its line.
// - Forms starting with "-" are compound endings: "-katu,-k" lets
//   "Aleksanterink" find "Aleksanterinkatu" and the other way round.
// - A form may sit in several groups ("пр" is both проспект and проезд; "st"
//   is street, saint and Sankt); groups are not merged through it.
// - Any word typed with a dot after it ("Mannerheimint.", "наб.") is also read
//   as the start of a longer word (QueryParser), so truncations need no line.
extension Abbreviations {
    static let byLanguage: [(language: String, text: String)] = [
        ("en", """
        street,st
        avenue,ave,av
        boulevard,blvd,bd,bld,bvd
        road,rd
        drive,dr
        doctor,dr
        lane,ln
        square,sq
        place,pl
        mount,mt,mont,monte
        fort,ft
        highway,hwy
        parkway,pkwy
        court,ct
        crescent,cres
        terrace,tce
        close,cl
        gardens,gdns
        route,rte
        north,n,nord
        south,s,sud
        east,e,est
        west,w,ouest
        general,gen
        professor,prof
        first,1st
        second,2nd
        third,3rd
        """),
        ("fr", """
        rue,r
        avenue,av,ave
        boulevard,bd,bld,bvd,blvd
        place,pl
        impasse,imp
        chemin,ch,chem
        route,rte
        allée,all
        quai,qu
        square,sq
        faubourg,fg,fbg
        cours,crs
        promenade,prom
        esplanade,espl
        saint,st,sankt
        sainte,ste
        maréchal,mal
        général,gal,gen
        """),
        ("de", """
        straße,str,strasse
        -straße,-str
        platz,pl
        -platz,-pl
        sankt,st
        hauptbahnhof,hbf
        bahnhof,bhf
        """),
        ("it", """
        via,v
        viale,vle,v.le
        piazza,pza,pzza,p.za,p.zza,pl
        piazzale,ple,p.le
        corso,cso,c.so
        largo,lgo,l.go
        vicolo,vic,v.lo
        strada,str
        contrada,c.da
        """),
        ("es", """
        calle,c,cl
        avenida,av,avda,avd
        plaza,pl,pza,plza
        paseo,po,pso,p.º
        carretera,ctra,crta
        camino,cno
        travesía,trav
        ronda,rda
        glorieta,gta
        urbanización,urb
        """),
        ("ca", """
        carrer,c
        avinguda,av,avda,avgda
        plaça,pl,pça
        passeig,pg,psg
        carretera,ctra
        rambla,rbla
        travessera,trav,tv
        travessia,trav
        ronda,rda
        """),
        ("pt", """
        rua,r
        avenida,av,avda
        praça,pç,pça
        travessa,tv,trav
        largo,lg,lgo
        alameda,al
        estrada,estr,est
        rodovia,rod
        beco,bc
        doutor,dr
        """),
        ("nl", """
        straat,str
        -straat,-str
        laan,ln
        plein,pl
        gracht,gr
        """),
        ("pl", """
        ulica,ul,ulitsa
        aleja,al,aleje
        plac,pl
        osiedle,os
        świętego,św
        świętej,św
        księdza,ks
        generała,gen
        marszałka,marsz
        pułkownika,płk
        """),
        ("ru", """
        улица,ул
        проспект,просп,пр,пр-т,пр-кт
        проезд,пр,пр-д
        переулок,пер
        площадь,пл
        набережная,наб
        бульвар,бул,бульв,б-р
        шоссе,ш
        тупик,туп
        аллея,алл
        микрорайон,мкр,мкрн
        """),
        ("fi", """
        -katu,-k
        -tie,-t
        -kuja,-kj
        """),
        ("sv", """
        -gatan,-g
        -vägen,-v
        -gränd,-gr
        """),
    ]
}
