import Foundation
import Kernel

/// An item: its stock against its threshold, the forms that move it, and its ledger.
struct ItemView {
    let person: StaffMember
    let item: StockItem
    let ledger: [StockMovement]
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var path: String { ItemPage.path(item.id!) }
    private var isStorekeeper: Bool { person.role == .storekeeper || person.role == .director }

    var page: Page {
        ShelterWeb.shell(person, title: item.name, section: .warehouse, c) {
            H.p(.class("breadcrumb")) { H.a(.href(WarehousePage.path)) { l.text("ss.warehouse.title") } }
            H.h1 { item.name }
            H.p(.class("stock big")) {
                l.text("ss.warehouse.in_stock", ["quantity": ShelterFormat.quantity(item.stock, item.unit, l)])
                if item.isLow { " · "; H.strong(.class("low-label")) { l.text("ss.warehouse.low") } }
            }
            H.p(.class("hint")) { l.text("ss.warehouse.threshold", ["quantity": ShelterFormat.quantity(item.low, item.unit, l)]) }
            useForm
            if isStorekeeper {
                countForm
                orderForm
            }
            ledgerTable
        }
    }

    private var useForm: HTML {
        let kinds: [StockMovement.Kind] = isStorekeeper ? StockMovement.Kind.uses : [.treatment]
        return H.section(.class("card"), .aria("labelledby", "use")) {
            H.h2(.id("use")) { l.text("ss.warehouse.use") }
            Components.postForm(c, action: "\(path)/uses") {
                FormField(name: "amount", label: l.text("ss.field.amount", ["unit": item.unit]), inputMode: "decimal", maxLength: 16).render(FormState(), l)
                SelectField(name: "kind", label: l.text("ss.field.use_kind"), options: kinds.map { ($0.rawValue, l.text("ss.movement.\($0.rawValue)")) },
                            includeEmpty: false).render(FormState(), l)
                FormField(name: "note", label: l.text("ss.field.note"), required: false, maxLength: WarehouseService.noteMaxLength).render(FormState(), l)
                Components.primaryButton(l.text("ss.warehouse.take"))
            }
        }
    }

    private var countForm: HTML {
        H.section(.class("card"), .aria("labelledby", "count")) {
            H.h2(.id("count")) { l.text("ss.warehouse.stock_take") }
            Components.postForm(c, action: "\(path)/stock-take") {
                FormField(name: "counted", label: l.text("ss.field.counted", ["unit": item.unit]), inputMode: "decimal", maxLength: 16)
                    .render(FormState(values: ["counted": WarehouseService.text(item.stock)]), l)
                FormField(name: "note", label: l.text("ss.field.note"), required: false, maxLength: WarehouseService.noteMaxLength).render(FormState(), l)
                Components.primaryButton(l.text("ss.warehouse.save_count"))
            }
        }
    }

    private var orderForm: HTML {
        H.section(.class("card"), .aria("labelledby", "order")) {
            H.h2(.id("order")) { l.text("ss.order.new") }
            Components.postForm(c, action: "\(path)/orders") {
                FormField(name: "amount", label: l.text("ss.field.amount", ["unit": item.unit]), inputMode: "decimal", maxLength: 16).render(FormState(), l)
                FormField(name: "note", label: l.text("ss.field.note"), required: false, maxLength: WarehouseService.noteMaxLength).render(FormState(), l)
                Components.primaryButton(l.text("ss.order.request"))
            }
        }
    }

    private var ledgerTable: HTML {
        H.section(.class("card"), .aria("labelledby", "ledger")) {
            H.h2(.id("ledger")) { l.text("ss.warehouse.ledger") }
            if ledger.isEmpty {
                H.p(.class("empty")) { l.text("ss.warehouse.ledger_empty") }
            } else {
                Components.tableScroll(label: l.text("ss.warehouse.ledger")) {
                    H.table {
                        H.thead {
                            H.tr {
                                H.th(Attribute("scope", "col")) { l.text("ss.reading.at_label") }
                                H.th(Attribute("scope", "col")) { l.text("ss.warehouse.what") }
                                H.th(Attribute("scope", "col")) { l.text("ss.warehouse.change") }
                                H.th(Attribute("scope", "col")) { l.text("ss.warehouse.balance") }
                            }
                        }
                        H.tbody {
                            HTMLBuilder.join(ledger.map { row in
                                H.tr {
                                    H.td { ShelterFormat.moment(row.at, l.dateTime(row.at), l) }
                                    H.td { l.text("ss.movement.\(row.kind)") + (row.note.isEmpty ? "" : " — \(row.note)") }
                                    H.td { (row.deltaMilli > 0 ? "+" : "−") + ShelterFormat.quantity(Quantity(milli: abs(row.deltaMilli)), item.unit, l) }
                                    H.td { ShelterFormat.quantity(Quantity(milli: row.balanceMilli), item.unit, l) }
                                }
                            })
                        }
                    }
                }
            }
        }
    }
}
