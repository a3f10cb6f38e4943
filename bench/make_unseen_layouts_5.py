#!/usr/bin/env python3
"""Writes a fifth unseen-layout round-trip set into tests/data/unseen-layouts-5.

Like the fourth set, written by someone who had not read the extraction rules, so that it stands in
for the reviewer's held-out layouts. Seven layouts, each modelled on a kind of site met every day,
with chrome that reads like content:
  - a post on a large hosted writing platform: one- and two-letter atomic class names, the title,
    byline, follow button and clap/response/listen/share bar inside <article>, a "Member-only
    story" banner, figures whose images are role=presentation, tag pills, an author card with a
    bio, "More from" and "Recommended" cards with a sentence each, a responses block;
  - a wire-service news story: each paragraph in its own text-block component, an "Editor's
    picks" strip (its own <h2> and three cards) inside the body, a photo credit, a "Live updates"
    rail of timestamped sentences beside the story, topic links and a "Most viewed" list;
  - a static-site theme post: a collapsible table of contents repeating every heading before the
    text, heading anchors, a sidebar table of contents repeating them again, tag links,
    previous/next post cards with an excerpt each, a "Sign up for more like this" call to action;
  - a small-town newspaper's story on a hosted news CMS: a weather and date strip, a subscriber
    preview followed by a plan offer in the body ("Thank you for reading!"), the rest of the text
    in a subscriber-only wrapper, a newsletter form mid-article, "Related to this story", the
    community guidelines of the comments, an obituaries widget with a sentence per person;
  - a release page of a hosted changelog: a release list in the sidebar with a summary sentence
    each, labels, the version and date above the title, reactions, contributors, a "subscribe to
    updates" form and previous/next release cards;
  - a charity's appeal page: a hero with the title over the photo, a donation panel beside the
    story (progress, amounts with "could pay for" sentences, Gift Aid), a call to give inside the
    story, recent supporters with messages, "Other ways to help" cards and a charity-number
    footer;
  - an old hosted journal in table layout: the entry's subject in bold (no heading element), the
    mood and music lines, a calendar, a user-info sidebar, the body's paragraphs as <br><br> on
    some pages, and threaded comments indented by spacer cells.
Every layout also comes as a thin page (its last: two short paragraphs) under the same chrome.

The set is committed; the seed makes it reproducible. Score it with

    bench/quality_roundtrip.py --set-dir tests/data/unseen-layouts-5 [--per-page] [--class-blind]

    bench/make_unseen_layouts_5.py [--out DIR] [--seed N] [--per-layout N]
"""

from __future__ import annotations

import random
import re
import sys

from make_unseen_layouts import Writer, esc, main_with_last_page_thin, nav_links
from make_unseen_layouts_4 import nav_items


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def heading_texts(blocks: list[str]) -> list[str]:
    """The plain text of each <h2> of the rendered article, in order: what a table of contents lists."""
    return [re.sub(r"<[^>]+>", "", m) for block in blocks for m in re.findall(r"<h2>(.*?)</h2>", block)]


def with_heading_ids(block: str, anchor: str = "") -> str:
    """Gives each <h2> the id a static-site generator derives from its text, optionally with a
    permalink anchor after the text, as themes add."""
    def add_id(match: re.Match) -> str:
        ident = slug(re.sub(r"<[^>]+>", "", match.group(1)))
        return f'<h2 id="{ident}">{match.group(1)}{anchor.format(id=ident)}</h2>'
    return re.sub(r"<h2>(.*?)</h2>", add_id, block)


