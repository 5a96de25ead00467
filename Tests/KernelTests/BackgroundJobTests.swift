import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor

extension KernelTests {
    /// An app's background jobs run through the kernel: from boot, again and again, until the
    /// server shuts down — and a failing run does not stop the next.
    @Suite("Background jobs")
    struct BackgroundJobTests {
        actor Runs {
            var count = 0
            func add() -> Int {
                count += 1
                return count
            }
        }

        struct JobApp: HromadaApp {
            let runs: Runs
            var descriptor: AppDescriptor {
                AppDescriptor(id: "job-app", names: [.uk: "Робота", .en: "Job"], taglines: [:], themeColor: "#000000", iconLetters: "J")
            }
            var catalog: Catalog { Catalog(name: "job-app", uk: [:], en: [:]) }
            var migrations: [any Migration] { [] }
            func registerRoutes(_ mount: AppMount) throws {}
            var backgroundJobs: [BackgroundJob] {
                [BackgroundJob("job-app.count", every: .milliseconds(20)) { [runs] _ in
                    // Every other run fails: the job goes on all the same.
                    if await runs.add() % 2 == 0 { throw Abort(.internalServerError, reason: "a failing run") }
                }]
            }
        }

        @Test("a job runs from boot on its interval, goes on after a failing run, and stops at shutdown")
        func runsUntilShutdown() async throws {
            let runs = Runs()
            try await TestHarness.withApp(apps: [JobApp(runs: runs)]) { app in
                try await app.asyncBoot()
                let deadline = ContinuousClock.now.advanced(by: .seconds(10))
                while await runs.count < 4, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
                let ran = await runs.count
                #expect(ran >= 4, "the job ran \(ran) times")
            }
            let atShutdown = await runs.count
            try await Task.sleep(for: .milliseconds(200))
            let later = await runs.count
            #expect(later <= atShutdown + 1, "the job went on after shutdown: \(atShutdown) → \(later)")
        }
    }
}
