"""The referee's book: every game's rules page in both languages, split into sections, and the index from a
refusal's message key to the section that says why.

Pages are data: `assets/<page>/rules.<lang>.md`, written for players. A page starts with `# Title`; each section
starts with `## Heading {#id}`, the id stable across languages and edits (a refusal points at it). The page
`referee` holds what the app enforces for every game (who may act, phases, undo, records); the others are named
by game id. `assets/rules_index.json` lists the pages in the order they are shown (`pages`) and maps each
`RuleError` key to `"<page>#<section>"` (`keys`).

Like `scoring.i18n`, this module reads files (once) and is used by the views and tests, never by engines.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent / "assets"
INDEX_FILE = ASSETS / "rules_index.json"
HEADING = re.compile(r"^##\s+(?P<title>.+?)\s*\{#(?P<id>[a-z0-9_-]+)\}\s*$")


@dataclass(frozen=True)
class Section:
    """One section of one rules page: where it is, its heading and its markdown body."""

    page: str
    lang: str
    id: str
    title: str
    body: str


@dataclass(frozen=True)
class Page:
    """A rules page in one language: its title, the words before its first section, and its sections."""

    id: str
    lang: str
    title: str
    intro: str
    sections: tuple[Section, ...]

    def section(self, section_id: str | None) -> Section | None:
        """The section with this id, or None."""
        return next((s for s in self.sections if s.id == section_id), None)


def page_path(page_id: str, lang: str) -> Path:
    """Where a page's markdown lives."""
    return ASSETS / page_id / f"rules.{lang}.md"


def parse_page(page_id: str, lang: str, text: str) -> Page:
    """A page's markdown as its title, its introduction (the text before the first section) and sections."""
    title, sections, current, lines, intro = page_id, [], None, [], ""

    def close() -> None:
        """Keep the section being read."""
        if current is not None:
            sections.append(Section(page_id, lang, current[0], current[1], "\n".join(lines).strip()))

    for line in text.splitlines():
        if line.startswith("# ") and title == page_id:
            title = line[2:].strip()
            continue
        match = HEADING.match(line)
        if match:
            close()
            if current is None:
                intro = "\n".join(lines).strip()
            current, lines = (match["id"], match["title"]), []
        elif line.startswith("## "):
            raise ValueError(f"{page_id}.{lang}: heading without an id: {line!r}")
        else:
            lines.append(line)
    close()
    return Page(page_id, lang, title, intro, tuple(sections))


@lru_cache(maxsize=None)
def index() -> dict:
    """The index file: `pages` in order and `keys` (message key -> "page#section")."""
    return json.loads(INDEX_FILE.read_text(encoding="utf-8"))


def page_ids() -> list[str]:
    """Every rules page, in the order they are listed."""
    return list(index()["pages"])


@lru_cache(maxsize=None)
def page(page_id: str, lang: str) -> Page | None:
    """A rules page in a language, or None when there is none."""
    path = page_path(page_id, lang)
    if page_id not in page_ids() or not path.exists():
        return None
    return parse_page(page_id, lang, path.read_text(encoding="utf-8"))


def all_sections(langs: tuple[str, ...]) -> list[Section]:
    """Every section of every page in these languages (what the search looks through), each page's opening
    first: its title over the words before its first section, id "" (a search for a game's name finds its page;
    it found only other pages naming it)."""
    return [s for lang in langs for pid in page_ids() if (p := page(pid, lang))
            for s in (Section(pid, lang, "", p.title, p.intro), *p.sections)]


def where(key: str) -> tuple[str, str | None] | None:
    """The (page, section) a message key's refusal is explained in.

    A key in the index gives its section; a key not (yet) in it but named after a page (`<game>.…`) gives that
    page's top (section None); anything else None. The index test requires every engine key to be listed.
    """
    target = index()["keys"].get(key)
    if target:
        page_id, _, section_id = target.partition("#")
        return page_id, section_id or None
    prefix = key.split(".", 1)[0]
    return (prefix, None) if prefix in page_ids() else None
