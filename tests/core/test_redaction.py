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
        # shapes a review found unmasked
        ("aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCY", "aws_secret_access_key=[REDACTED]"),
        ("export AWS_SECRET_ACCESS_KEY: wJalrXUtnFEMI/K7MDENG", "export AWS_SECRET_ACCESS_KEY: [REDACTED]"),
        ("DB_PASSWORD=s3cret!", "DB_PASSWORD=[REDACTED]"),
        ("use github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz now", "use [REDACTED] now"),
        ("the password for my bank is Tr0ub4dor&3", "the password for my bank is [REDACTED]"),
        ("the PIN for my debit card is 4321.", "the PIN for my debit card is [REDACTED]"),
        ("our wifi password is sunflower42", "our wifi password is [REDACTED]"),
        ("wifi password sunflower42", "wifi password [REDACTED]"),
        ("the Wi-Fi password is 'sunflower 42'", "the Wi-Fi password is [REDACTED]"),
        ("password is: hunter22", "password is: [REDACTED]"),
        ("密 码 是 abc12345", "密 码 是 [REDACTED]"),
        ("我的银行卡密 码：888888", "我的银行卡密 码：[REDACTED]"),
        ("家里wifi密码是「sunflower 42」", "家里wifi密码是[REDACTED]"),
        ("PIN码是 4821", "PIN码是 [REDACTED]"),
        # unlabelled keys, pasted alone or mid-sentence
        ("sk-abcdefghijklmnopqrstuvwx", "[REDACTED]"),
        ("here it is sk-proj-abcdefghijklmnop1234 ok", "here it is [REDACTED] ok"),
        ("AKIAIOSFODNN7EXAMPLE", "[REDACTED]"),
        ("钥匙是AKIAIOSFODNN7EXAMPLE谢谢", "钥匙是[REDACTED]谢谢"),
        ("my key sk_live_abcdefghijklmnop1234", "my key [REDACTED]"),
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
        "I use a password manager",
        "the password for my bank account changed",
        "the password is in the drawer",
        "密码忘了",
        "I forgot my PIN again",
    ],
)
def test_ordinary_text_is_left_alone(text):
    assert mask_secrets(text) == text


def test_words_after_a_chinese_label_that_hold_no_code_are_kept():
    said = "有个网站注册老是收不到验证码 我邮箱是 yutong_deng@example.com 是不是被拦截了"
    assert mask_secrets(said) == said
    assert mask_secrets("验证码 839201 别告诉别人") == "验证码 [REDACTED] 别告诉别人"
