"""Owns one exchange of the benchmark's chat log: a user message of a given intent and the assistant's answer,
composed from the user's persona, the templates of bench/etl_phrases.py and the words of bench/etl_words.py.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from string import Formatter

from bench import etl_words as words
from bench.etl_phrases import LIFE_ADVICE, PERSONAL_TAILS, REPLY, REQUEST_TAILS, STORY, USER, WORK_ADVICE

# Which intents may carry a tail clause ("..., since March", "... - asking for Bob"), and which kind.
TAILS = {"fact": PERSONAL_TAILS, "preference": PERSONAL_TAILS, "move": PERSONAL_TAILS, "job": PERSONAL_TAILS}
TAILS |= {"question": REQUEST_TAILS, "task": REQUEST_TAILS}
# A user who said they left a city or an employer ("I quit Acme") is somewhere else the next time they mention it.
LEAVES = {"move": ("my_city", "new_city"), "job": ("my_company", "new_company")}


@dataclass
class Persona:
    """Who a user is; a move or a job change in the log updates it, so later turns speak of the new value."""

    user_id: str
    agent_id: str
    language: str  # "en" or "zh"
    name: str
    city: str
    company: str
    role: str
    pet: str
    pet_name: str


# The word list each slot draws from: <LIST>_EN or <LIST>_ZH in bench/etl_words.py, or <LIST> in both languages.
SLOT_LISTS = {
    "city": "CITIES", "city2": "CITIES", "new_city": "CITIES", "company": "COMPANIES", "new_company": "COMPANIES",
    "role": "ROLES", "new_role": "ROLES", "tool": "TOOLS", "tool2": "TOOLS", "name": "NAMES", "food": "FOODS",
    "hobby": "HOBBIES", "family": "FAMILY", "language": "LANGUAGES", "format": "FORMATS", "errand": "ERRANDS",
    "deadline": "DEADLINES", "place": "PLACES", "verb": "TASK_VERBS", "object": "TASK_OBJECTS",
    "symptom": "SYMPTOMS", "small_talk": "SMALL_TALK", "greeting": "GREETINGS", "thanks": "THANKS",
    "month": "MONTHS", "weekday": "WEEKDAYS", "period": "PERIODS",
}  # fmt: skip


def _lexicon(lang: str) -> dict[str, tuple[str, ...]]:
    suffix = lang.upper()
    return {slot: getattr(words, f"{name}_{suffix}", None) or getattr(words, name) for slot, name in SLOT_LISTS.items()}


LEXICONS = {lang: _lexicon(lang) for lang in ("en", "zh")}
# A slot that must differ from another one already drawn ("moved to" a city the user does not live in).
DIFFERENT_FROM = {
    "city2": "city", "tool2": "tool", "new_city": "my_city", "new_company": "my_company", "new_role": "my_role",
}  # fmt: skip
NUMBERS = {
    "n": (2, 12),
    "n2": (2, 64),
    "years": (2, 15),
    "days": (2, 20),
    "day": (1, 28),
    "hour": (7, 10),
    "hours": (2, 10),
}
ANSWER_MAY_DRAW = {*NUMBERS, "time", "version", "year", "temp", "weekday", "month", "my_name"}


class Slots(dict):
    """The values of one exchange's {slots}: drawn on first use and then fixed, so the answer repeats the
    user's words; persona fields are `my_*`."""

    def __init__(self, persona: Persona, rng: random.Random) -> None:
        super().__init__()
        self.persona, self.rng = persona, rng
        self.lexicon = LEXICONS[persona.language]

    def __missing__(self, key: str) -> str:
        value = self._draw(key)
        while key in DIFFERENT_FROM and value == self[DIFFERENT_FROM[key]]:
            value = self._draw(key)
        self[key] = value
        return value

    def _draw(self, key: str) -> str:
        rng = self.rng
        if key.startswith("my_"):
            return getattr(self.persona, key.removeprefix("my_"))
        if key in self.lexicon:
            return rng.choice(self.lexicon[key])
        if key in NUMBERS:
            return str(rng.randint(*NUMBERS[key]))
        extra = {
            "order": lambda: f"{rng.choice('ABCDEFGHJK')}{rng.randint(1000, 99999)}",
            "time": lambda: f"{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}",
            "version": lambda: f"{rng.randint(1, 9)}.{rng.randint(0, 30)}.{rng.randint(0, 12)}",
            "year": lambda: str(rng.randint(2026, 2027)),
            "temp": lambda: str(rng.randrange(160, 235, 5)),
        }
        return extra[key]()


