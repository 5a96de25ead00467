import Foundation
import HromadaTesting
import Kernel
import Testing
@testable import Znoshka

extension ZnoshkaTests {
    /// The views render from plain values and a `ViewContext`: no server, no database.
    @Suite("Views without a server")
    struct ViewTests {
        static let now = Date(timeIntervalSince1970: 1_790_000_000)
        static let history = Subject(id: SubjectCatalog.compulsory[2].id, slug: "history", nameUK: "Історія України",
                                     nameEN: "History of Ukraine", position: 3)
        static let mathematics = Subject(id: SubjectCatalog.compulsory[1].id, slug: "mathematics", nameUK: "Математика",
                                         nameEN: "Mathematics", position: 2)
        static let testID = UUID(uuidString: "7e570000-0000-4000-8000-000000000001")!
        static let attemptID = UUID(uuidString: "a7000000-0000-4000-8000-000000000001")!
        static let sichID = UUID(uuidString: "9e000000-0000-4000-8000-000000000001")!
        static let hetmanID = UUID(uuidString: "9e000000-0000-4000-8000-000000000002")!

        static func student(role: String = Student.studentRole, name: String = "Олена") -> Student {
            let id = UUID()
            let account = Account(id: id, app: Znoshka.id, login: "olena@example.com", passwordHash: "", role: role,
                                  displayName: name, createdAt: now)
            return Student(account: account, profile: ZnoshkaProfile(accountID: id, at: now))
        }

        static func context(_ language: Language, path: String = "/znoshka/subjects") -> ViewContext {
            .testing(Znoshka(), language: language, path: path, csrfToken: "token-789")
        }

        /// «Козацька доба»: two questions, 2 raw points, passed from 1.
        static func test() -> ZnoshkaTest {
            ZnoshkaTest(id: testID, subjectID: history.id!, topicID: nil, kind: .topic, title: "Козацька доба", minutes: 20,
                        table: ConversionTable(threshold: 1, maxRaw: 2, scores: [100, 200], isOfficial: false)!, position: 1, at: now)
        }

        static let sich = Question(kind: .singleChoice(options: 4), text: "Коли засновано Запорозьку Січ?",
                                   options: ["1552", "1648", "1654", "1709"], key: .option(0),
                                   explanation: "Січ на Хортиці заснував Дмитро Вишневецький.")
        static let hetman = Question(kind: .singleChoice(options: 4), text: "Хто очолив повстання 1648 року?",
                                     options: ["Іван Мазепа", "Богдан Хмельницький", "Петро Сагайдачний", "Іван Виговський"],
                                     key: .option(1), explanation: "Повстання очолив Богдан Хмельницький.")

        static func attempt(finished: Bool, raw: Int = 1) -> Attempt {
            let attempt = Attempt(id: attemptID, ownerID: UUID(), testID: testID, blockID: nil, startedAt: now.addingTimeInterval(-600),
                                  deadline: now.addingTimeInterval(600), maxPoints: 2)
            if finished {
                attempt.finishedAt = now
                attempt.finishedHow = "submitted"
                attempt.rawPoints = raw
                attempt.passed = raw >= 1
                attempt.scaled = raw >= 1 ? (raw == 2 ? 200 : 100) : nil
            }
            return attempt
        }

