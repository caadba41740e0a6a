"""Owns the word lists the benchmark's chat log is composed from (bench/etl_turns.py fills its slots with them).

English beside Chinese; lists are sizeable so that composed messages rarely repeat word for word.
"""

from __future__ import annotations


def _words(text: str) -> tuple[str, ...]:
    return tuple(word.strip() for word in text.split("|") if word.strip())


NAMES_EN = _words(
    "Alice|Bob|Carol|Dave|Emma|Frank|Grace|Henry|Isla|Jack|Kate|Liam|Mia|Noah|Olivia|Paul|Quinn|Rosa|Sam|Tara|"
    "Uma|Victor|Wendy|Xavier|Yara|Zoe|Aaron|Bella|Caleb|Daisy|Ethan|Fiona|Gavin|Hannah|Ivan|Julia|Kevin|Laura|"
    "Marco|Nina|Oscar|Priya|Ravi|Sofia|Tom|Ursula|Vera|Will|Yusuf|Zara|Adam|Beth|Chris|Diana|Eli|Faye|George|"
    "Holly|Ian|Jade|Kyle|Leah|Max|Nora|Owen|Piper|Reid|Sara|Theo|Una|Vince|Wes|Amir|Chloe|Dmitri|Elena|Hugo|Ines"
)
SURNAMES_ZH = _words(
    "王|李|张|刘|陈|杨|黄|赵|吴|周|徐|孙|马|朱|胡|郭|何|高|林|罗|"
    "郑|梁|谢|宋|唐|许|韩|冯|邓|曹|彭|曾|肖|田|董|袁|潘|蒋|蔡|余"
)
GIVEN_ZH = _words(
    "伟|芳|娜|敏|静|丽|强|磊|军|洋|勇|艳|杰|娟|涛|明|超|秀英|霞|平|刚|桂英|华|建国|晓东|思远|雨桐|子涵|浩然|"
    "欣怡|一鸣|梓萱|宇轩|诗涵|俊杰|佳怡|晨|悦|昊|琳|鹏|婷|博|倩|凯|雪|亮|蕾|斌|颖"
)

NAMES_ZH = tuple(surname + given for surname in SURNAMES_ZH for given in GIVEN_ZH)

CITIES_EN = _words(
    "Boston|Seattle|Denver|Austin|Chicago|Toronto|Vancouver|London|Manchester|Dublin|Berlin|Munich|Amsterdam|"
    "Paris|Lyon|Madrid|Barcelona|Lisbon|Rome|Milan|Zurich|Vienna|Prague|Warsaw|Stockholm|Oslo|Copenhagen|"
    "Helsinki|Sydney|Melbourne|Auckland|Singapore|Tokyo|Osaka|Seoul|Bangkok|Dubai|Cape Town|Nairobi|"
    "Mexico City|Buenos Aires|Portland|San Diego|Phoenix|Atlanta|Miami|Nashville|Pittsburgh|Minneapolis|"
    "Salt Lake City|Raleigh|Philadelphia|Baltimore|Montreal|Calgary|Edinburgh|Glasgow|Bristol|Leeds|Hamburg|"
    "Cologne|Brussels|Geneva|Budapest|Athens|Istanbul|Tel Aviv|Bangalore|Hong Kong|Taipei|Kuala Lumpur|"
    "Perth|Brisbane|Wellington|Oakland|Sacramento|Madison|Boulder|Tucson|Richmond"
)
CITIES_ZH = _words(
    "北京|上海|广州|深圳|杭州|南京|苏州|成都|重庆|武汉|西安|长沙|天津|青岛|厦门|大连|宁波|合肥|郑州|济南|"
    "沈阳|哈尔滨|长春|昆明|贵阳|南宁|福州|南昌|太原|石家庄|兰州|乌鲁木齐|呼和浩特|海口|三亚|珠海|佛山|东莞|"
    "无锡|常州|温州|绍兴|嘉兴|扬州|徐州|烟台|洛阳|桂林|丽江|大理|拉萨|西宁|银川|香港|台北|澳门|中山|惠州|泉州"
)
PLACES_EN = _words(
    "the old town|the waterfront|downtown|the university district|a quiet suburb|the north side|the east end|"
    "a small flat near the station|a house by the park|the arts district|an apartment near the river|"
    "a shared place with two roommates|the harbour area|a street full of cafes|the edge of town"
)
PLACES_ZH = _words(
    "老城区|江边|市中心|大学城附近|郊区|地铁站旁边|公园对面|新区|一个老小区|高新区|河边的公寓|和两个室友合租的房子|"
    "公司附近|古镇边上|开发区"
)

