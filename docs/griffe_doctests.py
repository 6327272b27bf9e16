"""Griffe extension for the docs build: render bare doctests in docstrings as ``pycon`` code.

hokm's docstrings carry runnable ``>>>`` examples (pytest runs them with
``--doctest-modules``), usually without an ``Examples:`` heading. Griffe only
recognises doctests under that heading; elsewhere Markdown reads ``>>>`` as
three nested block quotes. This extension fences every run of doctest lines
that starts at the left margin (a run ends at a blank line, as in doctest) so
mkdocstrings renders it as a highlighted console session. Indented doctests
(inside ``Examples:`` sections) and existing fenced blocks are left alone.

Loaded by ``mkdocs.yml`` (mkdocstrings ``extensions``); not a page, and not
part of the library.
"""

from __future__ import annotations

from typing import Any

import griffe

__all__ = ["DoctestBlocks", "fence_doctests"]


def fence_doctests(text: str) -> str:
    """Wrap each left-margin doctest run of ``text`` in a ```` ```pycon ```` fence.

    >>> fence_doctests("Intro.\\n\\n>>> 1 + 1\\n2\\n\\nAfter.").splitlines()
    ['Intro.', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'After.']
    """
    out: list[str] = []
    in_fence = False
    in_doctest = False
    for line in text.splitlines():
        if in_doctest:
            if line.strip():
                out.append(line)
                continue
            out.append("```")
            in_doctest = False
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
        elif not in_fence and line.startswith(">>>"):
            out.append("```pycon")
            in_doctest = True
        out.append(line)
    if in_doctest:
        out.append("```")
    return "\n".join(out)


class DoctestBlocks(griffe.Extension):
    """Fence bare doctests in every docstring once the object tree is loaded."""

    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        docstring = obj.docstring
        if docstring is not None and ">>>" in docstring.value:
            docstring.value = fence_doctests(docstring.value)