        @Test("the subjects view lists the subjects in the chosen language, with the reviews due, the topic of the day and the running attempt")
        func subjects() {
            let running = [(Self.attempt(finished: false), Self.test())]
            let sich = Topic(id: UUID(uuidString: "70000000-0000-4000-8000-000000000001")!, subjectID: Self.history.id!, title: "Козаччина", position: 1)
            let today = LocalDay(year: 2026, month: 9, day: 1)!
            let plan = StudyPlan.make(today: today, exam: nil, dueDays: [],
                                      standings: [StudyPlan.Standing(topicID: sich.id!, subjectID: Self.history.id!, answered: 0, mastery: 0)])
            for (language, due, subject, resume, topic) in [
                (Language.uk, "Сьогодні 3 питання на повторення →", "Історія України", "Продовжити: Козацька доба", "Тема дня:"),
                (.en, "3 questions to review today →", "History of Ukraine", "Continue: Козацька доба", "Topic of the day:"),
            ] {
                let c = Self.context(language)
                let page = SubjectsView(student: Self.student(), subjects: [Self.mathematics, Self.history], chosen: [], dueToday: 3, running: running,
                                        plan: StudyPlanModel(plan: plan, topics: [sich], subjects: [Self.history], c.localizer), c: c).page
                let html = page.content.rendered
                #expect(html.contains(#"<a href="/znoshka/review">\#(due)</a>"#))
                #expect(html.contains(#"\#(topic) <a href="/znoshka/topics/70000000-0000-4000-8000-000000000001">Козаччина</a> (\#(subject))"#))
                #expect(html.contains(#"<a class="subject-card card" href="/znoshka/subjects/history">\#(subject)</a>"#))
                #expect(html.contains(#"href="/znoshka/attempts/a7000000-0000-4000-8000-000000000001">\#(resume)</a>"#))
                #expect(html.contains(#"<form method="post" action="/znoshka/blocks"><input type="hidden" name="_csrf" value="token-789">"#))
                #expect(page.tabs.map(\.isCurrent) == [true, false, false, false])
            }
        }

        @Test("a test being taken shows the time left, a strip that marks the answered question, and the answer chosen")
        func taking() {
            let items = [
                AttemptView.Item(number: 1, questionID: Self.sichID, question: Self.sich, answer: .option(0), flagged: false, points: nil, verdict: nil),
                AttemptView.Item(number: 2, questionID: Self.hetmanID, question: Self.hetman, answer: nil, flagged: true, points: nil, verdict: nil),
            ]
            let view = AttemptView(attempt: Self.attempt(finished: false), test: Self.test(), items: items, now: Self.now)
            let page = TakingView(student: Self.student(), view: view, block: [], c: Self.context(.uk, path: "/znoshka/attempts")).page
            #expect(page.title == "Козацька доба" && page.scripts.contains("znoshka.js"))
            let html = page.content.rendered
            #expect(html.contains(#"data-seconds-left="600""#) && html.contains(#"<span class="timer-value">10:00</span>"#))
            #expect(html.contains(##"<a href="#q-1" class="cell answered" data-cell="1" aria-label="Завдання 1, є відповідь"##))
            #expect(html.contains(##"<a href="#q-2" class="cell flagged" data-cell="2""##))
            #expect(html.contains(#"<input type="radio" name="option" value="0" checked>"#))
            #expect(!html.contains(#"name="option" value="1" checked"#))
            #expect(html.contains("Відповіли на 1 з 2."))
            #expect(html.contains(#"action="/znoshka/attempts/a7000000-0000-4000-8000-000000000001/questions/9e000000-0000-4000-8000-000000000002" class="answer-form"><input type="hidden" name="_csrf" value="token-789">"#))
            // Before finishing: what is still open, each a link to it, and the dialog says it first.
            let open = ##"<p>Без відповіді: <a href="#q-2" class="task-link" aria-label="Завдання 2">2</a></p>"##
            let flagged = ##"<p>Позначені, щоб повернутися: <a href="#q-2" class="task-link" aria-label="Завдання 2">2</a></p>"##
            #expect(html.contains(open + flagged))
            #expect(html.contains(#"data-confirm="Без відповіді: 2. Позначені, щоб повернутися: 2. Завершити тест? Після цього відповіді не змінюються.""#))
            let done = items.map { AttemptView.Item(number: $0.number, questionID: $0.questionID, question: $0.question, answer: .option(1),
                                                    flagged: false, points: nil, verdict: nil) }
            let finished = TakingView(student: Self.student(), view: AttemptView(attempt: Self.attempt(finished: false), test: Self.test(), items: done, now: Self.now),
                                      block: [], c: Self.context(.en, path: "/znoshka/attempts")).page.content.rendered
            #expect(finished.contains("<p>Every task has an answer.</p>") && !finished.contains("task-link"))
            #expect(finished.contains(#"data-confirm="Finish the test? Answers cannot be changed afterwards.""#))
        }

