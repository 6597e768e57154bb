/**
 * Knowledge of Somali names: the spellings under which one name is written (Somali orthography
 * first, then English, Italian and Arabic-derived spellings, then Arabic script). Spelling rules
 * (spelling.ts) fold most variation; this list holds what only knowledge can: that Mohamed and
 * Maxamed are one name and Mahmoud another, that Omar is Cumar and not Caamir.
 *
 * It is a list of names as Somalis write them, not of any test data: add a name with all the
 * spellings a bank's customer file may hold. Names one slip of the hand from a common name
 * (Caabid and Cabdi, Saara and Sahra, Yaasmiin and Yaasiin) belong here above all: a name the
 * list knows is never taken for a typo of another.
 */

const GROUPS = `
Maxamed Mohamed Mohammed Muhammad Mohamad Mohammad Mahamed Muhamed Mahammed Mohamet Mahamad Muxumed Maxammed محمد
Maxamuud Mahmoud Mahmud Mohamud Mohamoud Mahamud Mahamoud Maxmuud Mohmud Mahmood محمود
Axmed Ahmed Ahmad Axmad Ahmet Achmed Ehmed أحمد احمد
Cali Ali Aly Caali Alee علي
Cilmi Ilmi Elmi Cilmiye علمي
Xasan Hassan Hasan Xassan Hassen Hasen Hasaan حسن
Xuseen Hussein Husein Hussain Husain Husen Xusseen Hossein Hussien Huseen حسين
Cumar Omar Omer Umar Umer Omaar Cumaar عمر
Caamir Amir Aamir Amiir Ameer عامر
Cismaan Osman Usman Othman Uthman Cusmaan Osmaan Usmaan Ismaan Cusman عثمان
Yuusuf Yusuf Yousef Yousuf Youssef Yusef Yosef Yussuf Yousif يوسف
Yaasiin Yasin Yassin Yaseen Yassine Yasiin Yassiin ياسين
Ibraahim Ibrahim Ebrahim Ibrahiim Ibraahin Ebrahiim Ibraaheem Ibrahin إبراهيم ابراهيم
Ismaaciil Ismail Ismaaiil Ismacil Esmail Ismael Ismaciil إسماعيل اسماعيل
Muuse Musa Moussa Mousa Muse Moosa Musse موسى
Ciise Isse Issa Isa Eisa Cise Esa Iise Ise عيسى
Idiris Idris Edris Idriis Idiriis Edriss Idiiris إدريس ادريس
Aadan Adan Aden Adam Aadam آدم ادم
Nuux Nuh Noah Nooh نوح
Nuur Nur Noor Nour Nuura Nura نور
Faarax Farah Faraah Farax Faraax فرح
Farxaan Farhan Farhaan Farxan فرحان
Jaamac Jama Jamac Jaama Jaamaac Jamaac جامع
Cabdi Abdi Abdie Abdy Cabdiy عبدي
Cabdulle Abdulle Abdule Abdulleh Cabdule
Siyaad Siad Siyad Siiyaad Siyaat سياد
Saciid Said Saeed Saiid Saied Sacid Saciid سعيد
Daahir Dahir Daher Tahir Taher Dhahir Daahir طاهر ظاهر
Xirsi Hirsi Hersi Xersi Hirsiy Hirse
Xaashi Hashi Haashi Hachi Xashi هاشي
Xaashim Hashim Hashem Haashim هاشم
Xaamid Hamid Hamed Haamid Xamid Haamed حامد
Xamza Hamza Hamse Hamsa Xamse Hamzah Hamze حمزة
Xamdi Hamdi Hamdii Xamdii Hamdiya حمدي
Geedi Gedi Geddi Gaydi Geedy
Guuleed Guled Gulled Guleed Guuled Gulaid
Kaahin Kahin Kaahiin Kaahen
Rooble Roble Robleh Roobleh Robley
Shiire Shire Shiireh Shireh
Warsame Warsama Warsameh Warsamey
Ducaale Duale Dualeh Ducale Duaale Ducaaleh
Cawil Awil Awiil Cawiil Cawill
Khaliif Khalif Halif Kalif Khalef Khaliif
Shariif Sharif Shareef Shariff شريف
Xaaji Haji Hajji Xaji Haaji حاجي
Yoonis Yonis Younis Yunis Yunus Younes يونس
Ayuub Ayub Ayoub Ayyub أيوب
Bashiir Bashir Basheer Bashiir بشير
Mukhtaar Mukhtar Muktar Mukhtaar مختار
Mustafe Mustafa Mustapha Mustefe مصطفى
Saalax Salah Saalah Salax
Sulaymaan Suleiman Sulaiman Suleyman Sulayman Suleman Suleiman سليمان
Daauud Dawud Daud Dawood Dawuud Daa'uud داود
Khadar Kadar Qadar Khader خضر
Faysal Faisal Feisal Faysal فيصل
Jibriil Jibril Jibreel جبريل
Naasir Nasir Naser Nasser Nasir ناصر
Qaasim Kassim Qasim Gasim Kasim قاسم
Sakariye Zakaria Zakariya Sakariya Zakariye Zakariyya زكريا
Yaxye Yahya Yahye Yahyaa يحيى
Luqmaan Luqman Lukman Lukmaan لقمان
Mahad Mahat Mahaad
Liibaan Liban Libaan Leban
Cigaal Egal Igal Igaal
Samatar Samater Samatar
Salaad Salad Salaat
Barre Bare Barreh
Bile Biile Bille
Faadumo Fadumo Fatuma Fatima Faduma Fatumo Fadma Faadima فاطمة
Xaliimo Halimo Halima Xaliima Haliimo Haleema حليمة
Khadiija Khadija Khadijo Hadija Kadija Khadiijo Hadijo خديجة
Caasha Aisha Ayesha Asha Aysha Caa'isha Caaisha عائشة
Maryan Maryam Mariam Mariyam Maryama Mariyan مريم
Amiina Amina Aminah Amiino Ameena Aamina أمينة
Naciimo Naima Naimo Naciima Nacima Naeema Naciima نعيمة
Nimco Nimo Nimca Nimcaan Nima نعمة
Sahra Sahro Zahra Zahro Saxra زهرة
Hodan Hoodan Hodon
Ayaan Ayan Ayaana
Sucaad Suad Suaad Sucad Soad Suaado سعاد
Ubax Ubah Ubaax
Ruqiya Ruqia Rukia Rukiya Ruqiyo Ruqaya Ruqayya رقية
Safiya Safia Safiyo Safiyya Safiyyah Saafiya صفية
Deeqa Deka Deqa Diiqa Deeqo
Qamar Kamar Qamaro Kamaro قمر
Ilhaan Ilhan Ilhaam
Istaahil Istahil Istaxil
Cawo Awo Caawo Aawo
Fowsiya Fawzia Fowzia Fowsia Fawsiya Fawziya فوزية
Ifraax Ifrah Ifraah Ifrax
Kowsar Kawsar Kausar Kowthar كوثر
Sumaya Sumaia Sumeya Sumaiya Sumayya سمية
Samsam Zamzam Samsan
Xaawo Hawo Hawa Xaawa Haawo حواء
Ikraan Ikran Ikram
Sacdiya Sadia Saadia Sadiya Sacdiyo سعدية
Nuurto Nurto Nuurta
Samiira Samira Sameera سميرة
Nasteexo Nasteho Nastexo
Ladan Laadan
Sagal Saagal
Idil Iidil
Muna Muuna منى
Caabid Abid Aabid Abed عابد
Jamaal Jamal Jamaal Gamal جمال
Saara Sara Sarah Saarah سارة
Xasna Hasna Hesna Xusna حسناء
Hudo Huda Hoda Houda Xuda هدى
Yaasmiin Yasmin Yasmine Yasmeen Yasmiin ياسمين
`;

/**
 * The names that follow Cabdi- in compound names (the names of God: Cabdiraxmaan is "servant of
 * the Merciful"), by consonant skeleton, so that Cabdi Raxmaan, Abdirahman and Abdulrahman are one
 * name while Cabdi Nuur may also be two (given name and father's name).
 */
const COMPOUND_ENDINGS = `
raxmaan raxiim laahi allah qaadir kariim casiis salaam wahaab fataax rashiid rasaaq majiid nuur qani xakiim
jaliil latiif manaan samad wali xamiid baasid qawi shakuur gafaar xaliim kaafi naasir sabuur haadi waaxid
jabaar maalik samiic caliim baari sataar xafiid muhaymin qayuum kabiir tawaab waduud xaliim mucsi ghani
`;

export const NAME_GROUPS: string[][] = GROUPS.trim()
  .split("\n")
  .map((line) => line.trim().split(/\s+/));

export const COMPOUND_ENDING_SPELLINGS: string[] = COMPOUND_ENDINGS.trim().split(/\s+/);