def atomic_classes(rng: random.Random, count: int) -> str:
    """Short generated class names as a large platform's style compiler gives them ("ab ca fn")."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    return " ".join(rng.choice(letters) + rng.choice(letters) for _ in range(count))


def layout_clap_story(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    a = lambda n=4: atomic_classes(rng, n)  # noqa: E731
    author = w.pick("subjects").title()
    claps, responses_count = rng.randint(40, 3000), rng.randint(3, 40)

    def paragraph(match: re.Match) -> str:
        return f'<p id="{rng.randrange(16 ** 4):04x}" class="pw-post-body-paragraph {a(12)}">'

    def figure(match: re.Match) -> str:
        return (f'<figure class="{a(5)}"><div class="{a(3)}"><div class="{a(4)}"><picture>'
                f'<source srcset="{match.group(1)} 640w" type="image/webp">'
                f'<img alt="{match.group(2)}" class="{a(4)}" width="700" height="467" loading="lazy" role="presentation" '
                f'src="{match.group(1)}"></picture></div></div></figure>')
    body = []
    for block in blocks:
        block = re.sub(r'<p><img src="([^"]*)" alt="([^"]*)" /></p>', figure, block)
        body.append(re.sub(r"<p>", paragraph, block))

    def bar(where: str) -> str:
        return (f'<div class="{a()}" data-bar="{where}"><div class="{a(3)}"><div class="pw-multi-vote-icon {a(3)}">'
                f'<button aria-label="clap" class="{a(3)}"><svg width="24" height="24" aria-hidden="true"><path d="M11 2z"/></svg></button></div>'
                f'<div class="pw-multi-vote-count {a(3)}"><p class="{a(3)}"><button class="{a(3)}">{claps}</button></p></div></div>'
                f'<button aria-label="responses" class="{a(3)}"><svg width="24" height="24" aria-hidden="true"><path d="M2 2z"/></svg>'
                f'<p class="{a(3)}"><span class="pw-responses-count {a(2)}">{responses_count}</span></p></button>'
                f'<div class="{a(3)}"><button aria-label="Add to list bookmark button" class="{a(3)}"><svg width="25" height="25"><path d="M1 1z"/></svg></button>'
                f'<button aria-label="Listen" class="{a(3)}"><p class="{a(2)}">Listen</p></button>'
                f'<button aria-label="Share Post" class="{a(3)}"><p class="{a(2)}">Share</p></button></div></div>')

    def cards(count: int, by: str | None) -> str:
        return "".join(
            f'<article class="{a(5)}"><div class="{a(3)}"><a href="/@{slug(by or w.pick("nouns"))}" class="{a(2)}">'
            f'<p class="{a(3)}">{esc(by or w.pick("subjects").title())}</p></a>'
            f'<a href="/p/{rng.randrange(16 ** 10):010x}" class="{a(2)}"><h2 class="{a(6)}">{esc(t)}</h2>'
            f'<h3 class="{a(6)}">{esc(s)}</h3></a><div class="{a(3)}"><span>{rng.randint(2, 14)} min read</span>'
            f'<span>·</span><span>{rng.choice(["Jan", "Feb", "Mar", "Apr"])} {rng.randint(1, 28)}</span>'
            f'<span>{rng.randint(10, 900)}</span><span>{rng.randint(1, 30)}</span></div></div>'
            f'<img alt="" class="{a(3)}" src="https://miro.example/resize:fill:160:106/{i}.jpg"></article>'
            for i, (t, s) in enumerate(w.teaser() for _ in range(count)))
    responses = "".join(
        f'<div class="{a(4)}"><div class="{a(3)}"><a href="/@r{i}"><img alt="{esc(name)}" class="{a(2)}" src="/av/{i}.png" width="32"></a>'
        f'<a href="/@r{i}" class="{a(2)}"><p class="{a(3)}">{esc(name)}</p></a><span class="{a(2)}">{rng.randint(2, 20)} days ago</span></div>'
        f'<pre class="{a(4)}" style="white-space:pre-wrap;font-family:inherit">{esc(w.sentence())} {esc(w.sentence())}</pre>'
        f'<div class="{a(3)}"><button class="{a(2)}">{rng.randint(1, 50)}</button><button class="{a(2)}">Reply</button></div></div>'
        for i, name in enumerate(w.pick("subjects").title() for _ in range(2)))
    tags = "".join(f'<a href="/tag/{slug(t)}" class="{a(2)}"><div class="{a(5)}">{esc(t)}</div></a>'
                   for t in (w.pick("nouns").capitalize() for _ in range(4)))
    return f"""<!doctype html><html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)} | by {esc(author)} | {esc(site)}</title>
<meta property="og:type" content="article"><meta name="author" content="{esc(author)}"></head>
<body><div id="root"><div class="{a()}"><div class="{a()}">
<div class="{a(5)}"><a href="/" aria-label="Homepage" class="{a(2)}"><svg width="112" height="25"><path d="M0 0z"/></svg></a>
<div class="{a(3)}"><input role="combobox" placeholder="Search" class="{a(3)}"></div>
<a href="/new-story" class="{a(2)}"><span class="{a(2)}">Write</span></a><a href="/register" class="{a(2)}">Sign up</a>
<a href="/signin" class="{a(2)}">Sign in</a></div>
<div class="{a()}"><div class="{a(3)}"><div class="{a(3)}"><svg width="16" height="16"><path d="M0 0z"/></svg>
<p class="{a(3)}">Member-only story</p></div></div></div>
<main class="{a(3)}"><div class="{a(2)}"><article><div class="{a(2)}"><div class="{a(3)}"><section><div class="{a(5)}"></div>
<div class="{a(5)}"><div class="{a(2)}"><div class="{a(6)}">
<div><h1 id="{rng.randrange(16 ** 4):04x}" class="pw-post-title {a(10)}" data-testid="storyTitle">{esc(title)}</h1></div>
<div class="speechify-ignore {a(3)}"><div class="{a(4)}"><div class="{a(3)}"><a href="/@{slug(author)}"><img alt="{esc(author)}" class="{a(3)}" src="/av/author.png" width="44" height="44"></a></div>
<div class="{a(3)}"><div class="{a(3)}"><span class="{a(3)}"><a class="{a(2)}" data-testid="authorName" href="/@{slug(author)}">{esc(author)}</a></span>
<span class="{a(2)}">·</span><button class="{a(3)}">Follow</button></div>
<div class="{a(3)}"><span data-testid="storyReadTime" class="{a(2)}">{rng.randint(4, 14)} min read</span><span class="{a(2)}">·</span>
<span data-testid="storyPublishDate" class="{a(2)}">Mar {rng.randint(1, 28)}, 2026</span></div></div></div>
{bar("top")}</div>
{''.join(body)}
</div></div></div></section></div></div></article></div>
<div class="{a(4)}"><div class="{a(3)}">{tags}</div></div>
{bar("bottom")}
<div class="{a(5)}"><div class="{a(3)}"><a href="/@{slug(author)}"><img alt="{esc(author)}" src="/av/author.png" width="64" height="64"></a>
<button class="{a(3)}">Follow</button></div><div class="{a(3)}"><a href="/@{slug(author)}"><h2 class="{a(5)}">Written by {esc(author)}</h2></a>
<div class="{a(3)}"><a href="/@{slug(author)}/followers" class="{a(2)}">{rng.randint(1, 9)}.{rng.randint(1, 9)}K Followers</a>
<span>·</span><a href="/@{slug(author)}/following" class="{a(2)}">{rng.randint(20, 400)} Following</a></div>
<p class="{a(4)}"><span class="{a(2)}">{esc(w.sentence())} {esc(w.sentence())}</span></p></div></div>
<div class="{a(4)}"><h2 class="{a(4)}">Responses ({responses_count})</h2><div class="{a(3)}"><textarea placeholder="What are your thoughts?" class="{a(2)}"></textarea></div>
{responses}<a href="/p/responses" class="{a(2)}"><button class="{a(3)}">See all responses</button></a></div>
<div class="{a(4)}"><h2 class="{a(4)}">More from {esc(author)}</h2><div class="{a(3)}">{cards(4, author)}</div>
<a href="/@{slug(author)}" class="{a(2)}"><button class="{a(3)}">See all from {esc(author)}</button></a></div>
<div class="{a(4)}"><h2 class="{a(4)}">Recommended from {esc(site)}</h2><div class="{a(3)}">{cards(4, None)}</div>
<a href="/explore" class="{a(2)}"><button class="{a(3)}">See more recommendations</button></a></div>
</main>
<div class="{a(4)}"><div class="{a(3)}">{''.join(f'<a href="/{x.lower().replace(" ", "-")}" class="{a(2)}"><p class="{a(2)}">{x}</p></a>' for x in ("Help", "Status", "About", "Careers", "Press", "Privacy", "Terms", "Text to speech", "Teams"))}</div></div>
</div></div></div></body></html>
"""


def layout_wire_story(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    authors = [w.pick("subjects").title() for _ in range(2)]
    picks = "".join(
        f'<li class="picks-item"><a href="/world/{slug(t)}-{rng.randint(1000, 9999)}"><img src="/i/pick{i}.jpg" alt="" width="160">'
        f'<h3 class="picks-headline">{esc(t)}</h3></a><p class="picks-summary">{esc(s)}</p></li>'
        for i, (t, s) in enumerate(w.teaser() for _ in range(3)))
    strip = (f'<div class="editors-picks" data-component="editors-picks" role="complementary"><h2 class="picks-label">'
             f"Editor's picks</h2><ul class=\"picks-list\">{picks}</ul></div>")
    parts = []
    for i, block in enumerate(blocks):
        parts.append(f'<div data-component="text-block" class="text-block">{block}</div>')
        if i == min(3, len(blocks) - 2):
            parts.append(strip)
    updates = "".join(
        f'<li class="live-entry"><time datetime="2026-05-12T{10 - i:02d}:{rng.randint(10, 59)}">{10 - i:02d}:{rng.randint(10, 59)}</time>'
        f'<p>{esc(w.sentence())} {esc(w.sentence())}</p></li>' for i in range(5))
    live_topic = w.title()
    most_viewed = "".join(f'<li><span class="rank">{i + 1}</span><a href="/mv/{i}">{esc(w.title())}</a></li>' for i in range(6))
    topics = " ".join(f'<a class="topic" href="/topic/{slug(t)}">{esc(t)}</a>'
                      for t in (w.pick("nouns").capitalize() for _ in range(3)))
    return f"""<!DOCTYPE html><html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)} | {esc(site)}</title>
