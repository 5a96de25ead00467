import Foundation
import Kernel
import Vapor

/// Reading and saving the week plan form, which onboarding and the profile share.
enum PlanForm {
    /// The form as the plan is stored.
    static func values(_ planner: Planner) -> [String: String] {
        let plan = planner.plan
        var values = ["name": planner.name, "workHours": String(plan.workHours), "workStarts": WeekPlan.clock(plan.workStarts),
                      "restHours": String(plan.restHours), "dayStarts": WeekPlan.clock(plan.dayStarts),
                      "dayEnds": WeekPlan.clock(plan.dayEnds), "timeZone": plan.timeZone.identifier]
        for day in plan.workingDays { values["day\(day)"] = "on" }
        return values
    }

    /// Saves the submitted plan; nil when it is saved, else the form to show again with
    /// what was wrong.
    static func save(_ req: Request, _ planner: Planner) async throws -> FormState? {
        let state = FormState.submitted(by: req)
        // A number field left empty or not a number is named here; the rest is the service's.
        var v = Kernel.Validator()
        func number(_ field: String) -> Int? {
            guard let value = Int(state.values[field] ?? "") else { v.add(field, "validation.invalid"); return nil }
            return value
        }
        let changes = PlanChanges(
            name: state.values["name"], workingDays: (1...7).filter { state.values["day\($0)"] == "on" },
            workHours: number("workHours"), workStarts: state.values["workStarts"] ?? "", restHours: number("restHours"),
            dayStarts: state.values["dayStarts"] ?? "", dayEnds: state.values["dayEnds"] ?? "", timeZone: state.values["timeZone"])
        do {
            try v.throwIfInvalid()
            _ = try await req.fuctivity.people.updatePlan(planner, with: changes)
            return nil
        } catch let error as AppError where error.status == .unprocessableEntity {
            return FormState(values: state.values, errors: error.fieldErrors)
        }
    }
}
