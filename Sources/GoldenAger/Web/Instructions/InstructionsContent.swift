import Kernel

/// The plain-words guide behind the «Інструкція» tab: one section per screen.
struct InstructionSection: Sendable {
    let title: String
    let paragraphs: [String]
}

enum InstructionsContent {
    static func pensioner(_ language: Language) -> [InstructionSection] { language == .en ? pensionerEN : pensionerUK }
    static func volunteer(_ language: Language) -> [InstructionSection] { language == .en ? volunteerEN : volunteerUK }

    // MARK: Pensioner

    private static let pensionerUK: [InstructionSection] = [
        InstructionSection(title: "Категорії", paragraphs: [
            "На сторінці «Категорії» є великі кнопки. Кожна кнопка — це один вид допомоги: Здоров’я, Рахунки, Доставка, Хатня робота, Ремонт, Інше.",
            "Натисніть кнопку з тим, що Вам потрібно. Відкриється список готових завдань.",
            "Кнопка «Консультація» показує номер телефону. Натисніть на номер, щоб подзвонити. Або наберіть його самі. Там Вам відповідять на питання.",
        ]),
        InstructionSection(title: "Як вибрати завдання", paragraphs: [
            "У кожній категорії є готові завдання. Під назвою написано, що зробить волонтер і скільки часу це займе.",
            "Натисніть на завдання, яке Вам потрібне. Уважно прочитайте опис. Там сказано, що треба підготувати: наприклад, рецепт чи гроші на покупки.",
            "Якщо все підходить, натисніть зелену кнопку «Замовити». Вас перепитають, чи Ви впевнені. Натисніть «Так».",
            "Якщо передумали, натисніть «Ні». Нічого не станеться.",
        ]),
        InstructionSection(title: "Шукаємо волонтера…", paragraphs: [
            "Після замовлення Ви побачите сторінку «Шукаємо волонтера…». Нічого натискати не треба. Просто зачекайте.",
            "Коли волонтер погодиться допомогти, сторінка зміниться сама. Ви побачите його ім’я, організацію і номер телефону.",
            "Волонтер Вам подзвонить і домовиться про час. Тримайте телефон поруч.",
            "Можна мати лише одне замовлення. Нове можна зробити, коли це виконано або скасовано.",
        ]),
        InstructionSection(title: "Виконано чи Скасувати", paragraphs: [
            "Коли волонтер Вам допоміг, натисніть зелену кнопку «Виконано». Так волонтеру зарахують його час.",
            "Якщо допомога більше не потрібна, натисніть червону кнопку «Скасувати».",
            "Обидві кнопки спершу питають, чи Ви впевнені. Тому випадково нічого не станеться.",
            "Якщо волонтер не зможе прийти, ми самі шукатимемо іншого. Ви знову побачите сторінку «Шукаємо волонтера…».",
        ]),
        InstructionSection(title: "Мої замовлення", paragraphs: [
            "На сторінці «Мої замовлення» є Ваше теперішнє замовлення і всі минулі.",
            "Біля кожного замовлення написано, що з ним: шукаємо волонтера, волонтер іде, виконано чи скасовано.",
        ]),
        InstructionSection(title: "Профіль", paragraphs: [
            "У профілі записані Ваше ім’я, день народження, місто й адреса.",
            "Щоб щось змінити, виправте потрібне поле і натисніть «Зберегти». Перевірте адресу: за нею до Вас прийде волонтер. Він бачить її тільки тоді, коли погодився допомогти.",
            "Щоб вийти, натисніть «Вийти». Щоб увійти знову, потрібні Ваш номер телефону і пароль.",
        ]),
        InstructionSection(title: "Безпека", paragraphs: [
            "Волонтери допомагають безкоштовно. Не платіть їм за роботу.",
            "Ніколи нікому не кажіть PIN-код від банківської картки, паролі та коди з SMS. Волонтеру вони не потрібні.",
            "Ви платите тільки за товари: ліки, продукти, деталі для ремонту. Попросіть чек і перевірте решту.",
            "Якщо щось Вас насторожило, не відчиняйте двері. Подзвоніть рідним або в поліцію за номером 102.",
        ]),
    ]

