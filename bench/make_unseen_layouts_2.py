#!/usr/bin/env python3
"""Writes a second unseen-layout round-trip set into tests/data/unseen-layouts-2.

The first set (bench/make_unseen_layouts.py) scores 1.000 now: the engine was fixed against it, so
it no longer says how pagemd does on a template it has never met. This set holds layouts written
after that, before the engine was looked at with them: a utility-class magazine (class names that
describe looks, not parts), a documentation site (sidebar tree, "On this page", feedback widget,
pager), a page of bare divs whose parts only ARIA roles name, a blog whose class names are German
words, a news page with a ticker, inline teasers, a video and a metered paywall notice, a page of
custom elements without a class, and a shop's blog with product cards between its paragraphs.
Every layout also comes as a thin page (two short paragraphs) under the same chrome. As in the
first set, the chrome reads like content: teasers, bios and comments are whole sentences from the
article's own generator.

The set is committed; the seed makes it reproducible. Score it with

    bench/quality_roundtrip.py --set-dir tests/data/unseen-layouts-2 [--per-page]

    bench/make_unseen_layouts_2.py [--out DIR] [--seed N] [--per-layout N]
"""

from __future__ import annotations

import random
import sys

from make_unseen_layouts import Writer, class_namer, esc, main_with_last_page_thin, nav_links


def utility_classes(rng: random.Random) -> str:
    """Tailwind-style classes: they say how a part looks, never what it is."""
    pool = ("flex items-center justify-between gap-2 gap-4 px-4 px-6 py-2 py-3 mt-4 mb-6 text-sm text-base text-lg "
            "font-semibold font-medium text-gray-600 text-slate-700 bg-white bg-slate-50 rounded-lg shadow-sm border "
            "border-gray-200 max-w-3xl mx-auto grid grid-cols-3 md:grid-cols-2 lg:px-8 leading-7 tracking-tight").split()
    return " ".join(rng.sample(pool, rng.randint(3, 6)))


def svg_icon() -> str:
    return '<svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true"><path d="M2 2h12v12H2z"/></svg>'


def card(w: Writer, i: int, cls: str, with_image: bool = True) -> str:
    title, sentence = w.teaser()
    image = f'<img src="/thumbs/{i}.jpg" alt="" class="{cls}">' if with_image else ""
    return (f'<div class="{cls}">{image}<span class="{cls}">{esc(w.pick("nouns").capitalize())}</span>'
            f'<a href="/posts/{i}" class="{cls}">{esc(title)}</a><p class="{cls}">{esc(sentence)}</p>'
            f'<span class="{cls}">{i + 3} May 2026</span></div>')