        static func finished(raw: Int) -> AttemptView {
            let items = [
                AttemptView.Item(number: 1, questionID: Self.sichID, question: Self.sich, answer: .option(0), flagged: false,
                                 points: 1, verdict: .right),
                AttemptView.Item(number: 2, questionID: Self.hetmanID, question: Self.hetman, answer: raw == 2 ? .option(1) : .option(3),
                                 flagged: false, points: raw == 2 ? 1 : 0, verdict: raw == 2 ? .right : .wrong),
            ]
            return AttemptView(attempt: Self.attempt(finished: true, raw: raw), test: Self.test(), items: items, now: Self.now)
        }

        @Test("the result shows the score, both answers by letter, the share who got it right and the way to the discussion")
        func result() {
            let shares = [Self.hetmanID: 0.73]
            let uk = ResultView(student: Self.student(), view: Self.finished(raw: 1), shareRight: shares, c: Self.context(.uk)).page.content.rendered
            #expect(uk.contains(#"<p class="score">100 балів</p>"#))
            #expect(uk.contains("<p>1 з 2 тестових балів</p>"))
            #expect(uk.contains(#"<p><strong>Ваша відповідь:</strong> Г</p><p><strong>Правильна відповідь:</strong> Б</p>"#))
            #expect(uk.contains("Правильно відповіли 73 % учнів."))
            #expect(uk.contains(#"href="/znoshka/questions/9e000000-0000-4000-8000-000000000002/discussion""#))
            #expect(uk.contains(#"class="cell verdict-wrong""#) && uk.contains(#"class="cell verdict-right""#))
            let en = ResultView(student: Self.student(), view: Self.finished(raw: 2), shareRight: [:], c: Self.context(.en)).page.content.rendered
            #expect(en.contains(#"<p class="score">200 points</p>"#) && en.contains("<p>2 of 2 raw points</p>"))
            #expect(en.contains("<strong>Your answer:</strong> Б") && !en.contains("answered this right"))
        }

        @Test("a topic test's threshold is called ours; a simulation's official, its table our estimate; an official table needs no note")
        func tableNote() {
            func note(_ kind: AuthoredTest.Kind, official: Bool) -> String {
                let test = ZnoshkaTest(id: Self.testID, subjectID: Self.history.id!, topicID: nil, kind: kind, title: "Тест", minutes: 20,
                                       table: ConversionTable(threshold: 1, maxRaw: 2, scores: [100, 200], isOfficial: official)!, position: 1, at: Self.now)
                return ZnoshkaFormat.tableNote(test, Self.context(.uk).localizer).rendered
            }
            #expect(note(.topic, official: false).contains("Поріг і бали 100–200 цього тесту — наша оцінка"))
            #expect(note(.mixed, official: false).contains("цього тесту — наша оцінка"))
            #expect(note(.simulation, official: false).contains("Поріг — офіційний (2024–2025), а решта таблиці переведення в 100–200 — наша оцінка"))
            #expect(note(.simulation, official: true).isEmpty)
            let result = ResultView(student: Self.student(), view: Self.finished(raw: 1), shareRight: [:], c: Self.context(.uk)).page.content.rendered
            #expect(result.contains("цього тесту — наша оцінка") && !result.contains("офіційний (2024–2025)"), "the result of a topic test")
        }

        @Test("a test not passed says so, with the threshold")
        func notPassed() {
            let html = ResultView(student: Self.student(), view: Self.finished(raw: 0), shareRight: [:], c: Self.context(.en)).page.content.rendered
            #expect(html.contains(#"<p class="score not-passed">Not passed</p>"#))
            #expect(!html.contains(#"<p class="score">"#))
        }

