"""A thing ended by its name retracts the topic whose latest statement named it."""

import polars as pl

from pipelines.resolve.dedup import collapse_by_id
from pipelines.resolve.invariants import closed_only_with_reason, no_overlapping_intervals, one_current_per_single_topic
from pipelines.resolve.resolution import is_current, resolve
from tests.support.candidate_rows import candidate, memories
from tests.support.raw_logs import MAR


def episode(text, day, session, topic="episode", mood=None, user="u1"):
    row = candidate(text, topic, kind="episode", day=day, session=session, message_id=f"{session}:1")
    return row | {"mood": mood, "user_id": user}


def resolved(*rows):
    return resolve(collapse_by_id(memories(list(rows))), MAR(20))


def _row(history, content):
    return history.filter(pl.col("content") == content).row(0, named=True)


WORKS = "so now I work Tuesday to Thursday at Fernleaf Nursery on Signal Mountain"
QUIT = "Well, I hung up the green apron at Fernleaf on Friday. The knees finally won."


def test_an_episode_that_ends_the_named_thing_retracts_its_topic_and_closes_the_statement():
    history = resolved(episode(WORKS, 1, "a", "employer", "tentative"), episode(QUIT, 6, "b"))
    ended = _row(history, QUIT)
    assert (ended["topic"], ended["mood"], ended["retraction"]) == ("employer", "assertion", True)
    assert _row(history, WORKS)["valid_to"] == MAR(6)
    for invariant in (one_current_per_single_topic, no_overlapping_intervals, closed_only_with_reason):
        assert invariant(history).passed


def test_a_distilled_statement_names_the_thing_too_in_chinese():
    car = candidate("用户开一辆明锐", "vehicle", day=1, session="a", message_id="a:1")
    sold = episode("跟你说 明锐已经出掉了 车商给了一万二", 5, "b", "employer", "tentative")
    history = resolved(car, sold)
    assert (_row(history, sold["content"])["topic"], _row(history, sold["content"])["retraction"]) == ("vehicle", True)
    assert _row(history, "用户开一辆明锐")["valid_to"] == MAR(5)


def test_an_ending_of_a_thing_no_statement_named_changes_nothing():
    history = resolved(episode(WORKS, 1, "a", "employer", "assertion"), episode("I quit the choir at Brambles", 6, "b"))
    assert _row(history, "I quit the choir at Brambles")["topic"] == "episode"
    assert _row(history, WORKS)["valid_to"] is None


def test_only_a_statement_made_before_the_ending_and_by_the_same_user_names_the_thing():
    early = resolved(episode(QUIT, 1, "b"), episode(WORKS, 6, "a", "employer", "assertion"))
    assert _row(early, QUIT)["topic"] == "episode"
    assert early.filter(is_current() & (pl.col("topic") == "employer"))["content"].to_list() == [WORKS]
    other = resolved(episode(WORKS, 1, "a", "employer", "assertion", user="u2"), episode(QUIT, 6, "b"))
    assert _row(other, QUIT)["topic"] == "episode"


def test_a_message_already_stating_a_topic_keeps_its_label():
    lives = episode("we share a tiny flat in galway right on the canal", 1, "a", "residence", "assertion")
    moved = episode("I'm in Cork now, the galway flat is gone", 6, "b", "residence", "assertion")
    history = resolved(lives, moved)
    assert _row(history, moved["content"])["retraction"] is False


def test_of_two_topics_named_the_later_statement_is_the_one_ended():
    home = episode("the camper is my home now, parked up near Bantry", 1, "a", "residence", "assertion")
    van = episode("bought the camper off Declan, a 2009 Transit", 3, "c", "vehicle", "assertion")
    gone = "the Transit camper is gone, sold it for scrap"  # names the home and the car
    history = resolved(home, van, episode(gone, 6, "b"))
    assert _row(history, gone)["topic"] == "vehicle"


def test_a_partner_left_by_name_retracts_the_relationship_in_chinese_and_english():
    dating = episode("520了 我对象阿强也是开大车的 给他发个啥好", 1, "a", "relationship_status", "tentative")
    split = "唉 跟阿强掰了 聚少离多的 现在就一个人"
    history = resolved(dating, episode(split, 6, "b"))
    assert (_row(history, split)["topic"], _row(history, split)["retraction"]) == ("relationship_status", True)
    assert _row(history, dating["content"])["valid_to"] == MAR(6)
    partner = episode("my girlfriend Marisol keeps stealing my hoodies", 1, "a", "relationship_status", "tentative")
    done = "Marisol and I called it quits last week, kind of mutual"
    assert _row(resolved(partner, episode(done, 6, "b")), done)["topic"] == "relationship_status"


