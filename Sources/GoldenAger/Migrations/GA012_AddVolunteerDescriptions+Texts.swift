/// What GA012 writes: each seeded template's description addressed to the volunteer
/// (what to do, what to ask for or bring, what to hand back), found by its Ukrainian
/// title, frozen as it was when the migration was written.
extension AddVolunteerDescriptions {
    struct VolunteerText: Sendable {
        let titleUK: String
        let uk: String
        let en: String
    }

    static let texts: [VolunteerText] = [
        VolunteerText(
            titleUK: "Записати до лікаря",
            uk: "Запишіть людину до сімейного чи іншого потрібного лікаря на зручний для неї день. Попросіть паспорт та ідентифікаційний код і уточніть, до якого лікаря треба.",
            en: "Book the person in with their family doctor or another doctor they need, on a day that suits them. Ask for their passport and tax ID number, and check which doctor they need."
        ),
        VolunteerText(
            titleUK: "Купити ліки за рецептом",
            uk: "Купіть ліки в аптеці й принесіть їх людині додому. Візьміть рецепт або номер електронного рецепта з SMS і гроші на ліки. Поверніть чек і решту разом з ліками.",
            en: "Buy the medicine at a pharmacy and bring it to the person's home. Take the prescription or the e-prescription number from the SMS, and the money for the medicine. Bring back the receipt and change with the medicine."
        ),
        VolunteerText(
            titleUK: "Отримати безкоштовні ліки",
            uk: "Отримайте в аптеці ліки за програмою «Доступні ліки» й принесіть їх людині. Візьміть номер електронного рецепта та код з SMS від лікаря, а якщо треба доплатити, то й гроші. Якщо доплачували, поверніть чек і решту.",
            en: "Collect the medicine at a pharmacy under the «Affordable Medicines» programme and bring it to the person. Take the e-prescription number and the code from the doctor's SMS, and money if there is a part to pay. If you paid anything, bring back the receipt and change."
        ),
        VolunteerText(
            titleUK: "Викликати лікаря додому",
            uk: "Зателефонуйте до поліклініки й викличте лікаря додому до людини. Розпитайте, що її турбує, і попросіть паспорт, щоб назвати її дані.",
            en: "Phone the clinic and ask for a doctor to visit the person at home. Ask what is troubling them, and ask for their passport to give their details."
        ),
        VolunteerText(
            titleUK: "Супроводити до поліклініки",
            uk: "Прийдіть по людину, поїдьте з нею до поліклініки чи лікарні й допоможіть дорогою назад. Нагадайте взяти паспорт, направлення та медичні папери.",
            en: "Come for the person, go with them to the clinic or hospital and help them on the way back. Remind them to bring their passport, the referral and their medical papers."
        ),
        VolunteerText(
            titleUK: "Обрати сімейного лікаря",
            uk: "Допоможіть людині обрати сімейного лікаря біля дому й підписати з ним декларацію. Попросіть паспорт та ідентифікаційний код.",
            en: "Help the person choose a family doctor near their home and sign up with them. Ask for their passport and tax ID number."
        ),
        VolunteerText(
            titleUK: "Забрати результати аналізів",
            uk: "Заберіть результати аналізів у лабораторії й принесіть їх людині. Візьміть квитанцію або номер замовлення з лабораторії.",
            en: "Pick up the test results at the laboratory and bring them to the person. Take the receipt or the order number from the laboratory."
        ),
        VolunteerText(
            titleUK: "Розкласти ліки на тиждень",
            uk: "Розкладіть таблетки в таблетницю на тиждень точно за призначенням лікаря. Попросіть ліки й папірець з призначенням. Якщо щось незрозуміло, не вгадуйте, а перепитайте в лікаря чи фармацевта.",
            en: "Sort the pills into a pill box for the week, exactly as the doctor prescribed. Ask for the medicine and the doctor's instructions. If anything is unclear, don't guess: check with the doctor or pharmacist."
        ),
        VolunteerText(
            titleUK: "Оплатити комунальні послуги",
            uk: "Оплатіть світло, газ, воду й опалення в банку чи на пошті. Візьміть платіжки та гроші на оплату. Поверніть квитанції про оплату й решту.",
            en: "Pay the electricity, gas, water and heating bills at a bank or post office. Take the bills and the money. Bring back the payment receipts and change."
        ),
        VolunteerText(
            titleUK: "Поповнити мобільний",
            uk: "Поповніть рахунок мобільного телефону людини. Уточніть номер і суму та візьміть гроші. Переконайтеся разом з людиною, що прийшло SMS про поповнення.",
            en: "Top up the person's mobile phone. Check the number and the amount, and take the money. Make sure together with them that the top-up SMS has arrived."
        ),
        VolunteerText(
            titleUK: "Передати показники лічильників",
            uk: "Перепишіть показники лічильників світла, газу й води та передайте їх постачальникам. Номери особових рахунків візьміть з платіжок.",
            en: "Read the electricity, gas and water meters and send the readings to the suppliers. Take the account numbers from the bills."
        ),
        VolunteerText(
            titleUK: "Перевірити борги за комунальні",
            uk: "Перевірте, чи немає в людини боргів за світло, газ, воду чи квартплату, і поясніть, що треба оплатити. Попросіть останні платіжки.",
            en: "Check whether the person owes anything for electricity, gas, water or rent, and explain what needs paying. Ask for their latest bills."
        ),
        VolunteerText(
            titleUK: "Оформити субсидію",
            uk: "Допоможіть людині заповнити й подати заяву на субсидію. Попросіть паспорт, ідентифікаційний код, пенсійне посвідчення та останні платіжки.",
            en: "Help the person fill in and send the application for a housing subsidy. Ask for their passport, tax ID number, pension certificate and latest bills."
        ),
        VolunteerText(
            titleUK: "Дізнатися про пенсію",
            uk: "Допоможіть людині дізнатися в Пенсійному фонді розмір пенсії, доплати чи перерахунок. Попросіть паспорт, ідентифікаційний код і пенсійне посвідчення.",
            en: "Help the person find out from the Pension Fund their pension amount, extra payments or a recalculation. Ask for their passport, tax ID number and pension certificate."
        ),
        VolunteerText(
            titleUK: "Оплатити інтернет і телебачення",
            uk: "Оплатіть домашній інтернет, телебачення чи стаціонарний телефон людини. Візьміть договір або рахунок і гроші на оплату. Поверніть квитанцію й решту.",
            en: "Pay for the person's home internet, TV or landline. Take the contract or the bill and the money. Bring back the receipt and change."
        ),
        VolunteerText(
            titleUK: "Доставити продукти",
            uk: "Купіть продукти за списком і принесіть їх людині додому. Візьміть список і гроші на покупки. Поверніть чек і решту разом з продуктами.",
            en: "Buy the groceries on the list and bring them to the person's home. Take the list and the money for the shopping. Bring back the receipt and change with the groceries."
        ),
        VolunteerText(
            titleUK: "Принести питну воду",
            uk: "Купіть питну воду й занесіть її до квартири. Уточніть, скільки пляшок треба, і візьміть гроші. Поверніть чек і решту.",
            en: "Buy drinking water and carry it into the person's home. Check how many bottles they need and take the money. Bring back the receipt and change."
        ),
        VolunteerText(
            titleUK: "Купити засоби гігієни",
            uk: "Купіть мило, пральний порошок, туалетний папір чи підгузки для дорослих за списком. Візьміть список і гроші. Поверніть чек і решту.",
            en: "Buy soap, washing powder, toilet paper or adult nappies from the list. Take the list and the money. Bring back the receipt and change."
        ),
        VolunteerText(
            titleUK: "Отримати посилку на пошті",
            uk: "Заберіть посилку на пошті й принесіть її людині додому. Попросіть номер посилки та код з SMS. Якщо посилку треба оплатити, візьміть гроші й поверніть чек і решту.",
            en: "Collect the parcel from the post office and bring it to the person's home. Ask for the parcel number and the code from the SMS. If the parcel must be paid for, take the money and bring back the receipt and change."
        ),
        VolunteerText(
            titleUK: "Відправити посилку чи лист",
            uk: "Заберіть у людини посилку чи лист і відправте поштою. Візьміть адресу й телефон отримувача та гроші на доставку. Поверніть квитанцію й решту.",
            en: "Take the parcel or letter from the person and send it by post. Take the recipient's address and phone number and money for postage. Bring back the receipt and change."
        ),
        VolunteerText(
            titleUK: "Отримати гуманітарну допомогу",
            uk: "Отримайте для людини продуктовий чи гігієнічний набір у пункті видачі й принесіть їй додому. Попросіть паспорт та ідентифікаційний код; можуть знадобитися їх копії.",
            en: "Collect a food or hygiene kit for the person at the aid point and bring it to their home. Ask for their passport and tax ID number; copies may be needed."
        ),
        VolunteerText(
            titleUK: "Забрати речі з ремонту",
            uk: "Заберіть речі з ремонту взуття, годинників чи з хімчистки й принесіть їх людині додому. Візьміть квитанцію та гроші на оплату. Поверніть чек і решту.",
            en: "Pick up the things from the shoe or watch repair shop or the dry cleaner's and bring them to the person's home. Take the repair receipt and the money to pay. Bring back the payment receipt and change."
        ),
        VolunteerText(
            titleUK: "Прибрати квартиру",
            uk: "Помийте підлогу, витріть пил і приберіть на кухні та у ванній. Скористайтеся засобами для прибирання, ганчірками й відром людини. Спитайте, чого не варто чіпати чи переставляти.",
            en: "Wash the floors, dust, and clean the kitchen and bathroom. Use the person's cleaning products, cloths and bucket. Ask what should not be touched or moved."
        ),
        VolunteerText(
            titleUK: "Винести сміття",
            uk: "Винесіть сміття й непотрібні речі до смітника. Перш ніж щось викинути, перепитайте, чи це справді не потрібно.",
            en: "Take the rubbish and unwanted things to the bins. Before throwing anything out, check with the person that it really isn't needed."
        ),
        VolunteerText(
            titleUK: "Вигуляти собаку",
            uk: "Погуляйте із собакою людини біля будинку. Візьміть повідець, намордник, якщо він потрібен, і пакети, щоб прибрати за собакою.",
            en: "Walk the person's dog near their home. Take the lead, a muzzle if needed, and bags to clean up after the dog."
        ),
        VolunteerText(
            titleUK: "Помити вікна",
            uk: "Помийте вікна всередині, а ззовні лише там, де це безпечно. Не ставайте на підвіконня й не перехиляйтеся через раму. Скористайтеся засобом для скла й ганчірками людини.",
            en: "Wash the windows inside, and outside only where it is safe. Don't stand on the sill or lean out of the window. Use the person's glass cleaner and cloths."
        ),
        VolunteerText(
            titleUK: "Випрати й попрасувати білизну",
            uk: "Запустіть пральну машину, розвісьте білизну й попрасуйте сухі речі. Скористайтеся пральним порошком і праскою людини.",
            en: "Run the washing machine, hang the washing up and iron the dry clothes. Use the person's washing powder and iron."
        ),
        VolunteerText(
            titleUK: "Приготувати їжу",
            uk: "Приготуйте просту страву з продуктів людини, наприклад суп чи кашу, на кілька днів. Спитайте, що вона хоче і чого їй не можна їсти.",
            en: "Cook a simple dish from the person's food, such as soup or porridge, for a few days. Ask what they would like and whether there is anything they must not eat."
        ),
        VolunteerText(
            titleUK: "Допомогти на городі",
            uk: "Допоможіть на городі чи в садку: прополіть, полийте, зберіть урожай. Скористайтеся інструментами людини: сапою, лійкою, відрами.",
            en: "Help in the vegetable garden or orchard: weed, water, pick the harvest. Use the person's tools: a hoe, a watering can, buckets."
        ),
        VolunteerText(
            titleUK: "Замінити лампочку",
            uk: "Замініть перегорілу лампочку в люстрі чи світильнику, спершу вимкнувши світло. Якщо нової лампочки немає, купіть її за гроші людини й поверніть чек і решту.",
            en: "Replace the dead bulb in the ceiling light or lamp; switch the light off first. If there is no new bulb, buy one with the person's money and bring back the receipt and change."
        ),
        VolunteerText(
            titleUK: "Полагодити кран, що капає",
            uk: "Перевірте кран і замініть прокладку, якщо це можна зробити без сантехніка; спершу перекрийте воду. Нові деталі купуйте за гроші людини й повертайте чек і решту. Якщо потрібен сантехнік, допоможіть його викликати.",
            en: "Check the tap and replace the washer if it can be done without a plumber; turn the water off first. Buy any new parts with the person's money and bring back the receipt and change. If a plumber is needed, help call one."
        ),
        VolunteerText(
            titleUK: "Повісити карниз чи полицю",
            uk: "Повісьте карниз, полицю, дзеркало чи картину. Попросіть саму річ і кріплення, якщо вони є, та уточніть, де саме її повісити. Перш ніж свердлити, переконайтеся, що в стіні немає проводки.",
            en: "Put up the curtain rod, shelf, mirror or picture. Ask for the item and its fixings, if there are any, and check exactly where it should go. Before drilling, make sure there are no wires in the wall."
        ),
        VolunteerText(
            titleUK: "Закріпити поручень у ванній",
            uk: "Прикрутіть поручень біля ванни чи унітазу, щоб людині було легше вставати. Якщо поручня немає, купіть його за гроші людини й поверніть чек і решту. Спитайте, чи можна свердлити плитку.",
            en: "Fit a grab rail by the bath or toilet so that it is easier for the person to stand up. If there is no rail, buy one with their money and bring back the receipt and change. Ask whether the tiles may be drilled."
        ),
        VolunteerText(
            titleUK: "Полагодити дверну ручку чи замок",
            uk: "Підкрутіть або замініть дверну ручку, петлю чи замок, що заїдає. Нову деталь купіть за гроші людини й поверніть чек і решту.",
            en: "Tighten or replace the door handle, hinge or sticking lock. Buy any new part with the person's money and bring back the receipt and change."
        ),
        VolunteerText(
            titleUK: "Замінити розетку чи вимикач",
            uk: "Замініть зламану розетку чи вимикач, спершу вимкнувши автомат у щитку. Якщо нової немає, купіть її за гроші людини й поверніть чек і решту. Якщо зламана проводка, не беріться самі: потрібен електрик.",
            en: "Replace the broken socket or light switch; switch off the circuit breaker first. If there is no new one, buy it with the person's money and bring back the receipt and change. If the wiring is broken, don't attempt it: an electrician is needed."
        ),
        VolunteerText(
            titleUK: "Утеплити вікна на зиму",
            uk: "Заклейте щілини у вікнах і дверях, щоб не дуло. Якщо утеплювача немає, купіть його за гроші людини й поверніть чек і решту.",
            en: "Seal the gaps in the windows and doors to stop draughts. If there is no draught-proofing tape, buy some with the person's money and bring back the receipt and change."
        ),
        VolunteerText(
            titleUK: "Зібрати або пересунути меблі",
            uk: "Зберіть нову шафу, стіл чи ліжко або допоможіть пересунути меблі. Попросіть інструкцію до меблів та інструменти, які є в людини; якщо можете, візьміть і свої.",
            en: "Assemble the new wardrobe, table or bed, or help move furniture. Ask for the assembly instructions and any tools the person has; bring your own if you can."
        ),
        VolunteerText(
            titleUK: "Налаштувати телефон",
            uk: "Налаштуйте мобільний людини: збільште літери, збережіть важливі номери й покажіть, як дзвонити. Попросіть телефон, зарядку та список номерів.",
            en: "Set up the person's mobile phone: make the letters bigger, save important numbers and show them how to call. Ask for the phone, its charger and their list of numbers."
        ),
        VolunteerText(
            titleUK: "Навчити дзвонити з відео",
            uk: "Встановіть на телефон людини Viber чи іншу програму й навчіть її дзвонити рідним з відео. Попросіть телефон, зарядку та номери рідних.",
            en: "Install Viber or a similar app on the person's phone and teach them to make video calls to their family. Ask for the phone, its charger and their family's numbers."
        ),
        VolunteerText(
            titleUK: "Налаштувати телевізор",
            uk: "Налаштуйте канали на телевізорі чи приставці й покажіть, як перемикати їх пультом. Попросіть пульт та інструкцію, якщо вона є.",
            en: "Tune the channels on the TV or set-top box and show the person how to change them with the remote. Ask for the remote and the manual, if there is one."
        ),
        VolunteerText(
            titleUK: "Допомогти замовити довідку",
            uk: "Допоможіть людині записатися на прийом або подати заяву на потрібну довідку. Попросіть паспорт та ідентифікаційний код. Ніколи не питайте й не вводьте паролі від банку чи ПІН-коди карток: їх людина вводить тільки сама.",
            en: "Help the person book an appointment or apply for the certificate they need. Ask for their passport and tax ID number. Never ask for or type in bank passwords or card PINs: only the person types them in."
        ),
        VolunteerText(
            titleUK: "Супроводити до банку чи пошти",
            uk: "Підіть з людиною до банку, пошти чи Пенсійного фонду й допоможіть їй там. Нагадайте взяти документи, потрібні для її справи. ПІН-код картки людина вводить тільки сама, тож ніколи не питайте його.",
            en: "Go with the person to the bank, post office or Pension Fund and help them there. Remind them to bring the documents they need for their errand. Only the person enters their card PIN, so never ask for it."
        ),
        VolunteerText(
            titleUK: "Погуляти разом",
            uk: "Погуляйте з людиною біля дому чи в парку. Допоможіть їй спуститися сходами й підтримуйте під руку. Нагадайте одягнутися за погодою.",
            en: "Go for a walk with the person near their home or in the park. Help them on the stairs and give them your arm. Remind them to dress for the weather."
        ),
        VolunteerText(
            titleUK: "Провідати й поговорити",
            uk: "Прийдіть у гості, поговоріть з людиною, почитайте вголос чи пограйте в настільну гру. Людині нічого не треба готувати; можете взяти з собою книжку чи гру.",
            en: "Come to visit, chat with the person, read aloud or play a board game. They don't need to prepare anything; you may bring a book or a game."
        ),
        VolunteerText(
            titleUK: "Роздрукувати чи скопіювати документи",
            uk: "Роздрукуйте, скопіюйте чи відскануйте документи й поверніть людині оригінали разом з копіями. Візьміть документи та гроші на друк. Поверніть чек і решту.",
            en: "Print, copy or scan the documents and give the originals back to the person along with the copies. Take the documents and the money for printing. Bring back the receipt and change."
        ),
    ]
}