    private static let pensionerEN: [InstructionSection] = [
        InstructionSection(title: "Categories", paragraphs: [
            "The «Categories» page has big buttons. Each button is one kind of help: Health, Bills, Delivery, Housework, Repair, Other.",
            "Tap the button for what you need. A list of ready-made tasks opens.",
            "The «Consultation» button shows a phone number. Tap the number to call. Or dial it yourself. They will answer your questions.",
        ]),
        InstructionSection(title: "Choosing a task", paragraphs: [
            "Each category has ready-made tasks. Under the name it says what the volunteer will do and how long it takes.",
            "Tap the task you need. Read the description carefully. It says what to have ready: for example, a prescription or money for the shopping.",
            "If it is right, tap the green «Order» button. You will be asked if you are sure. Tap «Yes».",
            "If you change your mind, tap «No». Nothing will happen.",
        ]),
        InstructionSection(title: "Looking for a volunteer…", paragraphs: [
            "After you order, you will see the «Looking for a volunteer…» page. You do not need to tap anything. Just wait.",
            "When a volunteer agrees to help, the page changes by itself. You will see their name, organisation and phone number.",
            "The volunteer will call you to agree on a time. Keep your phone close.",
            "You can have only one order at a time. You can make a new one when this one is done or cancelled.",
        ]),
        InstructionSection(title: "Done or Cancel", paragraphs: [
            "When the volunteer has helped you, tap the green «Done» button. This way the volunteer gets credit for their time.",
            "If you no longer need help, tap the red «Cancel» button.",
            "Both buttons first ask if you are sure. So nothing happens by accident.",
            "If the volunteer cannot come, we will look for another one. You will see the «Looking for a volunteer…» page again.",
        ]),
        InstructionSection(title: "My orders", paragraphs: [
            "The «My orders» page shows your current order and all your past ones.",
            "Next to each order it says where it stands: looking for a volunteer, volunteer on the way, done or cancelled.",
        ]),
        InstructionSection(title: "Profile", paragraphs: [
            "Your profile holds your name, birthday, town and address.",
            "To change something, correct the field and tap «Save». Check your address: the volunteer will use it to come to you. They see it only after agreeing to help.",
            "To sign out, tap «Sign out». To sign in again, you need your phone number and password.",
        ]),
        InstructionSection(title: "Safety", paragraphs: [
            "Volunteers help free of charge. Do not pay them for their work.",
            "Never tell anyone your bank card PIN, your passwords or codes from SMS. A volunteer does not need them.",
            "You pay only for goods: medicine, food, parts for a repair. Ask for the receipt and check your change.",
            "If something worries you, do not open the door. Call your family or the police on 102.",
        ]),
    ]

    // MARK: Volunteer

