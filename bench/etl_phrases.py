"""Owns the sentence templates of the benchmark's chat log: what a user says for each intent and how the
assistant answers, English beside Chinese, with {slots} that bench/etl_turns.py fills (one template a line).
"""

from __future__ import annotations


def _lines(text: str) -> tuple[str, ...]:
    return tuple(line.strip() for line in text.strip().splitlines() if line.strip())


# What the user says, per intent and language.
USER = {
    "greeting": {
        "en": _lines("""
            {greeting}
            {greeting}, {my_name} here
            {greeting}, quick question about {tool}
            {greeting}, I need some help with {object}
            {greeting}! back again about the {object}
            {greeting}, got {n} minutes?
        """),
        "zh": _lines("""
            {greeting}
            {greeting}，我是{my_name}
            {greeting}，问个{tool}的问题
            {greeting}，{object}的事想请你帮忙
            {greeting}，又是{object}的问题
            {greeting}，有{n}分钟吗？
        """),
    },
    "thanks": {
        "en": _lines("""
            {thanks}
            {thanks}
            {thanks}, I'll try it {deadline}
            {thanks} - that saves me {n} hours
            {thanks}, I'll tell {name} too
        """),
        "zh": _lines("""
            {thanks}
            {thanks}
            {thanks}，我{deadline}试试
            {thanks}，省了我{n}个小时
            {thanks}，我也跟{name}说一声
        """),
    },
    "small_talk": {"en": _lines("{small_talk}"), "zh": _lines("{small_talk}")},
    "fact": {
        "en": _lines("""
            My name is {my_name}
            You can call me {my_name}, everyone does
            I live in {my_city}, in {place}
            I've been living in {my_city} for {years} years now
            I'm based in {my_city} these days
            I work at {my_company}
            I'm a {my_role} at {my_company}
            I work for {my_company} as a {my_role}, mostly on the {tool} side
            I have a {my_pet} named {my_pet_name}
            My {my_pet} {my_pet_name} turned {n} last week
            My {family} lives in {city}
            My {family} just got a job at {company}
            My birthday is {month} {day}
            I know {tool} pretty well, I've used it for {years} years
            I'm learning {tool} right now, slowly
            I speak {language} at home with my {family}
            I'm allergic to {food}
        """),
        "zh": _lines("""
            我叫{my_name}
            叫我{my_name}就行
            我住在{my_city}，在{place}
            我在{my_city}住了{years}年了
            我现在在{my_city}生活
            我在{my_company}工作
            我在{my_company}做{my_role}
            我是{my_company}的{my_role}，主要用{tool}
            我养了一只{my_pet}叫{my_pet_name}
            我家{my_pet}{my_pet_name}上周满{n}岁了
            我{family}住在{city}
            我{family}刚去了{company}上班
            我的生日是{month}{day}日
            我会{tool}，用了{years}年了
            我最近在学{tool}，进度有点慢
            我在家跟{family}说{language}
            我对{food}过敏
        """),
    },
    "preference": {
        "en": _lines("""
            I prefer {format}, especially for anything about {tool}
            Please keep answers under {n} lines, I read them on my phone
            Please answer in {language}
            I love {food}, especially on {weekday}s
            I can't stand {food}
            I really enjoy {hobby}
            I like {hobby} on weekends, usually with my {family}
            I don't like long emails, {n} sentences max
            I'd rather you use {format} from now on
            My favourite food is {food}
            I hate meetings before {hour} am, {weekday}s especially
            I'm a big fan of {hobby}, been doing it since I was {n}
        """),
        "zh": _lines("""
            我喜欢{format}，尤其是{tool}相关的问题
            回答别超过{n}行，我在手机上看
            请用{language}回答
            我特别爱吃{food}，尤其是{weekday}
            我不吃{food}
            我很喜欢{hobby}
            我周末喜欢和{family}一起{hobby}
            我不喜欢太长的邮件，最多{n}句话
            以后请用{format}
            我最喜欢的食物是{food}
            我讨厌早上{hour}点前开会，尤其是{weekday}
            我从{n}岁就开始{hobby}了，一直很喜欢
        """),
    },
    "move": {
        "en": _lines("""
            I moved to {new_city} last {period}
            Big news - I just relocated to {new_city}
            We finally moved to {new_city}, the new place is near {place}
            I packed up and moved to {new_city} {days} days ago
            I don't live in {my_city} anymore
            Heads up, I signed a lease in {new_city}
        """),
        "zh": _lines("""
            我上个{period}搬到{new_city}了
            告诉你个消息，我搬去{new_city}了
            我们终于搬到{new_city}了，新家在{place}
            我{days}天前搬到{new_city}了
            我已经不住在{my_city}了
            我在{new_city}租了房子
        """),
    },
    "job": {
        "en": _lines("""
            I joined {new_company} as a {new_role}
            I just started a new job at {new_company}
            I quit {my_company} last {period}
            I got promoted to {new_role}
            I no longer work at {my_company}
            I accepted an offer from {new_company}, starting {deadline}
        """),
        "zh": _lines("""
            我入职{new_company}了，做{new_role}
            我跳槽到{new_company}了
            我从{my_company}离职了
            我升职了，现在是{new_role}
            我已经不在{my_company}上班了
            我拿了{new_company}的offer，{deadline}入职
        """),
    },
    "task": {
        "en": _lines("""
            Remind me to {errand} {deadline}
            I need to {errand} {deadline}
            Can you remind me {deadline} to {errand}?
            Don't let me forget to {errand}
            Order {order} still hasn't arrived, it's been {days} days
            I need an invoice for order {order}
            Put "{errand}" on my list for {weekday}
        """),
        "zh": _lines("""
            提醒我{deadline}{errand}
            我得{deadline}{errand}
            {deadline}记得提醒我{errand}
            别让我忘了{errand}
            订单{order}还没到，已经{days}天了
            订单{order}要开发票
            把“{errand}”加到{weekday}的待办里
        """),
    },
    "question": {
        "en": _lines("""
            How do I {verb} {object} in {tool}?
            What's the best way to {verb} {object} with {tool}?
            Is {tool} or {tool2} better for {object}?
            Any idea why {object} {symptom}?
            Since we moved it to {tool}, {object} {symptom}. Any idea why?
            Can you give me a checklist to {verb} {object} before {weekday}?
            What should I read first if I want to get good at {tool}?
            How long should I bake {food} at {temp} degrees?
            Is {city} or {city2} nicer in {month} for a short trip?
            What's a good {n}-minute workout I can do at my desk? My back hurts after {hours} hours of sitting
        """),
        "zh": _lines("""
            {tool}里怎么{verb}{object}？
            用{tool}{verb}{object}有什么好办法？
            {object}用{tool}好还是{tool2}好？
            为什么{object}{symptom}？
            {object}换成{tool}以后就{symptom}，知道是什么原因吗？
            能给我一个{weekday}前{verb}{object}的清单吗？
            想学好{tool}应该先看什么？
            {food}在家怎么做比较好吃？
            {month}去{city}还是{city2}玩比较好？
            有没有在工位上就能做的{n}分钟小运动？坐{hours}个小时腰就疼
        """),
    },
}

