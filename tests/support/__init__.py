"""Plain code the tests share (fakes, row builders, a scripted HTTP server); fixtures live in conftest.py.

Test modules import from here, never from each other.
"""
