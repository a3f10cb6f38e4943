#!/usr/bin/env python3
"""Writes the unseen-layout round-trip set (issue 15, point 4) into tests/data/unseen-layouts.

Each page is a random Markdown article rendered by cmark-gfm and wrapped in one of the layouts the
extractor was not written against and that leak chrome the most: class names that say nothing
(CSS-in-JS hashes), a table-based portal, an article split into parts with advertising and related
stories between them, a wiki page (infobox, contents box, edit links, navbox) and short pages
where the chrome outweighs the content. The chrome is written to look like content: teasers,
author boxes and newsletter pitches are whole sentences from the same generator as the article.

The set is committed, so this script only needs to run again when a layout changes; the seed
makes it reproducible. Score it with

    bench/quality_roundtrip.py --set-dir tests/data/unseen-layouts

    bench/make_unseen_layouts.py [--out DIR] [--seed N] [--per-layout N]
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

REPO_DIR = Path(__file__).resolve().parent.parent

TOPICS = {
    "en": {
        "nouns": "bicycle chain wheel saddle brake tyre frame route hill valve spoke pump helmet rider "
                 "workshop bearing cable lever gear commute trail map river bridge village weekend "
                 "winter season budget tool drawer bench notebook mechanic neighbour sister lesson "
                 "habit mistake question answer surface garden fence ladder kettle window".split(),
        "verbs": "adjusts cleans replaces tightens checks measures repairs carries loosens greases "
                 "inspects chooses records rebuilds tests lifts trims oils swaps protects".split(),
        "past": "adjusted cleaned replaced tightened checked measured repaired carried loosened greased "
                "inspected chose recorded rebuilt tested lifted trimmed oiled swapped protected".split(),
        "adjectives": "worn loose quiet rusty narrow steady heavy light cheap sturdy muddy bright "
                      "careful patient spare old new smooth rough tidy slow".split(),
        "subjects": "my neighbour|the mechanic|every rider|a careful owner|our club|the old frame|"
                    "this wheel|most commuters|a new chain|the workshop".split("|"),
        "openers": "In practice,|Most of the time,|After the first winter,|On a wet morning,|"
                   "Before a long ride,|In my experience,|Once a month,|Sooner or later,".split("|"),
        "determiners": "the|a|every|one|this|that|our|your|some|each".split("|"),
    },
    "de": {
        "nouns": "Garten Beet Zaun Leiter Kanne Fenster Wurzel Samen Boden Regen Sommer Winter Woche "
                 "Nachbar Schwester Werkzeug Schuppen Hecke Weg Stein Blatt Baum Strauch Topf Erde".split(),
        "verbs": "pflanzt gießt schneidet prüft misst trägt hebt deckt sammelt sortiert".split(),
        "past": "pflanzte goss schnitt prüfte maß trug hob deckte sammelte sortierte".split(),
        "adjectives": "alt neu nass trocken ruhig schwer leicht breit schmal hell".split(),
        "subjects": "meine Nachbarin|der Gärtner|jede Familie|unser Verein|das alte Beet|dieser Baum".split("|"),
        "openers": "Im Frühling|Am Morgen|Nach dem Regen|Meistens|Im Herbst|Jede Woche".split("|"),
        "determiners": "den|einen|jeden|diesen|unseren".split("|"),
    },
    "fr": {
        "nouns": "jardin arbre pluie semaine voisin outil chemin pierre feuille racine terre pot "
                 "saison marché village pont rivière cuisine recette four pain".split(),
        "verbs": "arrose taille vérifie mesure porte range nettoie prépare choisit plante".split(),
        "past": "arrosa tailla vérifia mesura porta rangea nettoya prépara choisit planta".split(),
        "adjectives": "vieux neuf calme lourd léger étroit large propre sec humide".split(),
        "subjects": "ma voisine|le jardinier|chaque famille|notre club|ce vieux pont|le marché".split("|"),
        "openers": "Au printemps,|Le matin,|Après la pluie,|Souvent,|En automne,|Chaque semaine,".split("|"),
        "determiners": "le|un|chaque|ce|notre".split("|"),
    },
}

CODE_SAMPLES = {
    "python": "def spoke_tension(readings):\n    return sum(readings) / len(readings)\n\nprint(spoke_tension([118, 121, 119]))",
    "bash": "for f in logs/*.txt; do\n  grep -c 'brake' \"$f\"\ndone",
    "json": "{\n  \"route\": \"river loop\",\n  \"distance_km\": 42,\n  \"climbs\": [\"north hill\", \"old bridge\"]\n}",
    "cpp": "int gear_ratio(int front, int rear) {\n  return front * 100 / rear;\n}",
    "js": "const total = rides.filter(r => r.wet).length;\nconsole.log(`wet rides: ${total}`);",
}


class Writer:
    def __init__(self, rng: random.Random, lang: str, host: str):
        self.rng = rng
        self.lang = lang
        self.vocab = TOPICS[lang]
        self.host = host

    def pick(self, key: str) -> str:
        return self.rng.choice(self.vocab[key])

    def phrase(self) -> str:
        return f"{self.pick('determiners')} {self.pick('adjectives')} {self.pick('nouns')}"

    def sentence(self) -> str:
        r = self.rng.random()
        if r < 0.35:
            text = f"{self.pick('subjects')} {self.pick('verbs')} {self.phrase()} {self.rng.choice(['again', 'first', 'slowly', 'twice', 'properly', 'today'])}"
        elif r < 0.65:
            text = f"{self.pick('openers')} {self.pick('subjects')} {self.pick('past')} {self.phrase()} and {self.phrase()}"
        else:
            text = f"{self.pick('subjects')} {self.pick('past')} {self.phrase()} because {self.pick('subjects')} {self.pick('verbs')} {self.phrase()}"
        return text[0].upper() + text[1:] + "."

    def words(self, low: int, high: int) -> str:
        return " ".join(self.pick("nouns" if i % 2 else "adjectives") for i in range(self.rng.randint(low, high)))

    def link(self, text: str) -> str:
        slug = "-".join(text.lower().split()[:3])
        if self.rng.random() < 0.5:
            return f"[{text}](/notes/{slug})"
        return f"[{text}](https://{self.host}/guides/{slug}.html)"

    def decorate(self, sentence: str) -> str:
        words = sentence.split(" ")
        if len(words) < 6:
            return sentence
        i = self.rng.randint(1, len(words) - 3)
        kind = self.rng.random()
        if kind < 0.3:
            words[i] = f"*{words[i]}*"
        elif kind < 0.5:
            words[i] = f"**{words[i]}**"
        elif kind < 0.65:
            words[i] = f"`{words[i].strip('.,')}`"
        elif kind < 0.9:
            span = " ".join(words[i:i + 2])
            words[i:i + 2] = [self.link(span)]
        return " ".join(words)

    def paragraph(self, sentences: tuple[int, int] = (3, 6)) -> str:
        return " ".join(self.decorate(self.sentence()) for _ in range(self.rng.randint(*sentences)))

    def title(self) -> str:
        text = f"{self.rng.choice(['How', 'Why', 'When'])} {self.pick('subjects')} {self.pick('verbs')} {self.phrase()}"
        return text[0].upper() + text[1:]

    def heading(self) -> str:
        text = f"{self.pick('adjectives')} {self.pick('nouns')} and {self.pick('nouns')}"
        return text[0].upper() + text[1:]

    def bullet_list(self) -> str:
        marker = self.rng.choice(["-", "1."])
        items = []
        for n in range(self.rng.randint(3, 5)):
            item = self.sentence() if self.rng.random() < 0.6 else self.words(2, 4).capitalize()
            items.append(f"{marker if marker == '-' else str(n + 1) + '.'} {self.decorate(item)}")
            if self.rng.random() < 0.2:
                for _ in range(2):
                    items.append(f"    - {self.words(2, 5).capitalize()}")
        return "\n".join(items)

    def table(self) -> str:
        cols = self.rng.randint(2, 4)
        head = [self.pick("nouns").capitalize() for _ in range(cols)]
        rows = [[self.words(1, 2) for _ in range(cols)] for _ in range(self.rng.randint(3, 5))]
        lines = ["| " + " | ".join(head) + " |", "|" + "|".join(" --- " for _ in range(cols)) + "|"]
        lines += ["| " + " | ".join(row) + " |" for row in rows]
        return "\n".join(lines)

    def code(self) -> str:
        language = self.rng.choice(sorted(CODE_SAMPLES))
        return f"```{language}\n{CODE_SAMPLES[language]}\n```"

    def image(self) -> str:
        return f"![{self.sentence().rstrip('.')}](https://img.{self.host}/photos/{self.rng.randint(100, 999)}.jpg)"

    def article(self, sections: int) -> list[str]:
        blocks = [self.paragraph(), self.paragraph()]
        for _ in range(sections):
            blocks.append(f"## {self.heading()}")
            for _ in range(self.rng.randint(1, 3)):
                blocks.append(self.paragraph())
            extra = self.rng.random()
            if extra < 0.3:
                blocks.append(self.bullet_list())
            elif extra < 0.45:
                blocks.append(self.table())
            elif extra < 0.6:
                blocks.append(self.code())
            elif extra < 0.72:
                blocks.append("> " + self.paragraph((2, 3)))
            elif extra < 0.84:
                blocks.append(self.image())
            if self.rng.random() < 0.4:
                blocks.append(self.paragraph())
        return blocks

    def short_article(self) -> list[str]:
        blocks = [self.paragraph((2, 3)), self.paragraph((2, 3))]
        if self.rng.random() < 0.5:
            blocks.append(self.bullet_list())
        return blocks

    # Chrome that reads like content.
    def teaser(self) -> tuple[str, str]:
        return self.title(), self.sentence()


def css_hash(rng: random.Random, prefix: str = "css-") -> str:
    return prefix + "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(rng.randint(5, 7)))


def class_namer(rng: random.Random, prefixes: list[str]):
    """Hashed class names as CSS-in-JS gives them: a new one per element, except that every
    element of one component (a teaser, a response) shares its component's name."""
    names: dict[str, str] = {}

    def name(component: str | None = None) -> str:
        if component is None:
            return css_hash(rng, rng.choice(prefixes))
        return names.setdefault(component, css_hash(rng, rng.choice(prefixes)))
    return name


