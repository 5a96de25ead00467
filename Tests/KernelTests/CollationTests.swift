import Foundation
@testable import Kernel
import Testing

extension KernelTests {
    @Suite("Alphabetical order")
    struct CollationTests {
        @Test("Ukrainian: the alphabet's order, not the code points' (ґ after г, є after е, і ї й after и, ь before ю я)")
        func ukrainianAlphabet() {
            let alphabet = "а б в г ґ д е є ж з и і ї й к л м н о п р с т у ф х ц ч ш щ ь ю я".split(separator: " ").map(String.init)
            #expect(alphabet.shuffled().sorted(byName: { $0 }, in: .uk) == alphabet)
            #expect(alphabet.map { $0.uppercased() }.shuffled().sorted(byName: { $0 }, in: .uk) == alphabet.map { $0.uppercased() })
            // What Swift's `<` gets wrong: І (U+0406), Є (U+0404), Ґ (U+0490) are outside а–я.
            #expect(["Вінниця", "Івано-Франківськ"].sorted() == ["Івано-Франківськ", "Вінниця"], "the fault this order fixes")
        }

        @Test("cities, names and mixed scripts sort as a Ukrainian reader expects")
        func words() {
            let expected = ["Вінниця", "Ґорґани", "Дніпро", "Єнакієве", "Житомир", "Запоріжжя", "Івано-Франківськ", "Їжакевич",
                            "Йосипівка", "Київ", "Яготин", "Apple", "Zoo"]
            #expect(expected.reversed().sorted(byName: { $0 }, in: .uk) == expected)
            // Word by word, case and apostrophes only break ties.
            #expect(["Іваненко", "Іван Франко", "іван"].sorted(byName: { $0 }, in: .uk) == ["іван", "Іван Франко", "Іваненко"])
            #expect(["Мар’яна", "Марина", "Марта"].sorted(byName: { $0 }, in: .uk) == ["Марина", "Марта", "Мар’яна"])
            #expect(["10 км", "2 км", "Біг"].sorted(byName: { $0 }, in: .uk) == ["10 км", "2 км", "Біг"], "digits one by one, before letters")
        }

        @Test("English: Latin first, case-insensitive; the order is total")
        func english() {
            #expect(["zebra", "Київ", "Apple", "banana"].sorted(byName: { $0 }, in: .en) == ["Apple", "banana", "zebra", "Київ"])
            let collation = Collation(.en)
            #expect(collation.areInIncreasingOrder("Apple", "apple") != collation.areInIncreasingOrder("apple", "Apple"))
        }

        @Test("reference lists come out in the reader's alphabet, in either language")
        func referenceLists() {
            for language in Language.allCases {
                let names = City.options(in: language).map(\.label)
                #expect(names == names.sorted(byName: { $0 }, in: language))
                #expect(Set(City.options(in: language).map(\.value)) == Set(City.all.map(\.id)))
            }
            let ukrainian = City.options(in: .uk).map(\.label)
            #expect(ukrainian.firstIndex(of: "Вінниця")! < ukrainian.firstIndex(of: "Івано-Франківськ")!)
            #expect(ukrainian.firstIndex(of: "Житомир")! < ukrainian.firstIndex(of: "Запоріжжя")!)
        }
    }
}
