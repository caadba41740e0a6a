"""Which things a message says have ended, by the words that name them."""

from pipelines.extract.signals.endings import ended_names, name_words


def test_an_ending_keeps_the_name_words_said_with_it_in_english_and_chinese():
    assert "hilux" in ended_names("happy new year! the hilux is gone, flogged it to a bloke from Bendigo")["vehicle"]
    assert "fernleaf" in ended_names("Well, I hung up the green apron at Fernleaf on Friday.")["employer"]
    assert "明锐" in ended_names("跟你说 明锐已经出掉了 车商给了一万二")["vehicle"]
    assert "大连" in ended_names("大连那套房子卖了，钱给儿子凑了首付")["residence"]


def test_the_words_of_other_clauses_are_not_tied_to_the_ending():
    ended = ended_names("ok unrelated to painting for once. the hilux is gone, flogged it")
    assert "paint" not in ended["vehicle"]


def test_an_ending_asked_planned_or_told_of_someone_else_names_nothing():
    assert ended_names("should I just sell the Civic?") == {}
    assert ended_names("I might sell the Civic next spring") == {}
    assert ended_names("my brother sold his Civic last week") == {}
    assert ended_names("我哥的明锐卖了吗？") == {}


def test_an_ending_of_a_kind_of_thing_that_cannot_end_names_nothing():
    assert ended_names("the bullet points are gone from your answers, nice") == {}


def test_name_words_leave_out_numbers_and_the_words_of_grammar_and_time():
    assert name_words("the old one ending 0143 is gone") == frozenset({"gone"})
    assert name_words("已经卖了") == frozenset()
    assert "明锐" in name_words("我那台老明锐开了九年了")


def test_a_business_of_the_users_own_closed_ends_the_job_it_named():
    assert "thistl" in ended_names("we closed Thistle & Thread for good last Saturday")["employer"]
    assert "花店" in ended_names("跟你说个事，小满花店上周关门了")["employer"]
    assert "employer" not in ended_names("closed the laptop and went to bed")
