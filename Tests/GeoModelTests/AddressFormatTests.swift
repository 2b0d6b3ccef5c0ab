// How house number and street are put together: number first in most of
// Europe, after the street where the language writes it so.
import Testing
@testable import GeoModel

@Suite struct AddressFormatTests {
    @Test func numberFirstInFrenchAndEnglish() {
        #expect(AddressFormat.format(houseNumber: "12", street: "Rue Grimaldi") == "12 Rue Grimaldi")
        #expect(AddressFormat.format(houseNumber: "5b", street: "Baker Street") == "5b Baker Street")
    }

    @Test func numberAfterGermanFinnishAndRussianStreets() {
        #expect(AddressFormat.format(houseNumber: "20", street: "Landstrasse") == "Landstrasse 20")
        #expect(AddressFormat.format(houseNumber: "3", street: "Mannerheimintie") == "Mannerheimintie 3")
        #expect(AddressFormat.format(houseNumber: "7", street: "Тверская улица") == "Тверская улица 7")
        #expect(AddressFormat.format(houseNumber: "11", street: "Carrer Major") == "Carrer Major 11")
    }

    @Test func numberAfterStreetsNamedByTheirTypeFirst() {
        // Catalan, Spanish, Italian, Portuguese, Polish and Russian write the type first and the number last.
        #expect(AddressFormat.format(houseNumber: "11", street: "Avinguda Meritxell") == "Avinguda Meritxell 11")
        #expect(AddressFormat.format(houseNumber: "7", street: "улица Гончарова") == "улица Гончарова 7")
        #expect(AddressFormat.format(houseNumber: "3", street: "Via Roma") == "Via Roma 3")
        #expect(AddressFormat.format(houseNumber: "5", street: "ul. Długa") == "ul. Długa 5")
        #expect(AddressFormat.format(houseNumber: "2", street: "Praça do Comércio") == "Praça do Comércio 2")
        // The type word alone decides, not a name that merely contains it.
        #expect(AddressFormat.format(houseNumber: "4", street: "Grand Via Street") == "4 Grand Via Street")
    }

    @Test func missingParts() {
        #expect(AddressFormat.format(houseNumber: nil, street: "Rue Grimaldi") == "Rue Grimaldi")
        #expect(AddressFormat.format(houseNumber: "4", street: nil) == "4")
        #expect(AddressFormat.format(houseNumber: nil, street: nil) == nil)
    }
}
