"""The bundled e5 embedder on worker threads: the same vectors as one engine call, in the callers' order."""

import numpy as np

from pipelines.embed.e5 import E5Embedder, parts_of

TEXTS = [
    "I moved to Lisbon last spring.",
    "我最近换了工作，现在在杭州上班。",
    "ok",
    "My cat Miso likes to sleep on the keyboard while I work from home. " * 6,
    "周末去爬山吗？",
    "Caroline: Are you still swimming?\nMel: Yes, twice a week.",
    "thanks!",
    "Remind me to call the dentist on Friday at 10.",
    "我对花生过敏。",
]


def test_parts_keep_the_texts_in_order_and_near_equal():
    assert parts_of(list("abcdefg"), 3) == [list("abc"), list("def"), list("g")]
    assert parts_of(list("abc"), 8) == [["a"], ["b"], ["c"]]
    assert parts_of(list("abcd"), 1) == [list("abcd")]


def test_worker_threads_give_the_vectors_of_one_engine_call_in_order():
    threaded, one_call = E5Embedder(threads=2), E5Embedder(threads=1)
    together = threaded.embed_passages(TEXTS)
    assert together.shape == (len(TEXTS), threaded.dim) and together.dtype == np.float32
    assert np.array_equal(together, one_call.embed_passages(TEXTS))
    assert np.array_equal(together[3], one_call.embed_passages([TEXTS[3]])[0])


def test_each_worker_runs_the_engine_on_one_openmp_thread():
    embedder = E5Embedder(threads=2)
    embedder.embed_passages(TEXTS)
    engine = embedder._model._lib
    assert embedder._workers is not None
    assert embedder._workers.submit(engine.omp_get_max_threads).result() == 1