# What a user adds after a statement about themselves, or after a question or request (40 % of them).
PERSONAL_TAILS = {
    "en": _lines("""
        , since {month}
         - {name} told me to mention it
        , as I told {name} on {weekday}
        , just so you have it on file
        , in case it matters for the {object}
         ({family} says the same, by the way)
        , if that helps with planning {weekday}
    """),
    "zh": _lines("""
        ，从{month}开始的
        ，{name}让我跟你说一声
        ，上{weekday}跟{name}也说过
        ，你记一下
        ，{family}也是这样
        ，{weekday}安排事情的时候参考一下
    """),
}
REQUEST_TAILS = {
    "en": _lines("""
         - asking for {name}
        , it's for {company}
        , need it by {weekday}
         - {name} and I disagree on this
        , been stuck on this since {time}
        , my {family} asked me the same thing
    """),
    "zh": _lines("""
        ，帮{name}问的
        ，{company}那边要的
        ，{weekday}前要用
        ，我和{name}意见不一样
        ，从{time}卡到现在
        ，我{family}也问过我
    """),
}

# Sentences of a long user turn: a problem at work or a story from life, two to six of them in a row.
STORY = {
    "en": _lines("""
        We're migrating {n} services from {tool} to {tool2} this quarter.
        Right now {object} {symptom}.
        My manager wants it fixed {deadline}.
        I already tried restarting it and giving it {n2} GB more memory.
        Last time this happened {name} fixed it with an index, but that was on {tool}.
        Honestly I can't tell whether the problem is our code or {tool} itself.
        The logs only mention a timeout at {time}.
        It started right after we upgraded to version {version}.
        About {n} thousand people use it every day, so it matters.
        I'm presenting the numbers to {company} {deadline}.
        We spent the weekend in {city} with my {family}.
        The hotel was in {place} and we walked everywhere.
        We had {food} three nights in a row and I regret nothing.
        My {family} wants to go back next {period} for the {hobby}.
        The train back took {n} hours because of a signal failure.
        I've been trying to get into {hobby} but work keeps getting in the way.
        {name} from my team recommended {tool} for this.
    """),
    "zh": _lines("""
        我们这个季度要把{n}个服务从{tool}迁到{tool2}。
        现在{object}{symptom}。
        领导要求{deadline}搞定。
        我已经重启过了，还多给了{n2}G内存。
        上次出这个问题是{name}加了个索引解决的，不过那时候用的是{tool}。
        说实话我分不清是我们代码的问题还是{tool}本身的问题。
        日志里只有一句{time}超时。
        是升级到{version}版本之后开始的。
        每天有大概{n}万人在用，所以挺重要的。
        {deadline}我要给{company}汇报数据。
        周末和{family}去了一趟{city}。
        酒店在{place}，去哪儿都走路。
        连着三天都吃了{food}，一点都不后悔。
        {family}说下个{period}还想再去{city}。
        回来的火车因为信号故障晚了{n}个小时。
        一直想开始{hobby}，可是工作太忙了。
        组里的{name}推荐我用{tool}。
    """),
}

