"""What people type for common categories, per language, and a BGN/PCGN romaniser of Russian:
the vocabulary of the class benchmark (scripts/make_class_queries.py).

Why it exists apart from the product's tables (Sources/GeoModel/CategoryWords/*.swift): a
benchmark that read those tables would test the tables against themselves. These lists were
written separately, as a native speaker types into a map's search box (singular, plural,
everyday short forms, with or without accents), for the categories found in every extract.
A word missing from the product's tables is a finding, not a mistake here.
"""
import unicodedata

# category -> (OSM tags "key=value" that make an object one, {language: words as typed})
CATEGORIES = {
    "pharmacy": (["amenity=pharmacy", "healthcare=pharmacy"], {
        "en": ["pharmacy", "chemist", "drugstore"], "de": ["apotheke", "Apotheken"], "fr": ["pharmacie", "pharmacies"],
        "it": ["farmacia", "farmacie"], "es": ["farmacia", "farmacias"], "ca": ["farmàcia", "farmacia"],
        "pt": ["farmácia", "farmacia"], "nl": ["apotheek"], "pl": ["apteka", "apteki"], "ru": ["аптека", "аптеки"],
        "fi": ["apteekki"], "sv": ["apotek"]}),
    "restaurant": (["amenity=restaurant"], {
        "en": ["restaurant", "restaurants"], "de": ["Restaurant", "gaststätte", "Gasthaus"], "fr": ["restaurant", "resto"],
        "it": ["ristorante", "trattoria"], "es": ["restaurante", "restaurantes"], "ca": ["restaurant", "restaurants"],
        "pt": ["restaurante"], "nl": ["restaurant", "eetcafé"], "pl": ["restauracja"], "ru": ["ресторан", "рестораны"],
        "fi": ["ravintola"], "sv": ["restaurang"]}),
    "cafe": (["amenity=cafe"], {
        "en": ["cafe", "coffee shop"], "de": ["Café", "cafe"], "fr": ["café", "salon de thé"], "it": ["caffè", "caffetteria"],
        "es": ["cafetería", "café"], "ca": ["cafeteria"], "pt": ["café", "cafetaria"], "nl": ["koffiehuis", "café"],
        "pl": ["kawiarnia"], "ru": ["кафе", "кофейня"], "fi": ["kahvila"], "sv": ["kafé", "fik"]}),
    "supermarket": (["shop=supermarket"], {
        "en": ["supermarket", "grocery"], "de": ["Supermarkt"], "fr": ["supermarché", "supermarche"], "it": ["supermercato"],
        "es": ["supermercado", "súper"], "ca": ["supermercat"], "pt": ["supermercado"], "nl": ["supermarkt"],
        "pl": ["supermarket", "sklep spożywczy"], "ru": ["супермаркет", "продукты"], "fi": ["ruokakauppa", "supermarketti"],
        "sv": ["mataffär", "livsmedelsbutik"]}),
    "bank": (["amenity=bank"], {
        "en": ["bank", "banks"], "de": ["Bank", "Sparkasse"], "fr": ["banque"], "it": ["banca"], "es": ["banco"],
        "ca": ["banc"], "pt": ["banco"], "nl": ["bank"], "pl": ["bank"], "ru": ["банк", "банки"], "fi": ["pankki"],
        "sv": ["bank"]}),
    "atm": (["amenity=atm"], {
        "en": ["atm", "cash machine"], "de": ["Geldautomat", "bankomat"], "fr": ["distributeur", "DAB"],
        "it": ["bancomat"], "es": ["cajero", "cajero automático"], "ca": ["caixer", "caixer automàtic"],
        "pt": ["multibanco", "caixa eletrônico"], "nl": ["pinautomaat", "geldautomaat"], "pl": ["bankomat"],
        "ru": ["банкомат"], "fi": ["pankkiautomaatti", "otto"], "sv": ["bankomat", "uttagsautomat"]}),
    "fuel": (["amenity=fuel"], {
        "en": ["petrol station", "gas station"], "de": ["Tankstelle"], "fr": ["station service", "station-service"],
        "it": ["distributore", "benzinaio"], "es": ["gasolinera"], "ca": ["benzinera"], "pt": ["posto de gasolina", "bomba de gasolina"],
        "nl": ["tankstation", "benzinestation"], "pl": ["stacja paliw"], "ru": ["заправка", "АЗС"], "fi": ["huoltoasema", "bensa-asema"],
        "sv": ["bensinstation", "mack"]}),
    "hotel": (["tourism=hotel"], {
        "en": ["hotel", "hotels"], "de": ["Hotel", "Unterkunft"], "fr": ["hôtel", "hotel"], "it": ["albergo", "hotel"],
        "es": ["hotel"], "ca": ["hotel"], "pt": ["hotel"], "nl": ["hotel"], "pl": ["hotel"], "ru": ["гостиница", "отель"],
        "fi": ["hotelli"], "sv": ["hotell"]}),
    "parking": (["amenity=parking"], {
        "en": ["parking", "car park"], "de": ["Parkplatz", "Parkhaus"], "fr": ["parking"], "it": ["parcheggio"],
        "es": ["aparcamiento", "parking"], "ca": ["aparcament"], "pt": ["estacionamento", "parque de estacionamento"],
        "nl": ["parkeerplaats", "parkeergarage"], "pl": ["parking"], "ru": ["парковка", "стоянка"], "fi": ["pysäköinti", "parkkipaikka"],
        "sv": ["parkering"]}),
    "bakery": (["shop=bakery"], {
        "en": ["bakery"], "de": ["Bäckerei", "Bäcker"], "fr": ["boulangerie"], "it": ["panetteria", "forno"],
        "es": ["panadería"], "ca": ["forn", "fleca"], "pt": ["padaria"], "nl": ["bakkerij", "bakker"], "pl": ["piekarnia"],
        "ru": ["пекарня", "булочная"], "fi": ["leipomo"], "sv": ["bageri"]}),
    "post_office": (["amenity=post_office"], {
        "en": ["post office"], "de": ["Post", "Postamt"], "fr": ["poste", "bureau de poste"], "it": ["ufficio postale", "posta"],
        "es": ["correos", "oficina de correos"], "ca": ["correus"], "pt": ["correios"], "nl": ["postkantoor"],
        "pl": ["poczta"], "ru": ["почта"], "fi": ["posti"], "sv": ["post", "postkontor"]}),
    "church": (["amenity=place_of_worship", "building=church", "building=chapel"], {
        "en": ["church"], "de": ["Kirche"], "fr": ["église", "eglise"], "it": ["chiesa"], "es": ["iglesia"],
        "ca": ["església"], "pt": ["igreja"], "nl": ["kerk"], "pl": ["kościół", "kosciol"], "ru": ["церковь", "храм"],
        "fi": ["kirkko"], "sv": ["kyrka"]}),
    "museum": (["tourism=museum"], {
        "en": ["museum", "museums"], "de": ["Museum"], "fr": ["musée", "musee"], "it": ["museo"], "es": ["museo"],
        "ca": ["museu"], "pt": ["museu"], "nl": ["museum"], "pl": ["muzeum"], "ru": ["музей"], "fi": ["museo"],
        "sv": ["museum"]}),
    "school": (["amenity=school"], {
        "en": ["school"], "de": ["Schule"], "fr": ["école", "ecole"], "it": ["scuola"], "es": ["colegio", "escuela"],
        "ca": ["escola"], "pt": ["escola"], "nl": ["school"], "pl": ["szkoła", "szkola"], "ru": ["школа"],
        "fi": ["koulu"], "sv": ["skola"]}),
    "toilets": (["amenity=toilets"], {
        "en": ["toilets", "toilet", "wc"], "de": ["Toilette", "WC"], "fr": ["toilettes"], "it": ["bagni", "toilette"],
        "es": ["aseos", "baños"], "ca": ["lavabos"], "pt": ["casa de banho", "banheiro"], "nl": ["toilet", "wc"],
        "pl": ["toaleta"], "ru": ["туалет"], "fi": ["vessa", "wc"], "sv": ["toalett"]}),
}
LANGUAGES = ["en", "de", "fr", "it", "es", "ca", "pt", "nl", "pl", "ru", "fi", "sv"]


