import Foundation
import Kernel
import Vapor

/// The JSON shapes of animals, medical records and feeding. Days are `YYYY-MM-DD`,
/// weights kilograms, amounts in the item's unit.
extension SSModels {
    struct AnimalDTO: Content {
        let id: UUID
        let name: String
        /// `dog`, `cat`, `rabbit`, `bird` or `other`.
        let species: String
        let breed: String
        /// `male`, `female` or `unknown`.
        let sex: String
        let bornOn: String?
        let birthEstimated: Bool
        let description: String
        let intakeOn: String
        let intakeReason: String
        /// `in_shelter`, `adopted`, `returned_to_owner`, `transferred` or `dead`.
        let status: String
        let enclosureId: UUID?
        /// Kilograms, the newest weighing.
        let weight: Double?
        /// Shown on the public adoption pages (while it is here).
        let `public`: Bool
        /// What the public reads about it.
        let publicDescription: String

        init(_ a: Animal) {
            id = a.id!
            name = a.name
            species = a.species
            breed = a.breed
            sex = a.sex
            bornOn = a.bornOn
            birthEstimated = a.birthEstimated
            description = a.description
            intakeOn = a.intakeOn
            intakeReason = a.intakeReason
            status = a.status
            enclosureId = a.enclosureID
            weight = a.weightGrams.map { Double($0) / 1000 }
            `public` = a.listed
            publicDescription = a.publicDescription
        }
    }

    /// The public listing of an animal: on or off, and the text for the public.
    struct ListingBody: Content {
        let `public`: Bool?
        let publicDescription: String?
    }

    struct AnimalInputBody: Content {
        let name: String?
        let species: String?
        let breed: String?
        let sex: String?
        let bornOn: String?
        let birthEstimated: Bool?
        let description: String?
        let intakeOn: String?
        let intakeReason: String?
        let enclosureId: String?
        let weight: FlexibleNumber?

        var input: AnimalInput {
            AnimalInput(name: name, species: species, breed: breed, sex: sex, bornOn: bornOn, birthEstimated: birthEstimated.map(String.init),
                        description: description, intakeOn: intakeOn, intakeReason: intakeReason, enclosureID: enclosureId, weight: weight?.text)
        }
    }

    struct AnimalRecordDTO: Content {
        let animal: AnimalDTO
        let enclosureName: String?
        let movements: [AnimalMovementDTO]
        let enclosureMoves: [EnclosureMoveDTO]
        let weights: [WeighingDTO]
        /// Absent for the storekeeper (medical records are the doctors').
        let medical: MedicalDTO?
        let meals: [MealDTO]

        init(_ r: AnimalRecord) {
            animal = AnimalDTO(r.animal)
            enclosureName = r.enclosureName
            movements = r.movements.map(AnimalMovementDTO.init)
            enclosureMoves = r.moves.map(EnclosureMoveDTO.init)
            weights = r.weights.map(WeighingDTO.init)
            medical = r.medical.map(MedicalDTO.init)
            meals = r.meals.map(MealDTO.init)
        }
    }

    struct AnimalMovementDTO: Content {
        let id: UUID
        /// `intake`, `adoption`, `return_to_owner`, `transfer`, `death`, `foster` or `foster_return`.
        let kind: String
        let onDay: String
        let note: String
        let by: UUID?
        /// The person record it happened with (the adopter, the fosterer), when known.
        let personId: UUID?

        init(_ m: AnimalMovement) {
            id = m.id!
            kind = m.kind
            onDay = m.onDay
            note = m.note
            by = m.actorID
            personId = m.personID
        }
    }

    struct NewMovement: Content {
        let kind: String?
        let onDay: String?
        let note: String?
        let personId: String?
    }

    struct EnclosureMoveDTO: Content {
        let from: UUID?
        let to: UUID?
        let by: UUID?
        let at: Date

        init(_ m: EnclosureMove) {
            from = m.fromEnclosureID
            to = m.toEnclosureID
            by = m.actorID
            at = m.at
        }
    }

    struct EnclosureChoice: Content {
        /// The enclosure to move to; absent or empty takes the animal out of any.
        let enclosureId: String?
    }

    struct WeighingDTO: Content {
        let onDay: String
        let weight: Double

        init(_ w: Weighing) {
            onDay = w.onDay
            weight = w.kilograms
        }
    }

    struct NewWeighing: Content {
        let weight: FlexibleNumber?
        let onDay: String?
    }

    struct MedicalDTO: Content {
        let diseases: [DiseaseDTO]
        let treatments: [TreatmentDTO]
        let regimens: [RegimenDTO]

        init(_ h: MedicalHistory) {
            diseases = h.diseases.map(DiseaseDTO.init)
            treatments = h.treatments.map { TreatmentDTO($0, supplies: h.supplies[$0.id!] ?? []) }
            regimens = h.regimens.map(RegimenDTO.init)
        }
    }

    struct DiseaseDTO: Content {
        let id: UUID
        let animalId: UUID
        let name: String
        let symptoms: String
        let startedOn: String
        let endedOn: String?

        init(_ d: Disease) {
            id = d.id!
            animalId = d.animalID
            name = d.name
            symptoms = d.symptoms
            startedOn = d.startedOn
            endedOn = d.endedOn
        }
    }