COMPANIES_EN = _words(
    "Acme|Globex|Initech|Northwind|Contoso|Fabrikam|Litware|Proseware|Woodgrove Bank|Lucerne Publishing|"
    "Coho Winery|Alpine Ski House|Fourth Coffee|Trey Research|Humongous Insurance|Wingtip Toys|Relecloud|"
    "Hooli|Pied Piper|Dunder Mifflin|Vandelay Industries|Massive Dynamic|Aperture Labs|Stark Industries|"
    "Wayne Enterprises|Umbrella Health|Soylent|Cyberdyne|Tyrell|Sterling Cooper|Bluth Company|Wonka Industries|"
    "Nakatomi Trading|InGen|Spacely Sprockets|Cogswell Cogs|Stratton Oakmont|Octan|Rekall|Google|Microsoft|"
    "Amazon|Stripe|Shopify|Spotify|Airbnb|Netflix|Salesforce|Atlassian|Siemens|SAP|Deloitte|Accenture|Pfizer|"
    "Unilever|Datadog|Snowflake|Canva|Zalando|Booking.com|Adyen|Philips|Nestle"
)
COMPANIES_ZH = _words(
    "字节跳动|阿里巴巴|腾讯|百度|美团|京东|华为|小米|网易|拼多多|快手|滴滴|携程|蔚来|比亚迪|宁德时代|招商银行|"
    "平安保险|中信证券|海尔|格力|联想|大疆|商汤|小红书|哔哩哔哩|知乎|贝壳|顺丰|中国移动|中国银行|工商银行|万科|"
    "安踏|李宁|蒙牛|伊利|金山|用友|科大讯飞|海康威视|中兴|理想汽车|小鹏汽车|米哈游|得物|猿辅导|新东方|瑞幸"
)
ROLES_EN = _words(
    "software engineer|data engineer|product manager|UX designer|data scientist|nurse|high school teacher|"
    "accountant|lawyer|marketing manager|backend developer|frontend developer|site reliability engineer|"
    "financial analyst|research scientist|pharmacist|civil engineer|architect|physical therapist|chef|"
    "graphic designer|project manager|recruiter|journalist|editor|consultant|mechanical engineer|dentist|"
    "machine learning engineer|security analyst|QA engineer|technical writer|sales manager|operations manager|"
    "librarian|photographer|economist|engineering manager|mobile developer|support specialist"
)
ROLES_ZH = _words(
    "产品经理|后端工程师|前端工程师|算法工程师|数据分析师|测试工程师|运维工程师|设计师|会计|律师|医生|护士|"
    "老师|销售经理|运营|市场经理|项目经理|架构师|研究员|编辑|记者|顾问|人力资源专员|财务分析师|客服主管|"
    "嵌入式工程师|硬件工程师|数据工程师|技术总监|实习生"
)

