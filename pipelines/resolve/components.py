"""Connected components of an edge list over rows 0..n-1, each labelled by its smallest row (numpy only).

Used to fold every restatement of one value on a multi-valued topic into one group, whatever the order.
"""

from __future__ import annotations

import numpy as np


def smallest_member(rows: int, left: np.ndarray, right: np.ndarray) -> np.ndarray:
    """For each row, the smallest row connected to it through the edges (left[k], right[k]).

    Hook-and-jump: each round hooks the larger root of every edge whose ends disagree under the smaller
    one, then compresses every pointer to its root; a component's smallest row is never hooked, so it
    ends as the label. Rounds grow with the log of a component's size for the edge sets merging makes.
    """
    label = np.arange(rows)
    while True:
        a, b = label[left], label[right]
        apart = a != b
        if not apart.any():
            return label
        np.minimum.at(label, np.maximum(a, b)[apart], np.minimum(a, b)[apart])
        while True:
            jumped = label[label]
            if np.array_equal(jumped, label):
                break
            label = jumped
