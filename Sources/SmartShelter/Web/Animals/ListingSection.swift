import Foundation
import Kernel

/// The animal page's card for the public adoption pages: shown or not, the text the
/// public reads, and a link to its public page while it is listed.
struct ListingSection {
    let animal: Animal
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var html: HTML {
        H.section(.class("card"), .aria("labelledby", "listing")) {
            H.h2(.id("listing")) { l.text("ss.adopt.listing_title") }
            if animal.listed && animal.isHere {
                H.p { H.a(.href(AdoptPage.animalPath(animal.id!))) { l.text("ss.adopt.listing_open") } }
            } else {
                H.p(.class("hint")) { l.text("ss.adopt.listing_hint") }
            }
            if animal.isHere || animal.listed {
                Components.postForm(c, action: "\(AnimalPage.path(animal.id!))/listing") {
                    SelectField(name: "public", label: l.text("ss.adopt.field_public"),
                                options: [("false", l.text("ss.adopt.public_no")), ("true", l.text("ss.adopt.public_yes"))], includeEmpty: false)
                        .render(FormState(values: ["public": animal.listed ? "true" : "false"]), l)
                    TextAreaField(name: "publicDescription", label: l.text("ss.adopt.field_description"), hint: l.text("ss.adopt.description_hint"),
                                  required: false, maxLength: ListingService.descriptionMaxLength)
                        .render(FormState(values: ["publicDescription": animal.publicDescription]), l)
                    Components.primaryButton(l.text("ss.adopt.listing_save"))
                }
            }
        }
    }
}
