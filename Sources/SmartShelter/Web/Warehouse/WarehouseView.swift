import Foundation
import Kernel

/// The items and their stock, and (for all but doctors) the orders and the new-item form.
struct WarehouseView {
    let person: StaffMember
    let items: [StockItem]
    let orders: [StockOrder]
    /// Who asked for each order, by account.
    var requesters: [UUID: String] = [:]
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ShelterWeb.shell(person, title: l.text("ss.warehouse.title"), section: .warehouse, c) {
            H.h1 { l.text("ss.warehouse.title") }
            H.p { H.a(.class("button"), .href(FeedingPage.path)) { l.text("ss.feeding.title") } }
            if items.isEmpty { H.p(.class("empty")) { l.text("ss.warehouse.empty") } }
            H.ul(.class("plain-list")) {
                HTMLBuilder.join(items.map { item in
                    H.li(.class("card stock-item\(item.isLow ? " low" : "")")) {
                        H.h2 { H.a(.href(ItemPage.path(item.id!))) { item.name } }
                        H.p(.class("stock")) {
                            ShelterFormat.quantity(item.stock, item.unit, l)
                            if item.isLow { " · "; H.strong(.class("low-label")) { l.text("ss.warehouse.low") } }
                        }
                    }
                })
            }
            if person.role != .doctor {
                orderList
                newItem
            }
        }
    }

    private var orderList: HTML {
        let names = Dictionary(uniqueKeysWithValues: items.map { ($0.id!, $0) })
        return H.section(.class("card"), .aria("labelledby", "orders")) {
            H.h2(.id("orders")) { l.text("ss.order.title") }
            if orders.isEmpty { H.p(.class("empty")) { l.text("ss.order.none") } }
            H.ul(.class("plain-list")) {
                HTMLBuilder.join(orders.map { order in
                    let item = names[order.itemID]
                    let unit = item?.unit ?? ""
                    let id = order.id!.uuidString.lowercased()
                    return H.li(.class("order")) {
                        H.strong { item?.name ?? "" }
                        H.p {
                            l.text("ss.order.line", ["amount": ShelterFormat.quantity(Quantity(milli: order.amountMilli), unit, l),
                                                     "received": ShelterFormat.quantity(Quantity(milli: order.receivedMilli), unit, l),
                                                     "status": l.text("ss.order.status.\(order.status)")])
                        }
                        // What the director needs to decide: who asked, when, why, and what is left.
                        H.p(.class("hint")) {
                            l.text("ss.order.asked", ["name": requesters[order.requestedBy] ?? "—", "when": l.dateTime(order.createdAt)])
                        }
                        if !order.note.isEmpty { H.p { l.text("ss.order.why", ["note": order.note]) } }
                        if let item, order.orderStatus == .requested {
                            H.p {
                                l.text("ss.order.in_stock", ["stock": ShelterFormat.quantity(item.stock, unit, l),
                                                             "threshold": ShelterFormat.quantity(item.low, unit, l)])
                                if item.isLow { " · "; H.strong(.class("low-label")) { l.text("ss.warehouse.low") } }
                            }
                        }
                        if order.orderStatus == .requested && person.role == .director {
                            H.div(.class("button-row")) {
                                Components.postForm(c, action: "\(WarehousePage.path)/orders/\(id)/decision") {
                                    H.input(.type("hidden"), .name("approve"), .value("1"))
                                    Components.primaryButton(l.text("ss.order.approve"))
                                }
                                Components.postForm(c, action: "\(WarehousePage.path)/orders/\(id)/decision") {
                                    H.input(.type("hidden"), .name("approve"), .value("0"))
                                    H.button(.class("button"), .type("submit")) { l.text("ss.order.reject") }
                                }
                            }
                        }
                        if [.approved, .partlyReceived].contains(order.orderStatus) {
                            Components.postForm(c, action: "\(WarehousePage.path)/orders/\(id)/receipts") {
                                FormField(name: "amount", label: l.text("ss.order.received_amount", ["name": item?.name ?? ""]), inputMode: "decimal", maxLength: 16)
                                    .render(FormState(values: ["amount": WarehouseService.text(order.remaining)]), l)
                                Components.primaryButton(l.text("ss.order.receive"))
                            }
                        }
                    }
                })
            }
        }
    }

    private var newItem: HTML {
        H.section(.class("card"), .aria("labelledby", "new-item")) {
            H.h2(.id("new-item")) { l.text("ss.warehouse.new_item") }
            Components.postForm(c, action: "\(WarehousePage.path)/items") {
                FormField(name: "name", label: l.text("ss.field.item_name"), maxLength: WarehouseService.nameMaxLength).render(FormState(), l)
                SelectField(name: "kind", label: l.text("ss.field.item_kind"),
                            options: StockItem.Kind.allCases.map { ($0.rawValue, l.text("ss.item_kind.\($0.rawValue)")) }).render(FormState(), l)
                FormField(name: "unit", label: l.text("ss.field.unit_name"), hint: l.text("ss.hint.unit"), maxLength: WarehouseService.unitMaxLength)
                    .render(FormState(), l)
                FormField(name: "lowThreshold", label: l.text("ss.field.low"), inputMode: "decimal", maxLength: 16).render(FormState(values: ["lowThreshold": "0"]), l)
                Components.primaryButton(l.text("ss.warehouse.add_item"))
            }
        }
    }
}