# The assistant's first sentence, per intent of the user's turn. Only templates whose slots the user's message
# filled are chosen (bench/etl_turns.py), so an answer echoes what was said and never invents a value.
REPLY = {
    "greeting": {
        "en": _lines("""
            Hi {my_name}! How can I help today?
            Hello! What can I do for you?
            Hey {my_name}, good to see you again.
            Sure, happy to help with {tool}. What's going on?
            Of course - what's happening with {object}?
            Hi {my_name}, I have time. Go ahead.
        """),
        "zh": _lines("""
            {my_name}你好！今天有什么可以帮你？
            你好！请问有什么需要？
            在的，{my_name}，请说。
            好的，{tool}的什么问题？
            没问题，{object}怎么了？
            有的，{my_name}，你说。
        """),
    },
    "thanks": {
        "en": _lines("""
            You're welcome!
            Anytime, {my_name}.
            Glad it helped.
            Good luck {deadline} - tell me how it goes.
            {n} hours is a lot, glad we got it back.
            Say hi to {name}!
        """),
        "zh": _lines("""
            不客气！
            随时找我，{my_name}。
            能帮上忙就好。
            {deadline}顺利的话告诉我一声。
            能省{n}个小时太好了。
            替我向{name}问好！
        """),
    },
    "small_talk": {
        "en": _lines("""
            Ha, sounds like quite a week.
            Oh nice! {city} is a great place this time of year.
            {food} in {city}? Ask locals near the old town, they always know.
            {n} km is a solid run, well done.
            Good question - it depends a bit on what you enjoy.
            Take it easy and drink plenty of water.
        """),
        "zh": _lines("""
            哈哈，听起来这周挺精彩的。
            不错呀！这个季节的{city}很舒服。
            {city}的{food}？问问老城区的本地人，准没错。
            跑{n}公里很厉害了！
            好问题，看你更喜欢哪种。
            注意休息，多喝热水。
        """),
    },
    "fact": {
        "en": _lines("""
            Got it, thanks for telling me.
            Nice to meet you, {my_name}!
            Noted: {my_city}.
            Got it - {my_role} at {my_company}.
            Noted, you're at {my_company}.
            {my_pet_name} is a great name for a {my_pet}!
            {month} {day} - I'll remember that.
            {tool} is a good one to know.
            Thanks, I'll keep that in mind.
        """),
        "zh": _lines("""
            好的，记下了。
            {my_name}你好，很高兴认识你！
            记下了：{my_city}。
            好的，{my_company}的{my_role}。
            收到，你在{my_company}。
            {my_pet_name}这个名字真可爱！
            {month}{day}日，我记住了。
            会{tool}很有用。
            谢谢告诉我，我会记住的。
        """),
    },
    "preference": {
        "en": _lines("""
            Understood, I'll keep that in mind from now on.
            Noted, {format} it is.
            {food} it is - good taste.
            {hobby} sounds like a great way to spend a weekend.
            Sure, I'll answer in {language}.
            Got it.
        """),
        "zh": _lines("""
            明白，以后我会注意。
            好的，以后就用{format}。
            {food}确实好吃！
            {hobby}是个很好的爱好。
            好的，以后用{language}回答。
            收到。
        """),
    },
    "move": {
        "en": _lines("""
            Congrats on the move! I've updated your city to {new_city}.
            Noted, {new_city} from now on.
            Got it, I've removed {my_city} from your details.
            Good luck settling in!
        """),
        "zh": _lines("""
            恭喜搬家！已经把你的城市改成{new_city}。
            收到，以后按{new_city}来。
            好的，已经把{my_city}从你的信息里去掉了。
            祝你早日安顿下来！
        """),
    },
    "job": {
        "en": _lines("""
            Congratulations on joining {new_company}!
            {new_role} - congratulations, well deserved.
            Noted, you're no longer at {my_company}.
            That's big news - good luck!
        """),
        "zh": _lines("""
            恭喜加入{new_company}！
            恭喜升任{new_role}，实至名归。
            收到，已经记下你不在{my_company}了。
            这是大事呀，祝一切顺利！
        """),
    },
    "task": {
        "en": _lines("""
            Sure, I'll remind you {deadline} to {errand}.
            Added "{errand}" to your list.
            Okay, I'll follow up on order {order}.
            Done.
        """),
        "zh": _lines("""
            好的，{deadline}提醒你{errand}。
            已经把“{errand}”加到待办里了。
            好的，我来跟进订单{order}。
            好的。
        """),
    },
    "question": {
        "en": _lines("""
            Good question. Here's how I'd approach {object} in {tool}:
            Between {tool} and {tool2}, it mostly depends on your data size.
            A few things to try:
            Short answer: yes, but measure first.
        """),
        "zh": _lines("""
            好问题，{tool}里处理{object}我的思路是这样的：
            {tool}和{tool2}怎么选，主要看数据量。
            可以试试下面几个办法：
            简单说：可以，但先测一下。
        """),
    },
    "story": {
        "en": _lines("""
            That sounds frustrating.
            Thanks for the context, that helps.
            What a trip!
            Oof, that's a lot - let's take it one step at a time.
        """),
        "zh": _lines("""
            听起来挺闹心的。
            谢谢你讲这么详细，很有帮助。
            这趟玩得真值！
            确实事情不少，我们一步一步来。
        """),
    },
}

