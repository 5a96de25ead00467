import Foundation
import Kernel

/// Formatting shared by the API and the views.
enum ZnoshkaFormat {
    /// Minutes after midnight as `HH:MM`.
    static func clock(_ minutes: Int) -> String {
        String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    /// Whole days from the person's today to their exam day (nil without one, 0 on the day).
    static func daysToExam(_ student: Student, now: Date) -> Int? {
        guard let exam = student.profile.exam else { return nil }
        return max(0, exam.daysSinceEpoch - LocalDay(now, in: student.timeZone).daysSinceEpoch)
    }

    /// «А», «Б»… for an option's index.
    static func letter(_ index: Int) -> String { TestFile.letter(index) }

    /// A share as a whole percentage: «73 %».
    static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded())) %" }

    /// Seconds as `H:MM:SS` or `MM:SS`.
    static func timer(_ seconds: Int) -> String {
        let hours = seconds / 3600, minutes = seconds / 60 % 60, rest = seconds % 60
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%02d:%02d", minutes, rest)
    }
}
