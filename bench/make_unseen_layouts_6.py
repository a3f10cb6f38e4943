#!/usr/bin/env python3
"""Writes a sixth unseen-layout round-trip set into tests/data/unseen-layouts-6.

Like the fourth and fifth sets, written by someone who had not read the extraction rules, so that it
stands in for the reviewer's held-out layouts. Seven layouts, each modelled on a kind of site met
every day, with chrome that reads like content:
  - a government guidance page: a cookie banner, a phase banner, "From:" and "Published" lines,
    "Get emails about this page", a contents list repeating every heading, a "Part of" step-by-step
    navigation in the sidebar whose steps have a sentence each, "Related content", "Is this page
    useful?" with a hidden "Help us improve" form, the page history and a licence footer;
  - a magazine long-read: a "Listen to this article" button, a drop cap split off the first word,
    full-bleed figures with a photographer's credit, an ornament before each section, a pull
    quote repeating a sentence of the text inside the body, an inline "Recommended" module of
    headlines with a dek each, a print-edition note and an author bio after the text;
  - a press release on a corporate newsroom: a "Press release" eyebrow, share and PDF tools, the
    end mark "###", then the company's "About" boilerplate and forward-looking statements (the
    same text on every release of the site in one language, so not this release's content), media
    contacts, media assets to download and related releases with a sentence each;
  - a WordPress theme whose post is laid out by a page builder: every part a widget in nested
    section/row/column wrappers with hashed data-ids, an "At a glance" icon list in a column beside
    the text, a call-to-action section and a testimonials row among the article's sections, a
    widget sidebar (recent posts, recent comments, archives, categories, an "About this site"
    text widget), post navigation and the theme's "Leave a Reply" form;
  - a travel journal: an affiliate disclosure, a sticky share rail with counts, "Save" buttons on
    the photos, a "Where to stay" box of hotel cards inside the text, an author bio box, "You might
    also like", comments and a comment form, a hidden newsletter pop-up;
  - an interview page: a series bar ("Part 4 of 8"), an "In this conversation" grid of speaker
    photos with a role and a sentence each between the title and the text, topic chips, the
    series' other parts with a sentence each and "More conversations" cards;
  - a page published from a block-based notes workspace: paragraphs are nested <div> blocks (no
    <p>), a cover, an icon, breadcrumbs of the workspace's pages, a property list (created, tags,
    status, owner), an outline repeating the headings, backlinks, page comments and a "Made with"
    bar.
Every layout also comes as a thin page (its last: two short paragraphs) under the same chrome.

The set is committed; the seed makes it reproducible. Score it with

    bench/quality_roundtrip.py --set-dir tests/data/unseen-layouts-6 [--per-page] [--class-blind]

    bench/make_unseen_layouts_6.py [--out DIR] [--seed N] [--per-layout N]
"""

from __future__ import annotations

import html
import random
import re
import sys

from make_unseen_layouts import Writer, esc, main_with_last_page_thin
from make_unseen_layouts_4 import nav_items
from make_unseen_layouts_5 import heading_texts, slug, with_heading_ids

MONTHS = ["January", "February", "March", "April", "May", "June"]


def person(w: Writer) -> str:
    return w.pick("subjects").title()


def hex_id(rng: random.Random, digits: int = 7) -> str:
    return f"{rng.randrange(16 ** digits):0{digits}x}"


def site_writer(w: Writer, site: str) -> Writer:
    """A Writer seeded by the site alone: what a site prints on every page (its boilerplate) is the
    same text on each of them (in one language)."""
    return Writer(random.Random(site), w.lang, w.host)