FOODS_EN = _words(
    "sushi|ramen|tacos|pizza|dumplings|pho|curry|falafel|paella|dim sum|bibimbap|pad thai|lasagna|burritos|"
    "croissants|bagels|oatmeal|kimchi|hot pot|barbecue|dark chocolate|blue cheese|olives|mushrooms|spicy food|"
    "cilantro|seafood|avocado toast|lentil soup|fried chicken"
)
FOODS_ZH = _words(
    "火锅|小龙虾|饺子|烤鸭|麻辣烫|螺蛳粉|兰州拉面|煎饼果子|肠粉|小笼包|酸菜鱼|烧烤|臭豆腐|凉皮|肉夹馍|"
    "糖醋排骨|宫保鸡丁|香菜|榴莲|奶茶|咖啡|绿茶|辣的东西|甜品|粤菜|川菜|湘菜|日料|西餐|螺狮粉"
)
HOBBIES_EN = _words(
    "hiking|rock climbing|running|cycling|swimming|yoga|chess|painting|photography|gardening|baking|knitting|"
    "playing guitar|playing the piano|birdwatching|board games|video games|reading sci-fi|camping|surfing|"
    "skiing|tennis|badminton|woodworking|pottery|salsa dancing|fishing|journaling|podcasts|jazz"
)
HOBBIES_ZH = _words(
    "爬山|跑步|骑行|游泳|瑜伽|下棋|画画|摄影|养花|烘焙|织毛衣|弹吉他|弹钢琴|打羽毛球|打篮球|踢足球|露营|"
    "钓鱼|书法|看科幻小说|打游戏|听播客|跳舞|滑雪|徒步|追剧|看展|做手工|练字|写日记"
)
TOOLS = _words(
    "Python|Rust|Go|TypeScript|Java|Kotlin|Swift|C++|Scala|Elixir|Kubernetes|Terraform|Docker|Ansible|DuckDB|"
    "Postgres|MySQL|Redis|Kafka|Spark|Airflow|Dagster|dbt|Snowflake|BigQuery|React|Vue|Django|FastAPI|Flask|"
    "Pandas|Polars|PyTorch|TensorFlow|Excel|Tableau|Figma|Jira|Git|Linux|Nginx|GraphQL|Elasticsearch|Grafana"
)
PETS_EN = _words("dog|cat|parrot|rabbit|hamster|turtle|golden retriever|corgi|tabby cat|beagle|goldfish")
PETS_ZH = _words("狗|猫|鹦鹉|兔子|仓鼠|乌龟|金毛|柯基|橘猫|布偶猫|金鱼")
PET_NAMES = _words(
    "Rex|Luna|Milo|Bella|Max|Coco|Oreo|Mochi|Biscuit|Pepper|Nala|Simba|Ziggy|Tofu|Peanut|Maple|Olive|Bean|"
    "咪咪|豆豆|旺财|球球|花花|毛毛|团子|大黄|小白|可乐"
)
FAMILY_EN = _words("sister|brother|mom|dad|daughter|son|wife|husband|partner|grandma|cousin|best friend")
FAMILY_ZH = _words("姐姐|哥哥|妹妹|弟弟|妈妈|爸爸|女儿|儿子|老婆|老公|奶奶|表妹|好朋友")
LANGUAGES_EN = _words("English|Chinese|Spanish|French|German|Japanese")
LANGUAGES_ZH = _words("中文|英文|日语|法语|德语")
FORMATS_EN = _words(
    "tables|bullet points|short answers|step-by-step lists|code examples first|a summary at the top|plain text"
)
FORMATS_ZH = _words("表格|要点列表|简短的回答|分步骤的说明|先给代码|先给结论|纯文本")

ERRANDS_EN = _words(
    "renew my passport|pay the electricity bill|book a dentist appointment|submit the expense report|"
    "call the landlord|send the slides to the team|file my taxes|return the library books|order new printer ink|"
    "cancel the gym membership|pick up the dry cleaning|back up my laptop|update the project roadmap|"
    "reply to the recruiter|schedule the car service|buy a birthday gift for my {family}|review {name}'s pull request|"
    "send the invoice to {company}|prepare the demo for {company}|book flights to {city}"
)
ERRANDS_ZH = _words(
    "交房租|续签护照|预约牙医|提交报销单|给房东打电话|把周报发给老板|交水电费|还图书馆的书|取快递|备份电脑|"
    "更新项目排期|回复猎头|给车做保养|给{family}买生日礼物|把合同发给{company}|准备给{company}的演示|订去{city}的机票|"
    "整理会议纪要|缴社保|续费会员"
)
DEADLINES_EN = _words(
    "by Friday|tomorrow morning|before the 15th|next Monday|tonight|by the end of the month|on Thursday|"
    "before noon|this weekend|by Wednesday evening|in two days|before my trip"
)
DEADLINES_ZH = _words("周五前|明天上午|15号之前|下周一|今晚|月底前|周四|中午之前|这个周末|周三晚上前|两天内|出差前")

