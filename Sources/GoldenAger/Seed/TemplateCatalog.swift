/// The ready-made tasks a pensioner chooses from, per category. Written for Golden Ager
/// (the source had no list): what pensioners most often ask volunteers for.
/// Each task has a text for each side: a description addressed to the pensioner (what the
/// volunteer will do, what to have ready) and one addressed to the volunteer (what to do,
/// what to ask for or bring, what to hand back), both in Ukrainian and English.
struct TemplateSeed: Sendable {
    let category: String      // category slug
    let minutes: Int          // expected duration
    let titleUK: String
    let descriptionUK: String
    let titleEN: String
    let descriptionEN: String
    /// What the volunteer is to do, addressed to them.
    let volunteerUK: String
    /// What the volunteer is to do, addressed to them.
    let volunteerEN: String
}

enum TemplateCatalog {
    static let all: [TemplateSeed] = [
        // MARK: Здоров’я (health)
        TemplateSeed(
            category: "health", minutes: 30,
            titleUK: "Записати до лікаря",
            descriptionUK: "Волонтер запише Вас до сімейного лікаря або до іншого лікаря на зручний день. Підготуйте паспорт та ідентифікаційний код. Скажіть, до якого лікаря Вам треба.",
            titleEN: "Book a doctor's appointment",
            descriptionEN: "The volunteer will book you in with your family doctor or another doctor on a day that suits you. Have your passport and tax ID number ready. Say which doctor you need.",
            volunteerUK: "Запишіть людину до сімейного чи іншого потрібного лікаря на зручний для неї день. Попросіть паспорт та ідентифікаційний код і уточніть, до якого лікаря треба.",
            volunteerEN: "Book the person in with their family doctor or another doctor they need, on a day that suits them. Ask for their passport and tax ID number, and check which doctor they need."
        ),
        TemplateSeed(
            category: "health", minutes: 60,
            titleUK: "Купити ліки за рецептом",
            descriptionUK: "Волонтер купить ліки в аптеці й принесе їх Вам додому. Підготуйте рецепт або номер електронного рецепта з SMS і гроші на ліки. Чек і решту Ви отримаєте разом з ліками.",
            titleEN: "Buy prescription medicine",
            descriptionEN: "The volunteer will buy the medicine at a pharmacy and bring it to your home. Have the prescription or the e-prescription number from the SMS ready, and money for the medicine. You get the receipt and change with it.",
            volunteerUK: "Купіть ліки в аптеці й принесіть їх людині додому. Візьміть рецепт або номер електронного рецепта з SMS і гроші на ліки. Поверніть чек і решту разом з ліками.",
            volunteerEN: "Buy the medicine at a pharmacy and bring it to the person's home. Take the prescription or the e-prescription number from the SMS, and the money for the medicine. Bring back the receipt and change with the medicine."
        ),
        TemplateSeed(
            category: "health", minutes: 60,
            titleUK: "Отримати безкоштовні ліки",
            descriptionUK: "Волонтер отримає в аптеці ліки за програмою «Доступні ліки» і принесе їх Вам. Підготуйте номер електронного рецепта та код з SMS від лікаря. Якщо треба доплатити, дайте гроші.",
            titleEN: "Collect free medicine",
            descriptionEN: "The volunteer will collect your medicine at a pharmacy under the «Affordable Medicines» programme and bring it to you. Have the e-prescription number and the code from your doctor's SMS ready. If there is a part to pay, give the money.",
            volunteerUK: "Отримайте в аптеці ліки за програмою «Доступні ліки» й принесіть їх людині. Візьміть номер електронного рецепта та код з SMS від лікаря, а якщо треба доплатити, то й гроші. Якщо доплачували, поверніть чек і решту.",
            volunteerEN: "Collect the medicine at a pharmacy under the «Affordable Medicines» programme and bring it to the person. Take the e-prescription number and the code from the doctor's SMS, and money if there is a part to pay. If you paid anything, bring back the receipt and change."
        ),
        TemplateSeed(
            category: "health", minutes: 15,
            titleUK: "Викликати лікаря додому",
            descriptionUK: "Волонтер зателефонує до поліклініки й викличе лікаря до Вас додому. Скажіть, що Вас турбує. Підготуйте паспорт, щоб назвати свої дані.",
            titleEN: "Call a doctor to your home",
            descriptionEN: "The volunteer will phone the clinic and ask a doctor to visit you at home. Tell the volunteer what is troubling you. Have your passport ready to give your details.",
            volunteerUK: "Зателефонуйте до поліклініки й викличте лікаря додому до людини. Розпитайте, що її турбує, і попросіть паспорт, щоб назвати її дані.",
            volunteerEN: "Phone the clinic and ask for a doctor to visit the person at home. Ask what is troubling them, and ask for their passport to give their details."
        ),
        TemplateSeed(
            category: "health", minutes: 120,
            titleUK: "Супроводити до поліклініки",
            descriptionUK: "Волонтер прийде по Вас, поїде з Вами до поліклініки чи лікарні й допоможе дорогою назад. Підготуйте паспорт, направлення та медичні папери.",
            titleEN: "Go with you to the clinic",
            descriptionEN: "The volunteer will come for you, go with you to the clinic or hospital and help you on the way back. Have your passport, the referral and your medical papers ready.",
            volunteerUK: "Прийдіть по людину, поїдьте з нею до поліклініки чи лікарні й допоможіть дорогою назад. Нагадайте взяти паспорт, направлення та медичні папери.",
            volunteerEN: "Come for the person, go with them to the clinic or hospital and help them on the way back. Remind them to bring their passport, the referral and their medical papers."
        ),
        TemplateSeed(
            category: "health", minutes: 45,
            titleUK: "Обрати сімейного лікаря",
            descriptionUK: "Волонтер допоможе обрати сімейного лікаря біля дому й підписати з ним декларацію. Підготуйте паспорт та ідентифікаційний код.",
            titleEN: "Choose a family doctor",
            descriptionEN: "The volunteer will help you choose a family doctor near your home and sign up with them. Have your passport and tax ID number ready.",
            volunteerUK: "Допоможіть людині обрати сімейного лікаря біля дому й підписати з ним декларацію. Попросіть паспорт та ідентифікаційний код.",
            volunteerEN: "Help the person choose a family doctor near their home and sign up with them. Ask for their passport and tax ID number."
        ),
        TemplateSeed(
            category: "health", minutes: 45,
            titleUK: "Забрати результати аналізів",
            descriptionUK: "Волонтер забере результати аналізів у лабораторії й принесе їх Вам. Підготуйте квитанцію або номер замовлення з лабораторії.",
            titleEN: "Pick up test results",
            descriptionEN: "The volunteer will pick up your test results at the laboratory and bring them to you. Have the receipt or the order number from the laboratory ready.",
            volunteerUK: "Заберіть результати аналізів у лабораторії й принесіть їх людині. Візьміть квитанцію або номер замовлення з лабораторії.",
            volunteerEN: "Pick up the test results at the laboratory and bring them to the person. Take the receipt or the order number from the laboratory."
        ),
        TemplateSeed(
            category: "health", minutes: 30,
            titleUK: "Розкласти ліки на тиждень",
            descriptionUK: "Волонтер розкладе Ваші таблетки в таблетницю на тиждень, як призначив лікар. Підготуйте ліки й папірець з призначенням лікаря.",
            titleEN: "Sort your pills for the week",
            descriptionEN: "The volunteer will sort your pills into a pill box for the week, as your doctor prescribed. Have your medicine and the doctor's instructions ready.",
            volunteerUK: "Розкладіть таблетки в таблетницю на тиждень точно за призначенням лікаря. Попросіть ліки й папірець з призначенням. Якщо щось незрозуміло, не вгадуйте, а перепитайте в лікаря чи фармацевта.",
            volunteerEN: "Sort the pills into a pill box for the week, exactly as the doctor prescribed. Ask for the medicine and the doctor's instructions. If anything is unclear, don't guess: check with the doctor or pharmacist."
        ),

        // MARK: Рахунки (bills)
        TemplateSeed(
            category: "bills", minutes: 45,
            titleUK: "Оплатити комунальні послуги",
            descriptionUK: "Волонтер оплатить світло, газ, воду й опалення в банку чи на пошті. Підготуйте платіжки та гроші на оплату. Квитанції про оплату Ви отримаєте на руки.",
            titleEN: "Pay utility bills",
            descriptionEN: "The volunteer will pay for your electricity, gas, water and heating at a bank or post office. Have your bills and the money ready. You will get the payment receipts.",
            volunteerUK: "Оплатіть світло, газ, воду й опалення в банку чи на пошті. Візьміть платіжки та гроші на оплату. Поверніть квитанції про оплату й решту.",
            volunteerEN: "Pay the electricity, gas, water and heating bills at a bank or post office. Take the bills and the money. Bring back the payment receipts and change."
        ),
        TemplateSeed(
            category: "bills", minutes: 15,
            titleUK: "Поповнити мобільний",
            descriptionUK: "Волонтер поповнить рахунок Вашого мобільного телефону. Скажіть номер і суму та дайте гроші. Вам прийде SMS, що гроші надійшли.",
            titleEN: "Top up a mobile phone",
            descriptionEN: "The volunteer will top up your mobile phone. Say the number and the amount, and give the money. You will get an SMS when the money arrives.",
            volunteerUK: "Поповніть рахунок мобільного телефону людини. Уточніть номер і суму та візьміть гроші. Переконайтеся разом з людиною, що прийшло SMS про поповнення.",
            volunteerEN: "Top up the person's mobile phone. Check the number and the amount, and take the money. Make sure together with them that the top-up SMS has arrived."
        ),
        TemplateSeed(
            category: "bills", minutes: 30,
            titleUK: "Передати показники лічильників",
            descriptionUK: "Волонтер перепише показники лічильників світла, газу й води та передасть їх постачальникам. Підготуйте платіжки: на них є номери Ваших рахунків.",
            titleEN: "Read and send meter readings",
            descriptionEN: "The volunteer will read your electricity, gas and water meters and send the readings to the suppliers. Have your bills ready: they show your account numbers.",
            volunteerUK: "Перепишіть показники лічильників світла, газу й води та передайте їх постачальникам. Номери особових рахунків візьміть з платіжок.",
            volunteerEN: "Read the electricity, gas and water meters and send the readings to the suppliers. Take the account numbers from the bills."
        ),
        TemplateSeed(
            category: "bills", minutes: 30,
            titleUK: "Перевірити борги за комунальні",
            descriptionUK: "Волонтер перевірить, чи немає у Вас боргів за світло, газ, воду чи квартплату, і пояснить, що треба оплатити. Підготуйте останні платіжки.",
            titleEN: "Check for unpaid utility bills",
            descriptionEN: "The volunteer will check whether you owe anything for electricity, gas, water or rent, and explain what needs paying. Have your latest bills ready.",
            volunteerUK: "Перевірте, чи немає в людини боргів за світло, газ, воду чи квартплату, і поясніть, що треба оплатити. Попросіть останні платіжки.",
            volunteerEN: "Check whether the person owes anything for electricity, gas, water or rent, and explain what needs paying. Ask for their latest bills."
        ),
        TemplateSeed(
            category: "bills", minutes: 60,
            titleUK: "Оформити субсидію",
            descriptionUK: "Волонтер допоможе заповнити й подати заяву на субсидію. Підготуйте паспорт, ідентифікаційний код, пенсійне посвідчення та останні платіжки.",
            titleEN: "Apply for a housing subsidy",
            descriptionEN: "The volunteer will help you fill in and send the application for a housing subsidy. Have your passport, tax ID number, pension certificate and latest bills ready.",
            volunteerUK: "Допоможіть людині заповнити й подати заяву на субсидію. Попросіть паспорт, ідентифікаційний код, пенсійне посвідчення та останні платіжки.",
            volunteerEN: "Help the person fill in and send the application for a housing subsidy. Ask for their passport, tax ID number, pension certificate and latest bills."
        ),
        TemplateSeed(
            category: "bills", minutes: 45,
            titleUK: "Дізнатися про пенсію",
            descriptionUK: "Волонтер допоможе дізнатися в Пенсійному фонді розмір пенсії, доплати чи перерахунок. Підготуйте паспорт, ідентифікаційний код і пенсійне посвідчення.",
            titleEN: "Ask about your pension",
            descriptionEN: "The volunteer will help you find out from the Pension Fund your pension amount, extra payments or a recalculation. Have your passport, tax ID number and pension certificate ready.",
            volunteerUK: "Допоможіть людині дізнатися в Пенсійному фонді розмір пенсії, доплати чи перерахунок. Попросіть паспорт, ідентифікаційний код і пенсійне посвідчення.",
            volunteerEN: "Help the person find out from the Pension Fund their pension amount, extra payments or a recalculation. Ask for their passport, tax ID number and pension certificate."
        ),
        TemplateSeed(
            category: "bills", minutes: 30,
            titleUK: "Оплатити інтернет і телебачення",
            descriptionUK: "Волонтер оплатить Ваш домашній інтернет, телебачення чи стаціонарний телефон. Підготуйте договір або рахунок і гроші на оплату. Квитанцію Ви отримаєте.",
            titleEN: "Pay for internet and TV",
            descriptionEN: "The volunteer will pay for your home internet, TV or landline. Have the contract or the bill and the money ready. You will get the receipt.",
            volunteerUK: "Оплатіть домашній інтернет, телебачення чи стаціонарний телефон людини. Візьміть договір або рахунок і гроші на оплату. Поверніть квитанцію й решту.",
            volunteerEN: "Pay for the person's home internet, TV or landline. Take the contract or the bill and the money. Bring back the receipt and change."
        ),

        // MARK: Доставка (delivery)
        TemplateSeed(
            category: "delivery", minutes: 60,
            titleUK: "Доставити продукти",
            descriptionUK: "Волонтер купить продукти за Вашим списком і принесе їх додому. Підготуйте список і гроші на покупки. Чек і решту Ви отримаєте разом з продуктами.",
            titleEN: "Deliver groceries",
            descriptionEN: "The volunteer will buy groceries from your list and bring them to your home. Have the list and money for the shopping ready. You get the receipt and change with the groceries.",
            volunteerUK: "Купіть продукти за списком і принесіть їх людині додому. Візьміть список і гроші на покупки. Поверніть чек і решту разом з продуктами.",
            volunteerEN: "Buy the groceries on the list and bring them to the person's home. Take the list and the money for the shopping. Bring back the receipt and change with the groceries."
        ),
        TemplateSeed(
            category: "delivery", minutes: 30,
            titleUK: "Принести питну воду",
            descriptionUK: "Волонтер купить питну воду й занесе її до квартири. Скажіть, скільки пляшок треба, і підготуйте гроші.",
            titleEN: "Bring drinking water",
            descriptionEN: "The volunteer will buy drinking water and carry it into your home. Say how many bottles you need and have the money ready.",
            volunteerUK: "Купіть питну воду й занесіть її до квартири. Уточніть, скільки пляшок треба, і візьміть гроші. Поверніть чек і решту.",
            volunteerEN: "Buy drinking water and carry it into the person's home. Check how many bottles they need and take the money. Bring back the receipt and change."
        ),
        TemplateSeed(
            category: "delivery", minutes: 45,
            titleUK: "Купити засоби гігієни",
            descriptionUK: "Волонтер купить мило, пральний порошок, папір чи підгузки для дорослих за Вашим списком. Підготуйте список і гроші. Чек і решту Ви отримаєте.",
            titleEN: "Buy toiletries and household goods",
            descriptionEN: "The volunteer will buy soap, washing powder, toilet paper or adult nappies from your list. Have the list and the money ready. You get the receipt and change.",
            volunteerUK: "Купіть мило, пральний порошок, туалетний папір чи підгузки для дорослих за списком. Візьміть список і гроші. Поверніть чек і решту.",
            volunteerEN: "Buy soap, washing powder, toilet paper or adult nappies from the list. Take the list and the money. Bring back the receipt and change."
        ),
        TemplateSeed(
            category: "delivery", minutes: 45,
            titleUK: "Отримати посилку на пошті",
            descriptionUK: "Волонтер забере Вашу посилку на пошті й принесе її додому. Скажіть номер посилки та код з SMS. Якщо посилку треба оплатити, підготуйте гроші.",
            titleEN: "Collect a parcel from the post office",
            descriptionEN: "The volunteer will collect your parcel from the post office and bring it home. Tell them the parcel number and the code from the SMS. If the parcel must be paid for, have the money ready.",
            volunteerUK: "Заберіть посилку на пошті й принесіть її людині додому. Попросіть номер посилки та код з SMS. Якщо посилку треба оплатити, візьміть гроші й поверніть чек і решту.",
            volunteerEN: "Collect the parcel from the post office and bring it to the person's home. Ask for the parcel number and the code from the SMS. If the parcel must be paid for, take the money and bring back the receipt and change."
        ),
        TemplateSeed(
            category: "delivery", minutes: 45,
            titleUK: "Відправити посилку чи лист",
            descriptionUK: "Волонтер забере у Вас посилку чи лист і відправить поштою. Підготуйте адресу й телефон отримувача та гроші на доставку. Квитанцію Ви отримаєте.",
            titleEN: "Send a parcel or letter",
            descriptionEN: "The volunteer will take your parcel or letter and send it by post. Have the recipient's address and phone number and money for postage ready. You will get the receipt.",
            volunteerUK: "Заберіть у людини посилку чи лист і відправте поштою. Візьміть адресу й телефон отримувача та гроші на доставку. Поверніть квитанцію й решту.",
            volunteerEN: "Take the parcel or letter from the person and send it by post. Take the recipient's address and phone number and money for postage. Bring back the receipt and change."
        ),
        TemplateSeed(
            category: "delivery", minutes: 90,
            titleUK: "Отримати гуманітарну допомогу",
            descriptionUK: "Волонтер отримає для Вас продуктовий чи гігієнічний набір у пункті видачі й принесе додому. Підготуйте паспорт та ідентифікаційний код, можуть знадобитися їх копії.",
            titleEN: "Collect humanitarian aid",
            descriptionEN: "The volunteer will collect a food or hygiene kit for you at the aid point and bring it home. Have your passport and tax ID number ready; copies may be needed.",
            volunteerUK: "Отримайте для людини продуктовий чи гігієнічний набір у пункті видачі й принесіть їй додому. Попросіть паспорт та ідентифікаційний код; можуть знадобитися їх копії.",
            volunteerEN: "Collect a food or hygiene kit for the person at the aid point and bring it to their home. Ask for their passport and tax ID number; copies may be needed."
        ),
        TemplateSeed(
            category: "delivery", minutes: 45,
            titleUK: "Забрати речі з ремонту",
            descriptionUK: "Волонтер забере Ваші речі з ремонту взуття, годинників чи з хімчистки й принесе їх додому. Підготуйте квитанцію та гроші на оплату.",
            titleEN: "Pick up items from a repair shop",
            descriptionEN: "The volunteer will pick up your things from the shoe or watch repair shop or the dry cleaner's and bring them home. Have the receipt and the money to pay ready.",
            volunteerUK: "Заберіть речі з ремонту взуття, годинників чи з хімчистки й принесіть їх людині додому. Візьміть квитанцію та гроші на оплату. Поверніть чек і решту.",
            volunteerEN: "Pick up the things from the shoe or watch repair shop or the dry cleaner's and bring them to the person's home. Take the repair receipt and the money to pay. Bring back the payment receipt and change."
        ),

        // MARK: Хатня робота (housework)
        TemplateSeed(
            category: "housework", minutes: 120,
            titleUK: "Прибрати квартиру",
            descriptionUK: "Волонтер помиє підлогу, витре пил і прибере на кухні та у ванній. Підготуйте засоби для прибирання, ганчірки й відро.",
            titleEN: "Clean the flat",
            descriptionEN: "The volunteer will wash the floors, dust, and clean the kitchen and bathroom. Have cleaning products, cloths and a bucket ready.",
            volunteerUK: "Помийте підлогу, витріть пил і приберіть на кухні та у ванній. Скористайтеся засобами для прибирання, ганчірками й відром людини. Спитайте, чого не варто чіпати чи переставляти.",
            volunteerEN: "Wash the floors, dust, and clean the kitchen and bathroom. Use the person's cleaning products, cloths and bucket. Ask what should not be touched or moved."
        ),
        TemplateSeed(
            category: "housework", minutes: 15,
            titleUK: "Винести сміття",
            descriptionUK: "Волонтер винесе сміття й непотрібні речі до смітника. Якщо можете, зберіть сміття в пакети заздалегідь.",
            titleEN: "Take out the rubbish",
            descriptionEN: "The volunteer will take your rubbish and unwanted things to the bins. If you can, put the rubbish into bags beforehand.",
            volunteerUK: "Винесіть сміття й непотрібні речі до смітника. Перш ніж щось викинути, перепитайте, чи це справді не потрібно.",
            volunteerEN: "Take the rubbish and unwanted things to the bins. Before throwing anything out, check with the person that it really isn't needed."
        ),
        TemplateSeed(
            category: "housework", minutes: 30,
            titleUK: "Вигуляти собаку",
            descriptionUK: "Волонтер погуляє з Вашим собакою біля будинку. Підготуйте повідець, намордник, якщо він потрібен, і пакети, щоб прибрати за собакою.",
            titleEN: "Walk the dog",
            descriptionEN: "The volunteer will walk your dog near your home. Have the lead ready, a muzzle if needed, and bags to clean up after the dog.",
            volunteerUK: "Погуляйте із собакою людини біля будинку. Візьміть повідець, намордник, якщо він потрібен, і пакети, щоб прибрати за собакою.",
            volunteerEN: "Walk the person's dog near their home. Take the lead, a muzzle if needed, and bags to clean up after the dog."
        ),
        TemplateSeed(
            category: "housework", minutes: 90,
            titleUK: "Помити вікна",
            descriptionUK: "Волонтер помиє вікна всередині та ззовні там, де це безпечно. Підготуйте засіб для скла й ганчірки.",
            titleEN: "Wash the windows",
            descriptionEN: "The volunteer will wash the windows inside, and outside where it is safe. Have glass cleaner and cloths ready.",
            volunteerUK: "Помийте вікна всередині, а ззовні лише там, де це безпечно. Не ставайте на підвіконня й не перехиляйтеся через раму. Скористайтеся засобом для скла й ганчірками людини.",
            volunteerEN: "Wash the windows inside, and outside only where it is safe. Don't stand on the sill or lean out of the window. Use the person's glass cleaner and cloths."
        ),
        TemplateSeed(
            category: "housework", minutes: 90,
            titleUK: "Випрати й попрасувати білизну",
            descriptionUK: "Волонтер запустить пральну машину, розвісить білизну й попрасує сухі речі. Підготуйте пральний порошок і праску.",
            titleEN: "Do the washing and ironing",
            descriptionEN: "The volunteer will run the washing machine, hang the washing up and iron the dry clothes. Have washing powder and an iron ready.",
            volunteerUK: "Запустіть пральну машину, розвісьте білизну й попрасуйте сухі речі. Скористайтеся пральним порошком і праскою людини.",
            volunteerEN: "Run the washing machine, hang the washing up and iron the dry clothes. Use the person's washing powder and iron."
        ),
        TemplateSeed(
            category: "housework", minutes: 90,
            titleUK: "Приготувати їжу",
            descriptionUK: "Волонтер приготує просту страву з Ваших продуктів, наприклад суп чи кашу, на кілька днів. Підготуйте продукти й скажіть, що хочете.",
            titleEN: "Cook a meal",
            descriptionEN: "The volunteer will cook a simple dish from your food, such as soup or porridge, for a few days. Have the food ready and say what you would like.",
            volunteerUK: "Приготуйте просту страву з продуктів людини, наприклад суп чи кашу, на кілька днів. Спитайте, що вона хоче і чого їй не можна їсти.",
            volunteerEN: "Cook a simple dish from the person's food, such as soup or porridge, for a few days. Ask what they would like and whether there is anything they must not eat."
        ),
        TemplateSeed(
            category: "housework", minutes: 120,
            titleUK: "Допомогти на городі",
            descriptionUK: "Волонтер допоможе на городі чи в садку: прополоти, полити, зібрати врожай. Підготуйте інструменти: сапу, лійку, відра.",
            titleEN: "Help in the garden",
            descriptionEN: "The volunteer will help in your vegetable garden or orchard: weeding, watering, picking the harvest. Have the tools ready: a hoe, a watering can, buckets.",
            volunteerUK: "Допоможіть на городі чи в садку: прополіть, полийте, зберіть урожай. Скористайтеся інструментами людини: сапою, лійкою, відрами.",
            volunteerEN: "Help in the vegetable garden or orchard: weed, water, pick the harvest. Use the person's tools: a hoe, a watering can, buckets."
        ),

        // MARK: Ремонт (repair)
        TemplateSeed(
            category: "repair", minutes: 15,
            titleUK: "Замінити лампочку",
            descriptionUK: "Волонтер замінить перегорілу лампочку в люстрі чи світильнику. Підготуйте нову лампочку. Якщо її немає, волонтер купить її за Ваші гроші.",
            titleEN: "Change a light bulb",
            descriptionEN: "The volunteer will replace a dead light bulb in a ceiling light or lamp. Have a new bulb ready. If you have none, the volunteer will buy one with your money.",
            volunteerUK: "Замініть перегорілу лампочку в люстрі чи світильнику, спершу вимкнувши світло. Якщо нової лампочки немає, купіть її за гроші людини й поверніть чек і решту.",
            volunteerEN: "Replace the dead bulb in the ceiling light or lamp; switch the light off first. If there is no new bulb, buy one with the person's money and bring back the receipt and change."
        ),
        TemplateSeed(
            category: "repair", minutes: 60,
            titleUK: "Полагодити кран, що капає",
            descriptionUK: "Волонтер перевірить кран і замінить прокладку, якщо це можна зробити самому. Нові деталі купуються за Ваші гроші. Якщо треба сантехнік, волонтер допоможе його викликати.",
            titleEN: "Fix a dripping tap",
            descriptionEN: "The volunteer will check the tap and replace the washer if it can be done without a plumber. New parts are bought with your money. If a plumber is needed, the volunteer will help call one.",
            volunteerUK: "Перевірте кран і замініть прокладку, якщо це можна зробити без сантехніка; спершу перекрийте воду. Нові деталі купуйте за гроші людини й повертайте чек і решту. Якщо потрібен сантехнік, допоможіть його викликати.",
            volunteerEN: "Check the tap and replace the washer if it can be done without a plumber; turn the water off first. Buy any new parts with the person's money and bring back the receipt and change. If a plumber is needed, help call one."
        ),
        TemplateSeed(
            category: "repair", minutes: 60,
            titleUK: "Повісити карниз чи полицю",
            descriptionUK: "Волонтер повісить карниз, полицю, дзеркало чи картину. Підготуйте саму річ і кріплення, якщо вони є. Скажіть, де саме її повісити.",
            titleEN: "Put up a curtain rod or shelf",
            descriptionEN: "The volunteer will put up a curtain rod, shelf, mirror or picture. Have the item and its fixings ready, if you have them. Say exactly where it should go.",
            volunteerUK: "Повісьте карниз, полицю, дзеркало чи картину. Попросіть саму річ і кріплення, якщо вони є, та уточніть, де саме її повісити. Перш ніж свердлити, переконайтеся, що в стіні немає проводки.",
            volunteerEN: "Put up the curtain rod, shelf, mirror or picture. Ask for the item and its fixings, if there are any, and check exactly where it should go. Before drilling, make sure there are no wires in the wall."
        ),
        TemplateSeed(
            category: "repair", minutes: 60,
            titleUK: "Закріпити поручень у ванній",
            descriptionUK: "Волонтер прикрутить поручень біля ванни чи унітазу, щоб Вам було легше вставати. Підготуйте поручень або гроші на нього. Скажіть, чи можна свердлити плитку.",
            titleEN: "Fit a grab rail in the bathroom",
            descriptionEN: "The volunteer will fit a grab rail by the bath or toilet so that it is easier for you to stand up. Have the rail or money for it ready. Say whether the tiles may be drilled.",
            volunteerUK: "Прикрутіть поручень біля ванни чи унітазу, щоб людині було легше вставати. Якщо поручня немає, купіть його за гроші людини й поверніть чек і решту. Спитайте, чи можна свердлити плитку.",
            volunteerEN: "Fit a grab rail by the bath or toilet so that it is easier for the person to stand up. If there is no rail, buy one with their money and bring back the receipt and change. Ask whether the tiles may be drilled."
        ),
        TemplateSeed(
            category: "repair", minutes: 60,
            titleUK: "Полагодити дверну ручку чи замок",
            descriptionUK: "Волонтер підкрутить або замінить дверну ручку, петлю чи замок, що заїдає. Нову деталь волонтер купить за Ваші гроші.",
            titleEN: "Fix a door handle or lock",
            descriptionEN: "The volunteer will tighten or replace a door handle, hinge or sticking lock. The volunteer will buy any new part with your money.",
            volunteerUK: "Підкрутіть або замініть дверну ручку, петлю чи замок, що заїдає. Нову деталь купіть за гроші людини й поверніть чек і решту.",
            volunteerEN: "Tighten or replace the door handle, hinge or sticking lock. Buy any new part with the person's money and bring back the receipt and change."
        ),
        TemplateSeed(
            category: "repair", minutes: 45,
            titleUK: "Замінити розетку чи вимикач",
            descriptionUK: "Волонтер замінить зламану розетку чи вимикач. Підготуйте нову розетку або гроші на неї. Якщо зламана проводка, потрібен електрик.",
            titleEN: "Replace a socket or switch",
            descriptionEN: "The volunteer will replace a broken socket or light switch. Have a new one or money for it ready. If the wiring is broken, an electrician is needed.",
            volunteerUK: "Замініть зламану розетку чи вимикач, спершу вимкнувши автомат у щитку. Якщо нової немає, купіть її за гроші людини й поверніть чек і решту. Якщо зламана проводка, не беріться самі: потрібен електрик.",
            volunteerEN: "Replace the broken socket or light switch; switch off the circuit breaker first. If there is no new one, buy it with the person's money and bring back the receipt and change. If the wiring is broken, don't attempt it: an electrician is needed."
        ),
        TemplateSeed(
            category: "repair", minutes: 90,
            titleUK: "Утеплити вікна на зиму",
            descriptionUK: "Волонтер заклеїть щілини у вікнах і дверях, щоб не дуло. Підготуйте утеплювач або гроші, щоб його купити.",
            titleEN: "Draught-proof windows for winter",
            descriptionEN: "The volunteer will seal the gaps in your windows and doors to stop draughts. Have draught-proofing tape ready, or money to buy it.",
            volunteerUK: "Заклейте щілини у вікнах і дверях, щоб не дуло. Якщо утеплювача немає, купіть його за гроші людини й поверніть чек і решту.",
            volunteerEN: "Seal the gaps in the windows and doors to stop draughts. If there is no draught-proofing tape, buy some with the person's money and bring back the receipt and change."
        ),
        TemplateSeed(
            category: "repair", minutes: 90,
            titleUK: "Зібрати або пересунути меблі",
            descriptionUK: "Волонтер збере нову шафу, стіл чи ліжко або допоможе пересунути меблі. Підготуйте інструкцію до меблів і інструменти, якщо вони є.",
            titleEN: "Assemble or move furniture",
            descriptionEN: "The volunteer will assemble a new wardrobe, table or bed, or help you move furniture. Have the assembly instructions and any tools you have ready.",
            volunteerUK: "Зберіть нову шафу, стіл чи ліжко або допоможіть пересунути меблі. Попросіть інструкцію до меблів та інструменти, які є в людини; якщо можете, візьміть і свої.",
            volunteerEN: "Assemble the new wardrobe, table or bed, or help move furniture. Ask for the assembly instructions and any tools the person has; bring your own if you can."
        ),

        // MARK: Інше (other)
        TemplateSeed(
            category: "other", minutes: 45,
            titleUK: "Налаштувати телефон",
            descriptionUK: "Волонтер налаштує Ваш мобільний: зробить більші літери, запише важливі номери й покаже, як дзвонити. Підготуйте телефон, зарядку та список номерів.",
            titleEN: "Set up a phone",
            descriptionEN: "The volunteer will set up your mobile phone: make the letters bigger, save important numbers and show you how to call. Have the phone, its charger and your list of numbers ready.",
            volunteerUK: "Налаштуйте мобільний людини: збільште літери, збережіть важливі номери й покажіть, як дзвонити. Попросіть телефон, зарядку та список номерів.",
            volunteerEN: "Set up the person's mobile phone: make the letters bigger, save important numbers and show them how to call. Ask for the phone, its charger and their list of numbers."
        ),
        TemplateSeed(
            category: "other", minutes: 60,
            titleUK: "Навчити дзвонити з відео",
            descriptionUK: "Волонтер встановить на Ваш телефон Viber чи іншу програму й навчить дзвонити рідним з відео. Підготуйте телефон, зарядку та номери рідних.",
            titleEN: "Learn to make video calls",
            descriptionEN: "The volunteer will install Viber or a similar app on your phone and teach you to make video calls to your family. Have the phone, its charger and your family's numbers ready.",
            volunteerUK: "Встановіть на телефон людини Viber чи іншу програму й навчіть її дзвонити рідним з відео. Попросіть телефон, зарядку та номери рідних.",
            volunteerEN: "Install Viber or a similar app on the person's phone and teach them to make video calls to their family. Ask for the phone, its charger and their family's numbers."
        ),
        TemplateSeed(
            category: "other", minutes: 45,
            titleUK: "Налаштувати телевізор",
            descriptionUK: "Волонтер налаштує канали на телевізорі чи приставці й покаже, як перемикати їх пультом. Підготуйте пульт та інструкцію, якщо вона є.",
            titleEN: "Set up the TV",
            descriptionEN: "The volunteer will tune the channels on your TV or set-top box and show you how to change them with the remote. Have the remote and the manual, if you have it, ready.",
            volunteerUK: "Налаштуйте канали на телевізорі чи приставці й покажіть, як перемикати їх пультом. Попросіть пульт та інструкцію, якщо вона є.",
            volunteerEN: "Tune the channels on the TV or set-top box and show the person how to change them with the remote. Ask for the remote and the manual, if there is one."
        ),
        TemplateSeed(
            category: "other", minutes: 45,
            titleUK: "Допомогти замовити довідку",
            descriptionUK: "Волонтер допоможе записатися на прийом або подати заяву на потрібну довідку. Підготуйте паспорт та ідентифікаційний код. Паролі від банку Ви вводите тільки самі.",
            titleEN: "Help order a certificate",
            descriptionEN: "The volunteer will help you book an appointment or apply for the certificate you need. Have your passport and tax ID number ready. Only you type in your bank passwords.",
            volunteerUK: "Допоможіть людині записатися на прийом або подати заяву на потрібну довідку. Попросіть паспорт та ідентифікаційний код. Ніколи не питайте й не вводьте паролі від банку чи ПІН-коди карток: їх людина вводить тільки сама.",
            volunteerEN: "Help the person book an appointment or apply for the certificate they need. Ask for their passport and tax ID number. Never ask for or type in bank passwords or card PINs: only the person types them in."
        ),
        TemplateSeed(
            category: "other", minutes: 120,
            titleUK: "Супроводити до банку чи пошти",
            descriptionUK: "Волонтер піде з Вами до банку, пошти чи Пенсійного фонду й допоможе там. Підготуйте документи, які потрібні для Вашої справи.",
            titleEN: "Go with you to the bank or post office",
            descriptionEN: "The volunteer will go with you to the bank, post office or Pension Fund and help you there. Have the documents you need for your errand ready.",
            volunteerUK: "Підіть з людиною до банку, пошти чи Пенсійного фонду й допоможіть їй там. Нагадайте взяти документи, потрібні для її справи. ПІН-код картки людина вводить тільки сама, тож ніколи не питайте його.",
            volunteerEN: "Go with the person to the bank, post office or Pension Fund and help them there. Remind them to bring the documents they need for their errand. Only the person enters their card PIN, so never ask for it."
        ),
        TemplateSeed(
            category: "other", minutes: 60,
            titleUK: "Погуляти разом",
            descriptionUK: "Волонтер погуляє з Вами біля дому чи в парку. Він допоможе спуститися сходами й підтримає під руку. Одягніться за погодою.",
            titleEN: "Go for a walk together",
            descriptionEN: "The volunteer will go for a walk with you near your home or in the park. They will help you on the stairs and give you their arm. Dress for the weather.",
            volunteerUK: "Погуляйте з людиною біля дому чи в парку. Допоможіть їй спуститися сходами й підтримуйте під руку. Нагадайте одягнутися за погодою.",
            volunteerEN: "Go for a walk with the person near their home or in the park. Help them on the stairs and give them your arm. Remind them to dress for the weather."
        ),
        TemplateSeed(
            category: "other", minutes: 60,
            titleUK: "Провідати й поговорити",
            descriptionUK: "Волонтер прийде в гості, поговорить з Вами, почитає вголос чи пограє в настільну гру. Нічого готувати не треба.",
            titleEN: "Visit and have a chat",
            descriptionEN: "The volunteer will come to visit, chat with you, read aloud or play a board game. You don't need to prepare anything.",
            volunteerUK: "Прийдіть у гості, поговоріть з людиною, почитайте вголос чи пограйте в настільну гру. Людині нічого не треба готувати; можете взяти з собою книжку чи гру.",
            volunteerEN: "Come to visit, chat with the person, read aloud or play a board game. They don't need to prepare anything; you may bring a book or a game."
        ),
        TemplateSeed(
            category: "other", minutes: 45,
            titleUK: "Роздрукувати чи скопіювати документи",
            descriptionUK: "Волонтер роздрукує, скопіює чи відсканує Ваші документи й поверне їх Вам. Підготуйте документи та гроші на друк.",
            titleEN: "Print or copy documents",
            descriptionEN: "The volunteer will print, copy or scan your documents and bring them back to you. Have the documents and money for printing ready.",
            volunteerUK: "Роздрукуйте, скопіюйте чи відскануйте документи й поверніть людині оригінали разом з копіями. Візьміть документи та гроші на друк. Поверніть чек і решту.",
            volunteerEN: "Print, copy or scan the documents and give the originals back to the person along with the copies. Take the documents and the money for printing. Bring back the receipt and change."
        ),
    ]
}