        @Test("the review asks the next question due and shows the answer just graded, in both languages")
        func review() {
            let item = ReviewItem()
            item.questionID = Self.hetmanID
            item.due = Self.now
            let due = [ReviewQueueService.DueItem(item: item, question: Self.hetman, subject: Self.history)]
            let graded = ReviewQueueService.Graded(question: Self.sich, given: .option(2),
                                                   score: QuestionScore(points: 0, maxPoints: 1, verdict: .wrong), nextDue: Self.now)
            for (language, count, verdict, subject) in [(Language.uk, "На сьогодні 2 питання.", "Неправильно", "Історія України"),
                                                        (.en, "2 questions for today.", "Wrong", "History of Ukraine")] {
                let page = ReviewView(student: Self.student(), due: due, dueToday: 2, total: 5, daysToExam: nil, graded: graded,
                                      c: Self.context(language, path: "/znoshka/review")).page
                let html = page.content.rendered
                #expect(html.contains(count))
                #expect(html.contains(#"<section class="card review verdict-wrong" role="status"><h2>\#(verdict)</h2>"#))
                #expect(html.contains(#"<h2 id="review-question">\#(subject)</h2>"#))
                #expect(html.contains(#"<form method="post" action="/znoshka/review/9e000000-0000-4000-8000-000000000002"><input type="hidden" name="_csrf" value="token-789">"#))
                #expect(page.tabs.map(\.isCurrent) == [false, true, false, false])
            }
        }

        @Test("with nothing due, the review says the day's work is done and offers to set the exam date")
        func reviewDone() {
            let html = ReviewView(student: Self.student(), due: [], dueToday: 0, total: 4, daysToExam: nil, graded: nil,
                                  c: Self.context(.en)).page.content.rendered
            #expect(html.contains(#"<p class="empty">"#) && html.contains(#"<a href="/znoshka/profile">"#))
            #expect(!html.contains("<form"))
        }

        @Test("statistics show the progress and topic map, tests done, accuracy, the prediction, the trend as chart and table, and the weakest topic")
        func statistics() {
            let topic = Topic(id: UUID(uuidString: "70000000-0000-4000-8000-000000000001")!, subjectID: Self.history.id!, title: "Козаччина", position: 1)
            let later = Topic(id: UUID(uuidString: "70000000-0000-4000-8000-000000000002")!, subjectID: Self.history.id!, title: "Гетьманщина", position: 2)
            // 1 of 4 points + 6 never earned: 10 %, weak; the later topic not started.
            let map = [TopicMapEntry(topic: topic, mastery: TopicMastery(.init(points: 1, maxPoints: 4, answered: 4)), answered: 4),
                       TopicMapEntry(topic: later, mastery: TopicMastery(.init()), answered: 0)]
            let weak = TopicStatistics(topic: topic, points: 1, maxPoints: 4, answered: 4)
            let trend = [TrendPoint(finishedAt: Self.now.addingTimeInterval(-86_400), accuracy: 0.5, testTitle: "Козацька доба"),
                         TrendPoint(finishedAt: Self.now, accuracy: 0.75, testTitle: "Гетьманщина")]
            let prediction = ScorePrediction(expected: .passed(150), low: .passed(140), high: .notPassed, attempts: 2, usesTopicMap: true)
            let stats = SubjectStatistics(subject: Self.history, testsDone: 2, accuracy: 0.625, trend: trend, topics: [weak], weakest: weak,
                                          suggestedTest: Self.test(), prediction: prediction, map: map)
            let empty = SubjectStatistics(subject: Self.mathematics, testsDone: 0, accuracy: nil, trend: [], topics: [], weakest: nil,
                                          suggestedTest: nil, prediction: nil, map: [])
            let uk = StatisticsView(student: Self.student(), subjects: [stats, empty], c: Self.context(.uk)).page.content.rendered
            #expect(uk.contains("<li>2 тести пройдено</li>") && uk.contains("<li>Точність: 63 %</li>"))
            #expect(uk.contains("Прогноз на НМТ: 150 (від 140 до Не склав, за 2 пробними і мапою тем)"))
            #expect(uk.contains("<td>Гетьманщина</td><td>75 %</td>"))
            #expect(uk.matches(of: /<circle class="point"/).count == 2 && uk.contains(#"<polyline class="line""#))
            #expect(uk.contains("Найслабша тема: Козаччина."))
            #expect(uk.contains(#"<p class="progress-line">Прогрес: 5 %</p>"#), "the mean of 10 % and 0 %")
            #expect(uk.contains(#"<li class="map-topic level-weak"><a href="/znoshka/topics/70000000-0000-4000-8000-000000000001">Козаччина</a>"#
                                + #"<span class="map-figure">слабко · 10 %</span><meter min="0" max="100" low="50" high="80" optimum="100" value="10""#))
            #expect(uk.contains(#"<span class="map-figure">ще не почато</span>"#))
            #expect(uk.contains(#"<a class="button button-block" href="/znoshka/tests/7e570000-0000-4000-8000-000000000001">"#))
            let mathsCard = uk.firstMatch(of: /<section class="card stats" aria-labelledby="stats-mathematics">.*?<\/section>/)?.output ?? ""
            #expect(mathsCard.contains(#"<p class="empty">"#) && !mathsCard.contains("<svg"))
            let en = StatisticsView(student: Self.student(), subjects: [stats], c: Self.context(.en)).page.content.rendered
            #expect(en.contains("<li>Accuracy: 63 %</li>") && en.contains("Weakest topic: Козаччина."))
        }

