"""Words that put a message (or a question) on a single-valued topic, in English and Chinese.

One entry per cue; a phrasing the tables miss is one more entry. English cues match whole words
(case-insensitive), Chinese cues match as substrings.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from pipelines.core.topics import VALUE_SHAPES
from pipelines.extract.signals.units import unit_hits

# Verbs whose result 住 is (忍不住, 记住, 顶不住): 住 after them, or after them and 不/得, is not "live".
_HELD = "忍记顶挡抓守握保接拦站稳扛架靠撑止禁憋捂困盯堵按压绷扶拉拽揪咬卡锁留罩遮盖拴绑封扣挺"

# An e-mail address, not any "@": a social handle ("add my instagram, @rosadraws") is no e-mail. One entry, among
# the substring cues: an address is the same in either language, and whole-word matching misses "邮箱lin@x.cn".
_EMAIL_ADDRESS = VALUE_SHAPES["email"]
# Cities people say they are still in or live in without a verb of living: "我还在广州", "家也在深圳".
# Every prefecture-level city and the better-known county-level ones, and the cities abroad people move to; names that
# are also common words (安康, 白银, 来宾, 普洱, 中山) are left out.
_CITY_NAMES_ZH = """
北京 上海 天津 重庆 香港 澳门 台北 高雄 台中 台南 新竹
石家庄 唐山 秦皇岛 邯郸 邢台 保定 张家口 承德 沧州 廊坊 衡水
太原 大同 阳泉 长治 晋城 朔州 晋中 运城 忻州 临汾 吕梁
呼和浩特 包头 乌海 赤峰 通辽 鄂尔多斯 呼伦贝尔 巴彦淖尔 乌兰察布 满洲里 二连浩特
沈阳 大连 鞍山 抚顺 本溪 丹东 锦州 营口 阜新 辽阳 盘锦 铁岭 葫芦岛
长春 吉林 四平 辽源 通化 松原 白城 延吉 珲春
哈尔滨 齐齐哈尔 鸡西 鹤岗 双鸭山 大庆 伊春 佳木斯 七台河 牡丹江 黑河 绥化 漠河
南京 无锡 徐州 常州 苏州 南通 连云港 淮安 盐城 扬州 镇江 泰州 宿迁 昆山 江阴 常熟 张家港
杭州 宁波 温州 嘉兴 湖州 绍兴 金华 衢州 舟山 台州 丽水 义乌
合肥 芜湖 蚌埠 淮南 马鞍山 淮北 铜陵 安庆 黄山 滁州 阜阳 宿州 六安 亳州 池州 宣城
福州 厦门 莆田 三明 泉州 漳州 南平 龙岩 宁德 晋江
南昌 景德镇 萍乡 九江 新余 鹰潭 赣州 吉安 宜春 抚州 上饶
济南 青岛 淄博 枣庄 东营 烟台 潍坊 济宁 泰安 威海 日照 临沂 德州 聊城 滨州 菏泽
郑州 开封 洛阳 平顶山 安阳 鹤壁 新乡 焦作 濮阳 许昌 漯河 三门峡 南阳 商丘 信阳 周口 驻马店
武汉 黄石 十堰 宜昌 襄阳 鄂州 荆门 孝感 荆州 黄冈 咸宁 随州 恩施
长沙 株洲 湘潭 衡阳 邵阳 岳阳 常德 张家界 益阳 郴州 永州 怀化 娄底 吉首
广州 韶关 深圳 珠海 汕头 佛山 江门 湛江 茂名 肇庆 惠州 梅州 汕尾 河源 阳江 清远 东莞 潮州 揭阳 云浮 顺德
南宁 柳州 桂林 梧州 北海 防城港 钦州 贵港 玉林 百色 贺州 河池 崇左 阳朔
海口 三亚 儋州 琼海 万宁
成都 自贡 攀枝花 泸州 德阳 绵阳 广元 遂宁 内江 乐山 南充 眉山 宜宾 广安 达州 雅安 巴中 资阳 西昌
贵阳 六盘水 遵义 安顺 毕节 铜仁 凯里 都匀
昆明 曲靖 玉溪 保山 昭通 丽江 临沧 大理 景洪 香格里拉 蒙自 个旧
拉萨 日喀则 昌都 林芝 那曲
西安 铜川 宝鸡 咸阳 渭南 延安 汉中 榆林 商洛
兰州 嘉峪关 金昌 天水 武威 张掖 平凉 酒泉 庆阳 定西 敦煌
西宁 格尔木 德令哈
银川 石嘴山 吴忠 固原 中卫
乌鲁木齐 克拉玛依 吐鲁番 哈密 喀什 伊宁 库尔勒 阿克苏 和田 石河子
东京 大阪 京都 横滨 名古屋 福冈 札幌 首尔 仁川 釜山 新加坡 吉隆坡 槟城 曼谷 清迈 河内 胡志明市
悉尼 墨尔本 布里斯班 珀斯 阿德莱德 奥克兰 惠灵顿 温哥华 多伦多 蒙特利尔 卡尔加里 纽约 洛杉矶 旧金山 西雅图
波士顿 芝加哥 伦敦 曼彻斯特 爱丁堡 巴黎 柏林 慕尼黑 法兰克福 阿姆斯特丹 迪拜
"""
# (longest first: a name never stops short inside a longer one)
CITIES_ZH = "|".join(sorted(set(_CITY_NAMES_ZH.split()), key=lambda name: (-len(name), name)))

# Cars people name by brand or model: "我那辆朗逸", "朗逸上个月卖了".
CAR_MODELS_ZH = (
    "飞度|轩逸|朗逸|卡罗拉|雅阁|思域|凯美瑞|(?i:polo)|特斯拉|比亚迪|蔚来|小鹏|理想|宝马|奔驰|奥迪|大众|丰田|本田|捷达|桑塔纳|帕萨特|迈腾|速腾|宝来|途观|哈弗|吉利|长安|奇瑞|五菱|红旗(?!连锁|超市|渠|村|街|路|那会)|领克|问界|极氪|马自达|日产|起亚|福特|别克|雪佛兰|沃尔沃|路虎|保时捷|"
    "宏光|汉兰达|普拉多|天籁|君威|君越|英朗|科鲁兹|途胜|索纳塔|凯迪拉克|雷克萨斯|荣威|名爵|传祺|宝骏|零跑|小米(?=[^，,。！？]{0,3}(?:SU7|su7|汽车|车))"
)

# What people are at work, as they name it on a business card: "Associate Creative Director", "senior copywriter".
# What 喊我 is followed by when someone urges the user to do something ("我妈喊我回家吃饭", "天天喊我也搬过去");
# followed by anything else it names the user ("科里都喊我“昂哥”", "你以后喊我杨姐吧")
URGED_DEEDS_ZH = "也|还|去|来|回|起|过|吃|上|下|出|一起|帮|干|搬|换|买|考|学|早|别|把|跟|和|陪|参加|报"
_ROLES_EN = (
    "engineer|developer|analyst|scientist|manager|director|designer|copywriter|editor|consultant|accountant|lawyer|"
    "nurse|teacher|intern|lead|coordinator|specialist|associate|officer|supervisor|administrator|architect|producer|"
    "strategist|technician|chef|therapist|researcher|VP|head of \\w+|photographer|videographer|writer|translator|"
    "illustrator|tutor|baker|florist|principal|coach|professor|captain|foreman|paralegal|pharmacist|"
    # ... and the trades, crafts and posts people hold outside offices: "they bumped me up to assistant head gardener",
    # "I'm going to the maritime museum as assistant curator" (not the ones that mostly name who serves the user:
    # "my doctor", "my trainer", "my agent")
    "gardener|groundsman|greenkeeper|landscaper|curator|librarian|archivist|conservator|overseer|operator|inspector|"
    "dispatcher|instructor|apprentice|trainee|moderator|(?:event|wedding|party|financial|urban|town) planner|"
    "(?:event|wedding|party|union|community) organi[sz]er|counsell?or|psychologist|hygienist|"
    "groomer|seamstress|butcher|fishmonger|caretaker|carer|caregiver|janitor|sergeant|detective|constable|"
    "lieutenant|attendant|steward|stewardess|conductor|dancer|actor|actress|choreographer|musician|sailor|"
    "deckhand|fisherman|miner|driller|welder|machinist|superintendent|auditor|actuary|banker|broker|"
    "representative|salesperson|reporter|journalist|correspondent|lecturer|headteacher|sommelier|"
    "bartender|housekeeper|concierge|receptionist|clerk|electrician|plumber|carpenter|paramedic|firefighter|nanny|"
    "programmer|surveyor|estimator|draughtsman|drafter|stylist|barber|hairdresser|beautician|chemist|biologist|"
    "economist|statistician|marketer|solicitor|barrister|attorney|secretary|lifeguard|ranger|warden|"
    "interpreter|referee|founder|co-founder|CEO|CTO|CFO|COO|deputy|bailiff"
)
# A business of the user's own, named by its kind: "my yarn shop", "I run a small bakery", "我的花店"
# ("my yoga practice" and "my studio apartment" are no business)
_BUSINESS_EN = "shop|store|bakery|caf[eé]|studio(?! apartment| flat)|salon|restaurant|boutique|business|agency|food truck"
_BUSINESS_ZH = "店|铺子|工作室|档口|摊|酒吧|桌游吧|网吧|书吧|清吧"
# ... and a practice of one's own, opened or gone into: "开了个两把椅子的小诊所"
_PRACTICE_ZH = "诊所|门诊|律所|事务所|工厂|厂|公司|餐馆|饭馆"
# ... not one the user only goes to: "my local store", "my favourite cafe", "我家楼下的店"
_A_PLACE_GONE_TO_EN = "local|favou?rite|usual|nearest|regular|neighbou?rhood|grocery|corner|go-to|coffee"

# What only a workplace has, named with the workplace: "我们网易这边提单规范特别严", "禾丰这边周报要用英文写".
_WORKPLACE_ROUTINE_ZH = "年会|年终奖|周报|月报|提单|绩效|考勤|团建|工牌|打卡|述职|周会|晨会|OKR|KPI|报销|加班|值班|试用期"
# The kinds of place people work at, named by what they are: "康仁堂大药房", "弦音琴行", "惠万家超市".
_WORKPLACE_KINDS_ZH = (
    "药房|药店|医院|诊所|卫生院|超市|商场|工厂|厂|酒店|宾馆|饭店|餐厅|餐馆|酒吧|咖啡馆|琴行|书店|银行|幼儿园|养老院|工坊|"
    "工作室|车间|门店|专卖店|4S店|集团|事务所|律所|物流|快递|驾校|培训机构|健身房|美容院|理发店|花店|面包店|学校|中学|小学|"
    # ... and where people perform or play for pay: "我在迷城沉浸式剧场演女二", "风驰公路车俱乐部"
    "剧场|剧院|剧团|舞团|俱乐部|球队|车队"
)
# What people are at work, named by its ending: "驻店药师", "技术员", "收银员", "采摘组长" (after a verb of being one).
# Languages by their English names (answers come in them, users speak them); matched regardless of case
# A request for answers made in the language asked for ("bitte antworte ab jetzt auf Deutsch", "respóndeme en
# español"): its language named in itself (the group `v`)
ANSWER_IN_ITS_OWN_LANGUAGE = (
    r"\b(?:antworte|antworten|antwort|responde|respóndeme|respondeme|responda|réponds|répondez|reponds|rispondi|"
    r"rispondimi|antwoord)\b(?:\s+[\w']+){0,4}?\s+"
    r"(?P<v>auf\s+deutsch|en\s+espa[ñn]ol|en\s+castellano|en\s+fran[çc]ais|em\s+portugu[êe]s|in\s+italiano|in\s+het\s+nederlands)\b"
)
LANGUAGES_EN = (
    "english|chinese|mandarin|cantonese|spanish|french|german|japanese|korean|portuguese|italian|russian|arabic|hindi|"
    "vietnamese|thai|dutch|welsh|irish|gaelic|m[aā]ori|afrikaans|polish|turkish|hebrew|greek|swedish|norwegian|danish|"
    "finnish|indonesian|malay|tagalog|swahili|urdu|bengali|punjabi|tamil|persian|farsi|ukrainian"
)
_ROLE_ENDINGS_ZH = (
    "师(?![傅兄姐弟妹父母])|员|组长|店长|班长|厂长|队长|科长|护士长|"
    # ... and the heads, coaches and hands named by theirs: "青训主教练", "站长", "普通养护工"
    "教练|经理|主管|总监|主任|主编|助理|专员|顾问|站长|园长|校长|馆长|所长|处长|局长|院长|部长|行长|车长|船长|机长|领班|"
    "监区长|指导员|教导员|"
    "(?<![打做义零帮手加分开上下完收施])工(?![作厂地资具程人位艺友钱期])"
)

# A team at work, named by what it is ("the fraud detection team", "风控组"), and a month, which is no place to be back
# in ("back in June I moved")
_TEAM_EN = "(?:team|squad|pod|department|dept|division|group)"
_TEAM_ZH = "(?:组|部门|团队|事业部|项目组)"
_NOT_A_MONTH = (
    "(?!(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|"
    "Jul|Aug|Sept?|Oct|Nov|Dec)\\b)"
)
# A home moved, not a thing ("moved it to mon/wed/fri") nor the user to another team ("moved over to the fraud team")
# (not a stall or a shop moved: "i moved my saturday pitch down there in sept")
_MOVED_HOME = (
    f"moved(?! (?:it|them|that|this|those)\\b)(?! (?:over )?(?:to|into) (?:the|a|another) (?:[\\w&+-]+ ){{0,3}}{_TEAM_EN}\\b)"
    "(?! (?:my|our|the) (?:[\\w-]+ ){0,2}(?:pitch|stall|stand|booth|shop|store|office|desk|practice|business|studio|"
    "salon|cart|truck|table)s?\\b)"
    # ... nor moves counted ("someone who has moved 5 times in 6 years", "we moved around a lot")
    "(?! (?:[0-9]+|two|three|four|five|six|seven|eight|nine|ten|so many|many|a few|a couple of) times\\b)(?! around\\b)"
    # ... nor a step up or down a ladder ("got moved up to triple A last week", "moved down to the B squad")
    "(?! (?:up|down) (?:to|a|into)\\b)(?! up\\b(?! (?:north|the road|the street|the hill|here|there)\\b))"
)

# A place of trade, not a home: "搬到滨河农贸市场快三个月了" is where the user sells
A_WORKPLACE_ZH = "[^，,。！？]{0,10}(?:市场|菜场|夜市|摊位|档口|门店|店面|商场|铺面)"

# "joined" a workplace, not a group for a pastime ("joined a community choir", "joined a running club")
_JOINED_A_WORKPLACE = (
    "joined(?! (?:a|an|the|my|our|this) (?:[\\w-]+ ){0,2}?"
    "(?:club|choir|chorus|band|league|group|class|gym|church|society|orchestra|meetup)s?\\b)"
)

# topic -> (English cues, Chinese cues). Cues are regular expressions; keep them short and literal.
# What goes before "work" when a thing or a plan is said to work, or not: "it doesn't work", "that might work"
_A_THING_WORKS = "".join(
    f"(?<!{before} )"
    for before in ("doesn't", "doesnt", "does not", "didn't", "didnt", "did not", "won't", "wont", "will not",
                   "would", "might", "could", "should", "may", "that", "it", "this", "which")
)
TOPIC_CUES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "residence": (
        ("live(?! in the same\\b)", "lives", "(?<!cost of )(?<!for a )living(?! rooms?)", "lived", "move", _MOVED_HOME, "moving", "relocat\\w*", "apartment", "flat",
         "lease", "landlord", "rent", "roommates?", "neighbou?rhood", "settled", "based", "hometown",
         "address", "house", "condo", "apt", "renting", "rowhouse", "townhouse", "duplex", "bungalow",
         "first (?:week|month|night)s? in (?-i:[A-Z])\\w+",
         # ... a first morning there, with the place in lower case: "first morning waking up in plainfield"
         "(?:first|1st) (?:morning|night|weekend) (?:waking up |sleeping )?in (?!(?:a |the )?(?:hospital|hotel|hostel|ward)\\b)\\w+",
         "waking up in (?:my |our |the )?new (?:place|flat|apartment|house|home|room)",
         # a move said through the ones who carry it: "the removal truck turned up in Whanganui on Saturday"
         "removals? (?:truck|van|lorry|men|company|firm)", "back (?:east|west)", "no fixed address", "(?<!same )city", "(?:I'm|I am|we're|we are) in (?-i:[A-Z])\\w+",
         # ... or placed by the street it is off, in lower case too: "im in bushwick off jefferson st"
         "(?:I'm|I am|im|we're|we are) in (?!(?:a |an |the )?(?:meeting|class|line|queue|car|cab|uber|taxi|traffic|store|shop|caf[eé]|bar|restaurant|hospital|hotel|office|lobby)\\b)(?:a |an |the )?(?:[\\w'-]+ ){1,4}?off (?:[\\w'-]+ ){1,2}(?:st|street|ave|avenue|rd|road|blvd|boulevard)\\b",
         # people type place names in lower case too: "my whole life is here in columbus"
         "here in \\w+", "(?:I'm|I am|im|we're|we are) on the (?:east|west|north|south)(?:east|west)? side", "(?-i:[A-Z])\\w+ (?:guy|girl|gal|dude|native|local|resident) here", "been in (?-i:[A-Z])\\w+", "(?:was|were) in (?-i:[A-Z])\\w+", "movers", "moving boxes", "moving truck", "u-?haul",
         # a place the user's street is in: "everyone on my block in Minneapolis"
         "(?:on|in) my (?:block|street|road) in \\w+",
         "one[- ]way ticket",
         "hometown", "home town", "back home", "[0-9] ?br", "[0-9][- ]bedroom", "studio apartment", "couch ?surf\\w*",
         "house ?sitting", "sublet\\w*", "storage unit", "unpack\\w*", "crashing (?:at|with|on|between)", "homeowner", "mortgage",
         "closing on (?:a|the|our|my) (?:house|place|condo)", "(?:got|found|bought|rented) (?:a|our|my|the) (?:new )?(?:place|flat|apartment|house)(?: together)?",
         "(?:keys? (?:were |was )?handed over|got the keys)",
         # "a resident of Tucson", "sleeping on an air mattress in our Raleigh place"
         "resident of", "(?:my|our) (?-i:[A-Z])\\w+ (?:place|apartment|flat|house|condo)",
         # ... "officially a denver resident now" (not a doctor's residency: "a surgical resident now")
         "an? (?!medical\\b|surgical\\b|senior\\b|chief\\b|junior\\b|first\\b|second\\b|third\\b|new\\b)\\w+ resident (?:now|officially)",
         "officially an? (?!medical\\b|surgical\\b|senior\\b|chief\\b|junior\\b)\\w+ resident\\b",
         # the time lived where the speaker is: "six years here and I'm out of ideas"
         "(?:[0-9]+|a|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of) (?:years?|months?) here\\b"),
        (f"(?<![{_HELD}])(?<![{_HELD}][不得])住(?!院|酒店|宾馆|旅馆|宿)", "搬家", f"搬到(?!{A_WORKPLACE_ZH})", "搬去", "搬来", "搬苏州", "安顿", "定居", "房租", "租房", "退租", "房东", "小区",
         "公寓", "居住证", "家(?:也|还|都|就|一直)?在", f"我(?:现在|目前)?人?(?:还|仍然|依然|一直|也)?在(?:{CITIES_ZH})(?!出差|玩|旅|开会|转机)", f"(?<!我)(?:现在|目前)人(?:已经|也|还)?在(?:{CITIES_ZH})(?!出差|玩|旅|开会|转机)", "(?:新)?宿舍在", "城市", "落户", "我在[^，,。！？]{1,8}(?<!人力)(?<!外包)(?<!公司)(?<!集团)(?<!科技)(?<!银行)(?<!医院)(?<!酒店)(?<!超市)(?<!店)(?<!厂)(?:这边|这儿|这里)", "老家", "卷铺盖", "搬过来",
         "搬过去", "搬回", "[一两二三四]室[一两]?厅?", "[一两二三四]居室?", "买房", "婚房", "买了(?:套|个)?(?:新)?房(?!车)", "房贷", "新家", "[北沪深杭]漂",
         # "新租的房子就在科技园边上", "到深圳快一个月了", "北京朝阳这边杨柳絮太夸张了" (where the speaker is)
         "新房子", "(?:房子)?租在", "搬进(?:来|去)?", "(?:租|住)的(?:老|新)?(?:房子|公寓|出租屋)",
         f"^(?:{CITIES_ZH})[^，,。！？]{{0,6}}(?:这边|这儿|这里)",
         f"^(?:{CITIES_ZH})(?:的)?(?:冬天|夏天|天气|梅雨|回南天)[^，,。！？]{{0,4}}(?:是真的|真的|也太|太|好)",
         # any place, when what is said of it is its weather or its rents: "闵行这边冬天也太湿冷了吧"
         "^[\u4e00-\u9fff]{2,4}(?:这边|这儿|这里|这)(?:的)?(?:冬天|夏天|春天|秋天|天气|气温|房租|物价|湿冷|太冷|太热|下雪|梅雨|回南天|还没入梅|入梅|风|雨|雪|雾霾|空气)",
         # a city the user counts themselves in: "我们佳木斯今天零下三十二度", "咱们大连这两天下雪"
         f"(?:我们|咱们)(?:这边|这儿)?(?:{CITIES_ZH})",
         # "直接来广州这边报到", "房子也在天河租好了"
         f"(?:来|到)(?:{CITIES_ZH})(?:这边|这儿)?(?:报到|上班|工作|定居|发展)", "房子[^，,。！？]{0,8}租(?:好|下)(?:了|啦)",
         # "我就跟着在这边租了房"
         "租了(?:个|套|间)?房(?!车)"),
    ),
    "employer": (
        # "works"/"worked" of a thing is no job: "works, thanks!!", "that worked"
        # (nor is a thing got working: "got it working 👍", "it's working now")
        # (nor is a workout: "work out at the Y", "working out")
        # (nor a plan or a thing that does or won't do: "the budget probably doesn't work yet", "that might work")
        (f"{_A_THING_WORKS}work(?! ?outs?\\b)", "works (?:at|for|as|in|with)", "(?<!got it )(?<!it's )(?<!its )(?<!is )(?<!not )(?<!stopped )working(?! now\\b| again\\b| fine\\b| out\\b)",
         "worked (?:at|for|as|in|with)", "job", "company", "employer",
         # an agent's firm: "Which brokerage is the user with now?"
         "brokerages?",
         _JOINED_A_WORKPLACE, "hired",
         "quit", "notice", "laid off", "fired", "last day", "first day", "start(?:ed|ing|in'?)? at", "offer",
         "(?:I|we) teach(?! myself)", "在[^，,。！？]{1,10}坐诊",
         # a stage played on for pay: "在蓝调酒吧驻场弹贝斯两年了"
         "驻场",
         # a club or a pool coached at: "I coach the 10&U group at Dolphins Aquatic Club"
         "(?:I|we) coach (?:[\\w&+-]+ ){0,4}?(?:at|for) (?-i:[A-Z])\\w+",
         # a team played or raced for: "I ride for Team Velora", "in the rotation for the Riverbend Otters"
         "(?:ride|rides|riding|race|races|racing|play|plays|playing|pitch|pitches|pitching|skate|skates|swim|swims|row|rows|box|boxes|compete|competes) for (?:the |team )?(?-i:[A-Z])\\w+",
         "rotation for (?:the )?(?-i:[A-Z])\\w+", "(?:signed|signing) (?:with|for) (?:the )?(?-i:[A-Z])\\w+", "where (?:\\w+ ){1,4}teach(?:es)?\\b", "severance", "restructur\\w*", "(?:team|department|role|position) (?:got|was) (?:cut|eliminated)",
         "(?:team|department|office|division|branch) at (?-i:[A-Z])\\w+",
         # where the user's own unit is, or what the user is there: "my unit at mercy", "ICU nurse at Mercy General here"
         "(?:my|our) (?:unit|ward|floor|team|department|office|branch|store|shop|lab|clinic) at \\w+", f"(?:{_ROLES_EN}) at (?-i:[A-Z])\\w+",
         "(?:day|week|month) [0-9]+ at (?-i:[A-Z])\\w+",
         "(?:first|second|third|fourth|[0-9]+(?:st|nd|rd|th)) (?:day|week|month|year) at (?-i:[A-Z])\\w+",
         "I do \\w+(?: \\w+)? at (?-i:[A-Z])\\w+", "been at (?-i:[A-Z])\\w+(?: \\w+)? (?:since|for)",
         # a first stretch at a place named in lower case (not a school): "first week at quillbrook done"
         "(?:first|second|third|[0-9]+(?:st|nd|rd|th)) (?:day|week|shift|month) at (?!(?:the|a|an|home|school|uni|university|college)\\b)\\w+",
         # ... counted the other way round: "survived week one at peachtree mutual"
         "(?:day|week|shift|month) (?:one|two|three|1|2|3) at (?!(?:the|a|an|home|school|uni|university|college)\\b)\\w+",
         # the hours the user is put on at a place: "now im on days at BrightCart's cross dock"
         "on (?:days|nights|earlies|lates|weekends|(?:the )?(?:day|night|early|late|swing|graveyard) shift) at \\w+",
         # the time since starting there: "Five weeks in at Cabot Harbour", "six weeks into Halyard"
         "(?:days?|weeks?|months?) (?:in at|into) (?-i:[A-Z])\\w+",
         # a place that hired the user: "Saltbush Canteen at the uni took me on"
         "(?:took|taken|take|takes|taking) me on\\b",
         # (a question word is no company's name: "Which gym does the user go to?")
         "(?!(?:Which|What|Whose)\\b)(?-i:[A-Z])[\\w'\u2019]+ (?:Health|Hospital|Clinic|Bank|Inc|Corp|Ltd|LLC|Labs?|Systems|Technologies|Group|Industries|Logistics|"
         "Consulting|Solutions|Partners|Capital|Media|Freight|Studios?|Software|Analytics|Insurance|Airlines|Pharma\\w*|Motors|"
         "Grill|Cafe|Café|Restaurant|Bakery|Bistro|Diner|Pharmacy|Store|Market|Hotel|Gym|Agency|Foundation|Institute|"
         "Robotics|Medical|Dynamics|Networks|Energy|Therapeutics|Biotech|Foods|Brands|Holdings|Ventures|Digital|Interactive|"
         "Games|Entertainment|Electric|Aerospace|Automotive|Construction|Realty|Properties|Dental|Engineering|Manufacturing|"
         "Telecom|Communications|Shipping|Apparel|Architects|Associates|Publishing|Press|Transport|Trucking|Haulage|Freightways|"
         "Carriers|Mills|Supplies|Fisheries|Healthcare|Services)",
         "paycheck", "payroll", "my boss", "shifts? at", "interning",
         # the hours worked at a named place: "work night shifts at PixelStop"
         "work(?:s|ing|ed)? (?:the )?(?:\\w+ )?(?:shifts?|hours|weekends|nights|days) at (?-i:[A-Z])\\w+",
         "commute to (?-i:[A-Z])\\w+",
         # the first days at a named workplace: "first week at the Franklin County Auditor's office done"
         "first (?:day|week|month|shift) (?:at|with) (?:the )?(?:(?-i:[A-Z])[\\w'-]+ ){1,4}(?:office|department|agency|firm|clinic|hospital|store|bank|branch|company)\\b",
         "new role", "recruiter", "startup", "firm", "staying at", "employed", "(?:put|turned|handed) in my two weeks",
         # a stint of training at a named place: "my summer internship at Deloitte"
         "(?:internship|co-?op|placement|apprenticeship|residency) (?:at|with) (?-i:[A-Z])\\w+", "two weeks'? notice",
         "resign\\w*", "severance", "onboarding", "offer letter", "401\\(?k\\)?", "coworkers?", "colleagues?",
         # working for oneself is where the user works: "I'm my own boss", "my yarn shop", "I run a small bakery"
         "(?:my|our) own boss", "running (?:my|our) own (?:thing|company|business|startup|firm|practice|shop)", "freelanc\\w*", f"(?:my|our) (?:own )?(?:little |small |tiny )?(?!(?:{_A_PLACE_GONE_TO_EN})\\b)(?:[\\w-]+ )?(?:{_BUSINESS_EN})\\b",
         f"(?:I|we) (?:run|own|opened|started) (?:a|an|my|our|the|this) (?:little |small |tiny )?(?:[\\w-]+ ){{0,2}}?(?:{_BUSINESS_EN})\\b"),
        ("公司", "上班", "坐班", "干活", "(?<!什么)(?<!啥)工作(?!日)", "入职", "入社", "离职", "辞职", "裸辞", "跳槽", "东家", "雇主", "工牌",
         # (not a unit numbers come in: "压力默认用什么单位", "重量单位")
         "(?<!用什么)(?<!用哪种)(?<!用哪个)(?<!按什么)(?<![量度温积压])单位(?!换算|制)",
         # a job ended by age, or taken up again after it: "我从档案局退休了，区图书馆返聘我"
         "退休", "(?:聘|雇|录用)(?:了)?我(?!们)",
         # a workplace's own routine names the workplace: "我们星澜网络年会", "我们小米今年年终奖", "腾讯这边周报模板"
         f"(?:我们|咱们)[^，,。！？\\s]{{2,8}}?(?:{_WORKPLACE_ROUTINE_ZH})", f"^[^，,。！？\\s]{{2,6}}这边(?:的)?(?:{_WORKPLACE_ROUTINE_ZH})",
         # ... or opens the clause with it: "星澜年会要每个部门出节目"
         f"^(?:[A-Za-z]{{2,12}}|[\\u4e00-\\u9fff]{{2,4}})(?:{_WORKPLACE_ROUTINE_ZH})",
         "创业公司", "自由职业", "个体户", "接私活", f"我(?:的|家的|自己的)(?:小)?[\u4e00-\u9fff]{{0,3}}?(?:{_BUSINESS_ZH})",
         f"(?:自己)?开(?:了)?(?:一)?(?:家|个|间)[\u4e00-\u9fff]{{0,4}}(?:{_BUSINESS_ZH}|馆)", "供职", "任职", "在职", "编制", "体制内", "老板", "我在[^，,。！？]{1,10}(?:做|干|搞|当|接)",
         # a shift worked, a kitchen worked in, a uniform handed back: "三合面包房上早班", "金达莱烤肉后厨", "把工服交了"
         "上(?:早|晚|夜|白|中|大夜|小夜)班", "后厨", "工服",
         # work for pay said plainly (not the slang 打工人 for anyone with a job): "在奶茶店打工"
         "打工(?![人魂])", "(?<!找)(?<!想)(?<!找个)兼职(?!的话)",
         # a move to another workplace weighed: "苏州图书馆那边待遇怎么样？值得跳过去吗"
         "(?:要不要|值得|值不值得|该不该|想|打算|考虑)跳过去",
         # a transfer to another workplace: "调到市档案馆快两个月了", "借调去区卫健局" (not a patient: "转到第三医院住院了")
         f"(?:调|借调|调动)(?:到|去|进)了?[^，,。！？\\s我]{{1,8}}?(?:{_WORKPLACE_KINDS_ZH}|馆|局|院|所|中心)",
         # a place of work, then the work done there: "一家康仁堂大药房当驻店药师", "现在在弦音琴行教小孩弹吉他"
         f"(?:{_WORKPLACE_KINDS_ZH})(?:里|那边|这边)?(?:当|做|干|上班|工作|打工|实习|教|演|带)",
         # the subject left out at the clause's start: "新工作第一周，在蓝鲸物流做数据分析" (not "在一家做SaaS的公司",
         # where 做 is the company's business)
         "^(?:现在|目前|如今)?在(?!一家|一个)[^，,。！？]{2,10}(?:做|干|搞)(?!饭|菜|运动|作业)",
         # a department of a workplace the user is in: "我在宁州市图书馆参考咨询部"
         "我在[^，,。！？]{2,10}?(?:馆|局|院|所|中心|公司|银行|集团)[\u4e00-\u9fff]{2,6}(?:部|处|室)(?![\u4e00-\u9fff])",
         # the weeks counted at a workplace: "在华屿第三周了"
         "^在[^，,。！？]{2,8}第[一二三四五六七八九十\\d]+(?:天|周|个月)"),
    ),
    "job_title": (
        ("promoted", "promotion", "title(?!s? for )", "role", "position", "team lead", "direct reports", "junior", "senior", "manager",
         "engineer", "developer", "dev", "lead", "analyst", "scientist", "nurse", "teacher", "intern",
         "for a living", "occupation", "profession", "line cook", "cook at", "barista", "bartender", "cashier", "(?:bus|truck|delivery|uber) driver",
         "electrician", "plumber", "carpenter", "paralegal", "receptionist", "pharmacist", "mechanic", "firefighter",
         "paramedic", "clerk",
         "(?:research|teaching|administrative|executive|personal|legal|dental|medical|program|project) assistant",
         "postdoc\\w*", "research fellow", "lecturer", "solicitor", _ROLES_EN,
         # nursing and care grades by their letters: "still an RN, still in the ER"
         "(?-i:RN|LPN|CNA|NP|EMT)",
         # a rank held, as asked: "What is the user's current rank?"
         "(?:current|military|new|user's|my|his|her) rank\\b",
         # an aircrew's rank, by its seat or its stripes: "I'm an FO on the A320", "my first trip in the left seat"
         "first officer", "(?-i:FO)", "(?:left|right) seat", "(?:fourth|third|4th|3rd) stripe", "(?:four|three|4|3) stripes"),
        ("升职", "升了", "升店长", "职位", "职务", "职级", "军衔", "警衔", "岗位", "title(?!s? for )", "经理", "主任", "店长", "组长", "工程师", "医师", "职称",
         "老师(?!们)", "助理", "分析(?!下|一下|一波|利弊|原因|看)", "运营", "测试", "后端", "前端", "从事", "文案", "职业", "(?:做|干)什么的", "(?:做|干)(?:什么|啥)(?:工作|职业|行业)", "转岗", "调岗", "助理", "主管", "总监", "专员", "设计师",
         "程序员", "会计", "律师", "医生(?!们)", "护士(?!们|站|姐姐|小姐|妹妹|阿姨)", "副总", "合伙人", "主编", "编辑", "策划", "架构师", "研究员",
         # being one, said with the role's ending: "当驻店药师", "算技术员吧", "升了采摘组长"
         f"(?:当|做|算|任|升(?:了|为|成)?|转(?:成|为))(?:了)?(?:个|一名|一个|名)?[\u4e00-\u9fff]{{0,4}}(?:{_ROLE_ENDINGS_ZH})",
         # the title the user holds, as a name or a post filled: "现在挂的是主厨的名头", "直接顶二副的岗"
         "(?:名头|头衔)", "顶[^，,。！？]{1,4}的(?:岗|位置|缺)",
         # a grade of the titles' ladder, or an apprenticeship served: "评上副高了", "我出师了"
         "副高|正高|(?:中级|高级|初级)职称", "出师(?:了|啦)", "博士后|博后",
         "副驾驶?", "机长", "乘务长", "乘务员", "空乘", "(?:左|右)座", "[三四]道杠",
         # a kitchen's posts, from the pass to the wok: "在湘菜馆打荷快半年了", "上砧板了", "炒锅归我了"
         "打荷", "上砧板", "切配", "[头二三]灶", "帮厨", "主厨", "炒锅"),
    ),
    "name": (
        # the user's own name: "his name is Pretzel" (a puppy) and "its name" (a book) are not
        ("call me", "calls me",
         # a name people use, not their phoning: "everyone started calling me KJ" (not "my mom keeps calling me at work")
         "calling me (?!(?:at|on|about|back|every|again|to|from|late|early|out|up|in|all|twice|non-?stop)\\b)\\w+", "my name", "my name is", "my new name", "(?-i:N)ame is (?-i:[A-Z])\\w+", "go(?:es|ing)? by", "real name", "full name", "(?:legal|preferred|given|first) name", "my nickname",
         # a name the user works or performs under: "What pen name does the user publish under now?"
         "pen ?-?names?", "stage names?", "pseudonyms?", "nom de plume", "it's \\w+ now",
         # ... or online: "What is the user's streaming handle?", "handle is @moth_and_lantern everywhere now" (not
         # "how do I handle …")
         "(?:my|the user's|their|his|her|new|old|social|streaming|instagram|insta|ig|twitch|tiktok|youtube|x|twitter) handles?\\b",
         "user ?names?\\b", "gamer ?tags?\\b", "screen ?names?\\b",
         # ... or gone by everywhere online: "I'm jo.does.nails everywhere now"
         "(?:I'm|im|I am) @?[a-z0-9]+(?:[._][a-z0-9]+)+ everywhere", "(?:I'm|im|I am) @[\\w.]+",
         "I'm (?-i:[A-Z])\\w+(?<!In)", "I'm an? (?-i:[A-Z])\\w+ now", "(?:last|maiden|family) name", "surname",
         "took (?:his|her|their|\\w+'s) (?:last )?name", "address (?:me|the user|them)", "what name", "user's name",
         "call (?:the user|them|him|her)", "nickname", "(?:releas|perform|record)(?:e|es|ed|ing) (?:music |songs |stuff )?as (?:just )?(?-i:[A-Z])\\w+", "stream(?:s|ed|ing)? as @?(?-i:[A-Z])\\w+",
         # a name books go out under: "I write cozy mysteries as Marlow Finch", "it's going out as M. J. Ashdown"
         "(?:write|writes|writing|publish\\w*|going out|goes out|comes? out|coming out) (?:[\\w-]+ ){0,3}?(?:as|under) (?-i:[A-Z])(?:\\w+|\\.)", "knows? me as", "known me as", "switch me (?:over )?to (?-i:[A-Z])\\w+",
         # "What does the user want to be called?", "How does the user want to be addressed?" (not a time to be called)
         "(?:be|being) addressed", "(?:what|how)\\b(?! (?:time|hours?|days?|late|early|often|soon)\\b)[^?.!]{0,40}?\\b(?:be|being) called", "(?:be|being) called (?-i:[A-Z])\\w+", "sign(?:s|ed|ing)? (?:it|them|letters|off|with|as)", "sign-?off", "pronouns?", "(?:he/him|she/her|they/them)", "what to call", "what (?:should|do|does|can) \\w+ call"),
        ("叫我", f"喊我(?!{URGED_DEEDS_ZH})", "(?:我|用户)(?:现在|目前)?的?名字", "姓名", "真名", "本名", "新名字", "改姓", "随夫姓", "我姓", "全名", "(?:这么|这样)叫(?:我)?(?:就行|吧|好了)", "艺名", "笔名", "叫什么名字", "姓什么", "称呼", "英文名", "管我叫", "我叫", "外号", "昵称", "(?:账号|帐号|用户)名", "网名", "落款", "署名", "叫(?:用户|他|她)什么", "名字[^，,。]{0,4}改(?:好|了|完)", "改名", "(?:身份证|证件|户口本?|户籍|护照)上的?名字"),
    ),
    "phone": (
        ("phone", "number", "cell", "mobile", "(?:new|my|cell|phone|mobile) ?#", "call me at", "text me", "carrier", "sim(?: card)?", "port(?:ed)? (?:my |the )?number",
         # a number written out is about a phone, whatever words stand around it
         "\\(?[0-9]{3}\\)?[-. ]?[0-9]{3}[-. ][0-9]{4}",
         # ... or a local one, seven digits: "add my number to the card: 555-0164" (not a range: "$300-5000")
         "(?<![0-9$.,-])[0-9]{3}-[0-9]{4}(?![0-9.,-])"),
        # (not calls counted or taken: "一天一百多个电话", "接电话")
        ("(?<![个通接])电话(?!会)", "手机", "号码", "换个?号", "1[3-9][0-9][ -]?[0-9]{4}[ -]?[0-9]{4}", "打我", "尾号", "携号转网", "电话卡", "手机卡", "(?i:sim)卡", "新卡", "销号", "副卡"),
    ),
    "email": (
        ("e-?mail", "e-?mailed", "address", "inbox", "gmail", "hotmail", "outlook", "yahoo", "proton ?mail", "icloud"),
        ("邮箱", "邮件", _EMAIL_ADDRESS),
    ),
    "relationship_status": (
        ("relationship", "anniversary", "girlfriend", "boyfriend", "partner", "married", "marry",
         # (not the user's trade: "wedding season is insane, I'm a wedding photographer")
         "wedding(?!s? (?:photograph\\w*|videograph\\w*|planner|planning|season|dj|band|caterer|industry|business|gigs?|clients?)\\b)", "engaged", "proposal", "proposed",
         "said yes", "divorced?", "single", "honeymoon", "wife", "husband", "dating", "together", "gf", "bf", "fianc[eé]e?",
         "(?:\\w+ and I|we)(?:'re| are)? (?:hit|hitting) [0-9]+ (?:years|months)",
         # "3 months with malik today!!", "our 2nd date"
         "(?:[0-9]+|one|two|three|four|five|six|seven|eight|nine|ten) (?:weeks|months|years) with \\w+ (?:today|now|already)",
         "(?:first|second|third|1st|2nd|3rd) date",
         # a couple going out, not a night out: "we've been going out for a month now" ("we're going out for tacos")
         "(?:we've|we have|we're|we are|we) (?:been )?going out\\b(?! (?:to|tonight|tomorrow|later|again|for (?:a |an |some )?"
         "(?:drinks?|dinner|lunch|food|coffee|brunch|tacos|pizza|beers?|walk)))",
         "(?:been|started|start|starting) going out with", "going out (?:for|since) (?:a|[0-9]+|two|three|four|five|six) "
         "(?:weeks?|months?|years?)"),
        ("单身", "母胎(?i:solo)", "母单", "脱单", "对象", "婚姻", "婚恋", "结婚", "领证", "民政局", "婚礼", "纪念日", "离婚", "老公", "老婆", "男朋友", "女朋友",
         "在一起", "订婚", "求婚", "婚戒", "见家长", "感情", "红本本", "结婚证", "扯证", "分手", "恋爱", "表白", "单膝跪", "💍", "戒指",
         # seeing someone, said the northern way: "我们俩现在算是处着呢", "我跟她处上了"
         "(?:我们|俩|跟他|跟她|和他|和她)[^，,。！？]{0,6}处(?:着|上了)",
         # ... or met on a set-up date and seen since: "上个月相亲认识了个姑娘…处了一个多月了"
         "相亲", "处了(?:快|都|有)?[一两俩二三四五六七八九十半几\\d]+个?多?(?:月|礼拜|星期|周|年)", "谈(?:了)?(?:个|一个)?对象"),
    ),
    "diet": (
        ("vegetarian", "vegan", "veggie", "meat", "dairy", "eggs?", "spicy", "chill?i(?: crisp| oil| flakes)?", "hot sauce", "sriracha", "gluten", "allergic", "allergy", "keto",
         "diet", "dietary", "eat", "eating", "plant-based", "pesc[ae]tarian", "halal", "kosher", "lactose", "carbs?",
         "low-carb", "fasting", "seafood", "red meat", "(?:adding|add|more|eat|eating|ate)\\s+fish",
         "(?:low[- ])?fodmap", "paleo", "whole ?30", "carnivore", "dairy-free", "gluten-free", "sugar-free", "no sugar",
         "mediterranean diet", "plant-forward", "flexitarian", "calorie deficit", "macros", "taste preferences?",
         # asked as a taste: "What kind of food does the user like now?"
         "what (?:kinds?|sorts?|types?) of (?:food|flavou?rs?|cuisine)",
         # ... and said as one: "I mainly love Chinese food and Japanese cuisine" (not "food trucks", "a food bank")
         "(?:love|loves|like|likes|enjoy|enjoys|prefer|prefers|adore|crave|into) (?:[\\w-]+ ){0,3}?(?:food|cuisine)s?\\b"
         "(?! (?:trucks?|courts?|banks?|poisoning|processors?|delivery|blogs?|photography|pantry|drives?))"),
        ("吃素", "素食", "纯素", "甜食", "吃肉", "辣", "忌口", "过敏", "饮食", "蛋奶", "吃蛋", "清真", "不吃", "都吃", "鸡蛋", "奶制品", "碳水", "低碳", "生酮", "断食", "乳糖", "吃(?:什么|啥)", "能吃", "照吃", "红肉", "荤",
         "控糖", "戒糖", "无糖", "减脂餐", "轻断食", "无麸质", "低脂", "低(?i:fodmap)", "生食", "清淡", "清粥", "正常吃", "口味",
         # a taste kept or lost: "我现在居然离不开香菜了", "现在反倒爱吃清淡的了"
         "香菜", "(?<![不])(?:爱|喜欢)吃", "只能吃"),
    ),
    # what the user drinks, as a habit (an order, a swap, giving it up)
    "drink": (
        ("coffee", "lattes?", "espressos?", "americanos?", "cold brew", "cappuccinos?", "flat whites?", "mochas?",
         "macchiatos?", "matcha", "tea", "decaf", "oat milk", "caffeine", "kombucha", "boba", "bubble tea",
         "energy drinks?", "soda", "(?:drink|take) (?:it|mine|my coffee) black", "black coffee", "what (?:does|do) (?:the user|they|he|she|I) (?:usually |like to )?drink",
         # asked as a favourite or an order: "What is the user's go-to drink?", "what do they order at a cafe?"
         "(?:favou?rite|go-to|usual|regular) (?:drink|beverage|order|coffee)", "order at (?:a |the )?(?:cafe|café|coffee shop)"),
        ("咖啡", "美式", "拿铁", "奶茶", "乌龙", "绿茶", "红茶", "喝茶", "(?<!餐)(?<!下午)茶(?!几|餐厅|水间|叶蛋)", "燕麦奶",
         "生椰", "卡布奇诺", "摩卡", "冷萃", "抹茶", "咖啡因", "气泡水",
         # (a pet or a child may be named after it: "我养了只橘猫叫可乐")
         "(?<!叫)(?<!叫做)(?<!名叫)可乐",
         # (how it is taken, "不加糖不加奶", is no second drink: only asked about, it names the topic)
         "喝(?:什么|啥)", "加糖(?:吗|嘛|么)"),
    ),
    "output_format": (
        # (a table that stands in a room or that work is done on is no layout: "me and my kitchen table", "I'm on
        # the table full time now", "table tennis")
        ("(?<!kitchen )(?<!dining )(?<!coffee )(?<!picnic )(?<!pool )(?<!massage )(?<!operating )(?<!exam )"
         "(?<!grooming )(?<!folding )(?<!bedside )(?<!side )(?<!work )(?<!on the )(?<!off the )(?<!at the )"
         "(?<!under the )(?<!round the )tables?(?! tennis)", "bullets?", "bullet points?",
         # (a list the user is on or keeps is no answer's format: "finally off the sub list", "my packing list")
         "(?<!sub )(?<!to-do )(?<!todo )(?<!shopping )(?<!grocery )(?<!guest )(?<!wish )(?<!bucket )(?<!packing )"
         "(?<!mailing )(?<!waiting )(?<!wait )(?<!class )(?<!reading )(?<!play)(?<!check)(?<!short)(?<!black)lists?",
         "paragraphs?", "format\\w*", "markdown", "numbered",
         "prose", "walls? of text", "laid out", "layout", "(?:answer|reply|response|writing) style", "(?:normal|full|plain|complete) sentences",
         # how code comes: "paste the full file" ("just the diff" is a word of the Chinese list, any case)
         "(?:full|whole|entire|complete) files?\\b", "(?:answers?|replies|responses) (?:to )?be (?:written|structured|organi[sz]ed)"),
        ("表格", "分点", "列表", "段落", "格式", "一条一条", "列一二三", "要点",
         # ... and the numbered points called off for plain talk: "那个一二三的别弄了…你就正常说话，像聊天那样"
         "(?:一二三|分条|分点)的?(?:那种)?(?:就)?(?:别|不用|不要)(?:再)?(?:弄|写|分|列)了?", "像聊天(?:那样|一样)", "分条", "列点", "分段", "大段", "一段(?:通顺的|完整的)?(?:话|文字)", "(?:完整|整个)(?:的)?文件", "(?i:(?<![A-Za-z])(?:unified|git|the|a|just|only|给|要|发)\\s*diffs?(?![A-Za-z])|(?<![A-Za-z])diffs?\\s*(?:格式|就行|就好|即可|format|only))", "markdown", "排版", "呈现(?:方式|形式)", "(?:回答|回复|答复)[^，,。？?]{0,5}风格", "组织(?:回答|回复)", "(?:回答|回复)写成"),
    ),
    "language": (
        # the language answers come in, not one being learnt ("learning German", "学习英语")
        # (not a length: "the answer in like 2-3 sentences")
        # (not a class or a meet-up: "met him at the language exchange", "语言班")
        ("language(?! (?:exchange|school|class(?:es)?|course|partner|test|exam|cent(?:er|re)|app|learning|barrier)\\b)",
         *(f"{verb} in(?! (?:like |about |just )?(?:[0-9]|one|two|three|four|five|a few)\\b)" for verb in
                       ("reply", "replies", "answer", "respond", "write")), "talk to me in",
         # asked in the language itself: "이제부터 한국어로 대답해 주세요!"
         "한국어로 ?(?:대답|답장|답|말)", "日本語で(?:答え|返事|返信|話し|お願い)",
         # the user named between: "answer me in welsh only"
         # (not a layout: "pls always answer me in bullet lists")
         "(?:reply|answer|respond|write|text|talk)(?: to)? me in(?! (?:a |an |the )?(?:short |long |full |plain |numbered )?"
         "(?:bullets?|bullet points?|lists?|tables?|paragraphs?|points?|steps?|sentences?|prose|detail|markdown)\\b)",
         "bilingual", f"in (?:{LANGUAGES_EN})", "(?:traditional|simplified) (?:chinese|characters)",
         f"(?:{LANGUAGES_EN})[- ]only",
         # the language rule called off by its language: "u can drop the welsh thing"
         f"(?:drop|stop|forget|ditch|skip|quit) (?:the|that|this|all the) (?:{LANGUAGES_EN})\\b",
         # ... or by the doing of it: "you dont gotta do the spanish no more"
         f"(?:do|doing|use|using|keep) (?:the|that|this) (?:{LANGUAGES_EN})\\b",
         f"(?:do|doing|use|using|speak|speaking) (?:{LANGUAGES_EN}) (?:with me|no more|any ?more)",
         # ... and a request made in the language itself: "bitte antworte ab jetzt auf Deutsch"
         ANSWER_IN_ITS_OWN_LANGUAGE),
        ("(?<![俩们])(?:用|说|讲|回)(?:中文|英文|英语|汉语|日语|韩语|法语|德语|西班牙语)(?!名)", "用(?i:english|chinese|japanese|korean|french|german|spanish)(?:回|答|写|跟|和|说)", "(?:中文|英文|英语)(?:回答|回复|交流|就好|就行)", "(?i:reply|answer|respond)\\s*(?:用)?(?:中文|英文|英语)",
         # the language of replies said with a word between, or as the one kept: "回复一律中文", "照旧中文"
         "(?:回复|回答|回我)[^，,。！？]{0,3}(?:中文|英文|英语)", "(?:照旧|还是|继续)(?:用)?(?:中文|英文|英语)(?!名|课|老师|歌)", "语言(?!班|学校|交换|课|考试|成绩|环境|中心)", "繁体", "简体", "繁體", "粤语", "双语", "中英(?:文)?(?:对照|混)"),
    ),
    "answer_length": (
        # the length of answers, not of a run or a wait ("how long did I run?")
        ("(?:short|long|thorough|tiny|little)(?:er)? (?:answers?|replies|responses|explanations?|versions?)",
         "(?:give|send) me the (?:full|long|whole|complete) (?:version|thing|answer|explanation)", "full explanations?", "(?:too|so) long", "concise", "brief",
         "in detail", "detailed", "length", "walls? of text", "tl;?dr", "how long should (?:the )?(?:[\\w'\u2019]+ )?(?:answers?|replies|responses)", "(?:answers?|replies|responses)(?: to (?:this |the )?user)? be",
         "word (?:limit|count)", "(?:word|length|sentence) cap", "as long as (?:you |it )?(?:need|needs|want|like)s?", "full detail", "words? or less", "under [0-9]+ words", "one-liners?", "short and sweet", "long-winded",
         # a count of sentences as the ceiling, or the rule named by it: "3 sentences max", "drop the 3 sentence thing"
         "(?:[1-9][0-9]*|one|two|three|four|five)[- ](?:sentences?|lines?|words?)(?= (?:max|tops|or less|or fewer|at most|thing|rule|limit))",
         "(?:to|under|within) (?:[1-9]|one|two|three|four|five) sentences",
         "in (?:like |about |just )?(?:[1-9]|one|two|three|four|five)(?:[-\u2013](?:[1-9]|two|three|four|five))? sentences",
         # the details wanted, said as chat says it: "so go long, i want step by step w all the details"
         "(?:w|with|give me|want|need) all the details", "(?:so|just|pls|please|ok|okay) go long\\b",
         # the explaining dropped: "new rule lol: skip the explaining entirely"
         "(?:skip|drop|cut|ditch|lose) (?:the|all the|any) (?:explaining|explanations?|reasoning|theory|preamble|intro|fluff|waffle)\\b",
         "no (?:more )?(?:explaining|explanations?|preamble|fluff)\\b"),
        ("简短", "简洁", "长度", "太长",
         # (not one answer asked for in detail: "那详细说说，电磁炉报E1一般是啥毛病")
         "(?<!那)详细(?!(?:地|点|些)?(?:说说|讲讲|介绍|解释|聊聊|说一下|讲一下|分析))", "几句话", "句话以内", "啰嗦", "短一?点(?!的)", "该长就长", "字数", "字以内", "长篇大论",
         "一句话", "多长(?!时间)", "篇幅", "长短", "长还是短", "短还是长", "多详细", "[一两二三四五六七八九十\\d]句话",
         "(?:讲|说|写|答)(?:得)?(?:细|详细|长)(?:一)?点", "长一点"),
    ),
    "contact_time": (
        ("mornings? (?:are|is|work) best", "evenings? (?:are|is|work) best", "after [0-9]{1,2} ?(?:am|pm)",
         "before [0-9]{1,2} ?(?:am|pm)", "nights", "night shifts?(?! at (?-i:[A-Z]))", "day shifts?(?! at (?-i:[A-Z]))", "(?:my|our|work|shift|sleep) schedule", "schedule (?:change|changed|is|'s|shifted)", "best time", "check-?ins\\b", "check-?in (?:reminders?|calls?|messages?|texts?|times?|window)",
         "reach me", "nudge", "contact me", "(?:be|get|being|getting) (?:contacted|reached|texted|messaged|called(?= (?:at|after|before|between|in|on|during|by|from|around|only|early|late|mornings?|evenings?|weekdays|weekends)\\b))", "(?:when|what (?:time|hours?|days?))\\b[^?.!]{0,40}?\\b(?:be|get|being|getting) called", "mornings", "evenings", "afternoons", "weeknights", "weekends only",
         "(?:weekday|weekend|saturday|sunday|monday|tuesday|wednesday|thursday|friday) (?:mornings|afternoons|evenings|nights)", "when you (?:ping|text|message|call|remind|nudge) me", "shifts(?! at (?-i:[A-Z]))", # (the shift asked about outweighs the work it is worked at: "Which shift does the user work?")
         "(?:which|what)(?= shifts?\\b)", "shifts?(?= (?:does|do|did) (?:the user|they|he|she|I|you) work\\b)", "when to (?:reach|contact|call|text|message|ping)", "(?:night|day|evening) rotation",
         "push (?:everything|it|them|the reminders?|my reminders?) (?:back )?to",
         # "call the user" alone is naming as often as phoning ("what should I call the user?"): only with a when
         "(?:reach|contact|text|message|ping) (?:the user|them|him|her)", "(?:when|what time)\\b.{0,24}\\bcall\\b",
         "(?:receive|get|send)s? (?:the |my |their )?(?:reminders|notifications|check-ins|messages|texts|updates|digests?)",
         "(?:remind|ping|text|message|call) me (?:in the |at )?(?:mornings?|afternoons?|evenings?|night|noon|lunch)",
         # when a daily message comes: "send my daily to-do summary at 7:30am", "the summary hits right as I'm asleep"
         "(?:send|sends|sent|get|deliver)s? (?:me )?(?:my |the )?(?:daily |weekly |morning |evening )?(?:[\\w-]+ )?(?:summary|summaries|briefing|digest|recap|check-?in)",
         "(?:summary|briefing|digest|recap) (?:comes?|arrives?|hits?|lands?|(?:be |is |gets? )?sent)",
         "(?:what time|when)\\b.{0,30}\\b(?:summary|summaries|digest|briefing|reminders?|check-?ins?)",
         "(?<!eat )(?<!eating )between [0-9]{1,2}(?::[0-9]{2})? ?(?:am|pm)? and [0-9]{1,2}(?::[0-9]{2})? ?(?:am|pm)",
         "(?:reminders?|check-?ins?|notifications?|pings?)\\b[^.]{0,30}\\b(?:between|after|before|at) [0-9]",
         # when to be messaged, said as an instruction: "only ping me weekdays 12-1", "move the pings to evenings"
         "(?:ping|text|message|remind|nudge) me (?:only )?(?:on )?(?:weekdays|weekends|weeknights|between|after|before|around)\\b",
         "(?:move|moving|moved|switch|shift|push) (?:the |my |all )?(?:pings|reminders|check-?ins|notifications|nudges)\\b"),
        # a time of day is when to reach the user only with an hour or a word of reaching ("晚上九点以后", "早上别找我"):
        # alone it is when something happens ("车早上打不着火", "每天下午不来一杯不行")
        # (and "哪几点" asks which points: "事前培训讲哪几点比较好")
        # (not the hours of a meal or a fast: "改16:8轻断食了，中午12点到晚上8点吃")
        # (a whole one is how long something went on: "粉丝在弹幕刷了一晚上“阿喵别走”")
        ("(?<![一整])(?:早上|上午|中午|下午|晚上)(?=[^，,。！？]{0,6}(?:[0-9一二三四五六七八九十两]+点|以[后前]|之[后前]|再|发|找|提醒|联系|通知"
         "|打(?:给|电话)|方便|有空|别|不要))(?![^，,。！？]{0,12}(?:吃|进食|断食|禁食))", "(?<!哪)几点", "联系我", "(?:给|跟)我打电话|打电话(?:给|找)我|(?:别|不要|可以)[^，,。]{0,4}打电话", "睡觉", "倒班", "夜班", "白班", "时间段",
         "联系(?:用户|他|她)", "找我", "收到(?:提醒|消息|通知)", "(?:提醒|通知)(?:的)?时间", "发我", "(?:什么时候|什么时间|几点)[^，,。？?]{0,8}(?:联系|找|方便|发|提醒|通知|打电话|推送)", "工作日", "午休",
         # when reminders come, not what they are about: "以后提醒改成上午吧"
         "(?:提醒|消息|通知|推送)(?:都)?(?:改|换|放|挪|调)(?:成|到|在)", "(?:早上|上午|中午|下午|晚上)(?:再)?(?:提醒|联系|通知)",
         # a window for them: "提醒别在早上十点前发", "消息只在晚上八点以后发"
         "(?:提醒|消息|通知|推送)(?:都)?(?:别|不要|只|就)?在",
         # "提醒什么的白天发就行"
         "(?:提醒|消息|通知)[^，,。]{0,4}(?:白天|晚上|早上|上午|下午|中午|夜里)(?:再)?发",
         # ... and a time of day after the reminders it is for: "提醒挪回早上吧" (last: the cues above match first)
         "(?:提醒|消息|通知|联系我|找我|发我)[^，,。！？]{0,4}(?:早上|上午|中午|下午|晚上)"),
    ),
    "school": (
        # the year of a course the user is in: "2nd year geography at Lakehead", "so I'm in 3rd year"
        ("(?:[1-4](?:st|nd|rd|th)|first|second|third|fourth|final) year (?:[a-z]+ )?(?:at|of) (?-i:[A-Z])\\w+",
         "(?:I'm|im|I am) (?:now )?in (?:my )?(?:[1-4](?:st|nd|rd|th)|first|second|third|fourth|final) year",
         # ... and the first teaching at a place: "first lecture at McGill tomorrow"
         "first (?:lectures?|class(?:es)?|seminars?|day of (?:classes|class|school)) at (?-i:[A-Z])\\w+",
         "school(?! run| pick-?up| drop-?off| holidays?| bus)", "university", "college", "grad school", "PhD", "master'?s", "degree", "studying", "semester",
         "campus", "enrolled", "admitted", "student", "midterms?", "finals week", "quarter system",
         "major", "classes", "dorm", "transfer\\w*", "attend(?:s|ed|ing)?", "freshman", "sophomore", "junior year", "senior year", "professor", "community college",
         "(?-i:CC)", "grad program", "bootcamp", "GPA", "tuition", "financial aid",
         # degrees and schools by the names people use: "my MSc at UCL", "first week at UC Davis", "final year at Warwick"
         "MSc", "BSc", "MPhil", "MBA", "dissertation",
         # ... and by their letters after "my": "week one of my MA at Leeds" (not "Boston, MA")
         "my (?-i:MA|BA|BS|MS|MEd|LLM|PGCE|MFA|MPH|MSW)\\b",
         # a certificate studied for somewhere: "doing the medical assistant certificate at sinclair now"
         "(?:certificate|certification|diploma)(?: program(?:me)?| course)? (?:at|from|through) \\w+",
         "(?:doing|taking|studying for) (?:the |my |a |an )?(?:[\\w-]+ ){0,3}?(?:certificate|diploma)\\b", "thesis", "final year", "(?-i:UC(?:LA|SD|SB|L|I)?)(?: (?-i:[A-Z])\\w+)?",
         "University of (?-i:[A-Z])\\w+", "(?-i:[A-Z])\\w+ (?:University|College|State|Tech)"),
        ("读研", "读博", "学校", "大学", "研究生", "博士", "导师", "报到", "入学", "毕业", "研二", "研一",
         "宿舍", "港大", "浙大", "学院", "期末", "考试周", "高数", "学分", "挂科", "绩点", "选课", "本科", "大一",
         "大二", "大三", "大四", "研三", "转学", "高[一二三]", "初[一二三]", "校区", "军训", "博[一二三四五]", "硕[一二三]",
         # universities as people name them
         "北大", "清华", "复旦", "交大", "南大", "武大", "中大", "川大", "厦大", "山大", "哈工大", "同济", "人大",
         "北师大", "华科", "中科大", "港中文", "港科大", "北航", "南开", "天大", "专业课", "上课", "上学", "念书", "在读", "(?:在哪|哪所|哪个学校|在[^，,。？?]{1,8})读书", "学籍", "复读", "留学", "退学", "休学",
         "大专", "专科", "中专", "职校", "专升本", "拟录取", "录取", "复试", "考研", "北外", "上外", "华师", "北外食堂",
         # a school by its kind ("华东师大", "南京理工", "西南财大"), and the lab work of a graduate student
         "(?<!北)师大", "理工(?!科|男)", "(?:工|医|财|农|科|外|政法)大(?![小概多部])", "(?:做|熬|赶)实验", "组会",
         # a driving school enrolled at: "报了个驾校学C1"
         "驾校", "学(?:车|驾照)", "科目[一二三四]"),
    ),
    "vehicle": (
        ("car", "drive", "drives", "driving", "sold the", "bought a", "vehicle", "lease", "my (?:19|20)[0-9]{2}", "bike",
         # makes and models people name their car by, and what only a car has
         "Subaru", "Tesla", "Toyota", "Honda", "Ford", "BMW", "Audi", "Mercedes", "Volkswagen", "VW", "Kia(?! ora)", "Hyundai",
         "Nissan", "Mazda", "Volvo", "Jeep", "Chevy", "Lexus", "civic", "corolla", "camry", "prius", "outback",
         "forester", "rav4", "cr-v", "f-150", "jetta", "golf", "polo", "miata", "mustang", "wrangler", "model [3ysx]",
         "truck", "suv", "minivan", "van", "pickup", "motorcycle", "motorbike", "scooter", "mpg", "oil change", "dealership", "transmission", "car-free", "carfree",
         "car-?less", "without a car", "EVs?", "regen(?:erative)? braking", "(?:level 2|EV|home) charger", "Ioniq", "Rivian", "Polestar"),
        ("我的车", "开车", "买车", "卖车", "新车", "二手车", "车贷", "驾照", "电动车", "小米(?:SU7|YU7)", "(?:秦|汉|唐|宋|元)(?:PLUS|EV|DM)", "那辆", "这辆", "提车", "4S店",
         "什么车", "哪(?:辆|款)车", "的车", "(?:一|那|这|两|我的?)辆", "(?:开了|再开|再战)[一两三四五六七八九十几\\d]+年",
         "保养", "油耗", "续航", "电车", "油车", "车险", "过户", "置换", "充电桩", "租了?(?:一)?(?:台|辆)", "租车", "自驾", CAR_MODELS_ZH, "开的是", "摩托",
         # "用户现在有车吗？", "骑我的小电驴去上课"
         "有车", "没车", "小电驴", "电瓶车", "电动自行车", "自行车", "单车",
         # riding one is a cue of its own: "每天骑我的小电驴去上课" is no school
         "骑(?:着)?(?:我的)?(?=小电驴|电动车|电瓶车|摩托|自行车|单车)"),
    ),
    # the bank the user keeps their money with: "my salary goes into my Wells Fargo checking", "工资卡是招行的"
    "bank": (
        ("bank(?:s|ing)?(?! holiday)", "credit union", "checking(?: account)?", "savings account", "current account",
         "direct deposit", "debit card", "sort code", "routing number", "overdraft", "ATM fees?", "(?:account|monthly) fees?",
         "(?:main|primary|business|joint|personal) account", "Chase", "Wells Fargo", "Citi(?:bank)?", "Barclays", "HSBC",
         "Monzo", "Revolut", "Santander", "Lloyds", "NatWest", "Schwab", "Ally", "Chime"),
        ("银行", "工资卡", "储蓄卡", "借记卡", "银行卡", "开户", "销户", "对公(?:账)?户", "信用社", "网银", "招行", "工行", "建行",
         "农行", "中行", "交行", "邮储", "余额宝", "存款"),
    ),
    # the user's own doctor: "my primary care doc is Dr. Patel", "我现在看甲状腺找的是刘主任"
    "doctor": (
        ("doctor", "doc", "GP", "PCP", "primary care", "physician", "dentist", "therapist", "psychiatrist", "cardiologist",
         "dermatologist", "endocrinologist", "gynecologist", "ob-?gyn", "pediatrician", "specialist", "family doctor",
         "(?-i:Dr)\\.? (?-i:[A-Z])\\w+", "clinic", "appointments?"),
        ("医生", "大夫", "主治", "家庭医生", "牙医", "门诊", "复诊", "挂号", "专家号", "诊所", "心理咨询师", "咨询师", "主任医师",
         "(?:[\\u4e00-\\u9fff])主任(?=看|复诊|那|的号)",
         # whom the user sees for an illness: "我现在看甲状腺找的是刘主任"
         "看(?:病|[^，,。！？]{1,6}?)(?:找|挂)(?:的是)?",
         # the clinic the user is seen at: "在哪家医院看心内科", "挂皮肤科" (not "看了本科技书")
         "(?:看|挂)了?[^，,。！？了]{1,4}科(?!技|幻|普|学|研|目)"),
    ),
    # the gym, pool or club the user belongs to: "my Iron Harbor membership", "乐刻那张卡我退了"; what is done there
    # counts for a statement ("leg day at planet fitness"), a question names the place (SERVICE_NAMES)
    # the team or department the user is in at work, named by what it does: "on the payments team", "调到风控组了"
    # (a bare "my team" is said of every workplace; not a leader's post: "组长")
    "team": (
        (f"(?:on|in|joined|to|into) (?:the|a|another|my|our) (?:new |old )?(?:[\\w&+-]+ ){{1,3}}?{_TEAM_EN}\\b(?! (?:at|lead|leader|chat|lunch|dinner|offsite|outing|event|meeting)\\b)",
         "(?:which|what) (?:team|squad|department|dept|division)", "reorg(?:anization|anisation)?\\b"),
        (f"(?:在|到|去|进|回)(?:了)?[^，,。！？\\s我]{{1,8}}{_TEAM_ZH}(?!长|织|合|成|建|员|会|里的|的人)", f"(?:哪个|什么){_TEAM_ZH}",
         "换组", "转组", "调组", "换部门", "转部门", "调部门", "(?:我们|我)(?:组|部门)(?!长|织|合|成|建|员|会)"),
    ),
    "gym": (
        ("gym", "membership", "YMCA", "crossfit", "(?:yoga|pilates|climbing|boxing|spin|barre) (?:studio|gym)", "pool",
         "Planet Fitness", "Equinox", "Anytime Fitness", "fitness", "work(?:ing)? out", "worked out", "lifting",
         "squat racks?", "leg day", "swim(?:ming)? laps", "personal trainer"),
        ("健身房", "健身卡", "月卡", "游泳馆", "瑜伽馆", "攀岩馆", "拳馆", "年卡", "会员卡", "体育馆", "泳池", "乐刻", "超级猩猩", "威尔士",
         "健身", "撸铁", "私教"),
    ),
}


# The words that name a service itself, not what is done there: a question about a service names it ("Which gym does
# the user go to?") or asks where it is, where "How often does John work out?" asks about a pastime and "When is the
# next appointment?" about an event.
SERVICE_NAMES = re.compile(
    r"\b(?:banks?|banking|credit\s+union|checking|savings|account|doctors?|docs?|GPs?|PCPs?|physicians?|dentists?|"
    r"therapists?|psychiatrists?|\w*ologists?|pediatricians?|specialists?|Dr\b|gyms?|membership|YMCA|pool|studio)\b"
    r"|银行|工资卡|储蓄卡|银行卡|对公|医生|大夫|牙医|主治|主任|咨询师|健身房|健身卡|游泳馆|瑜伽馆|攀岩馆|拳馆|体育馆|泳池|会员卡|年卡"
    # ... or asks where it is done: "Where did the user work out in summer 2025?", "用户在哪里健身？"
    r"|\bwhere\b.*\bwork(?:s|ed|ing)?\s+out\b|哪(?:里|儿|家|个地方)?(?:健身|锻炼|游泳|看病)"
    # ... or which clinic the user is seen at: "用户现在在哪家医院看心内科？"
    r"|哪(?:里|儿|家|个)(?:医院)?(?:看|挂)[^，,。？?]{0,4}科",
    re.IGNORECASE,
)


# A standing rule called off ("三句话那个规矩取消吧", "forget that rule"): a change of whichever preference the
# clause names (its own topic word decides which).
_RULE_CALLED_OFF = (
    ("(?:drop|forget|scrap|cancel|lift|ditch|ignore) (?:that|the|this) (?:[\\w-]+ ){0,3}?(?:rule|limit|requirement)",
     "no (?:particular |real |hard )?(?:length |word )?limit",
     # the thing called off is left to count for its own topic: "calling off the spanish-only thing"
     "call(?:ing|ed)? off(?= (?:that|the|this) [\\w-]+ (?:thing|rule|experiment))", "no rules? any ?more"),
    ("(?:规矩|要求|规定|限制|那条)(?:就|先|也)?(?:取消|去掉|作废|不要了|算了)",),
)

# Words that announce a change of the topic's value count once more: "跳槽了，入职美团, title 还是 analyst" is
# about the employer first.
# A while counted since arriving, up to now (the closing 了)
_SINCE_ARRIVING = "[一两三四五六七八九十半几俩仨\\d]+(?:个)?多?(?:月|年|周|礼拜|星期)了"
CHANGE_CUES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # ... and so do words that say the value still holds after all ("still at pellucid", "我还在郑州待着"): they
    # restate it over a plan or an aside that came between
    "residence": ((_MOVED_HOME, "relocated", "(?:closed|closing) on (?:a|the|our|my) (?:new )?(?:house|place|condo|home|townhouse)", f"(?:I'm|I am|im|we're|we are) back in {_NOT_A_MONTH}(?-i:[A-Z])\\w+", "(?<!near my )(?<!by my )(?<!to my )new apartment", "(?<!near my )(?<!by my )(?<!to my )new place", "still (?:live|living|in|here|based)", "remain(?:ing)? in (?-i:[A-Z])\\w+",
                   # "I'm officially a Tucson resident" (a change cue counts as a word of its topic too)
                   "staying put(?! (?:at|with) (?-i:[A-Z]))", "(?-i:[A-Z])\\w+ resident", f"^back in {_NOT_A_MONTH}(?-i:[A-Z])\\w+",
                   "(?:we're|I'm|im|we are|I am) (?:officially |finally )?out of (?-i:[A-Z])\\w+", "(?:gave|given|giving) up (?:the|my|our) (?:[\\w-]+ ){0,3}?(?:room|apartment|flat|place|lease|house|unit)",
                   # a lease broken, and no home of one's own since: "said screw it and broke the lease"
                   "broke (?:the|my|our) lease", "no place of (?:our|my) own",
                   # the keys of a new home in hand: "we got the keys to the kettering house thursday"
                   "(?:got|get|getting|picked up) (?:the |our |my )?keys (?:to|for) (?:the |our |my )?(?:new )?(?:[\\w-]+ ){0,2}?(?:house|place|flat|apartment|condo|home|townhouse)\\b",
                   # back in the home the user grew up in: "I'm back in my childhood bed"
                   "back (?:in|into|to) my childhood (?:bed|bedroom|room|home|house)", "signed for",
                   # a first season somewhere is the first one living there: "first winter here", "my first summer in Tucson"
                   "first (?:winter|summer|fall|autumn|spring|christmas) (?:here|in (?-i:[A-Z])\\w+)"),
                  ("搬家", f"搬到(?!{A_WORKPLACE_ZH})", "搬去", "安顿", "退租(?!违约|押金|条款|手续费|的话)", "搬进(?:来|去)?(?:[一两三四五六七八九十半\\d]+|好几)(?:个)?多?(?:天|周|星期|礼拜|月)了", "还在[^，,。！？]{1,6}(?:住|待|呆)", "还是[^，,。！？]{0,6}在[^，,。！？]{1,6}住", f"还是[^，,。！？]{{0,6}}在(?:{CITIES_ZH})[^，,。！？]{{0,4}}(?:待|呆)", "不搬了", "(?:房子|家)?(?:也|就)?不用(?:换|搬)了",
                   "(?:房子|宿舍|公寓|房间|单间|出租屋|出租房)[^，,。]{0,6}?退(?:掉|租)?了", "(?:租约|合同|房子)[^，,。]{0,4}(?:到期|没续|不续)", "(?:没有?|不)续租", "到期[^，,。]{0,3}(?:没续|不续)", "落脚", "居无定所", "搬过来", "搬过去",
                   # the belongings sent or carried home: "东西全打包寄回阆中了", "上周拖着两个大箱子回国了"
                   "(?:东西|行李|家当)[^，,。]{0,4}(?:寄|搬|运|拉)回(?!来)", "(?:拖着|带着)[^，,。]{0,8}(?:箱子|行李)[^，,。]{0,4}回(?:国|家|老家)了",
                   # the move done, or the home itself moved: "终于搬完了", "这周总算把家也挪过来了"
                   "搬完(?:了|的?家)", "把家[^，,。]{0,3}?(?:挪|搬|安)(?:过来|过去|到)",
                   # ... or the new home's keys in hand: "新房钥匙拿到了", "上周收房了"
                   "(?:新房|房子)(?:的)?钥匙[^，,。！？]{0,3}(?:拿到|到手)", "拿到(?:了)?(?:新房|房子)(?:的)?钥匙", "(?:收|交)房了",
                  # a stay counted up to now (the closing 了): "在北京住了六年了", not "在民宿住了一个月"
                  "住了(?:快|有|差不多)?[一两三四五六七八九十半\\d]+(?:个)?多?(?:月|年)了",
                  "(?:新)?租的(?:房子|房|公寓)",
                  # the time since arriving: "到深圳快一个月了", "来成都半年了", "来青岛俩月了", "来了一个礼拜了"
                  f"(?:到|来)(?:{CITIES_ZH}|这边|这儿|这里)[^，,。！？]{{0,3}}{_SINCE_ARRIVING}",
                  f"来了(?:快|都|已经|才|有)?{_SINCE_ARRIVING}", "(?:不打算|没打算|还没)定下来住", "迷你仓", "回老家(?:了|发展|定居|生活|工作)", "回(?:村|乡)(?:了|里|下)", f"(?:又)?回到(?:了)?(?:{CITIES_ZH})", f"搬来(?:了)?(?:{CITIES_ZH})")),
    "employer": ((_JOINED_A_WORKPLACE, "quit", "retired", "last day", "notice", "start(?:ed|ing)? at",
                  # a place that took the user from another: "Cinder & Salt poached me for their pastry program"
                  "(?:poached|headhunted|scooped) me\\b",
                  # a job begun on a near day: "GOT IT!!! start monday as a member service rep at Longleaf", "I start
                  # monday at Meeple Forge"
                  "start(?:s|ing)? (?:on )?(?:(?:mon|tues|wednes|thurs|fri)day|tomorrow|next week) (?:as an?|at|with)\\b", "new job", "(?:changed|switched) jobs",
                  "(?:turned|handed) in my (?:badge|keys|laptop|hard ?hat|uniform|apron|vest|radio|key ?card|lanyard)",
                  # a job found: "I landed at Quarrystone doing platform eng" (not a plane: "landed at JFK")
                  "landed (?:a (?:new )?(?:job|gig|role|position|spot)\\b|(?:at|with) (?-i:[A-Z])[\\w&'-]+ (?:doing|as)\\b)", "layoffs?\\b.{0,40}\\bI was (?:in|part of|one of)",
                  "layoffs?",
                  # (the place may be named between: "gave harbor point my 2 weeks back in october")
                  "(?:sending|sent|send|gave|giving|handed|handing|put in|putting in|turned in|turning in) (?:[\\w&'-]+ ){0,3}?my (?:two|2) weeks",
                  "(?:accepted|signed) (?:the|an|their|a|his|her) (?:job )?offer", "laid off", "fired",
                  "still (?:at|with|working)", "staying at", "staying (?:put )?(?:at|with) (?-i:[A-Z])\\w+", "let go", "between jobs", "unemployed", "out of work",
                  "not working (?:anywhere|at the moment|right now|rn|atm)",
                  # the money or the contract behind the job ended: "the NSERC grant that was paying me wrapped up",
                  # "the Timaru contract ended and they didn't renew", "I'm not with anyone right now"
                  "(?:grant|funding|contract|position|post)\\b[^.,!?]{0,30}\\b(?:ran out|wrapped up|dried up|ended|finished)",
                  "(?:didn't|did not|won't|wouldn't|not going to) renew(?! (?:the|my|our) (?:lease|visa|passport|licen[cs]e|membership|subscription))", "not with anyone (?:right )?now",
                  "(?:not|no longer) (?:at|with|working (?:at|for)) (?-i:[A-Z])\\w+",
                  "(?:team|department|office|division|branch) at (?-i:[A-Z])\\w+ now",
                  "been at (?-i:[A-Z])\\w+(?: \\w+)? (?:since|for)",
                  # a move called off keeps the old employer: "Kestrel countered… I'm staying put", "called Dunmore and
                  # withdrew", "turned the offer down"
                  "counter-? ?offer\\w*", "countered", "withdr[ae]w\\w*", "(?:turned|turning|turn) (?:down )?(?:the|their|an?|that|this) (?:job )?offer(?: down)?",
                  "declined (?:the|their|an?|that|this) (?:job )?offer", "contract signed",
                  # a business of the user's own opened or closed: "we closed Thistle & Thread for good", "went freelance"
                  f"(?:opened|started|launched) (?:my|our) (?:own )?(?:[\\w-]+ )?(?:{_BUSINESS_EN})", "went (?:freelance|self-employed|solo|independent)",
                  "(?:closed|shut|shutting|closing) (?:down )?(?:[\\w&'-]+ ){0,4}?for good",
                  f"(?:closed|shut|sold) (?:down )?(?:the|my|our) (?:[\\w-]+ )?(?:{_BUSINESS_EN})", "signed (?:the |my )?(?:employment )?contract",
                  "(?:got|been|finished|finally) onboarded",
                  # a first stretch at a named place that is no school: "first week at Ledgerly done!!"
                  "first (?:week|month) at (?-i:[A-Z])\\w+\\b(?! (?:University|College|State|Tech|High|Law|Med))",
                  # a job left for another, or a new one begun: "Kev just jumped ship to a solar outfit", "3 weeks into
                  # the new gig!!"
                  "jump(?:ed|ing|s)? ship", "(?:the|my) new (?:gig|job|employer|workplace)\\b",
                  "(?:days|weeks|months) into (?:the|my) new (?:gig|job|role|position|place)"),
                 # "又跳了哈哈，这次去了鲸落游戏"
                 ("跳槽", "(?:又|也)跳了",
                  # a business of one's own opened: "开了家牛肉面馆，自己当老板了"
                  f"(?:^|我|自己)(?:在[^，,。！？]{{1,8}})?开了(?:一)?(?:家|个|间)[\u4e00-\u9fff]{{0,6}}?(?:{_BUSINESS_ZH}|馆|{_PRACTICE_ZH})",
                  # ... or registered, or gone into with a partner: "注册了个小工作室叫“建国庭院”", "现在跟大学同学老周合伙"
                  f"注册了(?:一)?(?:家|个|间)[\u4e00-\u9fff]{{0,6}}?(?:{_BUSINESS_ZH}|公司|{_PRACTICE_ZH})", "(?:跟|和)[^，,。！？]{1,12}合伙",
                  # ... or a workplace jumped to: "四月初跳过来的，木森景观"
                  "跳(?:过来|过去)(?:了|的)",
                  # ... or the old one handed over: "体校那边上个月交接完了"
                  "(?:工作)?交接(?:完|好)(?:了|啦)",
                  # a job left, said of the user or of the place: "超市那边我辞了", "驾校那边我不干了"
                  "我(?:已经|早就?|就)?(?:辞|不干)了", "那边[^，,。！？]{0,3}(?:辞|不干)了", "入职", "(?<![A-Za-z])(?i:onboard)(?![A-Za-z])", "离职", "辞职", "裸辞", "退休了", "返聘", "新东家", "换了?(?:个|份)?工作", "新工作", "新单位", "还在[^，,。！？]{1,8}(?:上班|工作|干)", "继续(?:留)?在[^，,。！？]{1,8}(?:上班|工作|干|熬|苦熬|待|混)", "(?:还是|依然|仍然|就)留在(?!家)", "没工作", "失业",
                  "待业", "被裁", "被优化", "被毕业", "裁到(?:我|我们)", "(?i:n\\+1)", "我(?:直接|也|已经)?跑路了", "被辞", "被开了", "丢了工作", "跳去", "跳到",
                  # an exam passed into a post ("考公上岸了"), not into a school ("考研也上岸了")
                  "(?<!研)(?<!研也)(?<!研终于)上岸", "(?i:onboard)\\s*(?:了|完)",
                  "自己(?:出来)?(?:单干|创业|开(?:了)?(?:一)?(?:家|个|间))",
                  # ... or gone out on one's own: "现在不跟公司了，自己拉了几个老乡单干"
                  "拉了?[^，,。！？]{0,8}单干", "不跟(?:公司|老板)了",
                  # (the user's own, or named at the clause's start: not "我家楼下的店关门了")
                  f"(?:^|(?<=[，,。！？!?\\s]))(?:我们|我的|我家的|自己的)?(?:小)?[\u4e00-\u9fff]{{0,3}}?(?:{_BUSINESS_ZH}|公司)[^，,。！？]{{0,4}}(?:关门|关了|倒闭|黄了|盘出去|转让|歇业|注销)", "不跳了", "(?:决定)?留(?:在|下)(?:原|老)?(?:公司|单位|东家)", "(?:拒|推)(?:掉)?了[^，,。！？]{0,8}(?:offer|录用|聘用)", "挽留")),
    # ... and a role said as what the user is now, or was moved up to: "I'm Associate Creative Director now", "they
    # bumped me to senior copywriter", "new business cards", "转正了", "提拔成主管"
    "job_title": (("promoted", "promotion", "promo", "new title", "new role", "new business cards?",
                   "(?:changed|updated|bumped) my title", "step(?:s|ped|ping)? up as", "got (?:moved|kicked) up\\b(?! to)",
                   # the user's new post told as a riddle: "guess who is now assistant executive housekeeper"
                   "guess who(?:'s| is) (?:now )?(?:an? |the )?(?:new )?(?:[\\w-]+ ){0,3}(?:" + _ROLES_EN + ")", "took over as", "(?:org chart|title|email signature) (?:now )?says",
                   f"(?:I'm|I am|im) (?:now )?(?:an? |the )?(?:[\\w-]+ ){{0,3}}(?:{_ROLES_EN})s? now",
                   f"(?:bumped|moved|promoted|upgraded|made) me (?:up )?(?:to )?(?:an? |the )?(?:[\\w-]+ ){{0,3}}(?:{_ROLES_EN})",
                   # a role taken up: "officially assistant principal as of this semester", "first season as HEAD
                   # coach … got bumped up"
                   f"officially (?:an? |the )?(?:[\\w-]+ ){{0,2}}(?:{_ROLES_EN})\\b(?! (?:told|said|called|emailed))",
                   f"first (?:season|year|term|semester|week|month|day) as (?:an? |the )?(?:[\\w-]+ ){{0,2}}(?:{_ROLES_EN})",
                   "(?:got|been|was) bumped up",
                   # a post handed over: "Geoff retired at christmas … they gave me his title in january"
                   "(?:gave|given|handed) me (?:his|her|their|the) (?:old |new )?(?:title|role|position|post|job title)",
                   # a rank's insignia put on: "Pinned the stripes on Monday, my wife did the honors"
                   "pinned (?:on )?(?:the |my |his |her )?(?:new )?(?:stripes|bars|oak leaves|eagles?|wings|rank)"),
                  ("升职", "升了", "升店长", "当上", "转正", "提拔",
                   # "老板把我提成店长了", "新学期我升主班了", "副教授的聘书今天拿到手了"
                   "把我[^，,。！？]{0,6}?(?:提|升)(?:成|为|到)", "(?:我|刚|终于|总算)升(?!级|学|温|值|高|降|旗)[\u4e00-\u9fff]{1,3}了",
                   "聘书", "评上(?:了)?(?:副高|正高|中级|高级)", "出师(?:了|啦)", "上砧板了", "(?:炒锅|头灶|砧板)归我",
                   "(?:老板|师傅|厨师长|店长|领导)让我顶上",
                   # a post given: "直接让我做执行导演了", "老板让我带班了"
                   "让我(?:来)?(?:当|做|担任|接)了?[^，,。！？]{0,8}?(?:导演|主管|经理|组长|店长|领班|负责人|主任|总监|班长|队长)",
                   # ... or taken up after it was given: "让我去揽投部当副经理，元旦后正式上任了"
                   "(?:正式|走马)?上任(?:了|啦)", "履新",
                   "让我带(?:班|队|组)",
                   # a role held now, or a post taken up: "现在当项目经理了", "我现在是组长了", "这个月开始上副值岗"
                   f"(?:现在|如今|已经|目前|正式)(?:是|当|做|当上|成了|成为)(?:了)?(?:个|一名|一个|名)?[\u4e00-\u9fff]{{0,6}}?(?:{_ROLE_ENDINGS_ZH})",
                   "开始上[\u4e00-\u9fff]{1,4}岗", "升(?:为|成|到)", "升(?:了)?[^，,。]{0,4}(?:主管|经理|总监|组长|店长)", "任命", "(?:名片|头衔|title)(?:也)?(?:换|改)")),
    # ... and the words that start or end a value of the other topics: a retraction often names nothing else
    # ("sold it", "分手了", "不吃素了"), so its one cue would otherwise stay below a statement's strength
    "diet": (("went (?:vegan|vegetarian|pesc[ae]tarian|keto)", "stopped eating", "eat(?:ing)? meat again", "(?:are|is|'re|'s) back on (?:my|the) (?:plate|menu)", "(?:started|start|starting|back to|went back to) eat(?:ing|in)? (?:\\w+ )?again",
              "no longer (?:vegan|vegetarian)", "gave up (?:meat|dairy|being vegan|being vegetarian)",
              "gave up on (?:the |being )?(?:vegan|vege?t[ae]rian|veggie|keto|pesc[ae]tarian)", "eat(?:s|ing)? everything",
              "staying (?:vegan|vegetarian|veggie|pesc[ae]tarian|keto)", "(?:vegan|vegetarian|veggie|pesc[ae]tarian|keto) now",
              "eating (?:\\w+ )?again",
              # a diet's run said to be over: "the whole veggie thing is over for me", "the vegetarian run is officially over"
              "(?:vegan|vege?t[ae]rian|veggie|keto|pesc[ae]tarian|plant-based)\\w* (?:thing|run|phase|era|life|experiment|streak) (?:is|'s|was) (?:officially |finally |kinda |so )?over"),
             ("开始吃素", "不吃素了", "(?:吃素|素食?|斋)(?:也|就|已经)?停了", "开荤", "改吃", "又吃肉", "(?:恢复|开始|重新)吃(?:肉|荤|鱼|鸡|蛋|奶|海鲜)", "不忌口了",
              # "鱼和肉也开始吃了", "最近在搞keto"
              "(?:肉|荤|鱼|鸡|蛋|奶|海鲜)[^，,。！？]{0,4}开始吃了", "(?:开始|在)(?:搞|做|吃|试)(?:(?i:keto)|生酮|轻断食|断食|低碳|地中海)", "戒(?:了)?(?:肉|辣|糖|奶)",
              # a food given up, named first: "甜的一口不碰了", "油条早戒了"
              "(?:甜的|甜食|糖|肉|荤|油炸|油条|碳水|辣|零食|宵夜|夜宵)[^，,。！？]{0,4}(?:不碰|不沾|戒)",
              # the way the user eats now, said as now: "现在我吃碗面不加两勺辣椒油都觉得没味道", "无辣不欢了"
              "(?:现在|如今|这阵子|这半年)[^，,。！？]{0,12}(?:辣|吃素|素食|吃肉|荤|清淡|香菜|口味)", "无辣不欢", "(?:能|敢)吃辣了",
              # ... or turned round: "现在反倒爱吃清淡的了", "居然离不开香菜了"
              "(?:反倒|反而|居然|竟然)[^，,。！？]{0,4}(?:爱|喜欢|离不开|吃得惯|能吃)", "(?:现在|如今)[^，,。！？]{0,4}只能吃",
              # a diet by name given up: "生酮不搞了", "轻断食停了"
              "(?:生酮|素食|吃素|断食|轻断食|低碳|控糖|减脂餐?)[^，,。！？]{0,6}(?:不搞了|不弄了|停了|放弃了|结束了|不做了|不坚持了)")),
    "drink": (("switched to (?:\\w+ )?(?:tea|coffee|decaf|matcha|lattes?|americanos?)", "(?:quit|gave up|giving up|cut out|off) (?:coffee|caffeine)",
               "no more (?:coffee|caffeine|sugar in my)", "(?:coffee|caffeine)-free now", "back (?:on|to) (?:coffee|caffeine|tea|lattes?)"),
              ("戒(?:了)?咖啡", "咖啡[^，,。！？]{0,4}戒(?:了|掉)", "改喝", "换成?(?:喝)?(?:燕麦|拿铁|美式|茶|绿茶|乌龙|奶茶)",
               "(?:现在|如今|最近)[^，,。！？]{0,6}(?:只喝|都喝|改喝|喝)(?:茶|拿铁|美式|乌龙|绿茶|红茶|燕麦)")),
    "bank": (("switched (?:my )?(?:\\w+ )?(?:bank|banks|banking|accounts?)", "changed banks", "new bank",
              "(?:opened|closed) (?:an? |my |the |our )?(?:\\w+ )?(?:account|checking)",
              "moved (?:my|all my|everything|our) (?:\\w+ )?(?:money|banking|accounts?|savings|paycheck)?\\s*(?:over )?to",
              "(?:paycheck|salary|direct deposit) (?:now )?goes (?:into|to)"),
             ("(?:换|转|改)(?:了)?(?:到)?[^，,。！？]{0,6}银行", "(?:转|换)到[^，,。！？]{1,6}行(?:了|去)", "销户", "开(?:了)?(?:个|张)?(?:户|卡)", "工资卡(?:换|变|改)")),
    "doctor": (("switched (?:my )?(?:doctors?|GPs?|PCPs?|dentists?|therapists?)", "new (?:doctor|GP|PCP|dentist|therapist)",
                "(?:moved|transferred|switched) me (?:over )?to (?-i:Dr)", "(?:(?-i:Dr)\\.? (?-i:[A-Z])\\w+|doctor|doc|GP|PCP|dentist|therapist) (?:has |just |finally )?(?:retired|left the practice)",
                "(?:see|seeing) (?-i:Dr)\\.? (?-i:[A-Z])\\w+ now"),
               ("换(?:了)?(?:个|位)?(?:医生|大夫|牙医|主治)", "换成[^，,。！？]{0,4}(?:医生|大夫|主任)", "转到[^，,。！？]{0,8}(?:医生|大夫|主任)", "(?:新|现在)的?(?:医生|大夫|主治)")),
    "team": ((f"(?:moved|transferred|switched|rotated|reassigned|shifted|moving|transferring) (?:over )?(?:to|into) (?:the |a |another |a new )?(?:[\\w&+-]+ ){{0,3}}{_TEAM_EN}\\b",
              "(?:switched|changed|swapped) (?:teams|departments|groups)", "new team", "internal transfer",
              # (a reorg talked of is none yet: "there's a reorg proposal floating around")
              "reorg(?:anization|anisation)?\\b(?! (?:proposal|plan|rumou?rs?|talk))"),
             (f"(?:调|转|换|分|划)(?:到|去|进)了?[^，,。！？\\s我]{{1,8}}{_TEAM_ZH}(?!长)", "换组", "转组", "调组", "换部门", "转部门", "调部门", "内部转岗")),
    "gym": (("(?:cancel+ed|froze|quit|joined|switched) (?:my |the |a )?(?:\\w+ )?(?:gym|membership)", "new gym",
             # ... or moved to another: "switched to the Anytime Fitness near my new place"
             "(?:switched|moved|changed) (?:over )?to (?:the |a |an )?(?:[\\w-]+ ){0,2}(?:gym|fitness|ymca|crossfit|pool)\\b",
             "signed up (?:at|for|with) (?:a |the )?(?:\\w+ )?(?:gym|studio)", "let (?:my|the) membership (?:lapse|expire)"),
            ("(?:退|办|换|转)(?:了)?(?:张|个)?(?:卡|健身房|年卡)", "(?:不|没)续(?:了|卡|费)?", "换(?:了)?(?:个|家)?(?:健身房|游泳馆|瑜伽馆)")),
    "vehicle": (("sold (?:my|the|our) (?:car|truck|suv)", "got rid of (?:my|the) car", "trade(?:d)?[- ]in", "new car",
                 "car-free now", "car-?less", "sold it for (?:parts|scrap)",
                 # a car given up by name: "I let the Sienna go"; and none since: "no car for me for a while"
                 "let the (?-i:[A-Z])\\w+ go\\b", "no car (?:for me|anymore|any more|now|these days|at the moment)",
                 # a car bought by its model year, or one traded for another: "picked up a certified pre-owned 2021
                 # Outback", "traded the little connect in for a high roof sprinter"
                 "(?:picked up|bought|leased|financed) (?:a|an) (?:[\\w-]+ ){0,3}(?:19|20)[0-9]{2} [\\w-]+",
                 "traded (?:[\\w-]+ ){0,3}in for"),
                ("(?:新|刚)提的", "新车[^，,。！？]{0,2}(?:提|到手|开回)", "车提(?:了|回来)", "车卖了", "车已经卖", "卖了车", "卖掉了?车", "车卖掉", "提车", "换车", "没车了", "现在没车",
                 "车[^，,。！？]{0,4}(?:处理掉|转手|出掉|出手|卖掉|卖了|报废)", "不开车了",
                 f"(?:{CAR_MODELS_ZH})[^，,。！？]{{0,6}}(?:卖了|卖掉了|出手了|转手了)")),
    "relationship_status": (("broke up", "split up", "got divorced", "got engaged", "got married", "tied the knot",
                             "back together", "divorce (?:is |got |was )?(?:final\\w*|through|done)", "separated", "seeing someone",
                             "(?:officially|finally|now) (?:divorced|single|engaged|married)", "honeymoon",
                             "courthouse", "eloped", "got hitched", "just married", "newlyweds?",
                             "(?:she|he|they|I) (?:\\w+ ){0,3}said yes", "(?:got|get|getting|went) down on one knee", "engagement (?:dinner|party|ring|photos)",
                             "(?:he|she|(?-i:[A-Z])\\w+) proposed", "made it official", "(?:it's|we're) official"),
                            ("分手了", "离婚了", "订婚了", "结婚了", "领证了",
                             # parted from someone named: "我和阿凯分了，这次是真的分了" (not "跟同事分了蛋糕")
                             "(?:和|跟)[^，,。！？我]{1,6}分了(?![^\\s，,。！？!?~…啊吧呀哦呢😭])",
                             # the certificate taken, the banquet held: "证上个月已经领了", "酒席办完了", "办完酒席"
                             "(?:^|结婚|把)证[^，,。！？]{0,6}领(?:了|完)", "(?:酒席|婚宴|喜酒)[^，,。！？]{0,6}办(?:完|了)", "办完(?:了)?(?:酒席|婚宴|婚礼)", "复合", "在一起了", "脱单了", "恢复单身", "确定(?:了)?(?:恋爱)?关系", "婚假",
                             "(?:我们|我俩|我们俩)(?:已经|早就)?分(?:开)?了",
                             "(?:去|跑)了?(?:一)?趟?民政局", "红本", "单膝跪", "蜜月",
                             "(?:拿出|掏出)(?:了)?戒指", "我(?:说了?|答应了?)(?:好|愿意|yes)")),
    "answer_length": (("(?:no|drop the|forget the|lift the) (?:length|word|sentence) limit", *_RULE_CALLED_OFF[0],
                       # ... or the cap named by its count: "you can drop the 2-line thing", "ignore the 100 word thing"
                       "(?:drop|forget|scrap|cancel|lift|ditch|ignore) (?:that|the|this) [\\w-]+[- ](?:sentences?|lines?|words?) thing"),
                      ("(?:字数|长度|句话)?限制(?:就)?(?:取消|去掉|不要了)", *_RULE_CALLED_OFF[1])),
    "output_format": _RULE_CALLED_OFF,
    "language": _RULE_CALLED_OFF,
    # another hour to be reached at: "改成中午12点吧", "switch the check-ins to evenings", "mornings are no good anymore"
    "contact_time": (("(?:change|changed|switch|switched|move|moved|shift|shifted|push|pushed) (?:it|that|them|those|the time|the "
                      "(?:reminders?|check-?ins|pings|notifications)|my (?:reminders?|check-?ins|pings|notifications)) (?:back )?to "
                      "(?:the )?(?:mornings?|evenings?|afternoons?|nights?|lunch(?:time)?|noon|[0-9]{1,2}(?::[0-9]{2})? ?(?:am|pm))",
                      "(?:mornings?|evenings?|afternoons?|nights?|lunch(?:time)?) (?:are|is) (?:no good|out|off limits|dead to me)",
                      "(?:mornings?|evenings?|afternoons?|nights?) (?:are|is|work) (?:better|fine|ok|okay) now", *_RULE_CALLED_OFF[0]),
                     # (said to the assistant, not of a meeting: "会议改成下午三点了")
                     ("(?:^|(?<=[，,。！？\\s嗯那就都吧]))改(?:成|到|在)(?:每天)?(?:早上|上午|中午|下午|晚上|白天|夜里|[0-9一二三四五六七八九十两]+点)",
                      "换(?:成|到)(?:早上|上午|中午|下午|晚上|白天)",
                      "(?:早上|上午|中午|下午|晚上|白天)(?:就|都)?(?:别|不要)(?:再)?(?:发|找|打|联系|提醒)", *_RULE_CALLED_OFF[1])),
    "school": (("graduated", "dropped out", "transferr(?:ed|ing) to", "got into", "enrolled at",
                "(?:my|a) (?:master'?s|bachelor'?s|ph\\.?d|mba|doctorate|degree) at (?-i:[A-Z])\\w+",
                # a course started, dropped or left: "I dropped the UX certificate", "withdrew from the Bayside program",
                # "started the pipefitter apprenticeship at Local 537"
                # (not a pastime's class: "signed up for a pottery class on thursdays")
                "(?:dropped|quit|withdrew from|withdrawn from|started|finished|completed|enrolled in) "
                "(?:the |my |a |an )?(?:[\\w-]+ ){0,3}?(?:certificate|course|classes|program|programme|apprenticeship|"
                "bootcamp|degree|diploma)\\b"),
               ("毕业了", "退学", "转学", "休学",
                # a class given up: "日语班我不去了", "夜校退了"
                "(?:班|课|夜校|网课|课程|驾校)(?:那边)?(?:我)?(?:不去了|不上了|不读了|退了|停了|不报了|不学了)", "报了?(?:个|一个|家)?驾校", "(?:考研|考博|保研)[^，,。]{0,3}上岸", "报到(?:完)?(?:了|啦)", "考上了", "录取了", "入学了", "录取通知书", "(?:研究生|博士|大学)开学", "开学第[一二三\\d]")),
    "phone": (("new number", "changed my number", "new (?:one|line) is \\+?\\(?[0-9][0-9 ().-]{6,}[0-9]", "number changed", "new phone number", "(?:whole |brand )?new line",
               "old (?:one|number|line) is (?:gone|dead|disconnected|cancell?ed)"),
              ("换个?号", "号码?换成", "新号", "停机", "换手机号", "号码换了", "新手机号")),
    "email": (("new email", "changed my email", "new address is", "switched (?:my )?email", "(?:moving|moved|switching|switched) (?:everything|it all|all of it) over to"),
              ("换邮箱", "新邮箱", "邮箱换了", "邮箱改")),
    # a full name to sign with, or to put on a page, is the user's: "Sign it Dana Kowalski", "名字写张婉婷"
    "name": (("changed my name", "name change", "(?:took|take|taking|takes) (?:his|her|their|(?:my |our )?\\w+'s) (?:last )?name",
              "sign(?:ed)? (?:it|off|them)(?: as| with)? (?-i:[A-Z])\\w+ (?-i:[A-Z])\\w+",
              "sign(?:ed|s)? (?:[\\w']+ ){1,7}?as (?-i:[A-Z])\\w+ (?-i:[A-Z])\\w+", "go(?:es|ing)? by \\w+ now", "started going by", "started calling me", "call me \\w+ from now on", "new name",
              "(?:everything|it|all)(?: else)? (?:is|'s) (?-i:[A-Z])[a-z]+ now",
              # the name a project or a handle goes by now: "the project is Juno Ash now"
              "(?:project|alias|moniker|handle|act) is (?-i:[A-Z])\\w+(?: (?-i:[A-Z])\\w+)? now",
              # ... or written as online: "handle is @moth_and_lantern everywhere now", "I rebranded, I'm jo.does.nails
              # everywhere now"
              "(?:handle|username|user name|account|page|tag) is (?:now )?@?[\\w.]+ (?:everywhere )?now",
              "(?:I'm|im|I am) @?[a-z0-9]+(?:[._][a-z0-9]+)+ everywhere now", "(?:I'm|im|I am) @[\\w.]+ (?:everywhere )?now",
              "rebrand(?:ed|ing)? (?:the handle |my handle |the account |the page )?(?:to|as) @?[\\w.]+",
              # a nickname dropped: "can you drop the Bitsy? new floor, new me" (not a language: "drop the Spanish")
              f"(?:drop|ditch|lose|retire) the (?!(?:{LANGUAGES_EN})\\b)(?-i:[A-Z])[a-z]+(?=\\s*[?.!,]|\\s*$)",
              # a full name the user is now, or one the papers must say: "I'm officially Megan Alvarez now", "so its
              # Jessica Hale now on everything", "everything has to say Okafor now"
              "(?:I'm|I am|im|it's|its|it is) (?:officially |legally |now )?(?-i:[A-Z])[a-z]+ (?-i:[A-Z])[a-z]+(?:-(?-i:[A-Z])[a-z]+)? now",
              "(?:has|have|needs?) to (?:say|read) (?-i:[A-Z])[a-z]+ now",
              # a surname joined to another, or made official: "decided to hyphenate", "it's officially Doyle-Okafor"
              "hyphenat\\w+", "(?:it's|its|it is|I'm|im|I am) (?:now )?(?:officially|legally) (?-i:[A-Z])[a-z]+(?:-(?-i:[A-Z])[a-z]+)?\\b",
              "signature\\s*[-:\u2013\u2014]\\s*(?-i:[A-Z])\\w+ (?-i:[A-Z])\\w+"),
             # ... or the old name dropped, the handle changed, the assistant asked to follow: "以后别喊阿杰了哈，直播间
             # ID换成老K了，水友都这么叫，你也跟着叫"
             ("改名", "以后叫我", "改叫", f"别(?:再)?(?:喊|叫)(?:我)?(?!{URGED_DEEDS_ZH})[^，,。！？]{{1,6}}了", "(?:ID|id|账号|帐号|马甲|网名)(?:也)?(?:换成|改成)",
              "(?:你也|也)跟着(?:叫|喊)", "名字(?:写|填|就写|用)(?!了)", "落款(?:写|用|就写|署)(?!了)", "(?:用|叫)这个名字")),
}


Patterns = dict[str, tuple[re.Pattern[str], re.Pattern[str]]]
_NOTHING = "(?!x)x"


@cache
def _patterns() -> Patterns:
    """Every change word is a word of its topic too, so it counts twice: "dropped out" alone is about school."""
    return _compile({topic: _with_changes(topic, cues) for topic, cues in TOPIC_CUES.items()})


def _with_changes(topic: str, cues: tuple[tuple[str, ...], tuple[str, ...]]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    english, chinese = CHANGE_CUES.get(topic, ((), ()))
    return (*cues[0], *(c for c in english if c not in cues[0])), (*cues[1], *(c for c in chinese if c not in cues[1]))


@cache
def _change_patterns() -> Patterns:
    return _compile(CHANGE_CUES)


def _compile(table: dict[str, tuple[tuple[str, ...], tuple[str, ...]]]) -> Patterns:
    compiled = {}
    for topic, (english, chinese) in table.items():
        # a topic without cues in one language matches nothing there (an empty alternation would match everywhere)
        # an English cue ends where Latin letters and digits do, so one typed inside Chinese counts: "今天last day了"
        en = re.compile(r"(?<![A-Za-z0-9_@])(?:" + "|".join(english or [_NOTHING]) + r")(?![A-Za-z0-9_])", re.IGNORECASE)
        zh = re.compile("|".join(chinese or [_NOTHING]))
        compiled[topic] = (en, zh)
    return compiled


# A role someone has is that person, not the user's title: "my manager wants it punchier", "ask our educator",
# "我的导师".
_SOMEONES = re.compile(r"(?:\b(?:my|our|his|her|their|your)\s+(?:[\w-]+\s+)?|(?:我|我们|他|她|你)的)$", re.IGNORECASE)
ROLE_TOPIC = "job_title"


# A thing asked for once in a language, not the language answers come in: "can you write me a sign in spanish",
# "translate this menu into French", "帮我用英文写一封邮件给客户" (unless it is to hold from now on)
_ONE_THING_IN_A_LANGUAGE = re.compile(
    r"^(?!.*(?:\bfrom\s+now\s+on\b|\bgoing\s+forward\b|\balways\b|以后|今后|一律|都用))(?:"
    r".*\b(?:write|make|draft|do|type|print|put\s+together)\s+(?:me\s+|us\s+|up\s+)?(?:a|an|the|this|that|my|our)\s+"
    r"(?:[\w'-]+\s+){0,3}?(?:sign|note|message|msg|email|e-mail|letter|post|caption|card|flyer|poster|menu|label|notice|"
    r"text|sms|speech|toast|ad|listing|description|bio|announcement|sentence|line|greeting)s?\b"
    r"|.*\btranslat\w*\s+(?:this|that|the|my|it|these|those|a|an|our)\b|.*翻译|.*用(?:中文|英文|英语|日语|韩语|法语|德语|西班牙语)写(?:一|个|份|封|条|段|张)"
    r")",
    re.IGNORECASE,
)


def _counted(pattern: re.Pattern[str], text: str, topic: str) -> int:
    if topic == "language" and _ONE_THING_IN_A_LANGUAGE.search(text):
        return 0
    if topic != ROLE_TOPIC:
        return len(pattern.findall(text))
    # a change of role is the user's whoever made it ("my boss promoted me"); a role after "my" is someone's
    en, zh = _change_patterns()[ROLE_TOPIC]
    return sum(
        not _SOMEONES.search(text[: match.start()]) or bool(en.fullmatch(match[0]) or zh.fullmatch(match[0]))
        for match in pattern.finditer(text)
    )


def _hits(text: str, counted: Callable[[re.Pattern[str], str, str], int]) -> dict[str, int]:
    """Per topic, the cues `counted` counts in `text` over its cue and change patterns (topics without one left out)."""
    hits: dict[str, int] = {}
    for patterns in (_patterns(), _change_patterns()):
        for topic, (en, zh) in patterns.items():
            count = counted(en, text, topic) + counted(zh, text, topic)
            if count:
                hits[topic] = hits.get(topic, 0) + count
    return hits


def cue_hits(text: str) -> dict[str, int]:
    """How many cues of each topic occur in `text` (topics without a hit are left out); a unit topic's are its unit
    words said as a wish or asked about (pipelines.extract.signals.units)."""
    return _hits(text, _counted) | unit_hits(text)


# A third person's possessive right before a cue: the thing named is theirs ("cc her new address", "他的新邮箱"; not
# "跟他分手了", said with him)
# (or a place's or a firm's: "the clinic switched its bookings address to bookings@…")
# ("its" only before a place's own line: in chat it is as often "it's": "its evenings only again")
_THEIRS_BEFORE = re.compile(
    r"(?:\b(?:his|her|their)\s+(?:(?:new|old|own|work|personal|current)\s+)?|(?:他|她)们?的(?:新|旧|现在的)?"
    r"|\bits\s+(?:new\s+|old\s+)?(?:bookings?|main|general|office|front\s+desk|support|info|reception)\s+"
    # ... and the value itself, told as what that thing became: "… switched its bookings address to bookings@…"
    r"|\b(?:his|her|their|its)\s+(?:[\w-]+\s+){0,2}(?:address|number|e-?mail|phone|line)\s+(?:to|is|as)\s+)$",
    re.IGNORECASE,
)


_A_POSSESSIVE = re.compile(r"\b(?:his|her|their|its)\b|[他她]们?的", re.IGNORECASE)


def _theirs(pattern: re.Pattern[str], text: str, topic: str) -> int:
    return sum(bool(_THEIRS_BEFORE.search(text[: match.start()])) for match in pattern.finditer(text))


def someone_elses_hits(text: str) -> dict[str, int]:
    """Of cue_hits, the cues that a third person's possessive names as theirs ("telling clients to cc her new address")."""
    # (recall reads every query's clauses here: most name no one's thing, and need no second pass over the cues)
    return _hits(text, _theirs) if _A_POSSESSIVE.search(text) else {}


def names_a_change(text: str) -> bool:
    """Whether `text` has a word that starts or ends a topic's value ("van sold", "the divorce went through")."""
    return any(en.search(text) or zh.search(text) for en, zh in _change_patterns().values())


# Words that make what a message says hold until further notice: a change of the user's ways, not a state they
# are in ("use that from now on", "starting tomorrow you answer me in German only", "以后你回答都给我做成表格吧")
_FROM_NOW_ON = re.compile(
    r"\bfrom\s+now\s+on\b|\bgoing\s+forward\b|\buntil\s+further\s+notice\b|\bfrom\s+here\s+on\b|\bfor\s+the\s+foreseeable\b"
    r"|\bstarting\s+(?:tomorrow|today|now|next\s+\w+|(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b|\bnew\s+rule\b"
    r"|以后|今后|往后|从现在(?:起|开始)|从(?:今天|明天|下周)(?:起|开始)|之后都",
    re.IGNORECASE,
)


def says_from_now_on(text: str) -> bool:
    """Whether `text` makes what it says hold from now on (_FROM_NOW_ON)."""
    return bool(_FROM_NOW_ON.search(text))