def layout_utility_magazine(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    u = lambda: utility_classes(rng)  # noqa: E731
    body = "".join(blocks)
    nav = "".join(f'<a href="{href}" class="{u()}">{esc(t)}</a>' for t, href in nav_links(w, 6))
    author = w.pick("subjects").title()
    related = "".join(card(w, i, u()) for i in range(3))
    columns = "".join(
        f'<div class="{u()}"><h4 class="{u()}">{esc(w.pick("nouns").capitalize())}</h4>'
        + "".join(f'<a href="{href}" class="{u()}">{esc(t)}</a>' for t, href in nav_links(w, 4)) + "</div>"
        for _ in range(3))
    return f"""<!DOCTYPE html>
<html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)} — {esc(site)}</title></head>
<body class="{u()}">
<div class="{u()}"><a href="/" class="{u()}">{esc(site)}</a><div class="{u()}">{nav}</div>
<a href="/login" class="{u()}">Log in</a><a href="/subscribe" class="{u()}">Subscribe</a></div>
<main class="{u()}">
<div class="{u()}"><a href="/">Home</a> {svg_icon()} <a href="/topics">{esc(w.pick("nouns").capitalize())}</a></div>
<h1 class="{u()}">{esc(title)}</h1>
<div class="{u()}"><img src="/avatars/7.jpg" alt="" class="{u()}"><span class="{u()}">{esc(author)}</span>
<span class="{u()}">·</span><time class="{u()}" datetime="2026-05-02">2 May 2026</time><span class="{u()}">· 5 min read</span></div>
<div class="{u()}">{body}</div>
<div class="{u()}"><span class="{u()}">Share this article</span><a href="/s/x" class="{u()}">{svg_icon()}</a>
<a href="/s/fb" class="{u()}">{svg_icon()}</a><a href="/s/in" class="{u()}">{svg_icon()}</a></div>
<div class="{u()}"><a href="/t/1" class="{u()}">{esc(w.pick("nouns"))}</a><a href="/t/2" class="{u()}">{esc(w.pick("nouns"))}</a>
<a href="/t/3" class="{u()}">{esc(w.pick("nouns"))}</a></div>
<div class="{u()}"><img src="/avatars/7.jpg" alt="" class="{u()}"><div class="{u()}"><p class="{u()}">{esc(author)}</p>
<p class="{u()}">{esc(w.sentence())} {esc(w.sentence())}</p><button class="{u()}">Follow</button></div></div>
<div class="{u()}"><h2 class="{u()}">Keep reading</h2><div class="{u()}">{related}</div></div>
</main>
<div class="{u()}"><div class="{u()}"><p class="{u()}">{esc(w.sentence())} {esc(w.sentence())}</p></div>{columns}
<p class="{u()}">© 2026 {esc(site)}</p></div>
</body></html>
"""


def layout_docs_site(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    body = "".join(blocks)
    groups = ""
    for g in range(3):
        items = "".join(f'<li><a href="/docs/{g}/{i}">{esc(w.words(1, 3).capitalize())}</a></li>' for i in range(6))
        groups += f'<li><span>{esc(w.pick("nouns").capitalize())}</span><ul>{items}</ul></li>'
    headings = [b for b in blocks if b.startswith("<h2>")]
    toc = "".join(f'<li><a href="#s{i}">{h[4:-6]}</a></li>' for i, h in enumerate(headings))
    prev_title, next_title = w.heading(), w.heading()
    return f"""<!doctype html><html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)} | {esc(site)} Docs</title></head>
<body>
<div class="navbar"><a class="navbar__brand" href="/">{esc(site)}</a>
<a href="/docs">Docs</a><a href="/api">API</a><a href="/blog">Blog</a>
<select><option>v3.2</option><option>v3.1</option></select>
<button type="button">Search docs <kbd>Ctrl</kbd><kbd>K</kbd></button></div>
<div class="layout">
<div class="sidebar"><ul>{groups}</ul></div>
<div class="doc">
<div class="crumbs"><a href="/docs">Docs</a> › <a href="/docs/guides">Guides</a></div>
<div class="markdown"><h1>{esc(title)}</h1>
{body}
</div>
<div class="doc-footer"><a href="/edit/{rng.randint(1, 99)}">Edit this page</a> <span>Last updated on May 3, 2026</span></div>
<div class="feedback"><span>Was this page helpful?</span><button>Yes</button><button>No</button></div>
<div class="pager"><a href="/docs/prev"><div>Previous</div><div>{esc(prev_title)}</div></a>
<a href="/docs/next"><div>Next</div><div>{esc(next_title)}</div></a></div>
</div>
<div class="toc-col"><div>On this page</div><ul>{toc}</ul></div>
</div>
<div class="foot">{''.join(f'<a href="{href}">{esc(t)}</a>' for t, href in nav_links(w, 8))}<div>Copyright © 2026 {esc(site)}.</div></div>
</body></html>
"""


def layout_aria_divs(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    h = class_namer(rng, ["_", "c-", "r"])
    body = "".join(f'<div class="{h()}">{b}</div>' for b in blocks)
    nav = "".join(f'<div class="{h("item")}"><a href="{href}">{esc(t)}</a></div>' for t, href in nav_links(w, 7))
    comments = "".join(
        f'<div class="{h("c")}"><div class="{h("c-a")}">{esc(w.pick("nouns"))}{i}</div>'
        f'<div class="{h("c-t")}">{esc(w.sentence())} {esc(w.sentence())}</div><div class="{h("c-f")}">{i + 1} h</div></div>'
        for i in range(3))
    side = "".join(f'<div class="{h("s")}"><a href="/x/{i}">{esc(t)}</a><div>{esc(s)}</div></div>'
                   for i, (t, s) in enumerate(w.teaser() for _ in range(4)))
    return f"""<!DOCTYPE html><html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)}</title></head><body>
<a class="{h()}" href="#m">Skip to content</a>
<div role="banner" class="{h()}"><div class="{h()}"><a href="/">{esc(site)}</a></div>
<div role="navigation" aria-label="Main" class="{h()}">{nav}</div></div>
<div role="main" id="m" class="{h()}">
<div class="{h()}"><div role="heading" aria-level="1" class="{h()}">{esc(title)}</div>
<div class="{h()}">{esc(w.pick("subjects").title())} — 14 Feb 2026</div>
<div class="{h()}">{body}</div></div>
<div role="complementary" class="{h()}"><div class="{h()}">{esc(w.heading())}</div>{side}</div>
<div role="region" aria-label="Comments" class="{h()}"><div class="{h()}">3 replies</div>{comments}</div>
</div>
<div role="contentinfo" class="{h()}"><div>{esc(w.sentence())}</div><div>© 2026 {esc(site)}</div></div>
</body></html>
"""


def layout_german_classes(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    body = "".join(blocks)
    comments = "".join(
        f'<li class="kommentar"><div class="kommentar-kopf"><cite>{esc(w.pick("nouns").capitalize())}</cite> sagt:'
        f'<br><a href="#k{i}">{i + 4}. März 2026 um 10:{i}5 Uhr</a></div><p>{esc(w.sentence())} {esc(w.sentence())}</p>'
        f'<div class="antworten"><a href="?replytocom={i}">Antworten</a></div></li>'
        for i in range(3))
    archive = "".join(f'<li><a href="/2026/{m:02d}">{m}. 2026</a></li>' for m in range(1, 7))
    recent = "".join(f'<li><a href="/b/{i}">{esc(w.title())}</a></li>' for i in range(5))
    return f"""<!DOCTYPE html><html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)} – {esc(site)}</title></head>
<body class="einzelbeitrag">
<div class="seitenkopf"><div class="seitentitel"><a href="/">{esc(site)}</a></div><div class="untertitel">{esc(w.sentence())}</div>
<ul class="hauptmenue">{''.join(f'<li><a href="{href}">{esc(t)}</a></li>' for t, href in nav_links(w, 6))}</ul></div>
<div class="inhalt"><div class="spalte">
<div class="beitrag"><h1 class="beitragstitel">{esc(title)}</h1>
<div class="beitragsinfo">Veröffentlicht am 3. März 2026 von {esc(w.pick("nouns").capitalize())}</div>
<div class="beitragstext">{body}</div>
<div class="beitragsfuss">Kategorie: <a href="/k/1">{esc(w.pick("nouns"))}</a> | Schlagwörter: <a href="/s/1">{esc(w.pick("nouns"))}</a>,
<a href="/s/2">{esc(w.pick("nouns"))}</a></div></div>
<div class="beitragsnavigation"><a href="/prev">« {esc(w.title())}</a> <a href="/next">{esc(w.title())} »</a></div>
<div class="kommentarbereich"><h3>3 Gedanken zu „{esc(title)}“</h3><ol>{comments}</ol>
<div class="antwortformular"><h3>Schreibe einen Kommentar</h3><p>{esc(w.sentence())}</p>
<textarea name="comment"></textarea><input name="author" placeholder="Name"><input name="email" placeholder="E-Mail">
<input type="submit" value="Kommentar abschicken"></div></div>
</div>
<div class="seitenleiste"><div class="kasten"><h4>Neueste Beiträge</h4><ul>{recent}</ul></div>
<div class="kasten"><h4>Archiv</h4><ul>{archive}</ul></div>
<div class="kasten"><h4>Über mich</h4><p>{esc(w.sentence())} {esc(w.sentence())}</p></div></div>
</div>
<div class="seitenfuss"><a href="/impressum">Impressum</a> | <a href="/datenschutz">Datenschutz</a> | Stolz präsentiert von {esc(site)}</div>
</body></html>
"""


def layout_news_live(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    ticker = "".join(f'<li><a href="/live/{i}">{esc(w.sentence())}</a></li>' for i in range(4))
    parts = []
    for i, block in enumerate(blocks):
        parts.append(block)
        if i == 2:
            t, s = w.teaser()
            parts.append(f'<aside class="inline-promo"><span>Read also</span><a href="/n/7"><strong>{esc(t)}</strong> {esc(s)}</a></aside>')
        if i == 4:
            parts.append('<div class="media-embed"><iframe src="https://player.example/v/42" width="640" height="360"></iframe>'
                         f'<p class="media-caption">Video: {esc(w.sentence())}</p></div>')
    popular = "".join(f'<li><span>{i + 1}</span><a href="/pop/{i}">{esc(w.title())}</a></li>' for i in range(5))
    author = w.pick("subjects").title()
    return f"""<!DOCTYPE html><html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)} | {esc(site)}</title>
<meta property="og:type" content="article"></head><body>
<div class="breaking"><strong>Live</strong><ul>{ticker}</ul></div>
<header class="masthead"><a href="/">{esc(site)}</a><nav>{''.join(f'<a href="{href}">{esc(t)}</a>' for t, href in nav_links(w, 8))}</nav></header>
<div class="wrap"><article class="story">
<div class="kicker">{esc(w.pick("nouns").capitalize())}</div>
<h1>{esc(title)}</h1>
<div class="dek-meta"><a href="/authors/1" rel="author">{esc(author)}</a> · Updated 11:42</div>
{''.join(parts)}
<div class="meter"><p>You have 2 free articles left this month.</p><a href="/subscribe">Subscribe for full access</a></div>
</article>
<div class="rail"><h2>Most popular</h2><ol>{popular}</ol></div></div>
<div class="cmp-banner"><p>{esc(w.sentence())} We and our partners use cookies.</p><button>Agree</button><button>Manage</button></div>
<footer><p>{esc(w.sentence())}</p><p>© 2026 {esc(site)}</p></footer>
</body></html>
"""


def layout_custom_elements(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    body = "".join(blocks)
    promos = "".join(f'<promo-card><a href="/p/{i}">{esc(t)}</a><promo-text>{esc(s)}</promo-text></promo-card>'
                     for i, (t, s) in enumerate(w.teaser() for _ in range(4)))
    return f"""<!DOCTYPE html><html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)}</title></head><body>
<site-header><brand-mark><a href="/">{esc(site)}</a></brand-mark>
<menu-bar>{''.join(f'<menu-link><a href="{href}">{esc(t)}</a></menu-link>' for t, href in nav_links(w, 7))}</menu-bar>
<account-box><a href="/signin">Sign in</a></account-box></site-header>
<page-body><story-view>
<story-head><h1>{esc(title)}</h1><story-meta>{esc(w.pick("subjects").title())} · 21 January 2026</story-meta></story-head>
<story-text>{body}</story-text>
<share-bar><a href="/share/1">Share</a><a href="/share/2">Tweet</a><a href="/share/3">Email</a></share-bar>
</story-view>
<promo-list><promo-title>{esc(w.heading())}</promo-title>{promos}</promo-list>
<signup-box><p>{esc(w.sentence())}</p><input type="email" placeholder="Email"><button>Join</button></signup-box>
</page-body>
<site-footer><p>{esc(w.sentence())}</p>{''.join(f'<a href="{href}">{esc(t)}</a>' for t, href in nav_links(w, 6))}</site-footer>
</body></html>
"""


def layout_shop_blog(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    parts = []
    for i, block in enumerate(blocks):
        parts.append(block)
        if i in (1, 5):
            name = w.words(2, 3).title()
            parts.append(f'<div class="product-tile"><img src="/p/{i}.jpg" alt="{esc(name)}"><div class="tile-name">'
                         f'<a href="/shop/{i}">{esc(name)}</a></div><div class="tile-rating">★★★★☆ ({rng.randint(12, 400)})</div>'
                         f'<div class="tile-price">€{rng.randint(9, 99)}.90</div><button>Add to cart</button></div>')
    return f"""<!DOCTYPE html><html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)} – {esc(site)} Journal</title></head><body>
<div class="promo-strip">Free shipping on orders over €50 · 30-day returns</div>
<div class="shop-header"><a href="/">{esc(site)}</a><form action="/search"><input name="q" placeholder="Search products"></form>
<a href="/cart">Cart (0)</a><ul>{''.join(f'<li><a href="{href}">{esc(t)}</a></li>' for t, href in nav_links(w, 7))}</ul></div>
<div class="journal"><div class="journal-post"><h1>{esc(title)}</h1><p class="journal-date">Journal · 8 April 2026</p>
{''.join(parts)}
</div>
<div class="shop-the-story"><h2>Shop the story</h2>{''.join(f'<div class="product-tile"><a href="/shop/s{i}">{esc(w.words(2, 3).title())}</a><div class="tile-price">€{rng.randint(9, 99)}.00</div></div>' for i in range(4))}</div>
</div>
<div class="shop-footer"><div><h4>Customer service</h4><a href="/help">Help</a><a href="/returns">Returns</a></div>
<div><h4>Newsletter</h4><p>{esc(w.sentence())}</p><input type="email" placeholder="Your email"><button>Sign up</button></div>
<p>© 2026 {esc(site)}</p></div>
</body></html>
"""


LAYOUTS = {
    "utility-magazine": (layout_utility_magazine, 4),
    "docs-site": (layout_docs_site, 5),
    "aria-divs": (layout_aria_divs, 4),
    "german-classes": (layout_german_classes, 4),
    "news-live": (layout_news_live, 4),
    "custom-elements": (layout_custom_elements, 4),
    "shop-blog": (layout_shop_blog, 4),
}


def main() -> int:
    return main_with_last_page_thin(__doc__, LAYOUTS, "unseen-layouts-2", 45, "v")


if __name__ == "__main__":
    sys.exit(main())