<meta property="og:type" content="article"><meta name="article:section" content="World"></head><body>
<a class="skip" href="#main-content">Skip to main content</a>
<header class="site-header"><div class="header-top"><a class="logo" href="/">{esc(site)}</a>
<nav class="primary-nav"><ul>{nav_items(w, 8)}</ul></nav>
<div class="header-tools"><a href="/account/register">Register</a><a class="cta" href="/subscribe">Subscribe</a></div></div></header>
<main id="main-content"><div class="article-layout">
<div class="article-main">
<header class="article-header"><nav class="article-section"><a href="/world">World</a> <a href="/world/europe">Europe</a></nav>
<h1 class="article-headline" data-testid="Heading">{esc(title)}</h1>
<div class="article-byline"><div class="byline-authors">By <a href="/authors/{slug(authors[0])}">{esc(authors[0])}</a> and
<a href="/authors/{slug(authors[1])}">{esc(authors[1])}</a></div>
<time class="article-date" datetime="2026-05-12T09:14:00Z">May 12, 2026 9:14 AM UTC</time>
<span class="article-updated">Updated 2 hours ago</span></div>
<div class="article-tools"><button aria-label="Share">Share</button><button aria-label="Save">Save</button>
<button aria-label="Report an error">Report an error</button></div></header>
<figure class="lead-media"><img src="/i/lead.jpg" alt="" width="1200"><figcaption class="lead-credit">{esc(w.pick("subjects").title())}/{esc(site)} Pictures</figcaption></figure>
<div class="article-body" data-testid="ArticleBody">{''.join(parts)}</div>
<div class="article-footer"><p class="article-topics">Topics: {topics}</p>
<p class="trust">Our standards: <a href="/principles">The Trust Principles.</a></p>
<button class="purchase">Purchase licensing rights</button></div>
</div>
<aside class="article-rail"><section class="live-rail" aria-label="Live updates"><div class="live-header"><span class="live-dot"></span> Live updates</div>
<h2 class="live-title"><a href="/live/{slug(live_topic)}">{esc(live_topic)}</a></h2><ol class="live-entries">{updates}</ol>
<a class="live-all" href="/live/{slug(live_topic)}">See all updates</a></section>
<section class="most-viewed"><h2>Most viewed</h2><ol>{most_viewed}</ol></section></aside>
</div></main>
<footer class="site-footer"><p>{esc(w.sentence())}</p>
<ul>{nav_items(w, 7)}</ul>
<p>All quotes delayed a minimum of 15 minutes. © 2026 {esc(site)}. All rights reserved.</p></footer>
</body></html>
"""


def layout_toc_theme(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    headings = heading_texts(blocks)
    body = "".join(with_heading_ids(block, ' <a class="anchor" aria-hidden="true" href="#{id}">#</a>') for block in blocks)
    inline_toc = "".join(f'<li><a href="#{slug(h)}" aria-label="{esc(h)}">{h}</a></li>' for h in headings)
    side_toc = "".join(f'<li class="toc-list-item"><a href="#{slug(h)}" class="toc-link node-name--H2">{h}</a></li>' for h in headings)
    toc_details = (f'<div class="toc"><details open><summary accesskey="c" title="(Alt + C)"><span class="details">Table of Contents'
                   f'</span></summary><div class="inner"><ul>{inline_toc}</ul></div></details></div>') if headings else ""
    author = w.pick("subjects").title()
    words_count = sum(len(re.sub(r"<[^>]+>", " ", b).split()) for b in blocks)

    def post_card(kind: str) -> str:
        t, s = w.teaser()
        return (f'<article class="post-card post {kind}"><a class="post-card-image-link" href="/{slug(t)}/"><img class="post-card-image" '
                f'src="/content/images/{rng.randint(10, 99)}.jpg" alt="{esc(t)}" loading="lazy"></a><div class="post-card-content">'
                f'<a class="post-card-content-link" href="/{slug(t)}/"><header class="post-card-header"><div class="post-card-primary-tag">'
                f'{esc(w.pick("nouns").capitalize())}</div><h2 class="post-card-title">{esc(t)}</h2></header>'
                f'<div class="post-card-excerpt">{esc(s)} {esc(w.sentence())}</div></a><footer class="post-card-meta">'
                f'<time class="post-card-meta-date">Feb {rng.randint(1, 28)}, 2026</time><span class="post-card-meta-length">'
                f'{rng.randint(3, 12)} min read</span></footer></div></article>')
    tags = "".join(f'<li><a href="/tags/{slug(t)}/">{esc(t)}</a></li>' for t in (w.pick("nouns") for _ in range(3)))
    return f"""<!DOCTYPE html><html lang="{w.lang}" dir="auto"><head><meta charset="utf-8"><title>{esc(title)} | {esc(site)}</title>