# How-to questions: (verb phrase, object) pairs combine with TOOLS.
TASK_VERBS_EN = _words(
    "speed up|debug|deploy|test|profile|migrate|containerize|monitor|paginate|cache|parallelize|secure|"
    "version|benchmark|refactor|document|log|schedule|roll back|validate"
)
TASK_OBJECTS_EN = _words(
    "a slow query|a nightly job|the login service|a CSV import|a REST endpoint|the build pipeline|a batch export|"
    "the search index|a data model|the payment webhook|a memory leak|the test suite|a cron task|the config loader|"
    "a Parquet dataset|a websocket server|the retry logic|an ETL pipeline|the signup form|a background worker"
)
TASK_VERBS_ZH = _words("优化|调试|部署|测试|迁移|监控|缓存|重构|回滚|校验|分页|压测|备份|升级|拆分")
TASK_OBJECTS_ZH = _words(
    "一个很慢的查询|每天晚上的定时任务|登录服务|CSV导入|一个接口|构建流水线|搜索索引|支付回调|数据模型|内存泄漏|"
    "测试用例|配置文件|Parquet数据集|消息队列|报表导出|用户注册流程|后台任务|数据库表结构|日志系统|权限模块"
)
SYMPTOMS_EN = _words(
    "times out after {n} minutes|uses {n} GB of memory|fails about once every {n} runs|returns duplicate rows|"
    "gets slower each night|throws a null pointer error|hangs at about {n} percent|drops {n} messages an hour|"
    "works locally but not in staging|spikes the CPU to 100 percent"
)
SYMPTOMS_ZH = _words(
    "跑{n}分钟就超时|占了{n}G内存|每{n}次就失败一次|会返回重复的行|每天都比前一天慢|报空指针错误|卡在{n}%不动|"
    "每小时丢{n}条消息|本地能跑但测试环境不行|CPU一下子飙到100%"
)
SMALL_TALK_EN = _words(
    "What's the weather like in {city} this week?|Any good podcast recommendations about {hobby}?|"
    "It's been a long week honestly, {n} deadlines in {n2} days|I just got back from {city}|"
    "Do you know a good {food} place in {city}?|My {family} is visiting this weekend from {city}|"
    "The traffic this morning was terrible, {n2} minutes to get to work|I finally finished that book about {hobby}|"
    "Is it worth learning {tool} in {year}?|Guess what, I ran {n} km today|"
    "Coffee or tea in the afternoon? I'm on cup number {n} already|I think I'm catching a cold, my {family} had it too|"
    "We watched a great movie about {hobby} last night|It's {n2} degrees in {city} today, can you believe it|"
    "My {family} just got into {hobby}, any tips?|Do you ever get tired of questions about {tool}?"
)
SMALL_TALK_ZH = _words(
    "{city}这周天气怎么样？|有什么讲{hobby}的播客推荐吗？|这周真的好累啊，{n2}天里有{n}个截止日期|我刚从{city}回来|"
    "{city}有什么好吃的{food}吗？|这周末我{family}从{city}过来看我|今天早上堵车堵了{n2}分钟|终于把那本讲{hobby}的书看完了|"
    "{year}年还值得学{tool}吗？|今天跑了{n}公里|下午喝咖啡还是喝茶好？我已经喝了{n}杯了|感觉有点感冒了，我{family}也感冒了|"
    "昨晚看了一部讲{hobby}的电影，很好看|{city}今天{n2}度，你敢信|我{family}最近迷上了{hobby}，有什么建议吗？|"
    "你会不会被问{tool}的问题问烦了？"
)
GREETINGS_EN = _words("hi|hello|hey|good morning|hey there|hi again|morning!|yo|evening")
GREETINGS_ZH = _words("你好|在吗|早上好|嗨|晚上好|你好呀|在不在|又来麻烦你了|哈喽|下午好")
THANKS_EN = _words("thanks!|thank you|ok thanks|great, thanks|perfect|got it|cool|that helps|ok|awesome, thank you")
THANKS_ZH = _words("谢谢|好的谢谢|明白了|收到|好的|太好了|懂了|行|多谢|好嘞")
OPENERS_EN = _words("btw|oh and|also|by the way|quick update:|just so you know,|fyi|one more thing:|so|anyway")
OPENERS_ZH = _words("对了|顺便说一下|还有|另外|跟你说一下|话说|告诉你个事|补充一下|嗯|哦对")
CLOSERS_EN = _words("haha|lol|:)|!|!!|:D|hehe")
CLOSERS_ZH = _words("哈哈|嘿嘿|～|！|呀|哈哈哈|😂")
MONTHS_EN = _words("January|February|March|April|May|June|July|August|September|October|November|December")
MONTHS_ZH = tuple(f"{month}月" for month in range(1, 13))
WEEKDAYS_EN = _words("Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday")
WEEKDAYS_ZH = _words("周一|周二|周三|周四|周五|周六|周日")
PERIODS_EN = _words("week|month|spring|summer|autumn|winter|year")
PERIODS_ZH = _words("周|月|季度")
