"""The topic vocabulary: which normalised slots hold one value at a time and which accumulate.

Single-valued topics supersede (a new residence replaces the old one); everything else accumulates.
"""

from __future__ import annotations

# A person has one of each of these at a time; a newer valid_from supersedes an older one.
SINGLE_VALUED_TOPICS: dict[str, str] = {
    "name": "what the user is called",
    "residence": "city or address the user lives in",
    "employer": "organisation the user works for",
    "job_title": "the user's role or position",
    "language": "language the user wants answers in",
    "output_format": "how the user wants answers laid out (tables, bullets, prose)",
    "answer_length": "how long answers should be (concise, detailed)",
    "timezone": "the user's time zone",
    "email": "the user's contact e-mail",
    "phone": "the user's contact phone number",
    "birthday": "the user's date of birth",
    "relationship_status": "single, married, engaged, ...",
    "diet": "what the user eats or avoids (vegetarian, vegan, no spicy food, ...)",
    "drink": "what the user usually drinks (a coffee order, tea instead of coffee, no caffeine, ...)",
    "contact_time": "when the user wants to be contacted",
    "school": "the school or university the user attends",
    "vehicle": "the car or vehicle the user has",
    "bank": "the bank the user keeps their account with (salary, main account)",
    "doctor": "the user's own doctor (GP, dentist, therapist, the specialist treating them)",
    "gym": "the gym, pool or club the user is a member of",
    "team": "the team, group or department the user is in at work",
    # the units the user wants numbers given in, one timeline per quantity (pipelines.extract.signals.units)
    "units": "the unit system the user wants (metric, imperial, SI) or units of another quantity (mmol/L)",
    "units_length": "units for distances, lengths and heights (metres or feet, km or miles, 米 or 英尺)",
    "units_weight": "units for weights (kg or pounds, 斤 or 公斤)",
    "units_temperature": "units for temperatures (Celsius or Fahrenheit)",
    "units_volume": "units for volumes (ml, cups, gallons)",
    "units_area": "units for areas (square metres, square feet, 亩, 公顷)",
    "units_pressure": "units for pressures (bar, psi, MPa)",
}

# Services the user uses, not facts about the user: a word of one ("the climbing gym", "a bank") is often said in
# passing in a message about something else, so a service labels a message only when it clearly beats the facts'
# readings (pipelines.extract.signals.topic_signal), and a question is about one only when it names it.
SERVICE_TOPICS = frozenset({"bank", "doctor", "gym"})

# How a value of a topic looks written out, for the topics whose values have a shape (a Rust regex, as Polars
# reads it): a message showing one gives that value, even where no rule could read which part it is.
VALUE_SHAPES: dict[str, str] = {
    "phone": r"\+?\(?\d[\d\s()-]{6,}\d",
    "email": r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+",
    "contact_time": r"(?i)\d{1,2}\s*(?:[:：]\d{2}|点|am\b|pm\b|[ap]\.m\.)|[一二三四五六七八九十两]{1,3}点",
}

# How the user wants to be answered is one wish said two ways: a newer length ("one-liners from now on") answers how
# answers should be laid out, and a newer layout how long they should be ("just write a short paragraph").
ANSWER_STYLE: dict[str, str] = {"output_format": "answer_length", "answer_length": "output_format"}

# The topics whose values reach the user: a number or an address written out.
CONTACT_TOPICS = ("phone", "email")

# Topics that accumulate values: every distinct value stays current.
MULTI_VALUED_TOPICS: dict[str, str] = {
    "likes": "things the user enjoys",
    "dislikes": "things the user avoids",
    "skills": "tools and crafts the user knows (programming languages included)",
    "languages": "languages the user speaks",
    "pets": "the user's animals",
    "family": "the user's relatives",
    "hobbies": "what the user does for fun",
    "invoice": "requests for an invoice (event-like, one per order)",
    "reminder": "things to do, usually with a deadline",
    "plan": "intentions and decisions about what to do",
    "episode": "a raw user message kept verbatim for recall",
    "misc": "anything without a better slot",
}


def is_single_valued(topic: str) -> bool:
    """True when a newer memory on this topic replaces the older one."""
    return topic in SINGLE_VALUED_TOPICS
