import Kernel

enum InstructionsView {
    static func page(_ member: Member, sections: [InstructionSection], _ c: ViewContext) -> Page {
        let l = c.localizer
        return GoldenAgerWeb.shell(member, title: l.text("ga.instructions.title"), section: .instructions, c) {
            H.h1 { l.text("ga.instructions.title") }
            for section in sections {
                H.section(.class("card instructions")) {
                    H.h2 { section.title }
                    for paragraph in section.paragraphs { H.p { paragraph } }
                }
            }
        }
    }
}
