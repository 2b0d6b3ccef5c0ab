// The normaliser shared by index and query: folding, splitting and spans.
import Testing
@testable import GeoBase

@Test func foldsCaseAndDiacritics() {
    #expect(TextNormalizer.words("Café de l'Église") == ["cafe", "de", "l", "eglise"])
    #expect(TextNormalizer.words("Hauptstraße 12a") == ["hauptstrasse", "12a"])
    #expect(TextNormalizer.words("Ørestad Æble Łódź") == ["orestad", "aeble", "lodz"])
    #expect(TextNormalizer.words("İSTANBUL ılık") == ["istanbul", "ilik"])
}

@Test func keepsOtherScripts() {
    #expect(TextNormalizer.words("Красная Площадь") == ["красная", "площадь"])
    #expect(TextNormalizer.words("Ёлка й") == ["елка", "й"])
    #expect(TextNormalizer.words("Ἀθῆναι Σοφοκλέους") == ["αθηναι", "σοφοκλεουσ"])
}

@Test func punctuationSplitsAndSpansPointAtOriginal() {
    let t = TextNormalizer.tokens("  Rue Saint-Jean (Nord)")
    #expect(t.map(\.text) == ["rue", "saint", "jean", "nord"])
    #expect(t[1].start == 6 && t[1].length == 5)
    #expect(t[3].start == 18 && t[3].length == 4)
    let s = TextNormalizer.tokens("Straße")
    #expect(s[0].text == "strasse" && s[0].length == 6)
}

@Test func decomposedAccentsFoldLikeComposed() {
    #expect(TextNormalizer.words("Cafe\u{301}") == ["cafe"])
    #expect(TextNormalizer.words("\u{301}x") == ["x"])
}
