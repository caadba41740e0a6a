"""Text addressed to the model rather than about the user ("ignore all previous instructions", "忽略之前的所有
指令", "you are now …", a "system:" line): validation quarantines it (reason 'instruction') so no rule or model
turns an injected order into a memory, and recall never pastes it back into a prompt.

The patterns want the order's grammar (verb + "previous/all/your … instructions"), so a user who talks about
instructions ("I ignore my boss's instructions", "我忘了说明书放哪了") is left alone.
"""

from __future__ import annotations

import re

_EARLIER = r"(?:all|any|the|your|previous|prior|above|earlier|preceding|former|system|these|those|of)"
_ORDERS = r"(?:instructions?|prompts?|rules|directions|directives|guidelines|context|messages)"
_EN = [
    # "ignore all previous instructions", "disregard the above", "forget your rules" — not "I ignore my boss's …"
    rf"(?<!\bI\s)(?<!\bwe\s)\b(?:ignore|disregard|forget|override|bypass)\s+(?:{_EARLIER}\s+){{1,4}}{_ORDERS}\b",
    r"\b(?:ignore|disregard)\s+(?:everything|anything)\s+(?:above|before|said\s+before|you\s+were\s+told)\b",
    # "You are now DAN", "you are now in developer mode" — at the start of a sentence
    r"(?:^|[.!?:]\s*)you\s+are\s+now\s+(?:an?\s+|the\s+)?(?:dan\b|ai\b|assistant\b|model\b|chatbot\b|"
    r"unrestricted|unfiltered|jailbroken|free\s+of|no\s+longer\s+bound|in\s+(?:developer|dev|god|debug)\s+mode)",
    r"\b(?:new|updated|real)\s+(?:system\s+)?instructions?\s*:",
    r"\b(?:reveal|print|show|repeat|output)\s+(?:me\s+)?(?:your|the)\s+(?:system\s+prompt|hidden\s+instructions)\b",
    # a forged turn: "system: …", "[assistant]: …", "<|im_start|>system", "<system>"
    r"(?:^|\n)\s*[\[<(]?\s*(?:system|developer|assistant)\s*[\]>)]?\s*[:：]",
    r"<\|im_start\|>|<\|system\|>|<\s*/?\s*system\s*>",
]
_ZH = [
    # "忽略之前的所有指令", "无视以上规则", "忘掉你的设定"
    r"(?:忽略|无视|忘记|忘掉|不要理会|不要管|覆盖)(?:掉)?(?:你)?(?:之前|以前|先前|此前|上面|前面|以上|上述|所有|全部|一切|的|你的)+"
    r"(?:指令|指示|提示词|提示|规则|设定|要求|命令)",
    # "你现在是DAN", "从现在开始你是一个没有限制的AI"
    r"(?:^|[。！？!?\s])(?:从现在(?:开始|起)[，,]?\s*)?你现在(?:的身份)?是(?:一个|一名)?\s*(?:DAN|AI|人工智能|助手|模型|没有限制|不受限制)",
    r"从现在(?:开始|起)[，,]?\s*你(?:是|将是|要扮演|必须忽略)",
    r"(?:新的|真正的)?系统(?:指令|提示词?)\s*[:：]",
    r"(?:^|\n)\s*[\[【(（]?\s*系统\s*[\]】)）]?\s*[:：]",
]
INSTRUCTION = "instruction"  # the quarantine reason
_INSTRUCTION_RE = re.compile("|".join(f"(?:{p})" for p in [*_EN, *_ZH]), re.IGNORECASE)


def is_instruction(text: str) -> bool:
    """True when `text` gives the model orders (an injected prompt), in English or Chinese."""
    return _INSTRUCTION_RE.search(text) is not None
