import Foundation
import Kernel

/// The medical part of an animal's page: diseases (open first), vaccinations and regimens
/// with their next dose, the treatments given with the supplies they took, and the forms
/// that add to them.
struct MedicalSection {
    let person: StaffMember
    let animal: Animal
    let medical: MedicalHistory
    let itemChoices: [(value: String, label: String)]
    let today: LocalDay
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var path: String { AnimalPage.path(animal.id!) }
    private var canChange: Bool { [.doctor, .director].contains(person.role) }

    var html: HTML {
        H.section(.class("card medical"), .aria("labelledby", "medical")) {
            H.h2(.id("medical")) { l.text("ss.medical.title") }
            diseases
            regimens
            treatments
        }
    }

    private var diseases: HTML {
        let ordered = medical.diseases.filter(\.isOpen) + medical.diseases.filter { !$0.isOpen }
        return H.div {
            H.h3 { l.text("ss.medical.diseases") }
            if ordered.isEmpty { H.p(.class("empty")) { l.text("ss.medical.no_diseases") } }
            H.ul(.class("plain-list")) {
                HTMLBuilder.join(ordered.map { disease in
                    H.li(.class(disease.isOpen ? "disease open" : "disease")) {
                        H.p {
                            H.strong { disease.name }
                            " · " + l.text(disease.isOpen ? "ss.medical.since" : "ss.medical.from_to",
                                           ["from": day(disease.startedOn), "to": disease.endedOn.map(day) ?? ""])
                        }
                        if !disease.symptoms.isEmpty { H.p(.class("hint")) { disease.symptoms } }
                        if disease.isOpen && canChange {
                            Components.postForm(c, action: "\(path)/diseases/\(disease.id!.uuidString.lowercased())/end") {
                                FormField(name: "endedOn", label: l.text("ss.field.ended_on", ["name": disease.name]), type: "date")
                                    .render(FormState(values: ["endedOn": today.description]), l)
                                H.button(.class("button"), .type("submit")) { l.text("ss.medical.end_disease") }
                            }
                        }
                    }
                })
            }
            if canChange && animal.isHere {
                H.details {
                    H.summary { l.text("ss.medical.new_disease") }
                    Components.postForm(c, action: "\(path)/diseases") {
                        FormField(name: "name", label: l.text("ss.field.disease"), maxLength: MedicalService.nameMaxLength).render(FormState(), l)
                        TextAreaField(name: "symptoms", label: l.text("ss.field.symptoms"), required: false, maxLength: MedicalService.textMaxLength).render(FormState(), l)
                        FormField(name: "startedOn", label: l.text("ss.field.started_on"), type: "date").render(FormState(values: ["startedOn": today.description]), l)
                        Components.primaryButton(l.text("ss.medical.add_disease"))
                    }
                }
            }
        }
    }

    private var regimens: HTML {
        H.div {
            H.h3 { l.text("ss.medical.regimens") }
            if medical.regimens.isEmpty { H.p(.class("empty")) { l.text("ss.medical.no_regimens") } }
            H.ul(.class("plain-list")) {
                HTMLBuilder.join(medical.regimens.map { regimen in
                    H.li(.class("regimen")) {
                        H.p {
                            H.strong { regimen.name }
                            " · " + l.text("ss.regimen_kind.\(regimen.kind)")
                            if let every = regimen.everyDays { " · " + l.text("ss.medical.every", ["days": String(every)]) }
                        }
                        H.p(.class("hint")) {
                            if let due = regimen.due {
                                due < today ? l.text("ss.medical.overdue_since", ["day": AnimalText.day(due, l)])
                                    : l.text("ss.medical.next_due", ["day": AnimalText.day(due, l)])
                            } else {
                                l.text("ss.medical.regimen_done")
                            }
                            if let last = regimen.lastGivenOn { " · " + l.text("ss.medical.last_given", ["day": day(last)]) }
                        }
                        if canChange, regimen.dueOn != nil, animal.isHere {
                            Components.postForm(c, action: "\(ShelterWeb.prefix)/regimens/\(regimen.id!.uuidString.lowercased())/doses") {
                                H.input(.type("hidden"), .name("back"), .value(path))
                                H.button(.class("button"), .type("submit")) { l.text("ss.medical.give_dose_named", ["name": regimen.name, "animal": animal.name]) }
                            }
                        }
                    }
                })
            }
            if canChange && animal.isHere {
                H.details {
                    H.summary { l.text("ss.medical.new_regimen") }
                    Components.postForm(c, action: "\(path)/regimens") {
                        SelectField(name: "kind", label: l.text("ss.field.regimen_kind"),
                                    options: Regimen.Kind.allCases.map { ($0.rawValue, l.text("ss.regimen_kind.\($0.rawValue)")) }, includeEmpty: false).render(FormState(), l)
                        FormField(name: "name", label: l.text("ss.field.regimen_name"), maxLength: MedicalService.nameMaxLength).render(FormState(), l)
                        FormField(name: "dueOn", label: l.text("ss.field.first_due"), type: "date").render(FormState(values: ["dueOn": today.description]), l)
                        FormField(name: "everyDays", label: l.text("ss.field.every_days"), hint: l.text("ss.hint.every_days"), required: false,
                                  inputMode: "numeric", maxLength: 4).render(FormState(), l)
                        Components.primaryButton(l.text("ss.medical.add_regimen"))
                    }
                }
            }
        }
    }