        static func discussion(mine: Bool, myVote: Int) -> Discussion {
            let solution = Solution(questionID: Self.hetmanID, authorID: UUID(), markdown: "Згадайте **1648**.", at: Self.now)
            solution.id = UUID(uuidString: "50100000-0000-4000-8000-000000000001")!
            solution.score = 3
            let comment = SolutionComment(solutionID: solution.id!, authorID: UUID(), text: "Дякую!", at: Self.now)
            comment.id = UUID(uuidString: "c0000000-0000-4000-8000-000000000001")!
            let entry = Discussion.Entry(solution: solution, authorName: "Тарас", comments: [(comment, "Марта")], myVote: myVote, isMine: mine)
            return Discussion(questionID: Self.hetmanID, question: Self.hetman, solutions: [entry])
        }

        @Test("the discussion shows each solution with its score and a like that is pressed once given")
        func discussion() {
            let page = DiscussionView(student: Self.student(), discussion: Self.discussion(mine: false, myVote: 1), form: FormState(),
                                      c: Self.context(.en)).page
            let html = page.content.rendered
            #expect(html.contains("By Тарас · score 3"))
            #expect(html.contains("<strong>1648</strong>"))
            #expect(html.contains("<strong>Марта</strong> Дякую!"))
            #expect(html.contains(#"<button type="submit" class="button" aria-label="Report the comment by Марта">Report</button>"#))
            #expect(html.contains(#"<input type="hidden" name="value" value="0"><button type="submit" class="button" aria-pressed="true">"#))
            #expect(html.contains(#"name="value" value="-1"><button type="submit" class="button" aria-pressed="false">Dislike</button>"#))
            #expect(html.contains(#"<p><strong>Right answer:</strong> Б</p>"#))
            #expect(!html.contains(#"action="/znoshka/moderation""#))
            #expect(page.tabs.map(\.isCurrent) == [false, true, false, false])
        }

        @Test("one's own solution has no vote or report, and a moderator gets hide forms, in Ukrainian")
        func discussionOwnAndModerator() {
            let own = DiscussionView(student: Self.student(), discussion: Self.discussion(mine: true, myVote: 0), form: FormState(),
                                     c: Self.context(.uk)).page.content.rendered
            #expect(own.contains("Автор: Тарас · рейтинг 3"))
            #expect(!own.contains(#"/vote""#) && !own.contains("Поскаржитися на розв’язання"))
            // Someone else's comment under it can still be reported.
            #expect(own.matches(of: /action="\/znoshka\/reports"/).count == 1 && own.contains(#"aria-label="Поскаржитися на коментар від Марта""#))
            let moderator = DiscussionView(student: Self.student(role: Student.authorRole), discussion: Self.discussion(mine: false, myVote: 0),
                                           form: FormState(), c: Self.context(.uk)).page.content.rendered
            #expect(moderator.matches(of: /action="\/znoshka\/moderation"/).count == 2)
            #expect(moderator.contains(#"<input type="hidden" name="targetType" value="comment">"#))
        }

