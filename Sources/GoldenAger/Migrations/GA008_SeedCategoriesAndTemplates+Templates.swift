import Foundation

/// The ready-made tasks GA008 seeds, frozen as they were when it was written: a migration
/// must write the same rows on every new database, whatever the app's catalog says later
/// (administrators edit the templates in the app; GA012 adds the volunteer's texts).
/// Written for Golden Ager (the source had no list): what pensioners most often ask
/// volunteers for, addressed to the pensioner (what the volunteer will do, what to have ready).
extension SeedCategoriesAndTemplates {
    struct Template: Sendable {
        let category: String      // category slug
        let minutes: Int          // expected duration
        let titleUK: String
        let descriptionUK: String
        let titleEN: String
        let descriptionEN: String
    }

    static let templates: [Template] = [
        Template(
            category: "health", minutes: 30,
            titleUK: "Записати до лікаря",
            descriptionUK: "Волонтер запише Вас до сімейного лікаря або до іншого лікаря на зручний день. Підготуйте паспорт та ідентифікаційний код. Скажіть, до якого лікаря Вам треба.",
            titleEN: "Book a doctor's appointment",
            descriptionEN: "The volunteer will book you in with your family doctor or another doctor on a day that suits you. Have your passport and tax ID number ready. Say which doctor you need."
        ),
        Template(
            category: "health", minutes: 60,
            titleUK: "Купити ліки за рецептом",
            descriptionUK: "Волонтер купить ліки в аптеці й принесе їх Вам додому. Підготуйте рецепт або номер електронного рецепта з SMS і гроші на ліки. Чек і решту Ви отримаєте разом з ліками.",
            titleEN: "Buy prescription medicine",
            descriptionEN: "The volunteer will buy the medicine at a pharmacy and bring it to your home. Have the prescription or the e-prescription number from the SMS ready, and money for the medicine. You get the receipt and change with it."
        ),
        Template(
            category: "health", minutes: 60,
            titleUK: "Отримати безкоштовні ліки",
            descriptionUK: "Волонтер отримає в аптеці ліки за програмою «Доступні ліки» і принесе їх Вам. Підготуйте номер електронного рецепта та код з SMS від лікаря. Якщо треба доплатити, дайте гроші.",
            titleEN: "Collect free medicine",
            descriptionEN: "The volunteer will collect your medicine at a pharmacy under the «Affordable Medicines» programme and bring it to you. Have the e-prescription number and the code from your doctor's SMS ready. If there is a part to pay, give the money."
        ),
        Template(
            category: "health", minutes: 15,
            titleUK: "Викликати лікаря додому",
            descriptionUK: "Волонтер зателефонує до поліклініки й викличе лікаря до Вас додому. Скажіть, що Вас турбує. Підготуйте паспорт, щоб назвати свої дані.",
            titleEN: "Call a doctor to your home",
            descriptionEN: "The volunteer will phone the clinic and ask a doctor to visit you at home. Tell the volunteer what is troubling you. Have your passport ready to give your details."
        ),
        Template(
            category: "health", minutes: 120,
            titleUK: "Супроводити до поліклініки",
            descriptionUK: "Волонтер прийде по Вас, поїде з Вами до поліклініки чи лікарні й допоможе дорогою назад. Підготуйте паспорт, направлення та медичні папери.",
            titleEN: "Go with you to the clinic",
            descriptionEN: "The volunteer will come for you, go with you to the clinic or hospital and help you on the way back. Have your passport, the referral and your medical papers ready."
        ),
        Template(
            category: "health", minutes: 45,
            titleUK: "Обрати сімейного лікаря",
            descriptionUK: "Волонтер допоможе обрати сімейного лікаря біля дому й підписати з ним декларацію. Підготуйте паспорт та ідентифікаційний код.",
            titleEN: "Choose a family doctor",
            descriptionEN: "The volunteer will help you choose a family doctor near your home and sign up with them. Have your passport and tax ID number ready."
        ),
        Template(
            category: "health", minutes: 45,
            titleUK: "Забрати результати аналізів",
            descriptionUK: "Волонтер забере результати аналізів у лабораторії й принесе їх Вам. Підготуйте квитанцію або номер замовлення з лабораторії.",
            titleEN: "Pick up test results",
            descriptionEN: "The volunteer will pick up your test results at the laboratory and bring them to you. Have the receipt or the order number from the laboratory ready."
        ),
        Template(
            category: "health", minutes: 30,
            titleUK: "Розкласти ліки на тиждень",
            descriptionUK: "Волонтер розкладе Ваші таблетки в таблетницю на тиждень, як призначив лікар. Підготуйте ліки й папірець з призначенням лікаря.",
            titleEN: "Sort your pills for the week",
            descriptionEN: "The volunteer will sort your pills into a pill box for the week, as your doctor prescribed. Have your medicine and the doctor's instructions ready."
        ),
        Template(
            category: "bills", minutes: 45,
            titleUK: "Оплатити комунальні послуги",
            descriptionUK: "Волонтер оплатить світло, газ, воду й опалення в банку чи на пошті. Підготуйте платіжки та гроші на оплату. Квитанції про оплату Ви отримаєте на руки.",
            titleEN: "Pay utility bills",
            descriptionEN: "The volunteer will pay for your electricity, gas, water and heating at a bank or post office. Have your bills and the money ready. You will get the payment receipts."
        ),
        Template(
            category: "bills", minutes: 15,
            titleUK: "Поповнити мобільний",
            descriptionUK: "Волонтер поповнить рахунок Вашого мобільного телефону. Скажіть номер і суму та дайте гроші. Вам прийде SMS, що гроші надійшли.",
            titleEN: "Top up a mobile phone",
            descriptionEN: "The volunteer will top up your mobile phone. Say the number and the amount, and give the money. You will get an SMS when the money arrives."
        ),
        Template(
            category: "bills", minutes: 30,
            titleUK: "Передати показники лічильників",
            descriptionUK: "Волонтер перепише показники лічильників світла, газу й води та передасть їх постачальникам. Підготуйте платіжки: на них є номери Ваших рахунків.",
            titleEN: "Read and send meter readings",
            descriptionEN: "The volunteer will read your electricity, gas and water meters and send the readings to the suppliers. Have your bills ready: they show your account numbers."
        ),
        Template(
            category: "bills", minutes: 30,
            titleUK: "Перевірити борги за комунальні",
            descriptionUK: "Волонтер перевірить, чи немає у Вас боргів за світло, газ, воду чи квартплату, і пояснить, що треба оплатити. Підготуйте останні платіжки.",
            titleEN: "Check for unpaid utility bills",
            descriptionEN: "The volunteer will check whether you owe anything for electricity, gas, water or rent, and explain what needs paying. Have your latest bills ready."
        ),
        Template(
            category: "bills", minutes: 60,
            titleUK: "Оформити субсидію",
            descriptionUK: "Волонтер допоможе заповнити й подати заяву на субсидію. Підготуйте паспорт, ідентифікаційний код, пенсійне посвідчення та останні платіжки.",
            titleEN: "Apply for a housing subsidy",
            descriptionEN: "The volunteer will help you fill in and send the application for a housing subsidy. Have your passport, tax ID number, pension certificate and latest bills ready."
        ),
        Template(
            category: "bills", minutes: 45,
            titleUK: "Дізнатися про пенсію",
            descriptionUK: "Волонтер допоможе дізнатися в Пенсійному фонді розмір пенсії, доплати чи перерахунок. Підготуйте паспорт, ідентифікаційний код і пенсійне посвідчення.",
            titleEN: "Ask about your pension",
            descriptionEN: "The volunteer will help you find out from the Pension Fund your pension amount, extra payments or a recalculation. Have your passport, tax ID number and pension certificate ready."
        ),
        Template(
            category: "bills", minutes: 30,
            titleUK: "Оплатити інтернет і телебачення",
            descriptionUK: "Волонтер оплатить Ваш домашній інтернет, телебачення чи стаціонарний телефон. Підготуйте договір або рахунок і гроші на оплату. Квитанцію Ви отримаєте.",
            titleEN: "Pay for internet and TV",
            descriptionEN: "The volunteer will pay for your home internet, TV or landline. Have the contract or the bill and the money ready. You will get the receipt."
        ),
        Template(
            category: "delivery", minutes: 60,
            titleUK: "Доставити продукти",
            descriptionUK: "Волонтер купить продукти за Вашим списком і принесе їх додому. Підготуйте список і гроші на покупки. Чек і решту Ви отримаєте разом з продуктами.",
            titleEN: "Deliver groceries",
            descriptionEN: "The volunteer will buy groceries from your list and bring them to your home. Have the list and money for the shopping ready. You get the receipt and change with the groceries."
        ),
        Template(
            category: "delivery", minutes: 30,
            titleUK: "Принести питну воду",
            descriptionUK: "Волонтер купить питну воду й занесе її до квартири. Скажіть, скільки пляшок треба, і підготуйте гроші.",
            titleEN: "Bring drinking water",
            descriptionEN: "The volunteer will buy drinking water and carry it into your home. Say how many bottles you need and have the money ready."
        ),
        Template(
            category: "delivery", minutes: 45,
            titleUK: "Купити засоби гігієни",
            descriptionUK: "Волонтер купить мило, пральний порошок, папір чи підгузки для дорослих за Вашим списком. Підготуйте список і гроші. Чек і решту Ви отримаєте.",
            titleEN: "Buy toiletries and household goods",
            descriptionEN: "The volunteer will buy soap, washing powder, toilet paper or adult nappies from your list. Have the list and the money ready. You get the receipt and change."
        ),
        Template(
            category: "delivery", minutes: 45,
            titleUK: "Отримати посилку на пошті",
            descriptionUK: "Волонтер забере Вашу посилку на пошті й принесе її додому. Скажіть номер посилки та код з SMS. Якщо посилку треба оплатити, підготуйте гроші.",
            titleEN: "Collect a parcel from the post office",
            descriptionEN: "The volunteer will collect your parcel from the post office and bring it home. Tell them the parcel number and the code from the SMS. If the parcel must be paid for, have the money ready."
        ),
        Template(
            category: "delivery", minutes: 45,
            titleUK: "Відправити посилку чи лист",
            descriptionUK: "Волонтер забере у Вас посилку чи лист і відправить поштою. Підготуйте адресу й телефон отримувача та гроші на доставку. Квитанцію Ви отримаєте.",
            titleEN: "Send a parcel or letter",
            descriptionEN: "The volunteer will take your parcel or letter and send it by post. Have the recipient's address and phone number and money for postage ready. You will get the receipt."
        ),
        Template(
            category: "delivery", minutes: 90,
            titleUK: "Отримати гуманітарну допомогу",
            descriptionUK: "Волонтер отримає для Вас продуктовий чи гігієнічний набір у пункті видачі й принесе додому. Підготуйте паспорт та ідентифікаційний код, можуть знадобитися їх копії.",
            titleEN: "Collect humanitarian aid",
            descriptionEN: "The volunteer will collect a food or hygiene kit for you at the aid point and bring it home. Have your passport and tax ID number ready; copies may be needed."
        ),
        Template(
            category: "delivery", minutes: 45,
            titleUK: "Забрати речі з ремонту",
            descriptionUK: "Волонтер забере Ваші речі з ремонту взуття, годинників чи з хімчистки й принесе їх додому. Підготуйте квитанцію та гроші на оплату.",
            titleEN: "Pick up items from a repair shop",
            descriptionEN: "The volunteer will pick up your things from the shoe or watch repair shop or the dry cleaner's and bring them home. Have the receipt and the money to pay ready."
        ),
        Template(
            category: "housework", minutes: 120,
            titleUK: "Прибрати квартиру",
            descriptionUK: "Волонтер помиє підлогу, витре пил і прибере на кухні та у ванній. Підготуйте засоби для прибирання, ганчірки й відро.",
            titleEN: "Clean the flat",
            descriptionEN: "The volunteer will wash the floors, dust, and clean the kitchen and bathroom. Have cleaning products, cloths and a bucket ready."
        ),
        Template(
            category: "housework", minutes: 15,
            titleUK: "Винести сміття",
            descriptionUK: "Волонтер винесе сміття й непотрібні речі до смітника. Якщо можете, зберіть сміття в пакети заздалегідь.",
            titleEN: "Take out the rubbish",
            descriptionEN: "The volunteer will take your rubbish and unwanted things to the bins. If you can, put the rubbish into bags beforehand."
        ),
        Template(
            category: "housework", minutes: 30,
            titleUK: "Вигуляти собаку",
            descriptionUK: "Волонтер погуляє з Вашим собакою біля будинку. Підготуйте повідець, намордник, якщо він потрібен, і пакети, щоб прибрати за собакою.",
            titleEN: "Walk the dog",
            descriptionEN: "The volunteer will walk your dog near your home. Have the lead ready, a muzzle if needed, and bags to clean up after the dog."
        ),
        Template(
            category: "housework", minutes: 90,
            titleUK: "Помити вікна",
            descriptionUK: "Волонтер помиє вікна всередині та ззовні там, де це безпечно. Підготуйте засіб для скла й ганчірки.",
            titleEN: "Wash the windows",
            descriptionEN: "The volunteer will wash the windows inside, and outside where it is safe. Have glass cleaner and cloths ready."
        ),
        Template(
            category: "housework", minutes: 90,
            titleUK: "Випрати й попрасувати білизну",
            descriptionUK: "Волонтер запустить пральну машину, розвісить білизну й попрасує сухі речі. Підготуйте пральний порошок і праску.",
            titleEN: "Do the washing and ironing",
            descriptionEN: "The volunteer will run the washing machine, hang the washing up and iron the dry clothes. Have washing powder and an iron ready."
        ),
        Template(
            category: "housework", minutes: 90,
            titleUK: "Приготувати їжу",
            descriptionUK: "Волонтер приготує просту страву з Ваших продуктів, наприклад суп чи кашу, на кілька днів. Підготуйте продукти й скажіть, що хочете.",
            titleEN: "Cook a meal",
            descriptionEN: "The volunteer will cook a simple dish from your food, such as soup or porridge, for a few days. Have the food ready and say what you would like."
        ),
        Template(
            category: "housework", minutes: 120,
            titleUK: "Допомогти на городі",
            descriptionUK: "Волонтер допоможе на городі чи в садку: прополоти, полити, зібрати врожай. Підготуйте інструменти: сапу, лійку, відра.",
            titleEN: "Help in the garden",
            descriptionEN: "The volunteer will help in your vegetable garden or orchard: weeding, watering, picking the harvest. Have the tools ready: a hoe, a watering can, buckets."
        ),
        Template(
            category: "repair", minutes: 15,
            titleUK: "Замінити лампочку",
            descriptionUK: "Волонтер замінить перегорілу лампочку в люстрі чи світильнику. Підготуйте нову лампочку. Якщо її немає, волонтер купить її за Ваші гроші.",
            titleEN: "Change a light bulb",
            descriptionEN: "The volunteer will replace a dead light bulb in a ceiling light or lamp. Have a new bulb ready. If you have none, the volunteer will buy one with your money."
        ),
        Template(
            category: "repair", minutes: 60,
            titleUK: "Полагодити кран, що капає",
            descriptionUK: "Волонтер перевірить кран і замінить прокладку, якщо це можна зробити самому. Нові деталі купуються за Ваші гроші. Якщо треба сантехнік, волонтер допоможе його викликати.",
            titleEN: "Fix a dripping tap",
            descriptionEN: "The volunteer will check the tap and replace the washer if it can be done without a plumber. New parts are bought with your money. If a plumber is needed, the volunteer will help call one."
        ),
        Template(
            category: "repair", minutes: 60,
            titleUK: "Повісити карниз чи полицю",
            descriptionUK: "Волонтер повісить карниз, полицю, дзеркало чи картину. Підготуйте саму річ і кріплення, якщо вони є. Скажіть, де саме її повісити.",
            titleEN: "Put up a curtain rod or shelf",
            descriptionEN: "The volunteer will put up a curtain rod, shelf, mirror or picture. Have the item and its fixings ready, if you have them. Say exactly where it should go."
        ),
        Template(
            category: "repair", minutes: 60,
            titleUK: "Закріпити поручень у ванній",
            descriptionUK: "Волонтер прикрутить поручень біля ванни чи унітазу, щоб Вам було легше вставати. Підготуйте поручень або гроші на нього. Скажіть, чи можна свердлити плитку.",
            titleEN: "Fit a grab rail in the bathroom",
            descriptionEN: "The volunteer will fit a grab rail by the bath or toilet so that it is easier for you to stand up. Have the rail or money for it ready. Say whether the tiles may be drilled."
        ),
        Template(
            category: "repair", minutes: 60,
            titleUK: "Полагодити дверну ручку чи замок",
            descriptionUK: "Волонтер підкрутить або замінить дверну ручку, петлю чи замок, що заїдає. Нову деталь волонтер купить за Ваші гроші.",
            titleEN: "Fix a door handle or lock",
            descriptionEN: "The volunteer will tighten or replace a door handle, hinge or sticking lock. The volunteer will buy any new part with your money."
        ),
        Template(
            category: "repair", minutes: 45,
            titleUK: "Замінити розетку чи вимикач",
            descriptionUK: "Волонтер замінить зламану розетку чи вимикач. Підготуйте нову розетку або гроші на неї. Якщо зламана проводка, потрібен електрик.",
            titleEN: "Replace a socket or switch",
            descriptionEN: "The volunteer will replace a broken socket or light switch. Have a new one or money for it ready. If the wiring is broken, an electrician is needed."
        ),
        Template(
            category: "repair", minutes: 90,
            titleUK: "Утеплити вікна на зиму",
            descriptionUK: "Волонтер заклеїть щілини у вікнах і дверях, щоб не дуло. Підготуйте утеплювач або гроші, щоб його купити.",
            titleEN: "Draught-proof windows for winter",
            descriptionEN: "The volunteer will seal the gaps in your windows and doors to stop draughts. Have draught-proofing tape ready, or money to buy it."
        ),
        Template(
            category: "repair", minutes: 90,
            titleUK: "Зібрати або пересунути меблі",
            descriptionUK: "Волонтер збере нову шафу, стіл чи ліжко або допоможе пересунути меблі. Підготуйте інструкцію до меблів і інструменти, якщо вони є.",
            titleEN: "Assemble or move furniture",
            descriptionEN: "The volunteer will assemble a new wardrobe, table or bed, or help you move furniture. Have the assembly instructions and any tools you have ready."
        ),
        Template(
            category: "other", minutes: 45,
            titleUK: "Налаштувати телефон",
            descriptionUK: "Волонтер налаштує Ваш мобільний: зробить більші літери, запише важливі номери й покаже, як дзвонити. Підготуйте телефон, зарядку та список номерів.",
            titleEN: "Set up a phone",
            descriptionEN: "The volunteer will set up your mobile phone: make the letters bigger, save important numbers and show you how to call. Have the phone, its charger and your list of numbers ready."
        ),
        Template(
            category: "other", minutes: 60,
            titleUK: "Навчити дзвонити з відео",
            descriptionUK: "Волонтер встановить на Ваш телефон Viber чи іншу програму й навчить дзвонити рідним з відео. Підготуйте телефон, зарядку та номери рідних.",
            titleEN: "Learn to make video calls",
            descriptionEN: "The volunteer will install Viber or a similar app on your phone and teach you to make video calls to your family. Have the phone, its charger and your family's numbers ready."
        ),
        Template(
            category: "other", minutes: 45,
            titleUK: "Налаштувати телевізор",
            descriptionUK: "Волонтер налаштує канали на телевізорі чи приставці й покаже, як перемикати їх пультом. Підготуйте пульт та інструкцію, якщо вона є.",
            titleEN: "Set up the TV",
            descriptionEN: "The volunteer will tune the channels on your TV or set-top box and show you how to change them with the remote. Have the remote and the manual, if you have it, ready."
        ),
        Template(
            category: "other", minutes: 45,
            titleUK: "Допомогти замовити довідку",
            descriptionUK: "Волонтер допоможе записатися на прийом або подати заяву на потрібну довідку. Підготуйте паспорт та ідентифікаційний код. Паролі від банку Ви вводите тільки самі.",
            titleEN: "Help order a certificate",
            descriptionEN: "The volunteer will help you book an appointment or apply for the certificate you need. Have your passport and tax ID number ready. Only you type in your bank passwords."
        ),
        Template(
            category: "other", minutes: 120,
            titleUK: "Супроводити до банку чи пошти",
            descriptionUK: "Волонтер піде з Вами до банку, пошти чи Пенсійного фонду й допоможе там. Підготуйте документи, які потрібні для Вашої справи.",
            titleEN: "Go with you to the bank or post office",
            descriptionEN: "The volunteer will go with you to the bank, post office or Pension Fund and help you there. Have the documents you need for your errand ready."
        ),
        Template(
            category: "other", minutes: 60,
            titleUK: "Погуляти разом",
            descriptionUK: "Волонтер погуляє з Вами біля дому чи в парку. Він допоможе спуститися сходами й підтримає під руку. Одягніться за погодою.",
            titleEN: "Go for a walk together",
            descriptionEN: "The volunteer will go for a walk with you near your home or in the park. They will help you on the stairs and give you their arm. Dress for the weather."
        ),
        Template(
            category: "other", minutes: 60,
            titleUK: "Провідати й поговорити",
            descriptionUK: "Волонтер прийде в гості, поговорить з Вами, почитає вголос чи пограє в настільну гру. Нічого готувати не треба.",
            titleEN: "Visit and have a chat",
            descriptionEN: "The volunteer will come to visit, chat with you, read aloud or play a board game. You don't need to prepare anything."
        ),
        Template(
            category: "other", minutes: 45,
            titleUK: "Роздрукувати чи скопіювати документи",
            descriptionUK: "Волонтер роздрукує, скопіює чи відсканує Ваші документи й поверне їх Вам. Підготуйте документи та гроші на друк.",
            titleEN: "Print or copy documents",
            descriptionEN: "The volunteer will print, copy or scan your documents and bring them back to you. Have the documents and money for printing ready."
        ),
    ]
}
