"""The texts a memory is embedded as: an episode as said, and with the turn before it."""

from pipelines.embed.passages import embedding_texts


def test_an_episode_is_embedded_as_said_and_with_the_turn_before():
    assert embedding_texts("episode", "Yes!", ["Mel"], "Caroline: Swim?") == ["Mel: Yes!", "Caroline: Swim?\nMel: Yes!"]
    assert embedding_texts("episode", "Yes!", [], None) == ["Yes!"]
    assert embedding_texts("fact", "User swims.", ["swim"], None) == ["User swims."]


def test_every_embedded_text_is_cut_to_the_message_cap():
    long_said, long_context = "I live in Oslo " * 1_000, "Bot: where? " * 1_000
    texts = embedding_texts("episode", long_said, ["Mel"], long_context, max_chars=200)
    assert texts == ["Mel: " + long_said[:200], long_context[:200] + "\nMel: " + long_said[:200]]
    assert embedding_texts("fact", long_said, [], None, max_chars=200) == [long_said[:200]]