def test_a_line_cut_off_by_name_retracts_the_phone():
    number = candidate(
        "User's phone number is 559-555-0199, the landline.", "phone", day=1, session="a", message_id="a:1"
    )
    cut = "and I had AT&T shut off the landline, nobody called it but robots"
    history = resolved(number, episode(cut, 6, "b"))
    assert (_row(history, cut)["topic"], _row(history, cut)["retraction"]) == ("phone", True)
    assert _row(history, number["content"])["valid_to"] == MAR(6)


def test_an_ending_said_in_a_message_labelled_someone_elses_still_ends_the_users_thing():
    # the message's mood is its label's (her moving out), the ending clause is the user's own
    partner = episode(
        "need a gift idea for my girlfriend Tanya, our 2 year is next week", 1, "a", "relationship_status", "tentative"
    )
    done = "tanya and me called it quits, she moved out sunday"
    history = resolved(partner, episode(done, 6, "b", "residence", "third_party"))
    assert (_row(history, done)["topic"], _row(history, done)["retraction"]) == ("relationship_status", True)
    assert _row(history, partner["content"])["valid_to"] == MAR(6)
    # someone else's ending clause ends nothing of the user's
    theirs = "my sister and her boyfriend Tanya called it quits"
    assert _row(resolved(partner, episode(theirs, 6, "b", "episode", "third_party")), theirs)["topic"] == "episode"


def test_a_lease_run_out_and_not_renewed_ends_the_home_it_named():
    home = episode("学校东门外租了个单间，一个月1800，暖气不太行", 1, "a", "residence", "assertion")
    out = "东门外那间到期了，房东要卖房，没续成，这几天在师兄宿舍打地铺"
    history = resolved(home, episode(out, 6, "b", "residence", "third_party"))
    assert (_row(history, out)["topic"], _row(history, out)["retraction"]) == ("residence", True)
    assert _row(history, home["content"])["valid_to"] == MAR(6)


def test_a_thing_named_then_ended_by_a_word_pointing_back_at_it():
    night_class = episode(
        "i just started an accounting night class at Valley Community College", 1, "a", "school", "assertion"
    )
    dropped = "ok so the class... I dropped it. between the stand and my kids it was too much"
    history = resolved(night_class, episode(dropped, 6, "b"))
    assert (_row(history, dropped)["topic"], _row(history, dropped)["retraction"]) == ("school", True)
    # a pointing word with nothing named before it ends nothing
    other = "I dropped it. too much going on"
    assert _row(resolved(night_class, episode(other, 6, "b")), other)["topic"] == "episode"


def test_a_lease_the_landlord_did_not_renew_is_the_users_home_ended():
    home = episode("我在郑东新区租了个单间，一个月一千二。帮我看看这份合同有没有坑", 1, "a", "residence", "assertion")
    out = "房东要卖房，合同到期没给续。东西先寄存在同事那了，这几天轮流蹭沙发"
    history = resolved(home, episode(out, 6, "b", "residence", "third_party"))
    assert (_row(history, out)["topic"], _row(history, out)["retraction"]) == ("residence", True)


def test_a_home_given_back_or_said_over_by_its_name_ends_it():
    home = episode("我住白云区嘉禾那边的城中村，房东说楼里电表要换", 1, "a", "residence", "assertion")
    back = "今天把嘉禾那个房子退了，押金扣了三百，气死"
    history = resolved(home, episode(back, 6, "b"))
    assert (_row(history, back)["topic"], _row(history, back)["retraction"]) == ("residence", True)
    staff = episode(
        "hey, I live in the staff residence at the hotel, cheap but the walls are paper",
        1,
        "a",
        "residence",
        "assertion",
    )
    over = "eh so the staff residence thing is over, they're turning it into guest rooms"
    assert _row(resolved(staff, episode(over, 6, "b")), over)["retraction"] is True


def test_only_a_word_pointing_back_takes_the_name_from_the_clause_before():
    night_class = episode(
        "i just started an accounting night class at Valley Community College", 1, "a", "school", "assertion"
    )
    other = "the class is fine lol. I dropped out of the choir though"
    assert _row(resolved(night_class, episode(other, 6, "b")), other)["topic"] == "episode"