    private var treatments: HTML {
        H.div {
            H.h3 { l.text("ss.medical.treatments") }
            if canChange && animal.isHere { treatmentForm }
            if medical.treatments.isEmpty { H.p(.class("empty")) { l.text("ss.medical.no_treatments") } }
            H.ul(.class("plain-list history")) {
                HTMLBuilder.join(medical.treatments.prefix(30).map { treatment in
                    let disease = medical.diseases.first { $0.id == treatment.diseaseID }
                    return H.li(.class("treatment")) {
                        H.p {
                            H.strong { ShelterFormat.moment(treatment.givenAt, l.dateTime(treatment.givenAt), l) }
                            " — " + l.text("ss.treatment_kind.\(treatment.kind)")
                            if let disease { " (\(disease.name))" }
                            if !treatment.notes.isEmpty { ": \(treatment.notes)" }
                        }
                        let used = medical.supplies[treatment.id!] ?? []
                        if !used.isEmpty {
                            H.p(.class("hint")) {
                                l.text("ss.medical.used", ["supplies": used.map { supply in
                                    let label = itemChoices.first { $0.value == supply.itemID.uuidString.lowercased() }?.label ?? ""
                                    return "\(WarehouseService.text(supply.amount)) \(label)"
                                }.joined(separator: ", ")])
                            }
                        }
                    }
                })
            }
        }
    }

    private var treatmentForm: HTML {
        H.details {
            H.summary { l.text("ss.medical.new_treatment") }
            Components.postForm(c, action: "\(path)/treatments") {
                SelectField(name: "kind", label: l.text("ss.field.treatment_kind"),
                            options: Treatment.Kind.allCases.map { ($0.rawValue, l.text("ss.treatment_kind.\($0.rawValue)")) }, includeEmpty: false).render(FormState(), l)
                SelectField(name: "diseaseId", label: l.text("ss.field.for_disease"),
                            options: medical.diseases.filter(\.isOpen).map { ($0.id!.uuidString.lowercased(), $0.name) }, required: false,
                            emptyLabel: l.text("ss.medical.no_disease")).render(FormState(), l)
                TextAreaField(name: "notes", label: l.text("ss.field.notes"), required: false, maxLength: MedicalService.textMaxLength).render(FormState(), l)
                SelectField(name: "supplyItem", label: l.text("ss.field.supply"), options: itemChoices, required: false,
                            emptyLabel: l.text("ss.medical.no_supply")).render(FormState(), l)
                FormField(name: "supplyAmount", label: l.text("ss.field.supply_amount"), required: false, inputMode: "decimal", maxLength: 16).render(FormState(), l)
                Components.primaryButton(l.text("ss.medical.record_treatment"))
            }
        }
    }

    private func day(_ text: String) -> String { LocalDay(text).map { AnimalText.day($0, l) } ?? text }
}