<meta name="generator" content="Hugo 0.125.4"><meta property="og:type" content="article"></head>
<body id="top">
<header class="header"><nav class="nav"><div class="logo"><a href="/" accesskey="h" title="{esc(site)} (Alt + H)">{esc(site)}</a>
<div class="logo-switches"><button id="theme-toggle" accesskey="t" title="(Alt + T)"><svg id="moon" width="24" height="18"><path d="M21 12z"/></svg></button></div></div>
<ul id="menu"><li><a href="/archives/" title="Archive"><span>Archive</span></a></li><li><a href="/search/" title="Search (Alt + /)" accesskey="/"><span>Search</span></a></li>
<li><a href="/tags/" title="Tags"><span>Tags</span></a></li><li><a href="/about/" title="About"><span>About</span></a></li></ul></nav></header>
<div class="site-content"><main class="main">
<article class="post-single">
<header class="post-header"><div class="breadcrumbs"><a href="/">Home</a>&nbsp;»&nbsp;<a href="/posts/">Posts</a></div>
<h1 class="post-title entry-hint-parent">{esc(title)}</h1>
<div class="post-meta"><span title="2026-03-03 09:00:00 +0000 UTC">March 3, 2026</span>&nbsp;·&nbsp;{max(1, words_count // 220)} min&nbsp;·&nbsp;{words_count} words&nbsp;·&nbsp;{esc(author)}&nbsp;|&nbsp;<a href="https://git.example/{slug(site)}/content/posts/{slug(title)}.md" rel="noopener noreferrer" target="_blank">Suggest Changes</a></div>
</header>
{toc_details}
<div class="post-content">{body}</div>
<footer class="post-footer"><ul class="post-tags">{tags}</ul>
<nav class="paginav"><a class="prev" href="/posts/prev/"><span class="title">« Prev</span><br><span>{esc(w.title())}</span></a>
<a class="next" href="/posts/next/"><span class="title">Next »</span><br><span>{esc(w.title())}</span></a></nav>
<ul class="share-buttons"><li><a target="_blank" rel="noopener noreferrer" aria-label="share on x" href="https://x.example/intent"><svg width="30" height="30"><path d="M0 0z"/></svg></a></li>
<li><a target="_blank" rel="noopener noreferrer" aria-label="share on linkedin" href="https://linkedin.example/share"><svg width="30" height="30"><path d="M0 0z"/></svg></a></li></ul>
</footer>
<section class="read-next"><h3 class="read-next-title">Read next</h3><div class="post-feed">{post_card("prev")}{post_card("next")}</div></section>
<section class="footer-cta"><h2 class="footer-cta-title">Sign up for more like this.</h2>
<a class="footer-cta-button" href="#/portal" data-portal="signup"><div class="footer-cta-input">Enter your email</div><span>Subscribe</span></a></section>
<div class="comments"><script src="https://giscus.example/client.js" data-repo="{slug(site)}/site" async></script></div>
</article>
</main>
<aside class="gh-sidebar"><div class="gh-toc-title">On this page</div><div class="gh-toc"><ol class="toc-list">{side_toc}</ol></div></aside></div>
<footer class="footer"><span>&copy; 2026 <a href="/">{esc(site)}</a></span> · <span>Powered by <a href="https://gohugo.example/" rel="noopener noreferrer" target="_blank">Hugo</a> &amp;
<a href="https://git.example/papermod/" rel="noopener" target="_blank">PaperMod</a></span></footer>
<a href="#top" aria-label="go to top" title="Go to Top (Alt + G)" class="top-link" id="top-link" accesskey="g"><svg viewBox="0 0 12 6" fill="currentColor"><path d="M12 6H0l6-6z"/></svg></a>
</body></html>
"""


def layout_town_paper(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    town = w.pick("nouns").capitalize() + "ford"
    preview, rest = blocks[:2], blocks[2:]
    offer = (f'<div class="lee-article-offer tnt-paywall" id="offer"><h3>Thank you for reading!</h3>'
             f'<p>Please log in, or sign up for a new account and purchase a subscription to continue reading. {esc(w.sentence())}</p>'
             f'<div class="offer-plans"><div class="plan"><h4>Digital</h4><p class="plan-price">$1 for 3 months</p>'
             f'<p>Unlimited access to {esc(site)} on any device. {esc(w.sentence())}</p><a class="btn" href="/subscribe/digital">Sign up now</a></div>'
             f'<div class="plan"><h4>Print + Digital</h4><p class="plan-price">$4.99 a week</p><p>{esc(w.sentence())} '
             f'Delivery every morning except Monday.</p><a class="btn" href="/subscribe/print">Sign up now</a></div></div>'
             f'<p class="offer-login">Already a subscriber? <a href="/users/login/">Log in</a></p></div>')
    signup = (f'<div class="tnt-newsletter-signup inline-newsletter"><div class="newsletter-icon"></div><h4>Get local news delivered to '
              f'your inbox!</h4><p>Subscribe to our Daily Headlines newsletter. {esc(w.sentence())}</p><form action="/newsletters/">'
              f'<input type="email" placeholder="Email address"><button type="submit">Sign up!</button></form>'
              f'<p class="disclaimer">* I understand and agree that registration on or use of this site constitutes agreement to its user agreement and privacy policy.</p></div>')
    rest_parts = []
    for i, block in enumerate(rest):
        rest_parts.append(block)
        if i == min(2, len(rest) - 1) and len(rest) > 1:
            rest_parts.append(signup)
    if len(rest) <= 1:
        rest_parts.append(signup)
    related = "".join(
        f'<div class="card-related"><a href="/news/local/{slug(t)}/article_{rng.randrange(16 ** 8):08x}.html"><h4 class="tnt-headline">{esc(t)}</h4></a>'
        f'<p class="tnt-summary">{esc(s)}</p><time>{rng.randint(2, 11)} hrs ago</time></div>'
        for t, s in (w.teaser() for _ in range(3)))
    obits = "".join(
        f'<li class="obit"><a href="/obituaries/{i}"><b>{esc(w.pick("nouns").capitalize())} {esc(w.pick("nouns").capitalize())}</b></a>'
        f'<p>{rng.randint(60, 99)}, of {esc(town)}. {esc(w.sentence())}</p></li>' for i in range(3))
    popular = "".join(f'<li><a href="/news/p{i}">{esc(w.title())}</a></li>' for i in range(5))
    reporter = w.pick("subjects").title()
    return f"""<!DOCTYPE html><html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)} | Local News | {esc(town.lower())}news.example</title>
