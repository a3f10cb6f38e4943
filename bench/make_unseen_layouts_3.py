#!/usr/bin/env python3
"""Writes a third unseen-layout round-trip set into tests/data/unseen-layouts-3.

The first two sets score near 1.000 now: the engine was fixed against them. This set holds seven
layouts written after that, before the engine was looked at with them, each built around chrome
that the earlier ones did not have:
  - a Bootstrap blog: the article in a grid column without <article>, a sidebar column of widgets
    (an "about me" box, numbered popular posts, a tag cloud, a newsletter form), related posts and
    a "Leave a reply" form under it;
  - a long-form feature: a hero with the title over the photo, a deck and a credit, a pull quote
    that repeats a sentence of the text, a newsletter box between paragraphs, a series box;
  - a post with a long discussion: a dozen replies of prose that together outweigh a short article;
  - a government page built of layout tables: "You are here", a left menu of nested lists,
    "Back to top" links between sections, "Last modified" and a contact block;
  - a hydrated app page: hashed classes, each paragraph in a wrapper of its own, inline "Related:"
    links between paragraphs, a cookie dialog (role=dialog), and the article again in the page's
    JSON state;
  - infinite scroll: under the article the next story is already in the page, with its own <h1>;
  - a corporate blog with a mega menu whose panels describe each product in sentences and a footer
    of company prose.
Every layout also comes as a thin page (two short paragraphs) under the same chrome.

The set is committed; the seed makes it reproducible. Score it with

    bench/quality_roundtrip.py --set-dir tests/data/unseen-layouts-3 [--per-page]

    bench/make_unseen_layouts_3.py [--out DIR] [--seed N] [--per-layout N]
"""

from __future__ import annotations

import json
import random
import re
import sys

from make_unseen_layouts import Writer, class_namer, esc, main_with_last_page_thin, nav_links, render


def link_list(w: Writer, count: int, prefix: str) -> str:
    return "".join(f'<li><a href="/{prefix}/{i}">{esc(w.title())}</a></li>' for i in range(count))