    private static let volunteerUK: [InstructionSection] = [
        InstructionSection(title: "Вхідні й зв’язок", paragraphs: [
            "Коли готові допомагати, натисніть кнопку «Не на зв’язку» серед вкладок: вона стане зеленою і покаже «На зв’язку». Поки Ви на зв’язку, нові завдання від пенсіонерів з Вашого міста з’являються у «Вхідних» самі, без оновлення сторінки. Через 12 годин зв’язок вимикається сам — на випадок, якщо Ви забули його вимкнути; увімкніть його знову, коли будете готові.",
            "У кожному завданні видно назву, опис і скільки часу воно займе. Так Ви знаєте, що треба зробити, ще до того, як погодитеся.",
            "Коли не можете допомагати, вимкніть перемикач. Нові завдання перестануть надходити.",
        ]),
        InstructionSection(title: "Прийняти чи відхилити", paragraphs: [
            "Натисніть «Прийняти», якщо можете допомогти. Тільки після цього Ви побачите адресу й телефон пенсіонера. Пенсіонер побачить Ваше ім’я, організацію і телефон.",
            "Зателефонуйте пенсіонеру якнайшвидше і домовтеся про час.",
            "Якщо інший волонтер прийняв завдання першим, Ви побачите про це повідомлення. Просто оберіть інше.",
            "Натисніть червону кнопку «Відмовитися», якщо не можете. Завдання зникне з Ваших вхідних, а інші волонтери й далі його бачать. Одночасно можна мати лише одне прийняте завдання.",
        ]),
        InstructionSection(title: "Відмовитися від завдання", paragraphs: [
            "Якщо Ви вже прийняли завдання, але не можете його виконати, коротко напишіть причину і натисніть «Відмовитися від завдання».",
            "Завдання повернеться до пошуку, і його побачать інші волонтери. Пенсіонеру повідомлять, що шукаємо іншого волонтера.",
            "Якщо можете, самі зателефонуйте пенсіонеру і попередьте.",
        ]),
        InstructionSection(title: "Мої завдання і години", paragraphs: [
            "У «Моїх завданнях» є Ваше поточне завдання і всі виконані.",
            "Години зараховуються, коли пенсіонер натисне «Виконано». Зараховується час, указаний у завданні. Коли закінчите, нагадайте пенсіонеру натиснути цю кнопку.",
            "Ви бачите, скільки годин і завдань у Вас за кожен місяць.",
            "Щоб отримати довідку про години, оберіть період і відкрийте довідку. Її можна надрукувати.",
        ]),
        InstructionSection(title: "Гроші й безпека", paragraphs: [
            "Ви допомагаєте безкоштовно. Не платіть за покупки власними грошима: пенсіонер заздалегідь дає гроші на товари.",
            "Віддайте пенсіонеру чек і решту. Ніколи не питайте PIN-коди, паролі чи коди з SMS.",
        ]),
        InstructionSection(title: "Профіль", paragraphs: [
            "У профілі записані Ваше ім’я, день народження, місто й організація. Перевірте місто: завдання надходять саме з нього.",
            "Щоб щось змінити, виправте поле і натисніть «Зберегти».",
            "Щоб вийти, натисніть «Вийти».",
        ]),
    ]

    private static let volunteerEN: [InstructionSection] = [
        InstructionSection(title: "Inbox and online", paragraphs: [
            "When you are ready to help, tap the «Offline» button among the tabs: it turns green and says «Online». While you are online, new tasks from pensioners in your town appear in your «Inbox» by themselves, without reloading the page. After 12 hours it switches itself off, in case you forgot; switch it on again when you are ready.",
            "Each task shows its name, description and how long it takes. So you know what to do before you agree.",
            "When you cannot help, turn the switch off. New tasks stop coming.",
        ]),
        InstructionSection(title: "Accept or decline", paragraphs: [
            "Tap «Accept» if you can help. Only then will you see the pensioner's address and phone number. The pensioner will see your name, organisation and phone number.",
            "Call the pensioner as soon as you can and agree on a time.",
            "If another volunteer accepted the task first, you will see a message saying so. Just pick another one.",
            "Tap «Decline» if you cannot. The task leaves your inbox, and other volunteers still see it. You can have only one accepted task at a time.",
        ]),
        InstructionSection(title: "Withdrawing from a task", paragraphs: [
            "If you have accepted a task but cannot do it, write the reason in a few words and tap «Give the task back».",
            "The task goes back to searching, and other volunteers will see it. The pensioner is told that we are looking for another volunteer.",
            "If you can, call the pensioner yourself to let them know.",
        ]),
        InstructionSection(title: "My tasks and hours", paragraphs: [
            "«My tasks» shows your current task and all the ones you have done.",
            "Hours are credited when the pensioner taps «Done». You get the time stated in the task. When you finish, remind the pensioner to tap this button.",
            "You can see your hours and tasks for each month.",
            "To get a certificate of your hours, choose a period and open the certificate. You can print it.",
        ]),
        InstructionSection(title: "Money and safety", paragraphs: [
            "You help free of charge. Never pay for shopping with your own money: the pensioner gives you money for goods beforehand.",
            "Give the pensioner the receipt and the change. Never ask for PIN codes, passwords or codes from SMS.",
        ]),
        InstructionSection(title: "Profile", paragraphs: [
            "Your profile holds your name, birthday, town and organisation. Check your town: your tasks come from there.",
            "To change something, correct the field and tap «Save».",
            "To sign out, tap «Sign out».",
        ]),
    ]
}
