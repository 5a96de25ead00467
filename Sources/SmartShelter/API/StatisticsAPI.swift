import Foundation
import Kernel
import Vapor

/// `GET /shelter/api/v1/statistics?from=YYYY-MM-DD&to=YYYY-MM-DD`: intakes and outcomes
/// per month, the live-release rate, the median stay and today's census.
enum StatisticsAPI {
    typealias M = SSModels

    static func register(on api: any RoutesBuilder) {
        api.get("statistics", use: statistics)
    }

    static func statistics(_ req: Request) async throws -> M.StatisticsDTO {
        let person = try await req.staffMember()
        return M.StatisticsDTO(try await req.shelter.statistics.statistics(from: req.query[String.self, at: "from"],
                                                                            to: req.query[String.self, at: "to"], for: person))
    }
}

extension SSModels {
    struct StatisticsDTO: Content {
        struct Count: Content {
            /// An intake's kind (`new`, `returned`) or an outcome's (`adoption`, `return_to_owner`, `transfer`, `death`).
            let kind: String
            let species: String
            let count: Int
        }

        struct Month: Content {
            /// `YYYY-MM`.
            let month: String
            let intakes: [Count]
            let outcomes: [Count]
        }

        struct SpeciesCount: Content {
            let species: String
            let count: Int
        }

        struct EnclosureCount: Content {
            let enclosureId: UUID?
            let name: String?
            let count: Int
        }

        struct Census: Content {
            let total: Int
            /// The shelter's animals with a fosterer (not in `total`: not here).
            let inFoster: Int
            let bySpecies: [SpeciesCount]
            let byEnclosure: [EnclosureCount]
        }

        let from: String
        let to: String
        let months: [Month]
        let intakes: Int
        let outcomes: Int
        let liveOutcomes: Int
        /// Live outcomes ÷ all outcomes (deaths included), or null without outcomes.
        let liveReleaseRate: Double?
        let medianStayDays: Double?
        let census: Census

        init(_ s: ShelterStatistics) {
            from = s.range.from.description
            to = s.range.to.description
            months = s.months.map { month in
                Month(month: month.month,
                      intakes: ShelterStatistics.IntakeKind.allCases.flatMap { kind in
                          Animal.Species.allCases.compactMap { species in
                              month.intakes[kind]?[species].map { Count(kind: kind.rawValue, species: species.rawValue, count: $0) }
                          }
                      },
                      outcomes: ShelterStatistics.outcomeKinds.flatMap { kind in
                          Animal.Species.allCases.compactMap { species in
                              month.outcomes[kind]?[species].map { Count(kind: kind.rawValue, species: species.rawValue, count: $0) }
                          }
                      })
            }
            intakes = s.intakeTotal
            outcomes = s.outcomeTotal
            liveOutcomes = s.liveOutcomes
            liveReleaseRate = s.liveReleaseRate
            medianStayDays = s.medianStayDays
            census = Census(total: s.censusTotal, inFoster: s.censusInFoster,
                            bySpecies: Animal.Species.allCases.compactMap { species in
                                s.censusBySpecies[species].map { SpeciesCount(species: species.rawValue, count: $0) }
                            },
                            byEnclosure: s.censusByEnclosure.map { EnclosureCount(enclosureId: $0.enclosureID, name: $0.name, count: $0.count) })
        }
    }
}