# Sentences the assistant adds after its first one: advice on work when the user spoke of tools and systems,
# on life otherwise, and follow-up questions.
WORK_ADVICE = {
    "en": _lines("""
        First, check whether {object} is the part that is actually slow: time it on its own.
        In {tool} you can turn on the query log and look at the slowest {n} statements.
        Try running it with {n2} workers instead of one and compare the wall time.
        If memory is the problem, process the data in batches of {n2} thousand rows.
        Pin the {tool} version in your lock file so an upgrade does not change behaviour overnight.
        A retry with exponential backoff usually fixes timeouts like the one at {time}.
        Add an alert when the run takes more than {n} minutes, so you hear about it before users do.
        Keep a small sample of the input, {n2} rows or so, to reproduce the problem locally.
        How many rows does {object} handle on a normal day?
        Do you want me to draft the message to {name}?
        I'd budget about {n} hours for this, including testing.
        Check the release notes of {tool} {version}; this kind of change is usually listed there.
        Write a test that reproduces it before you change anything.
        Let me know how it goes on {weekday}.
        Give it {n} runs before you trust the numbers; the first one warms the caches.
        Version {version} changed the defaults, so compare against the run before {weekday}.
        Set the timeout to {n2} seconds and see whether it still fails at {time}.
    """),
    "zh": _lines("""
        先确认一下慢的是不是{object}本身，单独测一下耗时。
        {tool}可以打开查询日志，看最慢的{n}条语句。
        试试用{n2}个并发代替一个，对比一下总耗时。
        如果是内存不够，可以按每批{n2}万行分批处理。
        把{tool}的版本锁定住，免得升级之后行为突然变了。
        像{time}那种超时，加个指数退避重试一般就好了。
        运行超过{n}分钟就报警，这样能比用户先发现问题。
        留一份{n2}行左右的小样本数据，方便在本地复现。
        {object}平时一天处理多少数据？
        要不要我帮你起草一下发给{name}的消息？
        我估计这个要{n}个小时左右，包括测试。
        看看{tool} {version}的更新说明，这类改动一般会写在里面。
        改之前先写个能复现问题的测试。
        {weekday}有结果了告诉我一声。
        先跑{n}次再看数字，第一次要预热缓存。
        {version}版本改了默认值，和{weekday}之前那次对比一下。
        把超时设成{n2}秒，看{time}还会不会失败。
    """),
}
LIFE_ADVICE = {
    "en": _lines("""
        {city} is lovely in {month}; the old town is best early in the morning.
        For {food}, a hotter oven for a shorter time tends to work better.
        If you like {hobby}, there are usually beginner groups on weekends.
        Do you want me to remember that for later?
        How long have you been into {hobby}?
        There's a {food} place near {place} that people rave about.
        {n} minutes a day is enough to build the habit.
        Say hi to your {family} from me!
        Is there anything you'd like me to plan for {weekday}?
        I'll keep it in mind when you ask about {city} again.
        A short walk after lunch helps more than a third coffee.
        Shall I check in with you again in {days} days?
        I'll bring it up again on {weekday} around {time}.
        Noted for {month}, too.
        That's {n} things on your plate this week, by my count.
        If it helps, block {n} minutes on {weekday} morning for it.
    """),
    "zh": _lines("""
        {month}的{city}很美，老城区一大早去最好。
        做{food}的话，火大一点、时间短一点通常更好。
        喜欢{hobby}的话，周末一般有新手活动可以参加。
        要不要我帮你记下来？
        你{hobby}多久了？
        {place}附近有家{food}很多人推荐。
        每天{n}分钟就足够养成习惯了。
        替我向你{family}问好！
        {weekday}有什么需要我帮你安排的吗？
        下次你问{city}的事我会记得。
        午饭后散散步比第三杯咖啡管用。
        要不要{days}天后我再问问你？
        {weekday}{time}左右我再提一下。
        {month}的安排里我也记上了。
        这样算下来你这周有{n}件事要忙。
        可以在{weekday}上午留{n}分钟专门处理这个。
    """),
}