def category_of(tags):
    """The benchmark categories an object's tags make it one of."""
    kv = {f"{k}={v}" for k, v in tags.items()}
    return {c for c, (wanted, _) in CATEGORIES.items() if kv.intersection(wanted)}


# BGN/PCGN 1947 romanisation of Russian, as typed on a Latin keyboard: the soft and hard signs
# (’ ”) and the diaeresis of ë are not typed; е/ё are ye/yë at the start of a word and after a
# vowel, й, ъ or ь.
BGN = {"а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "ë", "ж": "zh", "з": "z", "и": "i", "й": "y",
       "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f",
       "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya"}
YE_AFTER = set("аеёиоуыэюяйъь")


def romanise(text):
    """Latin BGN/PCGN of a Cyrillic (Russian) text, without the marks people do not type."""
    out, prev = [], ""
    for ch in text:
        low = ch.lower()
        if low in BGN:
            r = BGN[low]
            if low in "её" and (not prev.isalpha() or prev in YE_AFTER):
                r = "y" + r
            r = unicodedata.normalize("NFKD", r)
            r = "".join(c for c in r if not unicodedata.combining(c))
            out.append(r.capitalize() if ch != low and r else r)
        else:
            out.append(ch)
        prev = low
    return "".join(out)


def is_cyrillic(text):
    letters = [c for c in text if c.isalpha()]
    return bool(letters) and all("\u0400" <= c <= "\u04ff" for c in letters)