<meta property="og:type" content="article"><meta name="tncms-access-version" content="2"></head>
<body class="fixed-nav asset-body">
<div id="site-container">
<div id="site-top-nav-container"><ul class="list-inline"><li class="weather"><a href="/weather/"><span class="tnt-weather-temp">54°</span> Partly cloudy</a></li>
<li class="date">Tuesday, May 12, 2026</li><li><a href="/eedition/">E-Edition</a></li><li><a href="/users/login/">Log in</a></li>
<li><a class="btn-subscribe" href="/subscribe/">Subscribe</a></li></ul></div>
<header id="site-header"><div class="site-logo"><a href="/"><img src="/logo.png" alt="{esc(site)}"></a></div>
<nav id="main-nav"><ul class="nav navbar-nav">{nav_items(w, 9)}</ul></nav></header>
<div id="main-page-container"><section id="main-body-container"><div class="row">
<div class="col-lg-8 col-md-8 main-content">
<article class="asset story" itemscope itemtype="https://schema.org/NewsArticle">
<header class="asset-header"><div class="meta"><span class="asset-section"><a href="/news/local/">Local News</a></span></div>
<h1 class="headline"><span class="tnt-headline" itemprop="headline">{esc(title)}</span></h1>
<ul class="list-inline asset-byline"><li><span class="tnt-byline" itemprop="author">{esc(reporter)} Staff writer</span></li>
<li><time datetime="2026-05-12T05:30:00-05:00">May 12, 2026</time></li></ul>
<div class="share-container"><a href="/share/fb">Facebook</a> <a href="/share/x">Twitter</a> <a href="/share/mail">Email</a> <a href="/print">Print</a>
<a href="#comments">Save</a></div></header>
<div class="asset-content subscriber-premium"><div id="article-body" itemprop="articleBody">
<div class="subscriber-preview">{''.join(preview)}</div>
{offer}
<div class="subscriber-only encrypted-content">{''.join(rest_parts)}</div>
</div></div>
<div class="asset-tags"><span>Tags</span> {' '.join(f'<a href="/search/?t={slug(t)}">{esc(t)}</a>' for t in (w.words(1, 2) for _ in range(3)))}</div>
<div class="related-content"><h3 class="related-title">Related to this story</h3>{related}</div>
<section id="comments" class="asset-comments"><h3>Comments</h3><div class="comment-guidelines"><h4>Welcome to the discussion.</h4>
<p><b>Keep it Clean.</b> Please avoid obscene, vulgar, lewd, racist or sexually-oriented language. <b>Don't Threaten.</b> Threats of harming
another person will not be tolerated. <b>Be Truthful.</b> Don't knowingly lie about anyone or anything. <b>Be Proactive.</b> Use the
'Report' link on each comment to let us know of abusive posts.</p></div><p class="comments-login">Log in to comment.</p></section>
</article></div>
<aside class="col-lg-4 col-md-4 sidebar"><div class="tnt-block"><h3>Most Popular</h3><ol class="most-popular">{popular}</ol></div>
<div class="tnt-block obituaries"><h3>Latest obituaries</h3><ul>{obits}</ul><a href="/obituaries/">View all obituaries</a></div>
<div class="tnt-block ad"><div class="tnt-ads"><span>Advertisement</span><iframe src="about:blank" width="300" height="250" title="ad"></iframe></div></div></aside>
</div></section></div>
<footer id="site-footer"><div class="footer-contact"><p>{esc(site)}, 100 Main Street, {esc(town)}. Phone: 555-0142</p>
<p>{esc(w.sentence())}</p></div><ul class="list-inline">{nav_items(w, 6)}</ul>
<p>© Copyright 2026 {esc(site)}, 100 Main Street {esc(town)} | Terms of Use | Privacy Policy</p>
<p class="powered">Powered by BLOX Content Management System from TownNews.com.</p></footer>
</div></body></html>
"""


def layout_release_notes(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    major, minor = rng.randint(2, 9), rng.randint(3, 30)
    releases = "".join(
        f'<li class="release-item{" is-current" if i == 0 else ""}"><a href="/changelog/{major}-{minor - i}-0">'
        f'<span class="release-item-version">v{major}.{minor - i}.0</span><span class="release-item-date">{["May", "Apr", "Mar", "Feb", "Jan", "Dec"][i]} 2026</span>'
        f'<span class="release-item-summary">{esc(w.sentence())}</span></a></li>' for i in range(6))
    labels = "".join(f'<span class="label label-{k.lower()}">{k}</span>' for k in rng.sample(["New", "Improved", "Fixed"], 2))
    contributors = "".join(f'<a class="contributor" href="/people/{slug(n)}"><img src="/av/{i}.png" alt="" width="28">'
                           f'<span>{esc(n)}</span></a>' for i, n in enumerate(w.pick("subjects").title() for _ in range(4)))
    reactions = "".join(f'<button class="reaction" aria-label="{name}">{emoji} <span>{rng.randint(1, 60)}</span></button>'
                        for emoji, name in (("👍", "thumbs up"), ("🎉", "hooray"), ("❤️", "heart"), ("🚀", "rocket")))
    prev_title, next_title = w.teaser(), w.teaser()
    product = w.pick("nouns").capitalize()
    return f"""<!DOCTYPE html><html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)} · {esc(product)} changelog</title>