        @Test("the test editor lists the questions with edit, move and delete, only the moves that are possible")
        func testEditor() throws {
            let authored = AuthoredTest(subject: "history", kind: .topic, topic: "Козаччина", title: "Козацька доба", minutes: 20,
                                        questions: [Self.sich, Self.hetman])
            let page = TestEditorView(author: Self.student(role: Student.authorRole), stored: Self.test(), test: authored,
                                      form: FormState(values: TestEditorPage.detailValues(authored)), problems: [], c: Self.context(.en)).page
            #expect(page.title == "Test «Козацька доба»")
            let html = page.content.rendered
            let base = "/znoshka/author/tests/7e570000-0000-4000-8000-000000000001"
            #expect(html.contains(#"<a class="button" href="\#(base)/questions/1" aria-label="Edit question 1">"#))
            #expect(html.contains(#"aria-label="Move question 1 down""#) && !html.contains(#"aria-label="Move question 1 up""#))
            #expect(html.contains(#"aria-label="Move question 2 up""#) && !html.contains(#"aria-label="Move question 2 down""#))
            #expect(html.contains(#"<form method="post" action="\#(base)/questions/2/delete""#))
            #expect(html.contains(#"<li class="editor-question"><p><strong>"#) && html.contains("· Коли засновано Запорозьку Січ?</p>"))
            #expect(html.contains(#"value="Козацька доба""#))
            #expect(!html.contains("flash-error"))
        }

        @Test("an old version of a test says so in the editor and links to the newer one, in Ukrainian")
        func oldVersion() {
            let stored = Self.test()
            stored.replacedBy = UUID(uuidString: "7e570000-0000-4000-8000-000000000002")!
            let authored = AuthoredTest(subject: "history", kind: .topic, topic: nil, title: "Козацька доба", minutes: 20, questions: [Self.sich])
            let html = TestEditorView(author: Self.student(role: Student.authorRole), stored: stored, test: authored, form: FormState(),
                                      problems: [], c: Self.context(.uk)).page.content.rendered
            #expect(html.contains(#"<p class="flash flash-error" role="alert">"#))
            #expect(html.contains(#"href="/znoshka/author/tests/7e570000-0000-4000-8000-000000000002/edit""#))
        }

        @Test("the blueprint lists the paper's parts and a field per topic with its bank, and says what the numbers leave to the empty fields")
        func blueprint() {
            let sich = Topic(id: Self.sichID, subjectID: Self.history.id!, title: "Козаччина", position: 1)
            let hetman = Topic(id: Self.hetmanID, subjectID: Self.history.id!, title: "Гетьманщина", position: 2)
            let blueprint = BlueprintService.SubjectBlueprint(
                subject: Self.history, parts: PaperDraw.shape(of: Blueprint.history.parts.flatMap { Array(repeating: $0.kind, count: $0.count) }),
                topics: [.init(topic: sich, questionCount: 21, tasks: 12), .init(topic: hetman, questionCount: 1, tasks: nil)],
                questionsWithoutTopic: 3)
            let model = BlueprintView.Model(author: Self.student(role: Student.authorRole), blueprint: blueprint, form: BlueprintView.form(blueprint))
            let html = BlueprintView(model: model, c: Self.context(.uk)).page.content.rendered
            #expect(html.contains("<li>20 завдань — Одна правильна відповідь, варіантів: 4</li>"))
            #expect(html.contains("<li>3 завдання — Три з семи, варіантів: 7</li>"))
            #expect(html.contains("Разом 30 завдань."))
            let field = BlueprintService.field(Self.sichID)
            #expect(html.contains(#"name="\#(field)" type="text" value="12" inputmode="numeric""#))
            #expect(html.contains("У банку 21 завдання з теми.") && html.contains("У банку 1 завдання з теми."))
            #expect(html.contains("Задано 12 з 30. Решту (18) ділять порівну теми з порожнім полем."))
            #expect(html.contains("Ще 3 завдання банку не мають теми"))
            #expect(html.contains(#"action="/znoshka/author/subjects/history/blueprint""#))

            let even = BlueprintService.SubjectBlueprint(subject: Self.history, parts: nil,
                                                         topics: [.init(topic: sich, questionCount: 0, tasks: nil)], questionsWithoutTopic: 0)
            let empty = BlueprintView(model: .init(author: Self.student(role: Student.authorRole), blueprint: even, form: BlueprintView.form(even)),
                                      c: Self.context(.en)).page.content.rendered
            #expect(empty.contains("The subject has no simulation yet.") && empty.contains("All fields are empty now"))
        }
    }
}
