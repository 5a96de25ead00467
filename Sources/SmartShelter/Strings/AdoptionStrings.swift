/// Smart Shelter's texts for adoption: the public pages, applications, people records and outcomes.
enum AdoptionStrings {
    static let uk: [String: String] = [:]

    static let en: [String: String] = [:]
}
