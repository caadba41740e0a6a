"""Secret masking: API keys, passwords, tokens and card numbers replaced before text leaves the process.

Applied to every window sent to a model, to every text sent to a remote embedder, and to every memory's
content and keywords, so a secret said in chat is never stored in a memory (zh and en phrasings).
"""

from __future__ import annotations

import re

MASK = "[REDACTED]"

# Well-known credential shapes, whatever words surround them (so an unlabelled key pasted alone is caught too).
# ASCII word edges: a key pasted straight after Chinese text ("密钥是AKIA...") has no \b before it.
_START, _END = r"(?<![A-Za-z0-9_])", r"(?![A-Za-z0-9])"
_TOKEN_SHAPES = [
    _START + r"sk-(?:proj-|ant-)?[A-Za-z0-9_\-]{16,}",  # OpenAI / Anthropic style keys
    _START + r"[sr]k_(?:live|test)_[A-Za-z0-9]{16,}",  # Stripe secret / restricted keys
    _START + r"(?:AKIA|ASIA)[0-9A-Z]{16}" + _END,  # AWS access key id (long-lived / temporary)
    _START + r"gh[pousr]_[A-Za-z0-9]{30,}" + _END,  # GitHub tokens
    _START + r"github_pat_[A-Za-z0-9_]{22,}",  # GitHub fine-grained personal access tokens
    _START + r"xox[abprs]-[A-Za-z0-9\-]{10,}",  # Slack tokens
    _START + r"AIza[0-9A-Za-z_\-]{35}" + _END,  # Google API keys
    _START + r"eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}",  # JWT
    _START + r"[Bb]earer\s+[A-Za-z0-9_\-\.=]{16,}",
    r"-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----",
]
_TOKEN_RE = re.compile("|".join(f"(?:{shape})" for shape in _TOKEN_SHAPES))

# "password is hunter2", "the password for my bank is X", "aws_secret_access_key=...", "wifi password
# sunflower42", "密码是 abc123", "密 码 是 abc", "验证码：123456": the value after the label.
# English labels may carry an env-style prefix (DB_PASSWORD, aws_secret_access_key) and need a separator
# ("pinkish" is not a PIN); Chinese ones may run straight into the value and may be spaced out ("密 码").
_EN_LABELS = (
    r"password|passwd|passcode|pass\s*phrase|pwd|pw|pin(?:\s*code)?|api[\s_\-]?key|"
    r"secret(?:[\s_\-]?(?:access[\s_\-]?)?key)?|access[\s_\-]?key|client[\s_\-]?secret|private[\s_\-]?key|"
    r"access[\s_\-]?token|auth[\s_\-]?token|token|cvv|cvc|security\s+code"
)
_EN_LABEL = rf"(?P<label>\b(?:[A-Za-z0-9]+[_\-])*(?:{_EN_LABELS})\b)"
_ZH_WORDS = ("支付密码", "密码", "口令", "密钥", "秘钥", "令牌", "验证码", "安全码", "PIN码", "pin码")
_ZH_LABEL = "(?P<label>" + "|".join(r"\s*".join(word) for word in _ZH_WORDS) + ")"
# a quoted value may hold spaces ("my wifi password is 'sunflower 42'"); a bare one ends at a space or a stop
_QUOTED = "|".join(f"{o}[^{c}\\n]{{1,100}}{c}" for o, c in ('""', "''", "“”", "‘’", "「」"))
_BARE = r"""[^\s,，。;；、"'“”()（）]"""
_VALUE = rf"(?P<value>{_QUOTED}|{_BARE}{{3,}})"
# a Chinese label's value has a letter, a digit or a symbol in it ("验证码 我邮箱是 …" masks nothing)
_CODE_VALUE = rf"(?P<value>{_QUOTED}|(?={_BARE}*[\x21-\x7e]){_BARE}{{3,}})"
# "the password for my bank is X", "the PIN to the safe was X": up to four words between the label and "is"
_EN_FOR = r"(?P<gap>\s+(?:for|to|of|on|at)\s+[^\s,.;:!?]+(?:\s+[^\s,.;:!?]+){0,3}?)?"
_LABELLED_RES = [
    re.compile(
        rf"(?i){_EN_LABEL}{_EN_FOR}(?P<sep>(?:\s*(?:is|was|are|=|:|：)){{1,2}}\s*(?:now\s+|still\s+|just\s+)?){_VALUE}"
    ),
    # no separator at all ("wifi password sunflower42", "PIN 4821"): only a value with a digit or a symbol, so
    # "the token expired" and "password manager" stay as they are
    re.compile(rf"(?i){_EN_LABEL}(?P<sep>\s+)(?P<value>(?=[^\s,.;!?]*[\d_@#$%^&*!~+/\\])[^\s,;!?]{{3,}})"),
    re.compile(rf"{_ZH_LABEL}(?P<sep>\s*(?:是|为|就是|:|：|=|改成了?|改为|设为)?\s*[:：]?\s*){_CODE_VALUE}"),
]

# 13-19 digits, optionally grouped by spaces or dashes; only Luhn-valid runs are card numbers.
_CARD_RE = re.compile(r"(?<!\d)(?:\d[ \-]?){12,18}\d(?!\d)")


def _luhn_valid(digits: str) -> bool:
    total = 0
    for index, char in enumerate(reversed(digits)):
        value = int(char)
        if index % 2 == 1:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def _mask_card(match: re.Match[str]) -> str:
    digits = re.sub(r"\D", "", match.group(0))
    return MASK if 13 <= len(digits) <= 19 and _luhn_valid(digits) else match.group(0)


def _mask_labelled(match: re.Match[str]) -> str:
    gap = match.groupdict().get("gap") or ""
    return f"{match.group('label')}{gap}{match.group('sep')}{MASK}"


def mask_secrets(text: str) -> str:
    """`text` with every credential-looking value replaced by [REDACTED]; other words untouched."""
    masked = _TOKEN_RE.sub(MASK, text)
    for labelled in _LABELLED_RES:
        masked = labelled.sub(_mask_labelled, masked)
    return _CARD_RE.sub(_mask_card, masked)
