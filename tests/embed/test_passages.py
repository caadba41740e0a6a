"""The texts a memory is embedded as: an episode as said, and with the turn before it."""

from pipelines.embed.passages import embedding_texts


def test_an_episode_is_embedded_as_said_and_with_the_turn_before():
    assert embedding_texts("episode", "Yes!", ["Mel"], "Caroline: Swim?") == ["Mel: Yes!", "Caroline: Swim?\nMel: Yes!"]
    assert embedding_texts("episode", "Yes!", [], None) == ["Yes!"]
    assert embedding_texts("fact", "User swims.", ["swim"], None) == ["User swims."]