def layout_guidance_steps(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    headings = heading_texts(blocks)
    body = "".join(with_heading_ids(block) for block in blocks)
    department = f"Department for {w.pick('nouns').capitalize()}s and {w.pick('nouns').capitalize()}s"
    contents = "".join(f'<li class="contents-list__item"><span class="contents-list__number">{n}. </span>'
                       f'<a class="contents-list__link" href="#{slug(h)}">{h}</a></li>' for n, h in enumerate(headings, 1))
    contents_nav = (f'<nav class="contents-list" aria-label="Contents"><h2 class="contents-list__title">Contents</h2>'
                    f'<ol class="contents-list__list">{contents}</ol></nav>') if headings else ""
    current = rng.randint(1, 4)
    steps = "".join(
        f'<li class="step-nav__step{" step-nav__step--active" if n == current else ""}"><div class="step-nav__header">'
        f'<h3 class="step-nav__title"><span class="step-nav__circle"><span class="visually-hidden">Step</span> {n}</span> '
        f'<button class="step-nav__button" aria-expanded="{"true" if n == current else "false"}">{esc(w.title())}</button></h3></div>'
        f'<div class="step-nav__panel"{"" if n == current else " hidden"}><p class="step-nav__paragraph">{esc(w.sentence())}</p>'
        f'<ol class="step-nav__list"><li><a href="/guidance/{slug(w.words(2, 3))}">{esc(w.title())}</a></li>'
        f'<li><a href="/guidance/{slug(w.words(2, 3))}">{esc(w.title())}</a></li></ol></div></li>'
        for n in range(1, 6))
    step_nav = (f'<div class="step-nav-related"><h2 class="step-nav-related__heading">Part of</h2>'
                f'<a href="/{slug(w.words(2, 3))}-step-by-step">Step by step: {esc(w.title())}</a></div>'
                f'<div class="step-by-step-nav" data-module="step-by-step-nav"><button class="step-nav__controls">Show all steps</button>'
                f'<ol class="step-nav__steps">{steps}</ol></div>')
    related = "".join(f'<li><a class="related-navigation__section-link" href="/guidance/{slug(t)}">{esc(t)}</a></li>'
                      for t in (w.title() for _ in range(4)))
    explore = "".join(f'<li><a href="/{slug(t)}">{esc(t)}</a></li>' for t in (w.words(1, 2).capitalize() for _ in range(3)))
    history = "".join(f'<li><time>{d} {m} 2026</time><p>{esc(w.sentence())}</p></li>'
                      for d, m in ((rng.randint(1, 28), "May"), (rng.randint(1, 28), "February")))
    feedback = (f'<div class="feedback" data-module="feedback"><div class="feedback__prompt"><h2 class="feedback__prompt-question">Is this page useful?</h2>'
                f'<button class="feedback__button">Yes</button> <button class="feedback__button">No</button>'
                f'<button class="feedback__report">Report a problem with this page</button></div>'
                f'<form class="feedback__form" hidden><h3>Help us improve {esc(site)}</h3><p>{esc(w.sentence())} Don\'t include personal or financial information like your National Insurance number or credit card details.</p>'
                f'<label>What were you doing?<input name="what_doing"></label><label>What went wrong?<input name="what_wrong"></label>'
                f'<button type="submit">Send</button><button type="button">Cancel</button></form></div>')
    footer_links = "".join(f'<li><a href="/help/{slug(t)}">{t}</a></li>' for t in
                           ("Help", "Privacy", "Cookies", "Accessibility statement", "Contact", "Terms and conditions", "Rhestr o Wasanaethau Cymraeg"))
    return f"""<!DOCTYPE html><html lang="{w.lang}" class="govuk-template"><head><meta charset="utf-8"><title>{esc(title)} - {esc(site)}</title>
<meta name="description" content="{esc(w.sentence())}"><meta property="og:type" content="article"></head>
<body class="govuk-template__body">
<a href="#main-content" class="govuk-skip-link">Skip to main content</a>
<div class="cookie-banner" role="region" aria-label="Cookies on {esc(site)}"><h2>Cookies on {esc(site)}</h2>
<p>We use some essential cookies to make this website work.</p><p>We'd like to set additional cookies to understand how you use {esc(site)}, remember your settings and improve our services.</p>
<button>Accept additional cookies</button><button>Reject additional cookies</button><a href="/help/cookies">View cookies</a></div>
<header class="govuk-header" role="banner"><div class="govuk-header__container"><a href="/" class="govuk-header__link--homepage">{esc(site)}</a>
<button class="govuk-header__menu-button" aria-controls="super-navigation-menu">Menu</button>
<form class="search" action="/search"><label for="q">Search {esc(site)}</label><input id="q" name="q"><button>Search</button></form></div>
<nav id="super-navigation-menu" hidden><ul>{nav_items(w, 8)}</ul></nav></header>
<div class="govuk-width-container">
<div class="govuk-phase-banner"><p><strong class="govuk-tag">Beta</strong> <span>This is a new service – your <a href="/feedback">feedback</a> will help us to improve it.</span></p></div>
<nav class="govuk-breadcrumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/browse/{slug(w.pick('nouns'))}">{esc(w.pick('nouns').capitalize())}</a></li>
<li><a href="/browse/{slug(w.words(1, 2))}">{esc(w.words(1, 2).capitalize())}</a></li></ol></nav>
<main id="main-content" class="govuk-main-wrapper" role="main" lang="{w.lang}">
<div class="govuk-grid-row"><div class="govuk-grid-column-two-thirds">
<span class="govuk-caption-xl">Guidance</span><h1 class="gem-c-title__text">{esc(title)}</h1></div></div>
<div class="govuk-grid-row"><div class="govuk-grid-column-two-thirds">
<div class="gem-c-metadata"><dl><dt>From:</dt><dd><a href="/organisations/{slug(department)}">{esc(department)}</a></dd>
<dt>Published</dt><dd>{rng.randint(1, 28)} {rng.choice(MONTHS)} 2025</dd><dt>Last updated</dt><dd>{rng.randint(1, 28)} May 2026 —
<a href="#history">See all updates</a></dd></dl></div>
<div class="gem-c-single-page-notification-button"><button>Get emails about this page</button></div>
{contents_nav}
<div class="govspeak">{body}</div>
<div class="gem-c-print-link"><button>Print this page</button></div>
<div class="app-c-back-to-top"><a href="#contents">Contents</a></div>
<section id="history" class="app-c-published-dates"><h2>Updates to this page</h2><p>Published {rng.randint(1, 28)} {rng.choice(MONTHS)} 2025</p>
<ol class="app-c-published-dates__list" hidden>{history}</ol><button>show all updates</button></section>
</div>
<div class="govuk-grid-column-one-third"><aside class="related-navigation" role="complementary">{step_nav}
<nav class="related-navigation__nav-section" aria-labelledby="related-nav-related_items"><h2 id="related-nav-related_items">Related content</h2><ul>{related}</ul></nav>
<nav class="related-navigation__nav-section"><h2>Explore the topic</h2><ul>{explore}</ul></nav></aside></div></div>
{feedback}
</main></div>
<footer class="govuk-footer" role="contentinfo"><div class="govuk-footer__navigation"><div><h2>Services and information</h2><ul>{nav_items(w, 10)}</ul></div>
<div><h2>Government activity</h2><ul>{nav_items(w, 5)}</ul></div></div>
<h2 class="visually-hidden">Support links</h2><ul class="govuk-footer__inline-list">{footer_links}</ul>
<p>Built by the {esc(w.pick("nouns").capitalize())} Digital Service</p>
<span class="govuk-footer__licence-description">All content is available under the <a href="/licence">Open Government Licence v3.0</a>, except where otherwise stated</span>
<a class="govuk-footer__copyright-logo" href="/copyright">© Crown copyright</a></footer>
</body></html>
"""


def layout_longread(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    author, photographer = person(w), person(w)

    def figure(match: re.Match) -> str:
        return (f'<figure class="ArticleFigure full-bleed"><picture><source media="(min-width: 976px)" srcset="{match.group(1)}?w=2000 2000w">'
                f'<img class="ArticleFigure_image" src="{match.group(1)}" alt="{match.group(2)}" loading="lazy" width="2000" height="1333"></picture>'
                f'<figcaption class="ArticleFigure_credit"><span class="visually-hidden">Photograph: </span>{esc(photographer)} for {esc(site)}</figcaption></figure>')

    def drop_cap(block: str) -> str:
        # The first letter in its own span, as magazine templates set a drop cap: the word reads whole.
        return re.sub(r"^<p>([A-Za-zÀ-ÿ])", r'<p class="ArticleParagraph_dropcap"><span class="dropcap">\1</span>', block, count=1)

    # The pull quote repeats one whole sentence of the text, as the magazine's editors pick it.
    sentences = [s for b in blocks if b.startswith("<p>") and "<img" not in b
                 for s in re.split(r"(?<=\.) ", html.unescape(re.sub(r"<[^>]+>", "", b)).strip()) if len(s) >= 30]
    pull = rng.choice(sentences) if sentences else w.sentence()
    recommended = "".join(
        f'<li class="ArticleRecirc_item"><a href="/{rng.choice(["culture", "ideas", "science"])}/archive/2026/{slug(t)}/{rng.randint(600000, 699999)}/">'
        f'<img src="/thumbor/{i}.jpg" alt="" width="160"><h3 class="ArticleRecirc_headline">{esc(t)}</h3></a>'
        f'<p class="ArticleRecirc_dek">{esc(s)}</p><address class="ArticleRecirc_byline">{esc(person(w))}</address></li>'
        for i, (t, s) in enumerate(w.teaser() for _ in range(3)))
    recirc = f'<section class="ArticleRecirc" aria-labelledby="recirc"><h2 id="recirc" class="ArticleRecirc_label">Recommended</h2><ul>{recommended}</ul></section>'
    parts = []
    h2_seen = 0
    for i, block in enumerate(blocks):
        block = re.sub(r'<p><img src="([^"]*)" alt="([^"]*)" /></p>', figure, block)
        if i == 0:
            block = drop_cap(block)
        if block.startswith("<h2>"):
            h2_seen += 1
            parts.append('<div class="ArticleSectionBreak" aria-hidden="true">◆ ◆ ◆</div>')
            if h2_seen == 2:
                parts.append(f'<figure class="ArticlePullquote"><blockquote><p>{esc(pull)}</p></blockquote></figure>')
        parts.append(block)
        if i == max(2, len(blocks) * 2 // 5) - 1:
            parts.append(recirc)
    if recirc not in parts:
        parts.append(recirc)
    popular = "".join(f'<li><a href="/pop/{i}"><span class="num">{i + 1}</span>{esc(w.title())}</a></li>' for i in range(5))
    minutes = rng.randint(14, 40)
    return f"""<!DOCTYPE html><html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)} - {esc(site)}</title>
<meta property="og:type" content="article"><meta name="author" content="{esc(author)}"></head>
<body><div id="__next">
<header class="SiteHeader"><a class="SiteHeader_logo" href="/">{esc(site)}</a>
<nav class="SiteHeader_sections"><a href="/politics/">Politics</a><a href="/ideas/">Ideas</a><a href="/culture/">Culture</a><a href="/science/">Science</a><a href="/magazine/">Magazine</a></nav>
<div class="SiteHeader_promo"><a href="/subscribe">Subscribe</a><span>Get 12 issues for $29.99 and never hit a paywall.</span></div><a href="/login">Sign in</a></header>
<main id="main-content"><article class="ArticleLayout_article">
<header class="ArticleHero"><div class="ArticleHero_rubric"><a href="/magazine/2026/06/">From the June 2026 issue</a></div>
<h1 class="ArticleTitle">{esc(title)}</h1>
<div class="ArticleBylines"><address>By <a href="/author/{slug(author)}/">{esc(author)}</a></address><span>Photographs by {esc(photographer)}</span></div>
<div class="ArticleHero_meta"><time datetime="2026-05-12T10:00:00Z">May 12, 2026</time> <span>· {minutes} min read</span></div>
<div class="ArticleAudio"><button class="ArticleAudio_play" aria-label="Listen to this article">Listen to this article</button><span class="ArticleAudio_duration">{minutes + 6}:{rng.randint(10, 59)}</span>
<span class="ArticleAudio_note">Produced by ElevenLabs and News Over Audio (Noa) using AI narration.</span></div>
<div class="ArticleShare"><button>Share</button><button>Save</button><button>Gift this article</button></div></header>
<section class="ArticleBody_root">{''.join(parts)}</section>
<div class="ArticleEnd"><p class="ArticleEnd_print"><em>This article appears in the <a href="/magazine/toc/2026/06/">June 2026</a> print edition with the headline “{esc(w.title())}.”</em></p>
<div class="ArticleBio"><p><a href="/author/{slug(author)}/">{esc(author)}</a> is a staff writer at {esc(site)}. {esc(w.sentence())}</p></div></div>
<div class="ArticleNewsletter"><h3>Sign up for the {esc(w.pick("nouns").capitalize())} newsletter</h3><p>{esc(w.sentence())} Delivered every Sunday.</p>
<input type="email" placeholder="Enter your email"><button>Sign up</button></div>
</article>
<aside class="MostPopular"><h2>Most Popular</h2><ol>{popular}</ol></aside></main>
<footer class="SiteFooter"><div class="SiteFooter_cols"><ul>{nav_items(w, 5)}</ul><ul>{nav_items(w, 5)}</ul><ul>{nav_items(w, 5)}</ul></div>
<p>{esc(w.sentence())}</p><p>{esc(site)} Monthly Group. Copyright © 2026. All rights reserved.</p></footer>
</div></body></html>
"""


def layout_newsroom_release(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    company = f"{site} Group"
    boiler = site_writer(w, site)
    first = boiler.sentence()
    about = f"{esc(company)}: {esc(first)} {esc(boiler.sentence())} {esc(boiler.sentence())}"
    legal = (f"This press release contains forward-looking statements. {esc(boiler.sentence())} Actual results may differ materially "
             f"from those expressed or implied. {esc(company)} undertakes no obligation to update any forward-looking statement.")
    contacts = "".join(
        f'<div class="media-contact"><p class="media-contact__name">{esc(n)}</p><p class="media-contact__role">{role}</p>'
        f'<p><a href="mailto:press{i}@{w.host}">press{i}@{w.host}</a></p><p>+1 555 01{rng.randint(10, 99)}</p></div>'
        for i, (n, role) in enumerate(((person(w), "Corporate Communications"), (person(w), "Investor Relations"))))
    assets = "".join(
        f'<li class="asset"><img src="/media/{slug(t)}-thumb.jpg" alt="{esc(t)}" width="180"><p>{esc(t)}</p>'
        f'<a href="/media/{slug(t)}.jpg" download>Download (JPG, {rng.randint(1, 9)}.{rng.randint(1, 9)} MB)</a></li>'
        for t in (w.words(2, 3).capitalize() for _ in range(3)))
    related = "".join(
        f'<li class="news-card"><time>{rng.choice(MONTHS)} {rng.randint(1, 28)}, 2026</time><span class="news-card__type">Press release</span>'
        f'<a href="/newsroom/{slug(t)}"><h3>{esc(t)}</h3></a><p>{esc(s)}</p></li>'
        for t, s in (w.teaser() for _ in range(3)))
    return f"""<!DOCTYPE html><html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)} | {esc(company)} Newsroom</title>
<meta property="og:type" content="article"></head><body class="newsroom newsroom-detail">
<header class="corp-header"><a class="corp-logo" href="/">{esc(company)}</a><nav class="corp-nav"><a href="/products">Products</a><a href="/solutions">Solutions</a>
<a href="/investors">Investors</a><a href="/careers">Careers</a><a href="/newsroom">Newsroom</a></nav><a class="corp-cta" href="/contact-sales">Contact sales</a></header>
<nav class="newsroom-subnav"><a href="/newsroom">All news</a><a href="/newsroom/press-releases">Press releases</a><a href="/newsroom/media-kit">Media kit</a><a href="/newsroom/contacts">Media contacts</a></nav>
<main class="newsroom-main"><div class="release-grid">
<article class="release">
<div class="release__eyebrow"><span class="release__type">Press release</span> <time datetime="2026-05-12">May 12, 2026</time> <span class="release__topic">{esc(w.pick("nouns").capitalize())}</span></div>
<h1 class="release__title">{esc(title)}</h1>
<div class="release__tools"><span>Share</span><a href="/share/linkedin">LinkedIn</a><a href="/share/x">X</a><a href="/share/mail">Email</a>
<a class="release__pdf" href="/newsroom/{slug(title)}.pdf">Download PDF</a></div>
<div class="release__body">{''.join(blocks)}<p class="release__end">###</p></div>
<div class="release__boilerplate"><h2>About {esc(company)}</h2><p>{about} For more information, visit <a href="/">{w.host}</a>.</p>
<h2>Forward-looking statements</h2><p class="legal">{legal}</p></div>
</article>
<aside class="release-aside"><section class="media-contacts"><h2>Media contacts</h2>{contacts}</section>
<section class="media-assets"><h2>Media assets</h2><ul>{assets}</ul><a href="/newsroom/media-kit">Visit the media kit</a></section></aside>
</div>
<section class="related-releases"><h2>Related news</h2><ul>{related}</ul><a href="/newsroom/press-releases">See all press releases</a></section>
<section class="news-alerts"><h2>Get news alerts</h2><p>Receive {esc(company)} press releases by email. {esc(w.sentence())}</p>
<form><input type="email" placeholder="Work email"><button>Subscribe</button></form></section>
</main>
<footer class="corp-footer"><div class="corp-footer__cols"><ul>{nav_items(w, 5)}</ul><ul>{nav_items(w, 5)}</ul><ul>{nav_items(w, 5)}</ul></div>
<p>© 2026 {esc(company)} Inc. All rights reserved. <a href="/legal/privacy">Privacy</a> <a href="/legal/terms">Terms</a> <a href="/legal/cookies">Cookie settings</a></p></footer>
</body></html>
"""


def layout_builder_columns(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    def element(kind: str, inner: str, extra: str = "") -> str:
        ident = hex_id(rng)
        return (f'<div class="elementor-element elementor-element-{ident} elementor-widget elementor-widget-{kind}{extra}" data-id="{ident}" '
                f'data-element_type="widget" data-widget_type="{kind}.default"><div class="elementor-widget-container">{inner}</div></div>')

    def column(size: int, inner: str) -> str:
        ident = hex_id(rng)
        return (f'<div class="elementor-column elementor-col-{size} elementor-element elementor-element-{ident}" data-id="{ident}" '
                f'data-element_type="column"><div class="elementor-widget-wrap elementor-element-populated">{inner}</div></div>')

    def section(*columns: str, extra: str = "") -> str:
        ident = hex_id(rng)
        return (f'<section class="elementor-section elementor-top-section elementor-element elementor-element-{ident} elementor-section-boxed{extra}" '
                f'data-id="{ident}" data-element_type="section"><div class="elementor-container elementor-column-gap-default">{"".join(columns)}</div></section>')

    def widgets(group: list[str]) -> str:
        out = []
        for block in group:
            if block.startswith("<h2>"):
                out.append(element("heading", block.replace("<h2>", '<h2 class="elementor-heading-title elementor-size-default">', 1)))
            elif block.startswith('<p><img'):
                m = re.match(r'<p><img src="([^"]*)" alt="([^"]*)" />', block)
                out.append(element("image", f'<img decoding="async" width="800" height="533" src="{m.group(1)}" '
                                            f'class="attachment-large size-large wp-image-{rng.randint(100, 999)}" alt="{m.group(2)}">'))
            else:
                out.append(element("text-editor", block))
        return "".join(out)

    # The article in groups, one per section; the first group's section puts an "At a glance" list beside it.
    groups: list[list[str]] = [[]]
    for block in blocks:
        if block.startswith("<h2>") and groups[-1]:
            groups.append([])
        groups[-1].append(block)
    glance = "".join(f'<li class="elementor-icon-list-item"><span class="elementor-icon-list-icon"><i class="fas fa-check"></i></span>'
                     f'<span class="elementor-icon-list-text">{esc(t)}</span></li>'
                     for t in ("Free workshop advice", "Open seven days a week", f"{rng.randint(500, 4000):,} riders helped this year",
                               "Family run since 1987"))
    glance_column = column(33, element("heading", '<h4 class="elementor-heading-title elementor-size-default">At a glance</h4>')
                           + element("icon-list", f'<ul class="elementor-icon-list-items">{glance}</ul>'))
    cta = section(column(100, element("icon-box", f'<div class="elementor-icon-box-wrapper"><h3 class="elementor-icon-box-title"><span>Need a hand with your '
                                                  f'{esc(w.pick("nouns"))}?</span></h3><p class="elementor-icon-box-description">{esc(w.sentence())} '
                                                  f'Book a free check at our workshop.</p></div>')
                                + element("button", '<a class="elementor-button elementor-size-sm" href="/book"><span class="elementor-button-text">Book now</span></a>')),
                  extra=" elementor-section-cta")
    testimonials = section(*(column(33, element("testimonial", f'<div class="elementor-testimonial-content">{esc(w.sentence())} {esc(w.sentence())}</div>'
                                                             f'<div class="elementor-testimonial-meta"><div class="elementor-testimonial-name">{esc(person(w))}</div>'
                                                             f'<div class="elementor-testimonial-job">Customer since 20{rng.randint(10, 24)}</div></div>'))
                             for _ in range(3)))
    sections = []
    for n, group in enumerate(groups):
        if n == 0:
            sections.append(section(column(66, widgets(group)), glance_column))
        else:
            sections.append(section(column(100, widgets(group))))
        if n == min(1, len(groups) - 1):
            sections.append(cta)
    sections.append(testimonials)
    recent = "".join(f'<li><a href="/{slug(t)}/">{esc(t)}</a></li>' for t in (w.title() for _ in range(5)))
    comments = "".join(f'<li class="recentcomments"><span class="comment-author-link">{esc(w.pick("nouns"))}{i}</span> on '
                       f'<a href="/{slug(t)}/#comment-{rng.randint(100, 999)}">{esc(t)}</a></li>' for i, t in enumerate(w.title() for _ in range(3)))
    archives = "".join(f'<li><a href="/2026/{i + 1:02d}/">{m} 2026</a></li>' for i, m in enumerate(MONTHS[:5]))
    categories = "".join(f'<li class="cat-item"><a href="/category/{slug(c)}/">{esc(c)}</a> ({rng.randint(2, 40)})</li>'
                         for c in (w.pick("nouns").capitalize() for _ in range(5)))
    author = person(w)
    return f"""<!DOCTYPE html><html lang="{w.lang}"><head><meta charset="UTF-8"><title>{esc(title)} &#8211; {esc(site)}</title>
<meta name="generator" content="WordPress 6.5.3"><meta name="generator" content="Elementor 3.21.4"></head>
<body class="post-template-default single single-post postid-{rng.randint(1000, 9999)} single-format-standard elementor-default elementor-kit-7 elementor-page">
<div id="page" class="site"><a class="skip-link screen-reader-text" href="#content">Skip to content</a>
<header id="masthead" class="site-header"><div class="site-branding"><p class="site-title"><a href="/" rel="home">{esc(site)}</a></p>
<p class="site-description">{esc(w.sentence())}</p></div>
<nav id="site-navigation" class="main-navigation"><button class="menu-toggle" aria-controls="primary-menu">Menu</button><ul id="primary-menu" class="menu">{nav_items(w, 7)}</ul></nav></header>
<div id="content" class="site-content"><div id="primary" class="content-area"><main id="main" class="site-main">
<article id="post-{rng.randint(100, 999)}" class="post type-post status-publish format-standard has-post-thumbnail hentry">
<header class="entry-header"><h1 class="entry-title">{esc(title)}</h1>
<div class="entry-meta"><span class="posted-on">Posted on <a href="/2026/05/12/" rel="bookmark"><time class="entry-date published">May 12, 2026</time></a></span>
<span class="byline"> by <span class="author vcard"><a class="url fn n" href="/author/{slug(author)}/">{esc(author)}</a></span></span></div></header>
<div class="entry-content"><div data-elementor-type="wp-post" data-elementor-id="{rng.randint(100, 999)}" class="elementor elementor-{rng.randint(100, 999)}">
{''.join(sections)}
</div></div>
<footer class="entry-footer"><span class="cat-links">Posted in <a href="/category/a/" rel="category tag">{esc(w.pick("nouns").capitalize())}</a>, <a href="/category/b/" rel="category tag">{esc(w.pick("nouns").capitalize())}</a></span>
<span class="tags-links">Tagged <a href="/tag/a/" rel="tag">{esc(w.pick("nouns"))}</a>, <a href="/tag/b/" rel="tag">{esc(w.pick("nouns"))}</a></span></footer>
</article>
<nav class="navigation post-navigation" aria-label="Posts"><h2 class="screen-reader-text">Post navigation</h2><div class="nav-links">
<div class="nav-previous"><a href="/prev/" rel="prev"><span class="nav-subtitle">Previous:</span> <span class="nav-title">{esc(w.title())}</span></a></div>
<div class="nav-next"><a href="/next/" rel="next"><span class="nav-subtitle">Next:</span> <span class="nav-title">{esc(w.title())}</span></a></div></div></nav>
<div id="comments" class="comments-area"><div id="respond" class="comment-respond"><h3 id="reply-title" class="comment-reply-title">Leave a Reply</h3>
<form action="/wp-comments-post.php" method="post" id="commentform" class="comment-form"><p class="comment-notes"><span id="email-notes">Your email address will not be published.</span>
<span class="required-field-message">Required fields are marked <span class="required">*</span></span></p>
<p class="comment-form-comment"><label for="comment">Comment <span class="required">*</span></label><textarea id="comment" name="comment" cols="45" rows="8"></textarea></p>
<p class="comment-form-author"><label for="author">Name <span class="required">*</span></label><input id="author" name="author"></p>
<p class="comment-form-email"><label for="email">Email <span class="required">*</span></label><input id="email" name="email"></p>
<p class="comment-form-cookies-consent"><input id="wp-comment-cookies-consent" type="checkbox"><label for="wp-comment-cookies-consent">Save my name, email, and website in this browser for the next time I comment.</label></p>
<p class="form-submit"><input type="submit" class="submit" value="Post Comment"></p></form></div></div>
</main></div>
<aside id="secondary" class="widget-area">
<section id="search-2" class="widget widget_search"><form role="search" class="search-form" action="/"><label><span class="screen-reader-text">Search for:</span><input type="search" class="search-field" placeholder="Search &hellip;"></label><input type="submit" class="search-submit" value="Search"></form></section>
<section id="text-3" class="widget widget_text"><h2 class="widget-title">About this site</h2><div class="textwidget"><p>{esc(w.sentence())} {esc(w.sentence())}</p></div></section>
<section id="recent-posts-2" class="widget widget_recent_entries"><h2 class="widget-title">Recent Posts</h2><ul>{recent}</ul></section>
<section id="recent-comments-2" class="widget widget_recent_comments"><h2 class="widget-title">Recent Comments</h2><ul id="recentcomments">{comments}</ul></section>
<section id="archives-2" class="widget widget_archive"><h2 class="widget-title">Archives</h2><ul>{archives}</ul></section>
<section id="categories-2" class="widget widget_categories"><h2 class="widget-title">Categories</h2><ul>{categories}</ul></section>
</aside></div>
<footer id="colophon" class="site-footer"><div class="footer-widgets"><div class="footer-widget-1"><p>{esc(w.sentence())}</p></div><div class="footer-widget-2"><ul>{nav_items(w, 5)}</ul></div></div>
<div class="site-info"><a href="https://wordpress.example/">Proudly powered by WordPress</a><span class="sep"> | </span>Theme: Astral by Example Themes.</div></footer>
</div></body></html>
"""


def layout_travel_journal(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    author = person(w)
    shares = rng.randint(200, 9000)

    def photo(match: re.Match) -> str:
        return (f'<p><span class="pin-wrap"><img src="{match.group(1)}" alt="{match.group(2)}" class="wp-image-{rng.randint(1000, 9999)}" data-pin-description="{match.group(2)}" />'
                f'<a class="pin-it-button" href="https://pin.example/pin/create/?media={match.group(1)}" aria-label="Save to Pinterest">Save</a></span></p>')
    hotels = "".join(
        f'<div class="stay-card"><img src="/hotels/{i}.jpg" alt="" width="240"><h4>{esc(w.words(2, 3).title())} {kind}</h4>'
        f'<p class="stay-price">From ${rng.randint(60, 380)} a night</p><p>{esc(w.sentence())}</p>'
        f'<a class="btn-affiliate" href="https://booking.example/hotel/{i}?aid={rng.randint(100000, 999999)}" rel="sponsored nofollow">Check prices</a></div>'
        for i, kind in enumerate(("Guesthouse", "Hotel", "Lodge")))
    stay = (f'<div class="where-to-stay"><h3>Where to stay</h3><p>{esc(w.sentence())} These are the places we would book again.</p>'
            f'<div class="stay-cards">{hotels}</div></div>')
    parts = []
    for i, block in enumerate(blocks):
        parts.append(re.sub(r'<p><img src="([^"]*)" alt="([^"]*)" /></p>', photo, block))
        if i == min(3, len(blocks) - 2):
            parts.append(stay)
    cards = "".join(f'<div class="related-post"><a href="/{slug(t)}/"><img src="/wp-content/uploads/{i}.jpg" alt=""><h4>{esc(t)}</h4></a><p>{esc(s)}</p></div>'
                    for i, (t, s) in enumerate(w.teaser() for _ in range(3)))
    comments = "".join(
        f'<li class="comment"><article class="comment-body"><footer class="comment-meta"><b class="fn">{esc(w.pick("nouns").capitalize())} {esc(w.pick("nouns").capitalize())}</b>'
        f' <time>{rng.choice(MONTHS)} {rng.randint(1, 28)}, 2026 at {rng.randint(1, 12)}:{rng.randint(10, 59)} pm</time></footer>'
        f'<div class="comment-content"><p>{esc(w.sentence())} {esc(w.sentence())}</p></div><a class="comment-reply-link" href="#respond">Reply</a></article></li>'
        for _ in range(rng.randint(2, 3)))
    share_links = "".join(f'<a class="share-{k.lower()}" href="/share/{k.lower()}"><span class="share-label">{k}</span><span class="share-count">{rng.randint(0, shares // 2)}</span></a>'
                          for k in ("Pin", "Share", "Tweet", "Email"))
    return f"""<!DOCTYPE html><html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)} - {esc(site)}</title>
<meta property="og:type" content="article"></head><body class="single-post travel">
<header class="site-header"><div class="wrap"><a class="logo" href="/">{esc(site)}</a><nav class="nav-primary"><ul>{nav_items(w, 7)}</ul></nav>
<button class="search-toggle" aria-label="Search">Search</button></div></header>
<div class="site-inner"><div class="content-sidebar-wrap"><main class="content">
<div class="share-rail" style="position:sticky;top:120px"><div class="share-total"><span class="share-total-count">{shares:,}</span> shares</div>{share_links}</div>
<article class="entry">
<header class="entry-header"><p class="entry-categories"><a href="/destinations/">Destinations</a></p><h1 class="entry-title">{esc(title)}</h1>
<p class="entry-meta">Last updated: <time>May 12, 2026</time> by <a href="/about/">{esc(author)}</a> · <a href="#comments">{len(comments)} Comments</a></p></header>
<div class="disclosure"><p><em>This post may contain affiliate links. If you book through them we may earn a small commission at no extra cost to you. Please read our <a href="/disclosure/">disclosure</a> for more info.</em></p></div>
<div class="entry-content">{''.join(parts)}</div>
<div class="author-box"><img src="/avatars/{slug(author)}.jpg" alt="{esc(author)}" width="96"><div class="author-box-content">
<h4 class="author-box-title">Hi, I'm {esc(author)}!</h4><p>{esc(w.sentence())} {esc(w.sentence())} Follow along on <a href="/ig">Instagram</a>.</p></div></div>
</article>
<section class="related-posts"><h3>You might also like</h3>{cards}</section>
<div id="comments" class="entry-comments"><h3>{len(comments)} thoughts on “{esc(title)}”</h3><ol class="comment-list">{comments}</ol></div>
<div id="respond" class="comment-respond"><h3>Join the conversation</h3><form><p class="comment-notes">Your email address will not be published.</p>
<textarea placeholder="Comment"></textarea><input placeholder="Name*"><input placeholder="Email*"><input placeholder="Website">
<p><input type="checkbox"> Notify me of follow-up comments by email.</p><button>Post Comment</button>
<p class="akismet_comment_form_privacy_notice">This site uses Akismet to reduce spam. <a href="/akismet">Learn how your comment data is processed.</a></p></form></div>
</main>
<aside class="sidebar-primary"><section class="widget"><img src="/about-me.jpg" alt=""><h4>Welcome!</h4><p>{esc(w.sentence())} {esc(w.sentence())}</p></section>
<section class="widget"><h4>Popular destinations</h4><ul>{nav_items(w, 6)}</ul></section></aside></div></div>
<div class="newsletter-popup" role="dialog" aria-modal="true" style="display:none"><h2>Get my free packing list</h2><p>{esc(w.sentence())} Join 40,000 readers.</p>
<input type="email" placeholder="Your email"><button>Send it to me</button><button class="close" aria-label="Close">×</button></div>
<footer class="site-footer"><p>{esc(site)} is a participant in affiliate programs and earns from qualifying purchases.</p>
<p>{esc(w.sentence())}</p><p>Copyright © 2026 {esc(site)} · <a href="/privacy/">Privacy Policy</a></p></footer>
</body></html>
"""


def layout_conversation(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    part, total = rng.randint(2, 7), 8
    series = w.heading()
    speakers = "".join(
        f'<li class="speaker"><img class="speaker__photo" src="/people/{slug(n)}.jpg" alt="Portrait of {esc(n)}" width="120" height="120">'
        f'<div class="speaker__text"><p class="speaker__name">{esc(n)}</p><p class="speaker__role">{esc(role)}</p>'
        f'<p class="speaker__bio">{esc(w.sentence())}</p></div></li>'
        for n, role in ((person(w), f"{w.pick('nouns').capitalize()} keeper, {w.pick('nouns').capitalize()} Works"),
                        (person(w), f"Founder of the {w.pick('adjectives')} {w.pick('nouns')} project"),
                        (person(w), f"Interviewer, {site}")))
    grid = f'<section class="speakers" aria-label="In this conversation"><h2 class="speakers__label">In this conversation</h2><ul class="speakers__grid">{speakers}</ul></section>'
    parts = "".join(
        f'<li class="series__part{" series__part--current" if n == part else ""}"><span class="series__num">Part {n}</span>'
        + (f'<span class="series__title">{esc(title)}</span>' if n == part else
           f'<a href="/conversations/{slug(t)}"><span class="series__title">{esc(t)}</span></a><p>{esc(s)}</p>')
        + "</li>" for n, (t, s) in ((n, w.teaser()) for n in range(1, 6)))
    more = "".join(
        f'<article class="card"><a href="/conversations/{slug(t)}"><img src="/cards/{i}.jpg" alt=""><p class="card__kicker">{esc(person(w))} and {esc(person(w))}</p>'
        f'<h3>{esc(t)}</h3></a><p class="card__dek">{esc(s)}</p></article>' for i, (t, s) in enumerate(w.teaser() for _ in range(3)))
    chips = "".join(f'<a class="chip" href="/topics/{slug(t)}">{esc(t)}</a>' for t in (w.pick("nouns").capitalize() for _ in range(4)))
    return f"""<!DOCTYPE html><html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)} — {esc(site)}</title>
<meta property="og:type" content="article"></head><body>
<div class="members-banner"><p>Members read every conversation a week early. <a href="/join">Become a member</a></p></div>
<header class="masthead"><a href="/" class="masthead__logo">{esc(site)}</a><nav><a href="/conversations">Conversations</a><a href="/essays">Essays</a><a href="/events">Events</a><a href="/about">About</a></nav></header>
<main><article class="conversation">
<div class="series-bar"><a href="/series/{slug(series)}">{esc(series)}</a> <span>Part {part} of {total}</span></div>
<header class="conversation__header"><h1 class="conversation__title">{esc(title)}</h1>
<p class="conversation__meta"><time datetime="2026-05-12">12 May 2026</time> · <a href="/transcripts/{slug(title)}.pdf">Download transcript</a></p></header>
{grid}
<div class="conversation__body">{''.join(blocks)}</div>
<footer class="conversation__footer"><div class="chips">{chips}</div></footer>
</article>
<nav class="series" aria-label="{esc(series)}"><h2>More from {esc(series)}</h2><ol>{parts}</ol></nav>
<section class="more"><h2>More conversations</h2><div class="cards">{more}</div></section></main>
<footer class="site-footer"><p>{esc(w.sentence())} {esc(site)} is reader-supported.</p><ul>{nav_items(w, 6)}</ul><p>© 2026 {esc(site)}</p></footer>
</body></html>
"""


def layout_workspace_page(w: Writer, rng: random.Random, title: str, blocks: list[str], site: str) -> str:
    def block_id() -> str:
        return f"{hex_id(rng, 8)}-{hex_id(rng, 4)}-{hex_id(rng, 4)}-{hex_id(rng, 4)}-{hex_id(rng, 12)}"

    def wrap(kind: str, inner: str) -> str:
        return f'<div data-block-id="{block_id()}" class="ws-selectable ws-{kind}-block"><div class="ws-block-inner">{inner}</div></div>'

    body = []
    for block in blocks:
        if block.startswith("<p><img"):
            m = re.match(r'<p><img src="([^"]*)" alt="([^"]*)" />', block)
            body.append(wrap("image", f'<figure class="ws-asset-wrapper"><img src="{m.group(1)}" alt="{m.group(2)}" loading="lazy"></figure>'))
        elif block.startswith("<p>"):
            # The workspace writes a paragraph as a text block of nested divs, never as <p>.
            text = block.strip()[3:-4]
            body.append(wrap("text", f'<div class="ws-text" spellcheck="true" placeholder=" ">{text}</div>'))
        elif block.startswith("<h2>"):
            body.append(wrap("header", with_heading_ids(block).replace("<h2", '<h2 class="ws-h ws-h2"', 1)))
        else:
            kind = {"<u": "bulleted-list", "<o": "numbered-list", "<t": "table", "<p": "code", "<b": "quote"}[block[:2]]
            body.append(wrap(kind, block))
    headings = heading_texts(blocks)
    outline = "".join(f'<a class="ws-outline-item" href="#{slug(h)}">{h}</a>' for h in headings)
    workspace = w.words(1, 2).title()
    crumbs = [workspace, w.heading(), title]
    breadcrumb = " / ".join(f'<a class="ws-crumb" href="/{slug(c)}-{hex_id(rng, 32)}"><span class="ws-crumb-title">{esc(c)}</span></a>' for c in crumbs)
    properties = "".join(
        f'<div class="ws-property"><div class="ws-property-name">{name}</div><div class="ws-property-value">{value}</div></div>'
        for name, value in (("Created", f"{rng.choice(MONTHS)} {rng.randint(1, 28)}, 2026 {rng.randint(1, 12)}:{rng.randint(10, 59)} PM"),
                            ("Tags", " ".join(f'<span class="ws-pill">{esc(w.pick("nouns"))}</span>' for _ in range(3))),
                            ("Status", f'<span class="ws-pill">{rng.choice(["Published", "Draft", "In review"])}</span>'),
                            ("Owner", esc(person(w)))))
    backlinks = "".join(f'<a class="ws-backlink" href="/{hex_id(rng, 32)}">{esc(w.title())}</a>' for _ in range(rng.randint(2, 3)))
    comments = "".join(
        f'<div class="ws-discussion-comment"><div class="ws-comment-author">{esc(person(w))}</div><div class="ws-comment-time">{rng.randint(2, 9)}d ago</div>'
        f'<div class="ws-comment-text">{esc(w.sentence())}</div></div>' for _ in range(2))
    return f"""<!DOCTYPE html><html lang="{w.lang}"><head><meta charset="utf-8"><title>{esc(title)}</title>
<meta name="description" content="Built with {esc(site)}, the all-in-one workspace for your notes, tasks, wikis, and databases."></head>
<body class="ws-body"><div id="ws-app"><div class="ws-app-inner ws-light-theme">
<div class="ws-topbar"><div class="ws-topbar-breadcrumb">{breadcrumb}</div>
<div class="ws-topbar-actions"><span class="ws-topbar-edited">Edited {rng.randint(2, 30)}d ago</span><a class="ws-topbar-button" href="/signup?duplicate=1">Duplicate</a>
<a class="ws-topbar-button ws-topbar-cta" href="/signup">Get {esc(site)} free</a></div></div>
<div class="ws-frame"><div class="ws-scroller">
<div class="ws-page-cover"><img src="/covers/{rng.randint(1, 40)}.jpg" alt="" style="object-fit:cover;height:30vh;width:100%"></div>
<div class="ws-page-controls"><div class="ws-record-icon" role="img" aria-label="page icon">{rng.choice(["📒", "🚲", "🌱", "🧰"])}</div>
<h1 class="ws-page-title" spellcheck="true">{esc(title)}</h1>
<div class="ws-properties" role="table">{properties}</div></div>
<div class="ws-page-content">{''.join(body)}</div>
<div class="ws-page-backlinks"><div class="ws-backlinks-label">{len(re.findall("ws-backlink", backlinks))} backlinks</div>{backlinks}</div>
<div class="ws-page-discussions"><div class="ws-discussions-label">Comments</div>{comments}<div class="ws-comment-input" contenteditable="true" placeholder="Add a comment…"></div></div>
</div>
<div class="ws-outline" role="navigation" aria-label="Outline">{outline}</div></div>
<div class="ws-made-with"><a href="/product?utm_source=published">Made with {esc(site)}</a> · <a href="/report">Report page</a></div>
</div></div></body></html>
"""


LAYOUTS = {
    "guidance-steps": (layout_guidance_steps, 4),
    "longread": (layout_longread, 5),
    "newsroom-release": (layout_newsroom_release, 3),
    "builder-columns": (layout_builder_columns, 4),
    "travel-journal": (layout_travel_journal, 4),
    "conversation": (layout_conversation, 4),
    "workspace-page": (layout_workspace_page, 4),
}


def main() -> int:
    return main_with_last_page_thin(__doc__, LAYOUTS, "unseen-layouts-6", 59, "z")


if __name__ == "__main__":
    sys.exit(main())