<meta name="description" content="What's new in {esc(product)} v{major}.{minor}.0"></head><body class="changelog-page">
<header class="topnav"><a class="brand" href="/">{esc(site)}</a><span class="brand-suffix">Changelog</span>
<nav><a href="/product">Product</a><a href="/pricing">Pricing</a><a href="/docs">Docs</a><a href="/signin">Sign in</a></nav>
<button class="subscribe-updates" data-modal="subscribe">Subscribe to updates</button></header>
<div class="changelog-layout">
<nav class="release-list" aria-label="Releases"><h2 class="release-list-title">Releases</h2><ul>{releases}</ul>
<a class="release-list-more" href="/changelog?page=2">Older releases</a></nav>
<main class="release" id="v{major}-{minor}-0">
<div class="release-head"><div class="release-labels">{labels}</div>
<div class="release-version"><a href="#v{major}-{minor}-0">v{major}.{minor}.0</a> · <time datetime="2026-05-12">May 12, 2026</time></div>
<h1 class="release-title">{esc(title)}</h1></div>
<div class="release-body prose">{''.join(blocks)}</div>
<div class="release-reactions"><span class="reactions-label">Was this update useful?</span>{reactions}</div>
<div class="release-contributors"><h3>Contributors</h3>{contributors}<p class="thanks">Thanks to everyone who filed issues and tested the betas.</p></div>
<div class="release-subscribe"><h3>Never miss an update</h3><p>{esc(w.sentence())} We send one email per release and nothing else.</p>
<form action="/changelog/subscribe"><input type="email" placeholder="you@company.com"><button>Subscribe</button></form></div>
<nav class="release-pager"><a class="pager-prev" href="/changelog/{major}-{minor - 1}-0"><span class="pager-label">Previous release</span>
<strong>{esc(prev_title[0])}</strong><span class="pager-summary">{esc(prev_title[1])}</span></a>
<a class="pager-next" href="/changelog/{major}-{minor + 1}-0-beta"><span class="pager-label">Next (beta)</span>
<strong>{esc(next_title[0])}</strong><span class="pager-summary">{esc(next_title[1])}</span></a></nav>
</main></div>
<div class="feedback-widget" role="complementary"><button>Feedback</button><div class="feedback-panel" hidden><p>Tell us what you think of this release.</p><textarea></textarea></div></div>
<footer class="site-footer"><p class="status"><span class="status-dot"></span> All systems operational</p>
<ul>{nav_items(w, 6)}</ul><p>{esc(w.sentence())}</p><p>© 2026 {esc(site)} Inc.</p></footer>
</body></html>
"""


def layout_campaign_appeal(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    target = rng.choice([5000, 10000, 20000, 50000])
    raised = rng.randint(target // 5, target - 1)
    amounts = "".join(
        f'<label class="amount-option"><input type="radio" name="amount" value="{v}"{" checked" if i == 1 else ""}> £{v}'
        f'<span class="amount-impact">£{v} could pay for {esc(w.phrase())} for a family.</span></label>'
        for i, v in enumerate((10, 25, 50)))
    inline_cta = (f'<div class="appeal-inline-cta"><p class="cta-text">{esc(w.sentence())} Will you help today?</p>'
                  f'<a class="btn btn-donate" href="/donate?appeal={rng.randint(100, 999)}">Give £15 now</a></div>')
    parts = []
    for i, block in enumerate(blocks):
        parts.append(block)
        if i == min(2, len(blocks) - 2):
            parts.append(inline_cta)
    supporters = "".join(
        f'<li class="supporter"><div class="supporter-head"><span class="supporter-name">{esc(w.pick("subjects").title())}</span>'
        f' <span class="supporter-amount">£{rng.choice([5, 10, 20, 25, 50, 100])}</span> <span class="supporter-time">{i + 1} hours ago</span></div>'
        f'<p class="supporter-message">{esc(w.sentence())}</p></li>' for i in range(5))
    ways = "".join(
        f'<div class="help-card"><img src="/img/help{i}.jpg" alt=""><h3>{kind}</h3><p>{esc(w.sentence())} {esc(w.sentence())}</p>'
        f'<a href="/get-involved/{kind.lower()}">Find out more</a></div>' for i, kind in enumerate(("Fundraise", "Volunteer", "Campaign")))
    footer_columns = "".join(f'<ul>{nav_items(w, 4)}</ul>' for _ in range(3))
    return f"""<!DOCTYPE html><html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)} | {esc(site)} Trust</title>
