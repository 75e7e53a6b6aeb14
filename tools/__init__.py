"""Developer tools, run by hand from a checkout; never part of the app or its wheel.

``engine_messages.py`` lists the messages written without Qt and checks their catalogue;
``make_subset.py`` rebuilds the bundled CJK font. See README.md, "How the code is laid out".
"""
