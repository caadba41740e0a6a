"""Accumulating topics: what a question asks about, and what the user's own statement adds to, zh and en."""

import pytest

from pipelines.extract.signals.collections import asked_collection, stated_collection


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("my beagle Biscuit ate a sock AGAIN. vet says it'll pass", "pets"),
        ("we have a new family member: a tiny tabby kitten called Miso", "pets"),
        ("最近被同事拉去玩飞盘了，比羽毛球累多了，但挺上瘾", "hobbies"),
        ("Signed up for a wheel-throwing pottery class on Thursdays and I'm obsessed.", "hobbies"),
        ("日语N2过了！现在跟日本客户开会基本不用翻译了", "languages"),
        ("I'm fluent in Portuguese since my year in Lisbon", "languages"),
        ("N2 过了！！现在看日剧基本不用字幕了", "languages"),  # a language exam passed names no language
        ("finally passed N2, celebrating tonight", "languages"),
        ("雅思考了7.5，终于能申请了", "languages"),
        ("学了一年日语，上周 N3 过啦！现在点菜问路都没问题了", "languages"),
        # tools, crafts and certificates
        ("最近给小红书做视频，自学了PR，现在剪个vlog半小时搞定", "skills"),
        ("我平时工作主要写SQL，Python也会一点，用pandas处理报表", "skills"),
        ("PMP终于考过了！3A！", "skills"),
        ("转场也会做了，剪辑越来越顺手", "skills"),
        ("I taught myself Figma over the summer", "skills"),
        ("finally passed the CPA exam!!", "skills"),
        ("i'm pretty comfortable with Excel by now", "skills"),
        ("我平时用PR剪视频，字幕一条条打太慢了", "skills"),  # a tool used for a craft as a habit
    ],
)
def test_the_users_own_statement_adds_to_its_topic(text, topic):
    assert stated_collection(text) == topic


@pytest.mark.parametrize(
    "text",
    [
        "what shots does a kitten need",  # a question
        "he's 4 and still acts like a puppy",  # someone else
        "my sister got a puppy",
        "thinking about getting a cat next year",  # a plan
        "thanks, that helps",
        "大概多久能过N2",  # asked, not passed
        "I picked up Sarah from the airport",  # a person, not a tool
        "好的 ok 我会注意的",  # 会 is "will"
        "my brother taught himself Python",  # someone else
        "should I learn Python or R first?",
        "我平时用微信聊天",  # a tool used, no craft
    ],
)
def test_questions_plans_and_someone_elses_pets_add_nothing(text):
    assert stated_collection(text) is None


@pytest.mark.parametrize(
    ("query", "topic"),
    [
        ("What pets does the user have?", "pets"),
        ("用户养了什么宠物？", "pets"),
        ("用户有哪些爱好？", "hobbies"),
        ("What does the user do for fun?", "hobbies"),
        ("What languages can the user speak?", "languages"),
        ("用户会说哪些语言？", "languages"),
        ("用户掌握哪些技能？", "skills"),
        ("What skills does the user have?", "skills"),
        ("What technical skills / tools does the user know?", "tools"),
        ("What programming languages does the user know?", "tools"),
        ("用户会用哪些软件或编程工具？", "tools"),
        ("用户有哪些专业能力？", "skills"),
        ("用户有什么特长？", "skills"),
        ("Where does the user live?", None),
    ],
)
def test_a_question_about_an_accumulating_topic_is_recognised(query, topic):
    assert asked_collection(query) == topic


def test_an_animal_kept_for_someone_else_is_no_pet_of_the_users():
    assert stated_collection("帮朋友养两周猫，她出国了。家里突然多了只布偶") is None
    assert stated_collection("dog-sitting for my neighbour, the corgi is a menace") is None
    assert stated_collection("邻居出差一周，把她家柯基寄放在我这，团子气得躲床底") is None


def test_crying_like_a_dog_is_no_dog():
    assert stated_collection("今天他单膝跪下了！我哭成狗") is None
    assert stated_collection("我养了一只狗叫旺财") == "pets"


def test_a_question_about_the_languages_the_user_converses_in_asks_for_the_languages_spoken():
    assert asked_collection("Which languages can the user hold a conversation in?") == "languages"
    assert asked_collection("Which languages is the user fluent in?") == "languages"
    assert asked_collection("What language should replies be in?") is None


def test_smaller_animals_and_breeds_are_pets_by_their_own_names():
    assert stated_collection("我养的玄凤阿柚最近老拔自己毛，胸口秃了一块") == "pets"
    assert stated_collection("有个常客家的垂耳兔生了一窝") == "pets"
    assert stated_collection("came home from the greyhound adoption day with a 4yo retired racer") == "pets"
    assert stated_collection("my blue-tongue Sprocket isnt eating much now it's cooling down") == "pets"
    assert stated_collection("我养的那盆绿萝又黄叶了") is None


def test_an_instrument_played_is_a_pastime_asked_after_by_its_name():
    assert asked_collection("What instruments does the user play?") == "hobbies"
    assert asked_collection("用户会哪些乐器？") == "hobbies"
    assert (
        stated_collection("my roommate left his banjo here when he moved out and uh. I play banjo now too") == "hobbies"
    )
    assert stated_collection("我从小学古筝 考过十级 现在住宿舍没法弹") == "hobbies"
    assert stated_collection("我是部队文工团退下来的，年轻时候就拉二胡") == "hobbies"
    # (a fish, a car's keys and a body's organs are no instruments)
    assert stated_collection("caught a bass today and lost my car keys") is None