def layout_bootstrap_blog(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    body = "".join(blocks)
    tags = " ".join(f'<a href="/tag/{i}" class="tag-cloud-link" style="font-size:{rng.randint(8, 22)}pt">'
                    f'{esc(w.pick("nouns"))}</a>' for i in range(9))
    related = "".join(
        f'<div class="col-sm-4"><a href="/p/{i}"><img src="/thumbs/{i}.jpg" alt=""></a>'
        f'<h5><a href="/p/{i}">{esc(t)}</a></h5><p>{esc(s)}</p></div>'
        for i, (t, s) in enumerate(w.teaser() for _ in range(3)))
    author = w.pick("subjects").title()
    return f"""<!DOCTYPE html>
<html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)} – {esc(site)}</title></head>
<body class="theme-light">
<nav class="navbar navbar-expand-lg"><div class="container"><a class="navbar-brand" href="/">{esc(site)}</a>
<ul class="navbar-nav">{''.join(f'<li class="nav-item"><a class="nav-link" href="{href}">{esc(t)}</a></li>' for t, href in nav_links(w, 5))}</ul></div></nav>
<div class="container"><div class="row">
<div class="col-md-8">
<h1 class="display-5">{esc(title)}</h1>
<p class="text-muted small">Posted in <a href="/category/{esc(w.pick("nouns"))}">{esc(w.pick("nouns").capitalize())}</a>
on April 9, 2026 by {esc(author)} — <a href="#respond">Leave a comment</a></p>
{body}
<p class="small">Filed under: <a href="/tag/a">{esc(w.pick("nouns"))}</a>, <a href="/tag/b">{esc(w.pick("nouns"))}</a></p>
<div class="row mt-5"><div class="col-12"><h4>You might also like</h4></div>{related}</div>
<div class="d-flex justify-content-between"><a href="/prev">&larr; {esc(w.title())}</a><a href="/next">{esc(w.title())} &rarr;</a></div>
<div id="respond" class="mt-5"><h3>Leave a Reply</h3><p>Your email address will not be published. Required fields are marked *</p>
<form action="/comment" method="post"><p><label>Comment *</label><textarea name="c"></textarea></p>
<p><label>Name *</label><input name="n"></p><p><label>Email *</label><input name="e"></p>
<p><input type="checkbox" name="s"> Save my name, email, and website in this browser for the next time I comment.</p>
<p><button type="submit">Post Comment</button></p></form></div>
</div>
<div class="col-md-4">
<div class="card mb-4"><div class="card-body"><h5>About me</h5><img src="/me.jpg" alt="">
<p>Hi, I am {esc(author)}. {esc(w.sentence())} {esc(w.sentence())}</p></div></div>
<div class="card mb-4"><div class="card-body"><h5>Popular posts</h5><ol>{link_list(w, 5, "pop")}</ol></div></div>
<div class="card mb-4"><div class="card-body"><h5>Tags</h5>{tags}</div></div>
<div class="card mb-4"><div class="card-body"><h5>Get new posts by email</h5><p>{esc(w.sentence())}</p>
<form><input type="email" placeholder="Email address"><button>Subscribe</button></form></div></div>
</div>
</div></div>
<footer class="py-4"><div class="container"><p>Copyright © 2026 {esc(site)} · Powered by a theme</p></div></footer>
</body></html>
"""


def layout_feature(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    paragraphs = [b for b in blocks if b.startswith("<p>")]
    quoted = re.sub(r"<[^>]+>", "", paragraphs[min(1, len(paragraphs) - 1)]).split(". ")[0].strip(". ") + "."
    parts = []
    for i, block in enumerate(blocks):
        parts.append(block)
        if i == 2:
            parts.append(f'<blockquote class="pull"><p>{esc(quoted)}</p></blockquote>')
        if i == 4:
            parts.append(f'<div class="newsletter-inline"><h3>{esc(w.heading())}</h3><p>{esc(w.sentence())}</p>'
                         '<form><input type="email" placeholder="Your email"><button>Sign me up</button></form>'
                         '<p class="fine">By signing up you agree to our privacy notice.</p></div>')
    series = link_list(w, 4, "series")
    author = w.pick("subjects").title()
    return f"""<!doctype html><html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)}</title>
<meta property="og:title" content="{esc(title)}"></head><body>
<header class="top"><a href="/" class="logo">{esc(site)}</a><a href="/sections">Sections</a><a href="/search">Search</a></header>
<div class="hero"><img src="/hero.jpg" alt=""><div class="hero-text"><span class="label">The long read</span>
<h1>{esc(title)}</h1><p class="deck">{esc(w.sentence())}</p></div>
<p class="hero-credit">Illustration: {esc(w.pick("subjects").title())}</p></div>
<div class="byline-row"><span>By <a href="/profile/1">{esc(author)}</a></span><time>Sun 12 Apr 2026 06.00</time>
<button>Share</button></div>
<div class="body-text">{''.join(parts)}</div>
<div class="series"><h2>More from this series</h2><ul>{series}</ul></div>
<div class="contributor"><img src="/c.jpg" alt=""><p>{esc(author)} is a writer. {esc(w.sentence())}</p></div>
<footer class="bottom"><ul>{''.join(f'<li><a href="{href}">{esc(t)}</a></li>' for t, href in nav_links(w, 10))}</ul>
<p>© 2026 {esc(site)}. All rights reserved.</p></footer>
</body></html>
"""


def layout_discussion(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    body = "".join(blocks)
    replies = []
    for i in range(12):
        who = f"{w.pick('nouns')}_{rng.randint(10, 99)}"
        text = " ".join(w.sentence() for _ in range(rng.randint(2, 4)))
        nested = ""
        if i % 4 == 1:
            nested = (f'<ul class="children"><li class="reply"><div class="who"><img src="/av/{i}b.png" alt="">'
                      f'<b>{esc(w.pick("nouns"))}</b> <small>replied</small></div><p>{esc(w.sentence())}</p></li></ul>')
        replies.append(f'<li class="reply" id="r{i}"><div class="who"><img src="/av/{i}.png" alt=""><b>{esc(who)}</b>'
                       f' <small><a href="#r{i}">March {i + 2}, 2026 at {i % 12 + 1}:15 pm</a></small></div>'
                       f'<p>{esc(text)}</p><a class="reply-link" href="?replyto={i}">Reply</a>{nested}</li>')
    return f"""<!DOCTYPE html><html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)} | {esc(site)}</title></head>
<body><div id="page">
<div id="masthead"><p class="site-title"><a href="/">{esc(site)}</a></p><p class="site-description">{esc(w.sentence())}</p>
<ul id="menu">{''.join(f'<li><a href="{href}">{esc(t)}</a></li>' for t, href in nav_links(w, 6))}</ul></div>
<div id="primary"><div class="post">
<h1 class="post-title">{esc(title)}</h1><div class="post-meta">March 1, 2026 · {esc(w.pick("subjects").title())} · 12 replies</div>
<div class="post-body">{body}</div>
</div>
<div id="discussion"><h2>12 thoughts on “{esc(title)}”</h2><ol class="replies">{''.join(replies)}</ol>
<p class="more"><a href="?page=2">Older replies</a></p></div>
</div>
<div id="secondary"><h3>Archives</h3><ul>{''.join(f'<li><a href="/2026/{m:02d}">2026-{m:02d}</a></li>' for m in range(1, 7))}</ul></div>
<div id="colophon">{esc(site)} · Proudly made by hand</div>
</div></body></html>
"""


def layout_gov_tables(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    parts = []
    for block in blocks:
        if block.startswith("<h2>") and parts:
            parts.append('<p class="top"><a href="#top">Back to top</a></p>')
        parts.append(block)
    menu = "".join(
        f'<li><a href="/dept/{g}">{esc(w.pick("nouns").capitalize())}</a><ul>'
        + "".join(f'<li><a href="/dept/{g}/{i}">{esc(w.words(1, 3).capitalize())}</a></li>' for i in range(3))
        + "</ul></li>" for g in range(4))
    return f"""<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">
<html lang="{w.lang}"><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8">
<title>{esc(title)} - {esc(site)} - Official website</title></head>
<body><a name="top"></a>
<table width="980" align="center" border="0" cellspacing="0" cellpadding="0">
<tr><td colspan="2"><img src="/img/crest.gif" alt="{esc(site)}"> <a href="/a-z">A-Z</a> | <a href="/contact">Contact us</a>
| <a href="/accessibility">Accessibility</a> | <a href="/cy">Cymraeg</a></td></tr>
<tr><td colspan="2" class="crumb">You are here: <a href="/">Home</a> &gt; <a href="/services">Services</a> &gt; {esc(title)}</td></tr>
<tr><td width="200" valign="top" class="leftnav"><ul>{menu}</ul></td>
<td valign="top" class="content">
<h1>{esc(title)}</h1>
{''.join(parts)}
<table class="contact" border="1" cellpadding="4"><tr><td><b>Contact</b><br>{esc(w.pick("nouns").capitalize())} Office<br>
Telephone: 01234 567890<br>Opening hours: Monday to Friday, 9am to 5pm</td></tr></table>
<p class="modified">Last modified: 3 February 2026 | <a href="/feedback">Report a problem with this page</a></p>
</td></tr>
<tr><td colspan="2" class="footer"><a href="/privacy">Privacy</a> | <a href="/cookies">Cookies</a> |
<a href="/foi">Freedom of information</a> | © {esc(site)} 2026</td></tr>
</table></body></html>
"""


def layout_hydrated_app(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    h = class_namer(rng, ["sc-", "_", "jsx-"])
    parts = []
    for i, block in enumerate(blocks):
        parts.append(f'<div class="{h("block")}" data-block-type="{"heading" if block.startswith("<h") else "text"}">{block}</div>')
        if i in (2, 6):
            t, _ = w.teaser()
            parts.append(f'<div class="{h("related")}"><strong>Related:</strong> <a href="/story/{i}">{esc(t)}</a></div>')
    state = {"props": {"pageProps": {"story": {"headline": title, "body": blocks, "section": w.pick("nouns")}}}}
    state_json = json.dumps(state).replace("</", "<\\/")  # a script's content must not close it
    recommended = "".join(
        f'<a class="{h("card")}" href="/story/r{i}"><img src="/t/{i}.webp" alt=""><span class="{h("card-title")}">'
        f'{esc(t)}</span><span class="{h("card-dek")}">{esc(s)}</span></a>'
        for i, (t, s) in enumerate(w.teaser() for _ in range(4)))
    return f"""<!DOCTYPE html><html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)}</title></head>
<body><div id="__app">
<div class="{h()}"><a class="{h()}" href="/">{esc(site)}</a><div class="{h()}">{''.join(f'<a class="{h("nav")}" href="{href}">{esc(t)}</a>' for t, href in nav_links(w, 6))}</div>
<button class="{h()}">Menu</button></div>
<div class="{h()}"><div class="{h()}">
<div class="{h()}"><a class="{h()}" href="/s">{esc(w.pick("nouns").capitalize())}</a></div>
<h1 class="{h()}">{esc(title)}</h1>
<div class="{h()}"><span class="{h()}">{esc(w.pick("subjects").title())}</span><span class="{h()}">Apr 3, 2026</span></div>
{''.join(parts)}
</div>
<div class="{h()}"><div class="{h()}">Recommended for you</div>{recommended}</div></div>
<div role="dialog" aria-modal="true" aria-label="Cookie consent" class="{h()}"><p class="{h()}">{esc(w.sentence())}
We use cookies and similar technologies to personalise content and measure traffic.</p>
<button class="{h()}">Accept all</button><button class="{h()}">Reject all</button><a class="{h()}" href="/privacy">Settings</a></div>
</div>
<script id="__STATE__" type="application/json">{state_json}</script>
</body></html>
"""


def layout_infinite_scroll(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    body = "".join(blocks)
    next_title = w.title()
    next_body = "".join(render(w.paragraph()) for _ in range(3))
    author, next_author = w.pick("subjects").title(), w.pick("subjects").title()
    return f"""<!DOCTYPE html><html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)} | {esc(site)}</title>
<link rel="canonical" href="https://example.invalid/a/1"></head><body>
<header><a href="/">{esc(site)}</a><nav>{''.join(f'<a href="{href}">{esc(t)}</a>' for t, href in nav_links(w, 7))}</nav></header>
<main>
<article class="story" data-url="/a/1">
<h1>{esc(title)}</h1><p class="meta">By {esc(author)} · 5 April 2026</p>
<div class="story-body">{body}</div>
<div class="story-tools"><a href="/share">Share</a> <a href="/save">Save</a></div>
</article>
<div class="next-up">Next story</div>
<article class="story" data-url="/a/2">
<h1>{esc(next_title)}</h1><p class="meta">By {esc(next_author)} · 4 April 2026</p>
<div class="story-body">{next_body}<p><a href="/a/2">Continue reading</a></p></div>
</article>
</main>
<footer><p>© 2026 {esc(site)}</p></footer>
</body></html>
"""


def layout_mega_menu(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    body = "".join(blocks)
    panels = "".join(
        f'<li class="menu-item"><a href="/products/{i}">{esc(w.pick("nouns").capitalize())}</a>'
        f'<div class="mega-panel"><p>{esc(w.sentence())} {esc(w.sentence())}</p>'
        f'<ul>{"".join(f"<li><a href=/products/{i}/{j}>{esc(w.words(1, 2).capitalize())}</a></li>" for j in range(4))}</ul></div></li>'
        for i in range(4))
    about = " ".join(w.sentence() for _ in range(3))
    return f"""<!DOCTYPE html><html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)} | {esc(site)} Blog</title></head>
<body>
<div class="announcement">{esc(w.sentence())} <a href="/webinar">Register now</a></div>
<header class="site-header"><a href="/" class="brand">{esc(site)}</a><ul class="mega-menu">{panels}</ul>
<a href="/demo" class="cta">Book a demo</a></header>
<div class="blog-post">
<div class="post-header"><a href="/blog">Blog</a> / <a href="/blog/insights">Insights</a>
<h1>{esc(title)}</h1><div class="post-author"><img src="/a.png" alt=""><span>{esc(w.pick("subjects").title())}</span>
<span>Head of {esc(w.pick("nouns").capitalize())}</span><span>6 min read</span></div></div>
<div class="post-content">{body}</div>
<div class="post-cta"><h3>{esc(w.heading())}</h3><p>{esc(w.sentence())}</p><a href="/trial">Start your free trial</a></div>
</div>
<footer class="site-footer"><div class="about"><h4>About {esc(site)}</h4><p>{esc(about)}</p></div>
<div class="cols">{''.join(f'<a href="{href}">{esc(t)}</a>' for t, href in nav_links(w, 12))}</div>
<p>© 2026 {esc(site)} Inc. All rights reserved.</p></footer>
</body></html>
"""


LAYOUTS = {
    "bootstrap-blog": (layout_bootstrap_blog, 4),
    "feature": (layout_feature, 5),
    "commented-post": (layout_discussion, 3),
    "gov-tables": (layout_gov_tables, 4),
    "hydrated-app": (layout_hydrated_app, 4),
    "infinite-scroll": (layout_infinite_scroll, 4),
    "mega-menu": (layout_mega_menu, 4),
}


def main() -> int:
    return main_with_last_page_thin(__doc__, LAYOUTS, "unseen-layouts-3", 46, "w")


if __name__ == "__main__":
    sys.exit(main())
