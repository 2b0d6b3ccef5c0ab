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
        #expect(AddressFormat.format(houseNumber: "11", street: "Avinguda Meritxell") == "11 Avinguda Meritxell")
        #expect(AddressFormat.format(houseNumber: "11", street: "Carrer Major") == "Carrer Major 11")
    }

    @Test func missingParts() {
        #expect(AddressFormat.format(houseNumber: nil, street: "Rue Grimaldi") == "Rue Grimaldi")
        #expect(AddressFormat.format(houseNumber: "4", street: nil) == "4")
        #expect(AddressFormat.format(houseNumber: nil, street: nil) == nil)
    }
}