<meta property="og:type" content="website"></head><body class="page-appeal">
<div class="cookie-notice" role="region" aria-label="Cookie notice"><p>{esc(w.sentence())} We use cookies to improve your experience and to understand how our appeals perform.</p>
<button>Accept cookies</button> <button>Reject non-essential</button></div>
<header class="site-header"><a class="logo" href="/">{esc(site)} Trust</a>
<nav class="main-nav"><a href="/about-us">About us</a><a href="/our-work">Our work</a><a href="/get-involved">Get involved</a><a href="/shop">Shop</a></nav>
<a class="btn btn-donate header-donate" href="/donate">Donate</a></header>
<main id="main">
<section class="appeal-hero" style="background-image:url(/img/appeal-hero.jpg)"><div class="appeal-hero-inner">
<p class="eyebrow">Emergency appeal</p><h1 class="appeal-title">{esc(title)}</h1></div></section>
<div class="appeal-grid">
<div class="appeal-story">{''.join(parts)}</div>
<aside class="donation-panel" aria-label="Donate to this appeal">
<div class="progress" role="progressbar" aria-valuenow="{raised * 100 // target}" aria-valuemin="0" aria-valuemax="100"><div class="progress-bar" style="width:{raised * 100 // target}%"></div></div>
<p class="raised"><strong>£{raised:,}</strong> raised of £{target:,} target</p><p class="supporter-count">{rng.randint(40, 900)} supporters</p>
<form class="donate-form" action="/donate"><div class="frequency" role="group"><button type="button" aria-pressed="true">Give once</button>
<button type="button" aria-pressed="false">Give monthly</button></div>
<fieldset><legend>Choose an amount</legend>{amounts}<label class="amount-other">Other amount £<input type="number" min="2"></label></fieldset>
<button type="submit" class="btn btn-donate">Donate now</button></form>
<p class="giftaid"><img src="/img/giftaid.svg" alt="Gift Aid it" width="80"> Boost your donation by 25p of Gift Aid for every £1 you donate, at no extra cost to you.</p>
<p class="secure">Secure payment. You can pay by card, PayPal, Apple Pay or Google Pay.</p></aside>
</div>
<section class="recent-supporters"><h2>Recent supporters</h2><ul>{supporters}</ul><button class="show-more">Show more</button></section>
<section class="other-ways"><h2>Other ways to help</h2><div class="help-cards">{ways}</div></section>
<section class="share-appeal"><h2>Share this appeal</h2><a href="/share/fb">Facebook</a> <a href="/share/x">X</a> <a href="/share/wa">WhatsApp</a> <a href="/share/mail">Email</a></section>
</main>
<footer class="site-footer"><div class="footer-columns">{footer_columns}</div>
<p>{esc(w.sentence())}</p><p>{esc(site)} Trust is a registered charity in England and Wales (1{rng.randint(100000, 999999)}) and Scotland (SC0{rng.randint(10000, 99999)}).
Registered office: 4 Chapel Yard, Springfield.</p><p>© {esc(site)} Trust 2026</p></footer>
</body></html>
"""


def layout_journal_table(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    user = w.pick("nouns") + "_" + w.pick("adjectives") + str(rng.randint(1, 99))
    body = "".join(blocks)
    if rng.random() < 0.5:
        # The hosted editor of the time wrote paragraphs as line breaks.
        body = re.sub(r"</p>\s*<p>", "<br><br>\n", body)
    cut = body.find("</p>")
    if cut > 0:
        body = body[:cut + 4] + '<a name="cutid1"></a>' + body[cut + 4:]
    def calendar_day(day: int) -> str:
        if day in (3, 9, 12):
            return f'<a href="/{user}/2026/05/{day:02d}/">{day}</a>'
        return str(day) if 0 < day <= 31 else ""
    days = "".join(
        "<tr>" + "".join(
            f'<td align="center">{calendar_day(d)}</td>'
            for d in range(week * 7 - 4, week * 7 + 3)) + "</tr>" for week in range(5))
    comments = []
    for i in range(rng.randint(3, 5)):
        indent = 25 * (i % 3 if i else 0)
        who = w.pick("nouns") + str(rng.randint(1, 99))
        comments.append(
            f'<table width="100%" cellpadding="0" cellspacing="0" class="comment"><tr><td><img src="/img/dot.gif" width="{indent}" height="1" alt=""></td>'
            f'<td width="100%"><table width="100%" class="talk-comment" cellpadding="2"><tr><td valign="top" width="100"><img src="/userpic/{i}.gif" width="100" height="100" alt=""></td>'
            f'<td valign="top"><span class="ljuser"><a href="/{who}/profile"><img src="/img/userinfo.gif" alt="[info]" width="17" height="17"></a>'
            f'<a href="/{who}/"><b>{esc(who)}</b></a></span><br><font size="-1">2026-05-{12 + i:02d} {8 + i:02d}:{rng.randint(10, 59)} pm UTC '
            f'(<a href="?thread={1000 + i}#t{1000 + i}">link</a>)</font><br>{esc(w.sentence())} {esc(w.sentence())}<br>'
            f'<font size="-2">(<a href="?replyto={1000 + i}">Reply</a>) (<a href="?thread={1000 + i}">Thread</a>)</font></td></tr></table></td></tr></table>')
    mood = rng.choice(["content", "tired", "cheerful", "contemplative", "busy"])
    return f"""<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">
