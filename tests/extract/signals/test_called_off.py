"""A change taken back in its conversation: which words take it back, and which of the conversation's words it voids."""

import pytest

from pipelines.extract.signals.called_off import called_off, calls_off
from pipelines.extract.signals.mood import ASSERTION, NEGATED, QUESTION, THIRD_PARTY


@pytest.mark.parametrize(
    "text",
    [
        "ok IT replied, nope mine stays the same, its only his dept. cool",
        "Oh, same as always, dear, nothing's changed on my end",
        "想了两天，没去。还是在金桥干着",
        "算了算了，想想就起鸡皮疙瘩，还是照旧",
        "actually scratch that. tried it on one topic last night and it was way too much.",
        "yeah no, I'm not converting. chai forever",
        "wait no. I understood maybe four words 💀 scrap it, stay in English",
        "should I just move to Denver? nah never mind",  # a change weighed and taken back
        "renewal is $60 a year?? and forwarding keeps breaking. scratch all that, I'm staying on my old address",
        # a change that came to nothing
        "ugh, Lisbon is off. the landlord rented it to someone else",
        "the keto thing lasted about two weeks lol",
        "ok forget the whole Berlin thing? no. scrapping the whole relocation plan, too pricey",
        "the transfer fell through, HR lost the paperwork",
        "yeah the move is off, the landlord wants too much",
        "ok lisbon's off. sponsor pulled out, staying in porto",  # a place named in lower case
        "no wait, ignore that. keep it in French, I'll manage",
        "the move didn't happen in the end",
        "we're back together, don't judge me",
        "新车没买成，首付不够",
        "减肥餐坚持了三天就放弃了",
        "吵完第二天就和好了",
        "去深圳的事泡汤了",
        "ok scratch the NEC thing. Berklee came through with a bigger scholarship",
        "ditched the keto plan after a week",
    ],
)
def test_words_that_take_a_change_back(text):
    assert calls_off(text)


@pytest.mark.parametrize(
    "text",
    [
        "no, the other one",
        "thanks, that helps",
        "我明天去问问",
        "sounds good, let's do it",
        "k will do. wait is ITD the DMV? nvm, googling",  # its own question taken back
        "这个咋读来着？算了我自己查",
        "I'm off to Lisbon on friday",  # going, not called off
        "the heating is off for the whole of the day",
        "boss said Friday is off work for everyone",
        "ok quick q now that the pressure's off: how do co-advising agreements work?",  # relief, no change
        "my phone is off all weekend",
        "the heating is off again, freezing",
        "scratching my head over this one",
    ],
)
def test_an_answer_or_thanks_takes_nothing_back(text):
    assert not calls_off(text)


def test_the_last_topic_spoken_to_is_void_but_a_plain_statement_of_the_users_own_stands():
    said = [
        ("residence", ASSERTION, "I live in Seattle", "m1"),
        ("employer", THIRD_PARTY, "my husband got an offer from Ledgerly", "m2"),
        ("residence", QUESTION, "should we move to Denver with him?", "m3"),
        ("residence", ASSERTION, "just moved to Denver!", "m4"),
    ]
    assert called_off(said) == [2, 3]
    assert called_off(said[:2]) == [1]
    assert called_off([]) == []


def test_every_topic_the_last_message_spoke_to_is_void_and_a_way_set_from_now_on_is_a_change():
    said = [
        ("email", ASSERTION, "hey keep my email on file: mara.wilde.studio@example.com", "m1"),
        ("email", ASSERTION, "heads up, use my new club address on everything from now on: ryan@club.example", "m2"),
        ("name", NEGATED, "heads up, use my new club address on everything from now on: ryan@club.example", "m2"),
    ]
    assert called_off(said) == [1, 2]
    assert called_off(said[:1]) == []


def test_a_no_that_answers_an_offer_takes_nothing_back():
    assert not calls_off("nah just fyi. what's a good stretch routine before a 3pm run")


def test_a_value_a_take_back_kept_is_not_voided_by_the_next_take_back():
    restored = "算了算了改名的事作罢，粉丝在弹幕刷了一晚上“阿喵别走”😂 还是叫我阿喵吧"
    said = [("name", ASSERTION, restored, "m1")]
    # "头像也不换了" (the avatar stays too) calls off nothing the user said before it; the name 阿喵 stands
    assert calls_off(restored) and calls_off("头像也不换了")
    assert called_off(said) == []
    # ... while a change announced and then taken back is still void
    assert called_off([("name", ASSERTION, "我决定改名了！以后叫我夜枭", "m0")]) == [0]