    struct NewDisease: Content {
        let name: String?
        let symptoms: String?
        let startedOn: String?
    }

    struct DiseaseEnd: Content {
        let endedOn: String?
    }

    struct TreatmentDTO: Content {
        let id: UUID
        let animalId: UUID
        let diseaseId: UUID?
        let regimenId: UUID?
        /// `medication`, `procedure`, `examination` or `vaccination`.
        let kind: String
        let notes: String
        let givenAt: Date
        let by: UUID?
        let supplies: [SupplyDTO]

        init(_ t: Treatment, supplies: [TreatmentSupply]) {
            id = t.id!
            animalId = t.animalID
            diseaseId = t.diseaseID
            regimenId = t.regimenID
            kind = t.kind
            notes = t.notes
            givenAt = t.givenAt
            by = t.actorID
            self.supplies = supplies.map(SupplyDTO.init)
        }
    }

    struct SupplyDTO: Content {
        let itemId: UUID
        let amount: Double
        /// The warehouse ledger row that took it.
        let movementId: UUID

        init(_ s: TreatmentSupply) {
            itemId = s.itemID
            amount = s.amount.value
            movementId = s.movementID
        }
    }

    struct SupplyBody: Content {
        let itemId: String?
        let amount: FlexibleNumber?

        /// A treatment's or a dose's supplies as the service reads them.
        static func inputs(_ bodies: [SupplyBody]?) -> [SupplyInput] {
            (bodies ?? []).map { SupplyInput(itemID: $0.itemId ?? "", amount: $0.amount?.text ?? "") }
        }
    }

    struct NewTreatment: Content {
        let kind: String?
        let diseaseId: String?
        let notes: String?
        let supplies: [SupplyBody]?

        var supplyInputs: [SupplyInput] { SupplyBody.inputs(supplies) }
    }

    struct RegimenDTO: Content {
        let id: UUID
        let animalId: UUID
        /// `vaccination` or `regimen`.
        let kind: String
        let name: String
        let everyDays: Int?
        /// Absent once done.
        let dueOn: String?
        let lastGivenOn: String?

        init(_ r: Regimen) {
            id = r.id!
            animalId = r.animalID
            kind = r.kind
            name = r.name
            everyDays = r.everyDays
            dueOn = r.dueOn
            lastGivenOn = r.lastGivenOn
        }
    }

    struct NewRegimen: Content {
        let kind: String?
        let name: String?
        let dueOn: String?
        let everyDays: FlexibleNumber?
    }

    struct NewDose: Content {
        let notes: String?
        let supplies: [SupplyBody]?

        var supplyInputs: [SupplyInput] { SupplyBody.inputs(supplies) }
    }

    struct DueDoseDTO: Content {
        let regimen: RegimenDTO
        let animal: AnimalDTO
        let overdue: Bool

        init(_ d: DueDose) {
            regimen = RegimenDTO(d.regimen)
            animal = AnimalDTO(d.animal)
            overdue = d.isOverdue
        }
    }

    struct MealDTO: Content {
        let id: UUID
        let animalId: UUID
        /// `HH:MM`, the shelter's time.
        let time: String
        let itemId: UUID
        let amount: Double

        init(_ m: MealPlan) {
            id = m.id!
            animalId = m.animalID
            time = m.time
            itemId = m.itemID
            amount = m.amount.value
        }
    }

    struct NewMeal: Content {
        let time: String?
        let itemId: String?
        let amount: FlexibleNumber?
    }

    struct FeedingRoundDTO: Content {
        let enclosureId: UUID
        let enclosureName: String
        let time: String
        let portions: [Portion]

        struct Portion: Content {
            let itemId: UUID
            let itemName: String
            let unit: String
            let amount: Double
            /// When today's portion was put in, and by whom; absent while it is due.
            let fedAt: Date?
            let fedBy: String?
        }

        init(_ meal: EnclosureMeal) {
            enclosureId = meal.enclosure.id!
            enclosureName = meal.enclosure.name
            time = meal.time
            portions = meal.portions.map { portion in
                let fed = meal.fed[portion.item.id!]
                return Portion(itemId: portion.item.id!, itemName: portion.item.name, unit: portion.item.unit, amount: portion.amount.value,
                               fedAt: fed?.at, fedBy: fed?.by)
            }
        }
    }

    struct RefillDTO: Content {
        let id: UUID
        let enclosureId: UUID
        /// `food` or `water`.
        let kind: String
        let itemId: UUID?
        let amount: Double
        let movementId: UUID?
        let at: Date
        /// The meal it was for (`08:00`) and its day in the shelter's time zone.
        let meal: String?
        let mealDay: String?

        init(_ r: Refill) {
            id = r.id!
            enclosureId = r.enclosureID
            kind = r.kind
            itemId = r.itemID
            amount = r.amount.value
            movementId = r.movementID
            at = r.at
            meal = r.mealMinute.map(FeedingService.clockTime)
            mealDay = r.mealDay
        }
    }

    struct NewRefill: Content {
        let kind: String?
        let itemId: String?
        let amount: FlexibleNumber?
        let meal: String?
    }
}
