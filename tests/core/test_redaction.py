"""Secret masking: what is redacted before text leaves the machine, and what ordinary text it leaves alone."""

import pytest

from pipelines.core.redaction import mask_secrets


@pytest.mark.parametrize(
    "text, masked",
    [
        ("my password is hunter2, thanks", "my password is [REDACTED], thanks"),
        ("我的密码是abc12345，别告诉别人", "我的密码是[REDACTED]，别告诉别人"),
        ("验证码：482913", "验证码：[REDACTED]"),
        ("api key: sk-abcdefghijklmnopqrstuv", "api key: [REDACTED]"),
        ("token ghp_abcdefghijklmnopqrstuvwxyz0123456789 leaked", "token [REDACTED] leaked"),
        ("card 4111 1111 1111 1111 please", "card [REDACTED] please"),
        ("Authorization: Bearer abcdefghijklmnopqrstu", "Authorization: [REDACTED]"),
    ],
)
def test_secrets_are_masked(text, masked):
    assert mask_secrets(text) == masked


@pytest.mark.parametrize(
    "text",
    [
        "order 1234567890123 shipped",  # not Luhn-valid: an order number, not a card
        "pinkish colours please",
        "the token expired yesterday",
        "call me at 13800138000",
        "我住在北京",
    ],
)
def test_ordinary_text_is_left_alone(text):
    assert mask_secrets(text) == text
