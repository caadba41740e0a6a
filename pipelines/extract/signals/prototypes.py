"""Prototype sentences per single-valued topic (statements and questions, zh and en) and their centroids.

A message or a query is compared with each topic's centroid: the e5 half of the topic signal, which finds
phrasings the lexicon has no word for. Generic sentences, not taken from any evaluation story.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

# topic -> statements a user makes about it
STATEMENTS: dict[str, tuple[str, ...]] = {
    "residence": ("I live in Chicago.", "We just moved to a new apartment in another city.", "My home is in Lisbon now.",
                  "我住在成都。", "我们搬家了，现在住在深圳。", "我家在北京海淀区。"),
    "employer": ("I work at a bank.", "I just started a new job at another company.", "I quit my job last week.",
                 "我在一家互联网公司上班。", "我换工作了，去了新公司。", "我从原来的公司离职了。"),
    "job_title": ("I'm a software engineer.", "I got promoted to manager.", "My new title is senior analyst.",
                  "我是一名产品经理。", "我升职当主管了。", "我现在的职位是设计师。"),
    "name": ("Please call me Alex.", "My name is Maria.", "I go by a nickname, Sam.",
             "叫我小李就好。", "我的名字是张伟。", "你可以叫我阿强。"),
    "phone": ("My phone number is 555 0100.", "I changed my number.", "Call my cell if needed.",
              "我的手机号是 139 0000 1234。", "我换手机号了。", "有事打我电话。"),
    "email": ("My email is jo@example.com.", "Send it to my new email address.", "Use my work inbox.",
              "我的邮箱是 li@example.cn。", "发到我的新邮箱。", "邮件发这个地址。"),
    "relationship_status": ("I'm single.", "I got married last month.", "My girlfriend and I got engaged.",
                            "我单身。", "我结婚了。", "我和女朋友分手了。"),
    "diet": ("I'm vegetarian.", "I don't eat meat or dairy.", "I can't handle spicy food.",
             "我吃素。", "我不吃辣。", "我现在什么都吃。"),
    "drink": ("I drink my coffee black.", "I switched from coffee to green tea.", "I quit caffeine.",
              "我每天喝一杯拿铁。", "我现在改喝茶了。", "咖啡我戒了。"),
    "output_format": ("Please answer in bullet points.", "Use a table for comparisons.", "Write in plain paragraphs.",
                      "请用表格回答。", "回答分点列出来。", "用段落写，不要列表。"),
    "language": ("Please reply in English.", "Answer me in Spanish from now on.", "Any language is fine.",
                 "请用中文回答。", "以后用英文回复我。", "用日语跟我说。"),
    "answer_length": ("Keep your answers short.", "I want detailed explanations.", "Answers are too long.",
                      "回答简短一点。", "请详细解释。", "回答太长了。"),
    "contact_time": ("The best time to reach me is the morning.", "Don't call me after 6pm.", "I work night shifts.",
                     "上午联系我比较好。", "晚上六点以后别打电话。", "我上夜班，白天睡觉。"),
    "school": ("I study at a university.", "I'm a graduate student.", "I got into a PhD program.",
               "我在大学读书。", "我在读研究生。", "我考上了博士。"),
    "vehicle": ("I drive a Toyota.", "I sold my car.", "I bought a new car.",
                "我开的是丰田。", "我把车卖了。", "我买了辆新车。"),
    "bank": ("My salary goes into my Chase checking account.", "I switched banks to a credit union.",
             "I closed my old bank account.", "我的工资卡是招商银行的。", "我把账户转到建设银行了。", "我在工行开了个户。"),
    "doctor": ("My family doctor is Dr. Lee.", "I switched to a new GP.", "My dentist retired, so I see a new one now.",
               "我的家庭医生是王医生。", "我换了个牙医。", "现在看病都找李主任。"),
    "gym": ("I go to the gym near my office.", "I cancelled my gym membership.", "I joined a new climbing gym.",
            "我在小区的健身房办了卡。", "我把健身卡退了。", "我换了家游泳馆。"),
    "team": ("I'm on the payments team.", "I moved to a different team at work.", "I transferred to the data platform group.",
             "我在风控组。", "我调到新部门了。", "我换组了，现在在推荐组。"),
}

# topic -> how an agent asks about it
QUESTIONS: dict[str, tuple[str, ...]] = {
    "residence": ("Where does the user live?", "Which city is the user in?", "用户住在哪里？", "用户在哪个城市？"),
    "employer": ("Where does the user work?", "Which company is the user at?", "用户在哪工作？", "用户在哪家公司？"),
    "job_title": ("What is the user's job title?", "What is the user's role?", "用户的职位是什么？", "用户做什么工作？"),
    "name": ("What should I call the user?", "What is the user's name?", "怎么称呼用户？", "用户叫什么名字？"),
    "phone": ("What is the user's phone number?", "用户的电话号码是多少？"),
    "email": ("What is the user's email address?", "用户的邮箱是什么？"),
    "relationship_status": ("Is the user married?", "What is the user's relationship status?", "用户结婚了吗？",
                            "用户的感情状况？"),
    "diet": ("What does the user eat?", "Does the user have dietary restrictions?", "用户有什么忌口？", "用户吃什么？"),
    "drink": ("What does the user like to drink?", "How does the user take their coffee?", "用户平时喝什么？",
              "用户喝咖啡有什么习惯？"),
    "output_format": ("How should answers be formatted?", "用户喜欢什么回答格式？"),
    "language": ("What language should replies be in?", "用什么语言回复用户？"),
    "answer_length": ("How long should answers be?", "用户希望回答多长？"),
    "contact_time": ("When is the best time to contact the user?", "When should reminders be sent to the user?",
                     "什么时候联系用户比较好？"),
    "school": ("Which school does the user attend?", "What is the user studying?", "用户在哪所学校读书？", "用户在读什么专业？"),
    "vehicle": ("What car does the user drive?", "用户开什么车？"),
    "bank": ("Which bank does the user use?", "用户的工资卡是哪家银行的？"),
    "doctor": ("Who is the user's doctor?", "用户看病找哪位医生？"),
    "gym": ("Which gym does the user go to?", "用户在哪家健身房锻炼？"),
    "team": ("Which team is the user on?", "Which team at work is the user in?", "用户在哪个组？", "用户在公司哪个团队？"),
}


@dataclass(frozen=True)
class TopicCentroids:
    """Unit centroids of a topic's prototype vectors, one row per topic in `topics`."""

    topics: tuple[str, ...]
    matrix: np.ndarray

    def similarities(self, vector: np.ndarray) -> dict[str, float]:
        scores = self.matrix @ (vector / max(float(np.linalg.norm(vector)), 1e-12))
        return dict(zip(self.topics, scores.tolist(), strict=True))


def centroids(embed: Callable[[Sequence[str]], np.ndarray], sentences: dict[str, tuple[str, ...]]) -> TopicCentroids:
    """Embeds every prototype (one batch) and averages them per topic."""
    topics = tuple(sentences)
    flat = [text for topic in topics for text in sentences[topic]]
    vectors = embed(flat)
    rows, start = [], 0
    for topic in topics:
        mean = vectors[start : start + len(sentences[topic])].mean(axis=0)
        rows.append(mean / max(float(np.linalg.norm(mean)), 1e-12))
        start += len(sentences[topic])
    return TopicCentroids(topics, np.stack(rows).astype(np.float32))