def fill(template: str, slots: Slots) -> str:
    """The template with its slots filled; a filled value may hold slots of its own (an errand names a {family})."""
    text = template.format_map(slots)
    return text.format_map(slots) if "{" in text else text


def _fits(template: str, slots: Slots) -> bool:
    """Whether an answer may say `template`: it repeats what the user said and may add numbers, times and days,
    but never brings up a place, person or thing of its own (and it knows whom it talks to)."""
    fields = {name for _, name, _, _ in Formatter().parse(template) if name is not None}
    return fields <= slots.keys() | ANSWER_MAY_DRAW


def exchange(intent: str, persona: Persona, rng: random.Random) -> tuple[str, str]:
    """(user message, assistant answer) of one exchange; a move or a job change updates `persona`."""
    lang, slots = persona.language, Slots(persona, rng)
    if intent == "story":
        said = _joined(lang, [fill(t, slots) for t in rng.sample(STORY[lang], rng.randint(2, 6))])
    else:
        said = fill(rng.choice(USER[intent][lang]), slots)
    if intent in TAILS and rng.random() < 0.4:
        said = _with_tail(said, fill(rng.choice(TAILS[intent][lang]), slots))
    if intent not in ("greeting", "thanks"):
        said = _casual(said, lang, rng)
    answer = _answer(intent, slots, lang, rng)
    if intent in LEAVES and LEAVES[intent][0] in slots:
        slots[LEAVES[intent][1]]  # drawn after the answer, which therefore never names it
    persona.city = slots.get("new_city", persona.city)
    persona.company = slots.get("new_company", persona.company)
    persona.role = slots.get("new_role", persona.role)
    return said, answer


def _answer(intent: str, slots: Slots, lang: str, rng: random.Random) -> str:
    first = fill(rng.choice([t for t in REPLY[intent][lang] if _fits(t, slots)]), slots)
    extra = {"question": (2, 6), "story": (1, 4), "greeting": (0, 1), "thanks": (0, 1)}.get(intent, (1, 3))
    technical = any(key in slots for key in ("tool", "object", "symptom"))
    pool = [t for t in (WORK_ADVICE if technical else LIFE_ADVICE)[lang] if _fits(t, slots)]
    advice = [fill(t, slots) for t in rng.sample(pool, min(len(pool), rng.randint(*extra)))]
    if intent == "question" and rng.random() < 0.5:  # half the answers to questions come as numbered steps
        return "\n".join([first, *(f"{i}. {sentence}" for i, sentence in enumerate(advice, 1))])
    return _joined(lang, [first, *advice])


def _with_tail(text: str, tail: str) -> str:
    """`tail` after the statement, or before a question's question mark."""
    tail = tail if tail[0] in ",，" else " " + tail
    return text[:-1] + tail + text[-1] if text[-1] in "?？" else text + tail


def _joined(lang: str, sentences: list[str]) -> str:
    return (" " if lang == "en" else "").join(sentences)


def _casual(text: str, lang: str, rng: random.Random) -> str:
    """How people dress a chat message: an opener ("btw", "对了"), a closer ("haha", "哈哈"), all lower case."""
    en = lang == "en"
    if rng.random() < 0.25:
        opener = rng.choice(words.OPENERS_EN if en else words.OPENERS_ZH)
        keep_case = not en or text.startswith(("I ", "I'")) or text[:1] == '"'
        text = f"{opener} {text if keep_case else text[:1].lower() + text[1:]}" if en else f"{opener}，{text}"
    if rng.random() < 0.15:
        closer = rng.choice(words.CLOSERS_EN if en else words.CLOSERS_ZH)
        text = f"{text} {closer}" if en else f"{text}{closer}"
    return text.lower() if en and rng.random() < 0.1 else text