def test_an_engagement_called_off_and_a_reminder_no_longer_needed_end_what_named_them():
    engaged = episode("my fiancé kyle and i are thinking fall wedding", 1, "a", "relationship_status", "tentative")
    off = "yeah. kyle and i called off the engagement in july. long story"
    history = resolved(engaged, episode(off, 6, "b"))
    assert (_row(history, off)["topic"], _row(history, off)["retraction"]) == ("relationship_status", True)
    reminder = episode("你每天早上六点提醒我打卡好不好，我老忘", 1, "a", "contact_time", "assertion")
    cancelled = "对，走进去就自动打上了，所以那个六点的提醒用不着了，取消吧"
    history = resolved(reminder, episode(cancelled, 6, "b"))
    assert (_row(history, cancelled)["topic"], _row(history, cancelled)["retraction"]) == ("contact_time", True)


def test_an_ending_names_the_workplace_of_an_episode_read_as_no_topic_and_closes_it():
    stage = "我在迷城沉浸式剧场演女二，一晚要跑三个楼层，腿都跑细了哈哈"
    closed = "迷城上周官宣闭店了，说是房租谈不拢，我们全体就地解散"
    history = resolved(episode(stage, 1, "a"), episode("我一直含薄荷糖的", 2, "a2"), episode(closed, 6, "b"))
    assert (_row(history, stage)["topic"], _row(history, stage)["retraction"]) == ("employer", False)
    assert (_row(history, closed)["topic"], _row(history, closed)["retraction"]) == ("employer", True)
    assert _row(history, stage)["valid_to"] == MAR(6)
    assert _row(history, "我一直含薄荷糖的")["topic"] == "episode"
    for invariant in (one_current_per_single_topic, no_overlapping_intervals, closed_only_with_reason):
        assert invariant(history).passed


def test_an_episode_ended_by_name_must_hold_a_word_of_the_topic_and_be_the_users_own_and_recent():
    closed = "迷城上周官宣闭店了，说是房租谈不拢，我们全体就地解散"
    # the name alone, with no word of a workplace, is no statement of one
    for liked in ("我挺喜欢迷城的装修风格", "周末去迷城玩了密室，太吓人了"):
        assert _row(resolved(episode(liked, 1, "a"), episode(closed, 6, "b")), liked)["topic"] == "episode"
    # a question about it is no statement either
    asked = "我想去迷城沉浸式剧场演戏，你觉得怎么样？"
    assert _row(resolved(episode(asked, 1, "a"), episode(closed, 6, "b")), asked)["topic"] == "episode"
    # ... nor is one said more than a year before
    stage = "我在迷城沉浸式剧场演女二，一晚要跑三个楼层"
    late = candidate(closed, "episode", kind="episode", day=1, session="b", message_id="b:1")
    late = late | {
        "mood": None,
        "user_id": "u1",
        "valid_from": late["valid_from"].replace(year=late["valid_from"].year + 2),
    }
    assert _row(resolved(episode(stage, 1, "a"), late), stage)["topic"] == "episode"


def test_a_post_given_up_by_its_name_ends_the_title():
    nipper = candidate("User's job title is nipper.", "job_title", day=1, session="a", message_id="a:1")
    on_the_jumbo = "so I'm officially on the jumbo now, passed my sign-off. no more nipper runs for this girl haha"
    history = resolved(nipper, episode(on_the_jumbo, 6, "b"))
    assert (_row(history, on_the_jumbo)["topic"], _row(history, on_the_jumbo)["retraction"]) == ("job_title", True)
    assert _row(history, "User's job title is nipper.")["valid_to"] == MAR(6)


def test_an_ending_of_two_topics_names_one_episode_only():
    rides = "servus! I ride for Team Velora, continental team"
    lives = "I live above the Velora bike shop now, tiny flat"
    ended = "the Velora contract was not renewed, so that's that"
    history = resolved(episode(rides, 1, "a"), episode(lives, 2, "a2"), episode(ended, 6, "b"))
    # the latest episode that names the thing and holds a word of one of the topics is the one ended
    assert [_row(history, text)["topic"] for text in (rides, lives, ended)] == ["episode", "residence", "residence"]
    assert _row(history, ended)["retraction"] is True
