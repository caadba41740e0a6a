"""A home lost said without its name, and a wish for short answers dropped for answers as long as they need."""

from tests.extract.rules.test_across_turns import facts


def test_between_homes_the_user_has_no_fixed_home():
    for said in (
        "stuff's in storage, I'm between places rn, kipping wherever till I find something",
        "couch surfing at my cousin's till the new lease starts",
    ):
        assert facts(("user", said)) == [("residence", "User has no fixed home now.", ["s1:1"])], said
    assert facts(("user", "the flat in Clapham is lovely, I share it with two nurses")) == []


def test_a_wish_for_short_answers_dropped_is_answers_as_long_as_they_need():
    dropped = facts(("user", "最近在写论文，之前说的“简短”就不用了，该展开就展开，不限长度"))
    assert dropped == [("answer_length", "用户希望回答长短按需要", ["s1:1"])]
    assert facts(("user", "以后回答我简短点，三五句话就行")) == [("answer_length", "用户偏好简洁的回答", ["s1:1"])]


def test_answers_asked_for_in_castilian_are_a_language_wish():
    found = facts(("user", "a partir de ahora respóndeme en castellano, ya me cansé del inglés"))
    assert [(topic, content) for topic, content, _ in found] == [("language", "User wants answers in Spanish.")]