<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"><title>{esc(user)}: {esc(title)}</title>
<link rel="stylesheet" href="/stc/lj_base.css"></head>
<body bgcolor="#f0f0f0" text="#000000" link="#336699" vlink="#336699">
<table width="100%" border="0" cellpadding="0" cellspacing="0"><tr><td class="lj-topbar" bgcolor="#ffffff">
<a href="/"><img src="/img/logo.gif" alt="{esc(site)}" border="0"></a> <a href="/login.bml">Log in</a> | <a href="/create">Create a journal</a> |
<a href="/site/search.bml">Search</a> | <a href="/shop/">Shop</a></td></tr></table>
<table width="100%" border="0" cellpadding="8" cellspacing="0">
<tr><td colspan="2" bgcolor="#6688aa"><font size="+2" color="#ffffff"><b>{esc(user)}'s Journal</b></font><br>
<font color="#ffffff" size="-1">{esc(w.sentence())}</font></td></tr>
<tr><td width="190" valign="top" bgcolor="#dde6ee"><img src="/userpic/{user}.jpg" width="100" height="100" alt=""><br>
<b>{esc(user)}</b><br><br><b>Navigation</b><br><a href="/{user}/">Recent Entries</a><br><a href="/{user}/calendar">Archive</a><br>
<a href="/{user}/friends">Friends</a><br><a href="/{user}/profile">User Info</a><br><a href="/{user}/tag/">Tags</a><br><br>
<table class="calendar" cellpadding="2" border="0"><tr><th colspan="7"><a href="/{user}/2026/05/">May 2026</a></th></tr>
<tr><td>S</td><td>M</td><td>T</td><td>W</td><td>T</td><td>F</td><td>S</td></tr>{days}</table><br>
<b>Links</b><br>{''.join(f'<a href="{h}">{esc(t)}</a><br>' for t, h in nav_links(w, 5))}
<br><font size="-1">Powered by {esc(site)}</font></td>
<td valign="top"><table width="100%" border="0" cellpadding="3" cellspacing="0" class="entrybox">
<tr><td class="caption" bgcolor="#c0d0e0"><span class="subject"><b>{esc(title)}</b></span></td>
<td class="index" align="right" bgcolor="#c0d0e0">[May. 12th, 2026|<a href="/{user}/2026/05/12/">09:{rng.randint(10, 59)} pm</a>]</td></tr>
<tr><td colspan="2" class="currents"><table cellpadding="1"><tr><td><b>[</b><b>Current Mood</b><b>|</b></td><td><img src="/img/mood/{mood}.gif" alt="{mood}" width="15" height="15"> {mood}<b>]</b></td></tr>
<tr><td><b>[</b><b>Current Music</b><b>|</b></td><td>{esc(w.words(2, 4))}<b>]</b></td></tr></table></td></tr>
<tr><td colspan="2" class="entry">{body}</td></tr>
<tr><td colspan="2" class="tags"><b>Tags:</b> {', '.join(f'<a href="/{user}/tag/{slug(t)}">{esc(t)}</a>' for t in (w.pick("nouns") for _ in range(3)))}</td></tr>
<tr><td colspan="2" class="comments" align="right"><font size="-1">(<a href="?mode=reply">Leave a comment</a>) (<a href="#comments">{len(comments)} comments</a>)</font></td></tr>
</table>
<a name="comments"></a><br>{''.join(comments)}
<br><center><font size="-1"><a href="/go?dir=prev">&lt;&lt; Previous Entry</a> | <a href="/{user}/">Top</a> | <a href="/go?dir=next">Next Entry &gt;&gt;</a></font></center>
</td></tr></table>
<center><font size="-2">{esc(w.sentence())}<br><a href="/legal/privacy">Privacy Policy</a> - <a href="/legal/tos">Terms of Service</a></font></center>
</body></html>
"""


LAYOUTS = {
    "clap-story": (layout_clap_story, 4),
    "wire-story": (layout_wire_story, 4),
    "toc-theme": (layout_toc_theme, 4),
    "town-paper": (layout_town_paper, 4),
    "release-notes": (layout_release_notes, 4),
    "campaign-appeal": (layout_campaign_appeal, 4),
    "journal-table": (layout_journal_table, 4),
}


def main() -> int:
    return main_with_last_page_thin(__doc__, LAYOUTS, "unseen-layouts-5", 53, "y")


if __name__ == "__main__":
    sys.exit(main())
