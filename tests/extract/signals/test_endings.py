"""Which things a message says have ended, by the words that name them."""

from pipelines.extract.signals.endings import ended_names, name_words, tells_an_ending
from pipelines.extract.signals.mood import clauses_with_moods


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


def test_a_job_left_is_said_many_ways_and_keeps_the_name_said_with_it():
    assert "hostel" in ended_names("so I left the hostel, last shift was sunday.")["employer"]
    assert "brightmind" in ended_names("so I handed in my notice at brightminds last friday.")["employer"]
    assert "riversid" in ended_names("wrapped up my last week at Riverside on friday")["employer"]
    assert "holli" in ended_names("ty. also me and Hollis are done. contract ran out in october")["employer"]
    assert "globex" in ended_names("I left Globex last friday, no regrets")["employer"]
    # ... not a thing left behind there, a week spent there, or work finished there
    for told in (
        "I left my laptop at Globex again",
        "left the keys at Globex reception",
        "spent last week at Globex offsite",
        "we're done with the inventory at Globex",
    ):
        assert "employer" not in ended_names(told), told


def test_a_partner_left_or_a_line_cut_off_keeps_the_name_said_with_it():
    assert "阿强" in ended_names("唉 跟阿强掰了 聚少离多的")["relationship_status"]
    assert "marisol" in ended_names("Marisol and I broke up in june")["relationship_status"]
    assert "landlin" in ended_names("I had them shut off the landline, nobody called it but robots")["phone"]
    assert ended_names("my sister broke up with her boyfriend Dario") == {}


def test_an_ending_is_told_only_by_a_clause_of_the_users_own():
    assert tells_an_ending(clauses_with_moods("I ended the Banner contract early. no job rn"))
    assert tells_an_ending(clauses_with_moods("跟阿杰已经掰了，现在就自己一个人"))
    assert not tells_an_ending(clauses_with_moods("my brother quit his job at the mill"))
    assert not tells_an_ending(clauses_with_moods("should I quit? no job lined up yet"))
    assert not tells_an_ending(clauses_with_moods("no job rn, still looking"))
