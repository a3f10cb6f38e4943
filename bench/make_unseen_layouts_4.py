#!/usr/bin/env python3
"""Writes a fourth unseen-layout round-trip set into tests/data/unseen-layouts-4.

The first three sets read 0.99+ now while a reviewer's held-out layouts read 0.885: the engine was
fixed against them. This set was written by someone who had not read the extraction rules, each
layout modelled on a kind of site met every day, with chrome that reads like content:
  - a recipe site's post: the long personal preamble is the article; "Jump to recipe", print and
    pin buttons, a star rating, an affiliate disclosure, ad slots between paragraphs, a "Save this
    post" email box, a "Meet the cook" box, rated comments, a sidebar with a sticky ad rail and a
    fixed adhesion ad;
  - a newsletter post on a hosted newsletter platform: like/comment/share bars above and below,
    a subscribe box at the top, in the text and at the end, "Discussion about this post" with
    replies, previous/next posts and the publication's footer;
  - the web version of an email newsletter: the article in a cell of nested layout tables with
    inline styles, a hidden preheader, "View it in your browser", two-column "In other news"
    teasers, a sponsor block and an unsubscribe footer;
  - a university department page in Drupal markup (region-*, block-*, field--name-body): a
    nested section menu, "Upcoming events" with sentences, a contact field and an address footer;
  - a help-centre entry: a "How can we help?" search hero, breadcrumbs, "Articles in this section",
    "Was this article helpful?", recently viewed and related entries with a snippet each, a
    comments stub and a "Still need help?" contact card;
  - a podcast episode page: cover, an audio player with its controls, "Listen on" links, show
    notes that are the article, host cards, a sponsor read and the list of other episodes with a
    description each;
  - an AMP page: amp-consent, amp-sidebar, amp-social-share, amp-img in the text, amp-ad between
    paragraphs, an amp-carousel of related stories and an amp-list with a mustache template.
Every layout also comes as a thin page (two short paragraphs) under the same chrome.

The set is committed; the seed makes it reproducible. Score it with

    bench/quality_roundtrip.py --set-dir tests/data/unseen-layouts-4 [--per-page]

    bench/make_unseen_layouts_4.py [--out DIR] [--seed N] [--per-layout N]
"""

from __future__ import annotations

import json
import random
import re
import sys

from make_unseen_layouts import Writer, esc, main_with_last_page_thin, nav_links
from make_unseen_layouts_3 import link_list


def nav_items(w: Writer, count: int) -> str:
    return "".join(f'<li><a href="{href}">{esc(t)}</a></li>' for t, href in nav_links(w, count))


