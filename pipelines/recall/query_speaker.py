"""Whether a recall query asks what the assistant said ("What did you suggest for my sleep?", "你推荐过哪些书？").

Such a question is answered by the assistant's own turns; any other question is about the user, and what the
assistant said only comes after what the user said. One entry per way of asking, English beside Chinese.
"""

from __future__ import annotations

import re

_EN_SAID = (
    r"suggest(?:ed)?|recommend(?:ed)?|told|tell|said|say|mention(?:ed)?|advis(?:ed|e)|promis(?:ed|e)|gave|give|"
    r"shar(?:ed|e)|propos(?:ed|e)|taught|teach|remind(?:ed)?|explain(?:ed)?|offer(?:ed)?|warn(?:ed)?|answer(?:ed)?"
)
_ZH_SAID = r"推荐|建议|说|告诉|提到|提醒|讲|分享|介绍|教|安慰|鼓励|回答|答应|承诺|给我出|帮我想|列|提供"
ASKS_ASSISTANT: tuple[re.Pattern[str], ...] = (
    # "what did you suggest", "you recommended", "you once told me", not "did you know I ..."
    re.compile(rf"\byou(?:'ve|\s+have|\s+had)?\s+(?:\w+\s+){{0,2}}?(?:{_EN_SAID})\b", re.I),
    re.compile(rf"\bdid\s+you\s+(?:ever\s+|once\s+)?(?:{_EN_SAID})\b", re.I),
    re.compile(r"\byour\s+(?:advice|suggestions?|recommendations?|tips?|ideas?|answer|words|plan|promise)\b", re.I),
    # "你推荐过", "你之前给我推荐的", "你曾经告诉我"; "我和你推荐过" (the user to the assistant) is not
    re.compile(
        rf"(?<![和跟给对向与])你(?:曾经|之前|上次|以前|那天|当时|还|都|有|有没有|是不是)*(?:给我|跟我|和我|对我|向我|帮我|为我)?(?:{_ZH_SAID})"
    ),
    re.compile(r"(?<![和跟给对向与])你(?:的)?(?:建议|推荐|意见|回答|方法|办法|承诺)"),
)


def asks_what_assistant_said(query: str) -> bool:
    """True when `query` asks what the assistant said, suggested, told or promised."""
    return any(pattern.search(query) for pattern in ASKS_ASSISTANT)
