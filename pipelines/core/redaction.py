"""Secret masking: API keys, passwords, tokens and card numbers replaced before text leaves the process.

Applied to every window sent to a model, to every text sent to a remote embedder, and to every memory's
content and keywords, so a secret said in chat is never stored in a memory (zh and en phrasings).
"""

from __future__ import annotations

import re

MASK = "[REDACTED]"

# Well-known credential shapes, whatever words surround them.
_TOKEN_SHAPES = [
    r"\bsk-(?:proj-|ant-)?[A-Za-z0-9_\-]{16,}",  # OpenAI / Anthropic style keys
    r"\bAKIA[0-9A-Z]{16}\b",  # AWS access key id
    r"\bgh[pousr]_[A-Za-z0-9]{30,}\b",  # GitHub tokens
    r"\bxox[abprs]-[A-Za-z0-9\-]{10,}",  # Slack tokens
    r"\bAIza[0-9A-Za-z_\-]{35}\b",  # Google API keys
    r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}",  # JWT
    r"\b[Bb]earer\s+[A-Za-z0-9_\-\.=]{16,}",
    r"-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----",
]
_TOKEN_RE = re.compile("|".join(f"(?:{shape})" for shape in _TOKEN_SHAPES))

# "password is hunter2", "api key: abc", "密码是 abc123", "验证码：123456": the value after the label.
# English labels need a separator ("pinkish" is not a PIN); Chinese ones may run straight into the value.
_EN_LABELS = (
    r"password|passwd|passcode|pass\s*phrase|pwd|pin(?:\s*code)?|api[\s_\-]?key|secret(?:[\s_\-]?key)?|"
    r"access[\s_\-]?token|auth[\s_\-]?token|token|cvv|cvc|security\s+code"
)
_ZH_LABELS = r"支付密码|密码|口令|密钥|秘钥|令牌|验证码|安全码"
_VALUE = r"(?P<value>[^\s,，。;；、\"'“”()（）]{3,})"
_LABELLED_RES = [
    re.compile(rf"(?i)(?P<label>\b(?:{_EN_LABELS})\b)(?P<sep>\s*(?:is|was|=|:|：)\s*(?:now\s+)?){_VALUE}"),
    re.compile(rf"(?P<label>{_ZH_LABELS})(?P<sep>\s*(?:是|为|:|：|=|改成了?|改为|设为)?\s*){_VALUE}"),
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
    return f"{match.group('label')}{match.group('sep')}{MASK}"


def mask_secrets(text: str) -> str:
    """`text` with every credential-looking value replaced by [REDACTED]; other words untouched."""
    masked = _TOKEN_RE.sub(MASK, text)
    for labelled in _LABELLED_RES:
        masked = labelled.sub(_mask_labelled, masked)
    return _CARD_RE.sub(_mask_card, masked)