def layout_recipe_preamble(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    author = w.pick("subjects").title()
    parts = []
    for i, block in enumerate(blocks):
        parts.append(block)
        if i % 3 == 1:
            parts.append(f'<div class="adthrive-ad adthrive-content" id="ad-{i}"><span class="ad-label">Advertisement</span>'
                         f'<iframe src="about:blank" width="300" height="250" title="ad"></iframe>'
                         f'<a class="report-ad" href="/report-ad">Report this ad</a></div>')
        if i == 3:
            parts.append(f'<div class="save-this-post"><h3>Save this post!</h3><p>{esc(w.sentence())} Enter your email '
                         'below and we will send it straight to your inbox.</p><form action="/save"><input type="email" '
                         'placeholder="Email address"><button>Save</button></form></div>')
    popular = "".join(f'<li><a href="/p/{i}"><img src="/t/{i}.jpg" alt=""><span>{esc(t)}</span></a></li>'
                      for i, (t, _) in enumerate(w.teaser() for _ in range(4)))
    comments = "".join(
        f'<li class="comment"><div class="comment-author"><b>{esc(w.pick("nouns").capitalize())}</b>'
        f' <span class="comment-rating">{"★" * rng.randint(3, 5)}</span></div><div class="comment-date">'
        f'March {i + 4}, 2026 at {i + 8}:02 am</div><p>{esc(w.sentence())} {esc(w.sentence())}</p>'
        f'<a class="comment-reply-link" href="?replytocom={i}">Reply</a></li>' for i in range(4))
    count = rng.randint(20, 90)
    return f"""<!DOCTYPE html><html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)} - {esc(site)}</title></head>
<body class="post-template-default single single-post">
<header class="site-header"><div class="wrap"><p class="site-title"><a href="/">{esc(site)}</a></p>
<nav class="nav-primary"><ul class="menu">{nav_items(w, 6)}</ul></nav>
<form class="search-form" action="/"><input type="search" placeholder="Search this website"></form></div></header>
<div class="site-inner"><div class="content-sidebar-wrap"><main class="content">
<article class="post type-post status-publish entry">
<header class="entry-header"><h1 class="entry-title">{esc(title)}</h1>
<p class="entry-meta">By <a href="/about">{esc(author)}</a> · Published March 3, 2026 · <a href="#comments">{count} Comments</a></p>
<p class="disclosure">This post may contain affiliate links. Please read our disclosure policy.</p>
<div class="post-actions"><a href="#recipe" class="jump-to">Jump to Recipe</a> <a href="/print/{rng.randint(100, 999)}" class="print-link">Print Recipe</a>
<a href="/pin" class="pin-link">Pin Recipe</a></div>
<div class="star-rating" aria-label="4.9 out of 5 stars">★★★★★ <span>4.9 from {count * 3} votes</span></div>
</header>
<div class="entry-content">{''.join(parts)}</div>
<footer class="entry-footer"><p>Filed Under: <a href="/c/1">{esc(w.pick("nouns").capitalize())}</a>, <a href="/c/2">{esc(w.pick("nouns").capitalize())}</a></p></footer>
<div class="about-author"><img src="/me.jpg" alt=""><h4>Meet {esc(author)}</h4><p>{esc(w.sentence())} {esc(w.sentence())}</p>
<a href="/about">Learn more about me</a></div>
<div class="made-it"><p>Did you make this? {esc(w.sentence())} Tag us on Instagram and leave a rating below.</p></div>
</article>
<div id="comments" class="entry-comments"><h3>{count} Comments</h3>
<form class="comment-form" action="/comment"><p>Recipe Rating ☆☆☆☆☆</p><textarea name="comment"></textarea>
<input name="author" placeholder="Name"><button>Post Comment</button></form><ol class="comment-list">{comments}</ol></div>
</main>
<aside class="sidebar sidebar-primary"><section class="widget"><h3 class="widget-title">Hi, I am {esc(author)}!</h3>
<p>{esc(w.sentence())} {esc(w.sentence())}</p></section>
<section class="widget"><h3 class="widget-title">Reader favourites</h3><ul>{popular}</ul></section>
<div class="sticky-rail"><span class="ad-label">Advertisement</span><iframe src="about:blank" width="300" height="600" title="ad"></iframe></div>
</aside></div></div>
<div class="adhesion" style="position:fixed;bottom:0"><iframe src="about:blank" width="728" height="90" title="ad"></iframe>
<button>Close ad</button></div>
<footer class="site-footer"><ul>{nav_items(w, 5)}</ul><p>Copyright © 2026 {esc(site)}. {esc(w.sentence())}</p></footer>
</body></html>
"""


def layout_newsletter_post(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    author = w.pick("subjects").title()
    likes, replies = rng.randint(10, 400), rng.randint(2, 60)
    pitch = (f'<div class="subscription-widget"><p class="subscription-prompt">{esc(site)} is a reader-supported '
             'publication. To receive new posts and support my work, consider becoming a free or paid subscriber.</p>'
             '<form action="/subscribe"><input type="email" placeholder="Type your email..."><button>Subscribe</button></form></div>')
    ufi = (f'<div class="post-ufi"><a class="like-button" href="/like">♥ {likes}</a> <a class="comment-button" href="#discussion">'
           f'{replies}</a> <a class="share-button" href="/share">Share</a> <a class="restack" href="/restack">Restack</a></div>')
    parts = []
    for i, block in enumerate(blocks):
        parts.append(block)
        if i == 2:
            parts.append(f'<div class="subscription-widget-wrap"><p>Thanks for reading {esc(site)}! Subscribe for free '
                         'to receive new posts and support my work.</p><form><input type="email"><button>Subscribe</button>'
                         '</form></div>')
    comments = "".join(
        f'<div class="comment"><div class="comment-meta"><a href="/u/{i}">{esc(w.pick("subjects").title())}</a>'
        f' <span>Apr {i + 15}</span></div><div class="comment-body"><p>{esc(w.sentence())} {esc(w.sentence())}</p></div>'
        f'<div class="comment-actions"><a href="/like">Like ({i + 1})</a> <a href="/reply">Reply</a> <a href="/share">Share</a></div></div>'
        for i in range(rng.randint(3, 5)))
    prev_title, next_title = w.title(), w.title()
    return f"""<!DOCTYPE html><html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)} - by {esc(author)}</title>
<meta property="og:type" content="article"></head><body>
<div class="topbar"><a class="navbar-logo" href="/"><img src="/logo.png" alt=""></a><a class="navbar-title" href="/">{esc(site)}</a>
<button class="subscribe-btn">Subscribe</button><a href="/sign-in">Sign in</a></div>
<div class="single-post-container"><div class="single-post">
<div class="post-header"><h1 class="post-title">{esc(title)}</h1>
<div class="post-meta"><img src="/avatar.jpg" alt=""><a href="/profile">{esc(author)}</a> <span>Apr 14, 2026</span></div>
{ufi}</div>
{pitch}
<div class="available-content"><div class="body markup">{''.join(parts)}</div></div>
{ufi}
{pitch}
<div class="post-nav"><a href="/p/prev">← {esc(prev_title)}</a> <a href="/p/next">{esc(next_title)} →</a></div>
<div id="discussion" class="comments-section"><h4>Discussion about this post</h4>
<form><textarea placeholder="Write a comment..."></textarea></form>{comments}</div>
</div></div>
<div class="footer-wrap"><div class="pub-footer"><h3>Ready for more?</h3><form><input type="email"><button>Subscribe</button></form>
<p>{esc(w.sentence())}</p><p>© 2026 {esc(author)} · <a href="/privacy">Privacy</a> ∙ <a href="/tos">Terms</a> ∙
<a href="/ccpa">Collection notice</a></p><p><a href="/start">Start writing</a> <a href="/app">Get the app</a></p></div></div>
</body></html>
"""


def layout_email_web_view(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    cell = 'style="padding:24px 32px;font-family:Georgia,serif;font-size:17px;line-height:1.6;color:#222"'
    teasers = "".join(
        f'<td width="50%" valign="top" style="padding:12px"><img src="https://img.example/n/{i}.jpg" width="256" alt="">'
        f'<h3 style="font-size:18px"><a href="/n/{i}" style="color:#111">{esc(t)}</a></h3><p style="font-size:15px">{esc(s)}</p>'
        f'<a href="/n/{i}" style="color:#c30">Read more</a></td>'
        for i, (t, s) in enumerate(w.teaser() for _ in range(2)))
    social = " ".join(f'<a href="/social/{n}"><img src="/icons/{n}.png" width="24" alt="{n}"></a>'
                      for n in ("Facebook", "Instagram", "LinkedIn"))
    return f"""<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" lang="{w.lang}"><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8">
<meta name="viewport" content="width=device-width"><title>{esc(title)}</title>
<style type="text/css">body{{margin:0;padding:0}} table{{border-collapse:collapse}} @media only screen and (max-width:620px){{.stack{{display:block!important;width:100%!important}}}}</style></head>
<body style="margin:0;background:#f2f2f2">
<div style="display:none;max-height:0;overflow:hidden">{esc(w.sentence())} &zwnj;&nbsp;&zwnj;&nbsp;</div>
<center><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#f2f2f2"><tr><td align="center">
<table role="presentation" width="640" cellpadding="0" cellspacing="0" border="0" style="background:#ffffff">
<tr><td align="center" style="padding:8px;font-size:12px;color:#777">Having trouble viewing this email? <a href="/web/{rng.randint(1000, 9999)}">View it in your browser</a></td></tr>
<tr><td align="center" style="padding:20px;border-bottom:3px solid #c30"><a href="/"><img src="/logo.png" width="200" alt="{esc(site)}"></a><br>
<span style="font-size:13px;color:#555">Issue {rng.randint(40, 300)} · Thursday, 16 April 2026</span></td></tr>
<tr><td {cell}><h1 style="font-size:30px;line-height:1.2">{esc(title)}</h1>
{''.join(blocks)}</td></tr>
<tr><td style="padding:0 20px"><h2 style="font-size:14px;text-transform:uppercase;color:#c30">In other news</h2>
<table role="presentation" width="100%"><tr>{teasers}</tr></table></td></tr>
<tr><td style="padding:20px 32px;background:#fff6e5"><p style="font-size:14px"><b>This issue is supported by {esc(w.pick("nouns").capitalize())} Co.</b>
{esc(w.sentence())} {esc(w.sentence())}</p><a href="/sponsor" style="background:#c30;color:#fff;padding:8px 14px">Learn more</a></td></tr>
<tr><td align="center" style="padding:24px;font-size:12px;color:#777">{social}<br>
You are receiving this email because you subscribed to {esc(site)}. {esc(w.sentence())}<br>
<a href="/unsubscribe">Unsubscribe</a> | <a href="/preferences">Update your preferences</a> | <a href="/forward">Forward to a friend</a><br>
{esc(site)}, 12 Mill Lane, Springfield</td></tr>
</table></td></tr></table></center>
</body></html>
"""


def layout_drupal_department(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    menu = "".join(
        f'<li class="menu-item menu-item--expanded"><a href="/dept/{g}">{esc(w.pick("nouns").capitalize())}</a><ul class="menu">'
        + "".join(f'<li class="menu-item"><a href="/dept/{g}/{i}">{esc(w.words(1, 3).capitalize())}</a></li>' for i in range(3))
        + "</ul></li>" for g in range(4))
    events = "".join(
        f'<div class="views-row"><div class="views-field views-field-field-date"><time>{i + 3} May 2026, 4:00 pm</time></div>'
        f'<div class="views-field views-field-title"><a href="/events/{i}">{esc(t)}</a></div>'
        f'<div class="views-field views-field-body"><p>{esc(s)}</p></div></div>'
        for i, (t, s) in enumerate(w.teaser() for _ in range(3)))
    news = "".join(
        f'<div class="views-row"><a href="/news/{i}">{esc(t)}</a></div>' for i, (t, _) in enumerate(w.teaser() for _ in range(3)))
    dept = w.pick("nouns").capitalize()
    return f"""<!DOCTYPE html><html lang="{w.lang}" dir="ltr"><head><meta charset="utf-8"><title>{esc(title)} | Department of {esc(dept)} | {esc(site)}</title>
<meta name="Generator" content="Drupal 10 (https://www.drupal.org)"></head>
<body class="path-node page-node-type-page">
<a href="#main-content" class="visually-hidden focusable skip-link">Skip to main content</a>
<div class="dialog-off-canvas-main-canvas" data-off-canvas-main-canvas><div class="layout-container">
<header role="banner"><div class="region region-header">
<div id="block-sitebranding" class="block block-system block-system-branding-block"><a href="/" rel="home"><img src="/logo.svg" alt="Home"></a>
<div class="site-name"><a href="/">{esc(site)} University</a></div><div class="site-slogan">Department of {esc(dept)}</div></div>
<div class="search-block-form block block-search" id="block-searchform" role="search"><form action="/search/node"><input type="search" name="keys" title="Enter the terms you wish to search for."></form></div>
</div>
<div class="region region-primary-menu"><nav role="navigation" aria-labelledby="block-mainnavigation-menu" id="block-mainnavigation" class="block block-menu navigation menu--main">
<h2 class="visually-hidden" id="block-mainnavigation-menu">Main navigation</h2><ul class="menu">{nav_items(w, 7)}</ul></nav></div>
</header>
<div class="region region-breadcrumb"><div id="block-breadcrumbs" class="block block-system block-system-breadcrumb-block">
<nav class="breadcrumb" role="navigation" aria-labelledby="system-breadcrumb"><h2 id="system-breadcrumb" class="visually-hidden">Breadcrumb</h2>
<ol><li><a href="/">Home</a></li><li><a href="/dept">Department of {esc(dept)}</a></li><li><a href="/dept/study">Study</a></li></ol></nav></div></div>
<main role="main"><a id="main-content" tabindex="-1"></a>
<div class="layout-content"><div class="region region-content">
<div data-drupal-messages-fallback class="hidden"></div>
<div id="block-pagetitle" class="block block-core block-page-title-block"><h1 class="page-title"><span class="field field--name-title field--type-string field--label-hidden">{esc(title)}</span></h1></div>
<div id="block-mainpagecontent" class="block block-system block-system-main-block">
<article role="article" about="/node/{rng.randint(100, 999)}" class="node node--type-page node--view-mode-full"><div class="node__content">
<div class="clearfix text-formatted field field--name-body field--type-text-with-summary field--label-hidden field__item">{''.join(blocks)}</div>
<div class="field field--name-field-contact field--type-text-long field--label-above"><div class="field__label">Contact</div>
<div class="field__item"><p>Student Office, Department of {esc(dept)}<br>Room 2.14, Main Building<br>Telephone +44 20 7946 0{rng.randint(100, 999)}</p></div></div>
<div class="field field--name-field-last-reviewed field--type-datetime field--label-inline"><div class="field__label">Page last reviewed</div>
<div class="field__item"><time>10 February 2026</time></div></div>
</div></article></div></div></div>
<aside class="layout-sidebar-first" role="complementary"><div class="region region-sidebar-first">
<nav role="navigation" id="block-sectionmenu" class="block block-menu navigation menu--section"><h2>In this section</h2><ul class="menu">{menu}</ul></nav>
<div id="block-views-block-events-block-1" class="block block-views block-views-blockevents-block-1"><h2>Upcoming events</h2>
<div class="view view-events view-display-id-block_1"><div class="view-content">{events}</div>
<div class="more-link"><a href="/events">All events</a></div></div></div>
<div id="block-views-block-news-block-1" class="block block-views"><h2>Department news</h2><div class="view-content">{news}</div></div>
</div></aside>
</main>
<footer role="contentinfo"><div class="region region-footer">
<div id="block-footeraddress" class="block block-block-content"><div class="clearfix text-formatted field field--name-body field--type-text-with-summary field--label-hidden field__item">
<p>Department of {esc(dept)}, {esc(site)} University, University Road, Springfield SP1 2AB.</p><p>{esc(w.sentence())}</p></div></div>
<nav role="navigation" id="block-footer" class="block block-menu navigation menu--footer"><ul class="menu">
<li><a href="/accessibility">Accessibility</a></li><li><a href="/privacy">Privacy</a></li><li><a href="/freedom-of-information">Freedom of information</a></li></ul></nav>
</div></footer>
</div></div>
</body></html>
"""


def layout_help_centre(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    author = w.pick("subjects").title()
    related = "".join(
        f'<li><a href="/hc/articles/{rng.randint(10000, 99999)}">{esc(t)}</a><p class="snippet">{esc(s)}</p></li>'
        for t, s in (w.teaser() for _ in range(3)))
    helpful = rng.randint(5, 80)
    return f"""<!DOCTYPE html><html dir="ltr" lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)} – {esc(site)} Help Centre</title></head>
<body class="">
<a class="skip-navigation" tabindex="1" href="#main-content">Skip to main content</a>
<header class="header"><div class="logo"><a title="Home" href="/hc"><img src="/logo.png" alt="{esc(site)} Help Centre home page"></a></div>
<div class="nav-wrapper"><nav class="user-nav" id="user-nav"><a class="submit-a-request" href="/hc/requests/new">Submit a request</a></nav>
<a class="sign-in" rel="nofollow" href="/hc/signin">Sign in</a></div></header>
<main role="main">
<section class="section hero"><div class="hero-inner"><h2 class="visibility-hidden">Search</h2>
<form role="search" class="search search-full" action="/hc/search"><input type="search" name="query" placeholder="How can we help?"></form></div></section>
<div class="container-divider"></div>
<div class="container"><nav class="sub-nav"><ol class="breadcrumbs">
<li title="{esc(site)} Help Centre"><a href="/hc">{esc(site)} Help Centre</a></li>
<li title="{esc(w.pick('nouns').capitalize())}"><a href="/hc/categories/1">{esc(w.pick('nouns').capitalize())}</a></li>
<li title="{esc(w.words(1, 2).capitalize())}"><a href="/hc/sections/2">{esc(w.words(1, 2).capitalize())}</a></li></ol></nav>
<div class="article-container" id="article-container">
<aside class="article-sidebar" aria-labelledby="section-articles-title"><div class="collapsible-sidebar">
<h3 id="section-articles-title" class="collapsible-sidebar-title sidenav-title">Articles in this section</h3>
<div class="collapsible-sidebar-body"><ul>{link_list(w, 6, "hc/articles")}</ul><a href="/hc/sections/2" class="article-sidebar-item">See more</a></div></div></aside>
<article id="main-content" class="article">
<header class="article-header"><h1 title="{esc(title)}" class="article-title">{esc(title)}</h1>
<div class="article-author"><div class="avatar article-avatar"><img src="/av.png" alt="Avatar" class="user-avatar"></div>
<div class="article-meta">{esc(author)}<ul class="meta-group"><li class="meta-data"><time>{rng.randint(2, 11)} months ago</time></li>
<li class="meta-data">Updated</li></ul></div></div>
<a class="article-subscribe" title="Opens a sign-in dialog" rel="nofollow" href="/hc/signin">Follow</a></header>
<section class="article-info"><div class="article-content"><div class="article-body">{''.join(blocks)}</div>
<div class="article-attachments"></div></div></section>
<footer><div class="article-footer"><div class="article-share"><a href="/share/fb">Facebook</a> <a href="/share/x">X</a> <a href="/share/in">LinkedIn</a></div>
<a href="#" class="article-comment-count">0 comments</a></div>
<div class="article-votes"><h2 class="article-votes-question" id="article-votes-label">Was this article helpful?</h2>
<div class="article-votes-controls" role="group"><button type="button" class="button article-vote article-vote-up" aria-label="This article was helpful">Yes</button>
<button type="button" class="button article-vote article-vote-down" aria-label="This article was not helpful">No</button></div>
<small class="article-votes-count"><span class="article-vote-label">{helpful} out of {helpful + rng.randint(1, 20)} found this helpful</span></small></div>
<div class="article-more-questions">Have more questions? <a href="/hc/requests/new">Submit a request</a></div>
<div class="article-return-to-top"><a href="#article-container">Return to top</a></div></footer>
<section class="article-relatives"><div data-recent-articles><h2>Recently viewed articles</h2><ul>{link_list(w, 3, "hc/recent")}</ul></div>
<div class="related-articles"><h2>Related articles</h2><ul>{related}</ul></div></section>
<div class="article-comments" id="article-comments"><section class="comments"><header class="comment-overview"><h2 class="comment-heading">Comments</h2>
<p class="comment-callout">0 comments</p></header><p class="comment-callout">Please <a rel="nofollow" href="/hc/signin">sign in</a> to leave a comment.</p></section></div>
</article></div></div>
<section class="contact-card"><h2>Still need help?</h2><p>{esc(w.sentence())} Our support team answers within one working day.</p>
<a class="button" href="/hc/requests/new">Contact us</a></section>
</main>
<footer class="footer"><div class="footer-inner"><a title="Home" href="/hc">{esc(site)}</a><ul>{nav_items(w, 4)}</ul>
<div class="footer-language-selector">English (GB) · Deutsch · Français</div></div></footer>
</body></html>
"""


def layout_podcast_episode(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    number = rng.randint(40, 250)
    minutes = rng.randint(25, 90)
    hosts = "".join(f'<div class="host-card"><img src="/hosts/{i}.jpg" alt=""><h3>{esc(w.pick("subjects").title())}</h3>'
                    f'<p>{esc(w.sentence())}</p></div>' for i in range(2))
    episodes = "".join(
        f'<li class="episode-row"><a href="/episodes/{number - i - 1}"><span class="ep-number">Episode {number - i - 1}</span>'
        f'<h3>{esc(t)}</h3></a><p class="ep-description">{esc(s)} {esc(w.sentence())}</p>'
        f'<span class="ep-duration">{rng.randint(25, 90)} min</span><button aria-label="Play episode">▶ Play</button></li>'
        for i, (t, s) in enumerate(w.teaser() for _ in range(5)))
    return f"""<!DOCTYPE html><html lang="{w.lang}"><head><meta charset="utf-8"><title>{number}: {esc(title)} — {esc(site)} Podcast</title>
<meta property="og:type" content="music.song"></head><body>
<header class="show-header"><a href="/" class="show-logo">{esc(site)} Podcast</a><nav><a href="/episodes">Episodes</a><a href="/about">About</a>
<a href="/support">Support the show</a></nav></header>
<main>
<section class="episode-hero"><img src="/cover.jpg" alt="{esc(site)} Podcast cover art" width="240">
<div class="episode-heading"><p class="episode-meta">Episode {number} · {minutes} min · 12 May 2026</p><h1>{esc(title)}</h1></div></section>
<div class="player" role="region" aria-label="Audio player"><audio controls preload="none" src="https://media.example/ep{number}.mp3">
<a href="https://media.example/ep{number}.mp3">Download the episode</a></audio>
<button class="play">Play</button><span class="time">00:00 / {minutes}:{rng.randint(10, 59)}</span><button>1×</button>
<button>−15 s</button><button>+30 s</button><a class="download" href="https://media.example/ep{number}.mp3" download>Download</a></div>
<div class="listen-on">Listen on <a href="/apple">Apple Podcasts</a> · <a href="/spotify">Spotify</a> · <a href="/pocketcasts">Pocket Casts</a>
· <a href="/feed.xml">RSS</a></div>
<section class="show-notes"><h2>Show notes</h2>{''.join(blocks)}</section>
<aside class="sponsor-read"><p>This episode is brought to you by {esc(w.pick("nouns").capitalize())} Supply. {esc(w.sentence())}
Use the code SHOW at checkout.</p></aside>
<section class="hosts"><h2>Hosts</h2>{hosts}</section>
<section class="episode-list"><h2>More episodes</h2><ol>{episodes}</ol><a href="/episodes">All episodes</a></section>
</main>
<footer><p>{esc(site)} Podcast is an independent production. {esc(w.sentence())}</p><p>© 2026 {esc(site)}</p></footer>
</body></html>
"""


def layout_amp(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    def amp_image(match: re.Match) -> str:
        return f'<amp-img src="{match.group(1)}" alt="{match.group(2)}" width="800" height="533" layout="responsive"></amp-img>'
    parts = []
    for i, block in enumerate(blocks):
        parts.append(re.sub(r'<img src="([^"]*)" alt="([^"]*)" ?/?>', amp_image, block))
        if i == 2:
            parts.append('<amp-ad width="300" height="250" type="doubleclick" data-slot="/1234/amp/article">'
                         '<div placeholder>Advertisement</div><div fallback>Ad failed to load</div></amp-ad>')
    cards = "".join(
        f'<div class="card"><a href="/amp/s/{i}"><amp-img src="/t/{i}.jpg" width="280" height="160" alt=""></amp-img>'
        f'<h3>{esc(t)}</h3></a><p>{esc(s)}</p></div>' for i, (t, s) in enumerate(w.teaser() for _ in range(4)))
    ld = json.dumps({"@context": "https://schema.org", "@type": "NewsArticle", "headline": title,
                     "datePublished": "2026-04-20T08:00:00Z", "publisher": {"@type": "Organization", "name": site}})
    author = w.pick("subjects").title()
    shares = "".join(f'<amp-social-share type="{t}" width="40" height="40"></amp-social-share>'
                     for t in ("twitter", "facebook", "email"))
    return f"""<!doctype html><html ⚡ lang="{w.lang}"><head><meta charset="utf-8">
<script async src="https://cdn.ampproject.org/v0.js"></script>
<script async custom-element="amp-sidebar" src="https://cdn.ampproject.org/v0/amp-sidebar-0.1.js"></script>
<script async custom-element="amp-ad" src="https://cdn.ampproject.org/v0/amp-ad-0.1.js"></script>
<title>{esc(title)} | {esc(site)}</title><link rel="canonical" href="/s/{rng.randint(1000, 9999)}">
<meta name="viewport" content="width=device-width">
<style amp-boilerplate>body{{-webkit-animation:-amp-start 8s steps(1,end) 0s 1 normal both;animation:-amp-start 8s steps(1,end) 0s 1 normal both}}</style>
<noscript><style amp-boilerplate>body{{-webkit-animation:none;animation:none}}</style></noscript>
<style amp-custom>.card{{width:280px}} .byline{{color:#666}}</style>
<script type="application/ld+json">{ld}</script></head>
<body>
<amp-analytics type="gtag" data-credentials="include"><script type="application/json">{{"vars":{{"gtag_id":"G-1"}}}}</script></amp-analytics>
<amp-consent id="consent" layout="nodisplay"><div class="consent-ui"><p>{esc(w.sentence())} We use cookies to personalise ads and measure traffic.</p>
<button on="tap:consent.accept">Accept</button><button on="tap:consent.reject">Reject</button></div></amp-consent>
<amp-sidebar id="menu" layout="nodisplay" side="left"><button on="tap:menu.close">Close</button><ul>{nav_items(w, 8)}</ul></amp-sidebar>
<header class="amp-header"><button on="tap:menu.toggle" aria-label="Menu">☰</button><a href="/">{esc(site)}</a></header>
<main id="content" role="main"><article class="amp-article">
<p class="section-label"><a href="/s">{esc(w.pick("nouns").capitalize())}</a></p>
<h1>{esc(title)}</h1><p class="byline">By {esc(author)} · {rng.randint(2, 9)} hours ago</p>
<div class="share-row">{shares}</div>
<div class="article-body">{''.join(parts)}</div>
</article>
<section class="related"><h2>More stories</h2><amp-carousel type="carousel" layout="fixed-height" height="260">{cards}</amp-carousel></section>
<amp-list src="/api/recommended.json" layout="fixed-height" height="400"><template type="amp-mustache">
<div class="rec"><a href="{{{{url}}}}">{{{{title}}}}</a><p>{{{{summary}}}}</p></div></template><div overflow><button>See more</button></div></amp-list>
</main>
<footer class="amp-footer"><p>{esc(w.sentence())}</p><a href="/s/full">View full site</a><p>© 2026 {esc(site)}</p></footer>
</body></html>
"""


LAYOUTS = {
    "kitchen-diary": (layout_recipe_preamble, 4),
    "letter-post": (layout_newsletter_post, 4),
    "email-web-view": (layout_email_web_view, 4),
    "drupal-department": (layout_drupal_department, 4),
    "help-centre": (layout_help_centre, 4),
    "podcast-episode": (layout_podcast_episode, 4),
    "amp-page": (layout_amp, 4),
}


def main() -> int:
    return main_with_last_page_thin(__doc__, LAYOUTS, "unseen-layouts-4", 47, "x")


if __name__ == "__main__":
    sys.exit(main())