def esc(text: str) -> str:
    return html.escape(text, quote=True)


def responses(w: Writer, name, count: int) -> str:
    """Reader responses: prose with an author and a date each, under a heading that is not "Comments"."""
    items = "".join(
        f'<div class="{name("response")}"><div class="{name("response-head")}"><a href="/u/{i}">{esc(w.pick("nouns"))}{i}</a> '
        f'<span>{i + 2} days ago</span></div><p class="{name("response-text")}">{esc(w.sentence())} {esc(w.sentence())}</p>'
        f'<button class="{name("response-button")}">Reply</button> <span>{i * 3 + 1} likes</span></div>'
        for i in range(count))
    return f'<div class="{name()}"><h3 class="{name()}">{count} responses</h3>{items}</div>'


def nav_links(w: Writer, count: int) -> list[tuple[str, str]]:
    return [(w.pick("nouns").capitalize(), f"/section/{i}") for i in range(count)]


def layout_css_in_js(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    h = class_namer(rng, ["css-", "sc-", "jsx-", "e1"])
    # Every block is its own component, as a React page renders it.
    body = "\n".join(f'<div class="{h("block-" + block[1:3])}">{block}</div>' for block in blocks)
    nav = "".join(f'<a class="{h("nav-link")}" href="{href}">{esc(t)}</a>' for t, href in nav_links(w, 7))
    trending = "".join(
        f'<div class="{h("teaser")}"><a class="{h("teaser-link")}" href="/story/{i}">{esc(t)}</a>'
        f'<div class="{h("teaser-text")}">{esc(s)}</div></div>'
        for i, (t, s) in enumerate(w.teaser() for _ in range(5)))
    inline_box = (f'<div class="{h()}"><div class="{h()}">Read also</div><a class="{h()}" href="/story/99">'
                  f'{esc(w.title())}</a></div>')
    cut = body.find("<h2>", body.find("<h2>") + 1)
    if cut > 0:
        cut = body.rfind("<div", 0, cut)
        body = body[:cut] + inline_box + body[cut:]
    author = w.pick("subjects").title()
    return f"""<!DOCTYPE html>
<html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)} | {esc(site)}</title>
<style>.{h()}{{display:flex}}</style></head>
<body><div id="root"><div class="{h()}">
<div class="{h()}"><div class="{h()}"><a class="{h()}" href="/">{esc(site)}</a></div><div class="{h()}">{nav}</div>
<div class="{h()}"><button class="{h()}">Sign in</button><button class="{h()}">Subscribe</button></div></div>
<div class="{h()}">
<div class="{h()}"><div class="{h()}"><a href="/">Home</a> / <a href="/section/0">Guides</a></div>
<h1 class="{h()}">{esc(title)}</h1>
<div class="{h()}"><span class="{h()}">By {esc(author)}</span><span class="{h()}">12 March 2026</span><span class="{h()}">6 min read</span></div>
<div class="{h()}">{body}</div>
<div class="{h()}"><div class="{h()}">About the author</div><div class="{h()}">{esc(w.sentence())} {esc(w.sentence())}</div></div>
<div class="{h()}"><div class="{h()}">Get the weekly letter</div><div class="{h()}">{esc(w.sentence())}</div>
<input class="{h()}" placeholder="Email address"><button class="{h()}">Sign up</button></div>
{responses(w, h, 3)}
</div>
<div class="{h()}"><div class="{h()}">Trending</div>{trending}</div>
</div>
<div class="{h()}"><div class="{h()}">{esc(w.sentence())}</div>
<div class="{h()}">{''.join(f'<a class="{h("footer-link")}" href="{href}">{esc(t)}</a>' for t, href in nav_links(w, 9))}</div>
<div class="{h()}">© 2026 {esc(site)}. All rights reserved.</div></div>
</div></div>
<script>window.__STATE__={{"page":"{esc(title)}"}}</script>
</body></html>
"""


def layout_table_portal(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    body = "".join(blocks)
    if rng.random() < 0.5:
        # As hand-written pages of that time did: paragraphs are line breaks, not elements.
        body = re.sub(r"</p>\s*<p>", "<br><br>\n", body)
    left = "".join(f'<tr><td><a href="{href}"><font size="2">{esc(t)}</font></a></td></tr>' for t, href in nav_links(w, 12))
    news = "".join(f'<tr><td><font size="1"><b><a href="/n/{i}">{esc(t)}</a></b><br>{esc(s)}</font></td></tr>'
                   for i, (t, s) in enumerate(w.teaser() for _ in range(4)))
    return f"""<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"><title>{esc(site)} :: {esc(title)}</title></head>
<body bgcolor="#ffffff" topmargin="0">
<table width="100%" border="0" cellpadding="0" cellspacing="0">
<tr><td colspan="3" bgcolor="#003366"><a href="/"><img src="/img/logo.gif" alt="{esc(site)}" border="0"></a>
<font color="#ffffff" size="2">{esc(site)} - {esc(w.words(3, 5))}</font></td></tr>
<tr><td colspan="3"><font size="1"><a href="/">Home</a> | <a href="/forum">Forum</a> | <a href="/search">Search</a> | <a href="/contact">Contact</a></font></td></tr>
<tr>
<td width="160" valign="top" bgcolor="#eeeeee"><table width="100%">{left}</table>
<br><table><tr><td><b>Poll</b><br>{esc(w.title())}?<br><input type="radio" name="p"> Yes<br><input type="radio" name="p"> No</td></tr></table></td>
<td valign="top"><table width="100%" cellpadding="6"><tr><td>
<font face="Verdana"><h1>{esc(title)}</h1>
<font size="1">Posted on 2026-03-12 by <a href="/user/7">{esc(w.pick('nouns'))}</a> | <a href="#comments">3 comments</a> | <a href="/print">Print</a></font>
{body}
</font></td></tr>
<tr><td><font size="1"><a href="/prev">&lt;&lt; Previous</a> | <a href="/next">Next &gt;&gt;</a></font></td></tr></table></td>
<td width="180" valign="top"><table><tr><td><b>Latest news</b></td></tr>{news}</table>
<br><a href="/ads/1"><img src="/ads/banner.gif" width="160" height="600" alt="Advertisement"></a></td>
</tr>
<tr><td colspan="3" align="center"><font size="1">{esc(w.sentence())}<br>Copyright 2004-2026 {esc(site)}. All rights reserved. <a href="/privacy">Privacy</a></font></td></tr>
</table></body></html>
"""


def split_body(body: str, parts: int) -> list[str]:
    chunks = body.split("\n<h2>")
    size = max(1, len(chunks) // parts)
    groups = []
    for i in range(0, len(chunks), size):
        groups.append("\n<h2>".join(chunks[i:i + size]))
    for i in range(1, len(groups)):
        groups[i] = "<h2>" + groups[i]
    return groups


def layout_split_ads(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    body = "".join(blocks)
    parts = split_body(body, 3)
    between = []
    for i in range(len(parts) - 1):
        if i % 2 == 0:
            between.append('<div class="slot"><span class="slot-label">Advertisement</span><iframe src="about:blank" width="300" height="250"></iframe></div>')
        else:
            teasers = "".join(f'<li><a href="/s/{j}">{esc(t)}</a><p>{esc(s)}</p></li>' for j, (t, s) in enumerate(w.teaser() for _ in range(3)))
            between.append(f'<div class="block-more"><h3>More from {esc(site)}</h3><ul>{teasers}</ul></div>')
    story = ""
    for i, part in enumerate(parts):
        story += f'<div class="story-part">{part}</div>\n'
        if i < len(between):
            story += between[i] + "\n"
    popular = "".join(f'<li><a href="/p/{j}">{esc(w.title())}</a></li>' for j in range(6))
    return f"""<!doctype html><html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)} - {esc(site)}</title>
<meta property="og:title" content="{esc(title)}"></head><body>
<div class="top"><a href="/" class="brand">{esc(site)}</a><ul class="menu">{''.join(f'<li><a href="{h}">{esc(t)}</a></li>' for t, h in nav_links(w, 6))}</ul></div>
<div class="page"><div class="col-main">
<h1>{esc(title)}</h1><p class="standfirst-line">{esc(w.pick('subjects').title())} · 4 April 2026</p>
{story}
<div class="share">Share: <a href="/share/x">X</a> <a href="/share/fb">Facebook</a> <a href="/share/mail">Email</a></div>
<div class="talk"><h3>2 comments</h3><div class="c"><b>{esc(w.pick('nouns'))}</b><p>{esc(w.sentence())}</p></div><div class="c"><b>{esc(w.pick('nouns'))}</b><p>{esc(w.sentence())}</p></div></div>
</div><div class="col-side"><h3>Most read</h3><ol>{popular}</ol></div></div>
<div class="bottom"><p>{esc(w.sentence())}</p><p>© {esc(site)}</p></div></body></html>
"""


def layout_wiki(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    body = "".join(blocks)
    headings = []
    chunks = body.split("<h2>")
    rebuilt = chunks[0]
    for n, chunk in enumerate(chunks[1:], 1):
        heading, rest = chunk.split("</h2>", 1)
        headings.append(heading)
        rebuilt += (f'<h2><span class="mw-headline" id="s{n}">{heading}</span><span class="mw-editsection">'
                    f'<span class="mw-editsection-bracket">[</span><a href="/w/index.php?title=X&amp;action=edit&amp;section={n}" title="Edit section">edit</a>'
                    f'<span class="mw-editsection-bracket">]</span></span></h2>{rest}')
    first_p_end = rebuilt.find("</p>") + 4
    infobox_rows = "".join(f'<tr><th scope="row">{esc(w.pick("nouns").capitalize())}</th><td>{esc(w.words(1, 3))}</td></tr>' for _ in range(6))
    infobox = (f'<table class="infobox vcard"><caption>{esc(title)}</caption>'
               f'<tr><td colspan="2"><a href="/wiki/File:x.jpg"><img src="/img/x.jpg" width="220" alt=""></a></td></tr>{infobox_rows}</table>')
    toc = "".join(f'<li class="toclevel-1"><a href="#s{n}"><span class="tocnumber">{n}</span> <span class="toctext">{h}</span></a></li>'
                  for n, h in enumerate(headings, 1))
    toc_box = f'<div id="toc" class="toc"><div class="toctitle"><h2>Contents</h2></div><ul>{toc}</ul></div>'
    second_p_end = rebuilt.find("</p>", first_p_end) + 4
    content = infobox + rebuilt[:second_p_end] + toc_box + rebuilt[second_p_end:]
    navbox_links = " · ".join(f'<a href="/wiki/{esc(w.pick("nouns"))}">{esc(w.words(1, 2))}</a>' for _ in range(24))
    navbox = (f'<div class="navbox"><table class="nowraplinks"><tr><th colspan="2">{esc(w.words(2, 3)).title()}</th></tr>'
              f'<tr><th>{esc(w.pick("nouns"))}</th><td>{navbox_links}</td></tr></table></div>')
    side = "".join(f'<li><a href="{h}">{esc(t)}</a></li>' for t, h in nav_links(w, 10))
    return f"""<!DOCTYPE html><html lang="{w.lang}" class="client-nojs"><head><meta charset="UTF-8"><title>{esc(title)} - {esc(site)}</title></head>
<body class="mediawiki skin-vector">
<div id="mw-page-base"></div><div id="content" class="mw-body">
<div class="mw-indicators"></div><h1 id="firstHeading" class="firstHeading">{esc(title)}</h1>
<div id="bodyContent"><div id="siteSub">From {esc(site)}, the free encyclopedia</div>
<div id="contentSub"></div><div id="jump-to-nav"></div><a class="mw-jump-link" href="#search">Jump to search</a>
<div id="mw-content-text" class="mw-body-content"><div class="mw-parser-output">
<div role="note" class="hatnote">For other uses, see <a href="/wiki/{esc(w.pick('nouns'))}_(disambiguation)">{esc(w.pick('nouns'))} (disambiguation)</a>.</div>
{content}
{navbox}
</div></div>
<div id="catlinks" class="catlinks"><div id="mw-normal-catlinks"><a href="/wiki/Special:Categories">Categories</a>: <ul><li><a href="/wiki/Category:A">{esc(w.words(1, 2))}</a></li><li><a href="/wiki/Category:B">{esc(w.words(1, 2))}</a></li></ul></div></div>
</div></div>
<div id="mw-navigation"><div id="mw-panel"><div class="portal"><h3>Navigation</h3><ul>{side}</ul></div></div></div>
<div id="footer"><ul id="footer-info"><li>This page was last edited on 2 May 2026.</li>
<li>Text is available under the Creative Commons Attribution-ShareAlike License; additional terms may apply.</li></ul>
<ul id="footer-places"><li><a href="/wiki/Privacy">Privacy policy</a></li><li><a href="/wiki/About">About {esc(site)}</a></li></ul></div>
</body></html>
"""


def layout_short(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    body = "".join(blocks)
    h = class_namer(rng, ["x"])
    related = "".join(f'<div class="{h("related")}"><a href="/r/{i}"><img src="/t/{i}.jpg" alt=""><h4>{esc(t)}</h4></a><p>{esc(s)}</p></div>'
                      for i, (t, s) in enumerate(w.teaser() for _ in range(4)))
    return f"""<!DOCTYPE html><html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)}</title></head><body>
<div class="{h()}" role="dialog"><p>{esc(w.sentence())} We use cookies to measure how the site is used.</p><button>Accept all</button><button>Settings</button></div>
<div class="{h()}"><a href="/">{esc(site)}</a>{''.join(f'<a href="{hr}">{esc(t)}</a>' for t, hr in nav_links(w, 8))}</div>
<div class="{h()}"><div class="{h()}">
<h1>{esc(title)}</h1><div class="{h()}">Updated 9 June 2026 · 1 min read</div>
<div class="{h()}">{body}</div>
<div class="{h()}"><span>Tags:</span> <a href="/tag/a">{esc(w.pick('nouns'))}</a> <a href="/tag/b">{esc(w.pick('nouns'))}</a></div>
</div>
{responses(w, h, 2)}
<div class="{h()}"><h3>You may also like</h3>{related}</div>
<div class="{h()}"><h3>Stay in the loop</h3><p>{esc(w.sentence())} {esc(w.sentence())}</p><input placeholder="you@example.com"><button>Join</button></div>
</div>
<div class="{h()}"><p>{esc(w.sentence())}</p><p>{''.join(f'<a href="{hr}">{esc(t)}</a> ' for t, hr in nav_links(w, 10))}</p><p>© 2026 {esc(site)}</p></div>
</body></html>
"""


LAYOUTS = {
    "css-in-js": (layout_css_in_js, 5),
    "table-portal": (layout_table_portal, 4),
    "split-ads": (layout_split_ads, 6),
    "wiki": (layout_wiki, 5),
    "short": (layout_short, 0),
}

SITES = ["Spoke & Chain", "Valley Cycling Notes", "Der Gartenbote", "Le Petit Jardinier", "Rider Weekly", "Bench Talk"]


def render(markdown: str) -> str:
    proc = subprocess.run(["cmark-gfm", "-e", "table", "-e", "strikethrough", "-e", "autolink", "--unsafe"],
                          input=markdown, capture_output=True, text=True, check=True)
    return proc.stdout


def write_set(out: Path, seed: int, per_layout: int, layouts: dict, id_prefix: str, benchmark: str,
              is_thin) -> int:
    """Writes a seeded set: per layout, `per_layout` random articles (a short one where
    `is_thin(index_in_layout, sections)` says so) rendered by cmark-gfm into the layout, with their
    Markdown truths and the manifest. Returns the process exit status."""
    if shutil.which("cmark-gfm") is None:
        print("cmark-gfm not found (Debian package cmark-gfm)", file=sys.stderr)
        return 2
    rng = random.Random(seed)
    (out / "pages").mkdir(parents=True, exist_ok=True)
    (out / "truth").mkdir(parents=True, exist_ok=True)
    pages = []
    n = 0
    for name, (layout, sections) in layouts.items():
        for i in range(per_layout):
            n += 1
            lang = "en" if i % 3 != 2 else rng.choice(["de", "fr"])
            thin = is_thin(i, sections)
            site = rng.choice(SITES)
            host = hashlib.sha1(site.encode()).hexdigest()[:6] + ".example"
            writer = Writer(rng, lang, host)
            title = writer.title()
            blocks = writer.short_article() if thin else writer.article(sections + rng.randint(0, 2))
            page_id = f"{id_prefix}{n:04d}"
            url = f"https://{host}/{name}/{page_id}"
            truth = f"# {title}\n\n" + "\n\n".join(blocks) + "\n"
            (out / "truth" / f"{page_id}.md").write_text(truth, encoding="utf-8")
            page = layout(writer, rng, title, [render(block) for block in blocks], site)
            (out / "pages" / f"{page_id}.html").write_text(page, encoding="utf-8")
            pages.append({"id": page_id, "url": url, "template": name, "language": lang, "thin": thin, "title": title})
    manifest = {"benchmark": benchmark, "seed": seed, "count": len(pages), "pages": pages}
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(pages)} pages to {out}")
    return 0



def main_with_last_page_thin(doc: str, layouts: dict, set_name: str, seed: int, id_prefix: str) -> int:
    """The command line of a later set's generator: tests/data/<set_name> by default, seeded, each
    layout's last page its thin one; the benchmark is named pagemd-<set_name>."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=REPO_DIR / "tests" / "data" / set_name)
    ap.add_argument("--seed", type=int, default=seed)
    ap.add_argument("--per-layout", type=int, default=5)
    args = ap.parse_args()
    return write_set(args.out, args.seed, args.per_layout, layouts, id_prefix, f"pagemd-{set_name}",
                     lambda index, sections: index == args.per_layout - 1)

def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=REPO_DIR / "tests" / "data" / "unseen-layouts")
    ap.add_argument("--seed", type=int, default=15)
    ap.add_argument("--per-layout", type=int, default=6)
    args = ap.parse_args()
    # A layout listed without sections is one of short pages.
    return write_set(args.out, args.seed, args.per_layout, LAYOUTS, "u", "pagemd-unseen-layouts",
                     lambda index, sections: sections == 0)


if __name__ == "__main__":
    sys.exit(main())
