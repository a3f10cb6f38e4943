#pragma once

// The JavaScript pagemd puts into rendered pages: the guard that runs before a page's own scripts, and
// the serialiser that reads the DOM back out.

#include <string_view>

namespace pagemd::render::detail {

// Takes from every document, before its scripts run, what could talk to the network around the
// DevTools interception or outlive the page: WebSockets, WebTransport, WebRTC, service workers, popups.
// The browser's proxy and resolver settings stop them too; this makes them fail at once, in the page.
inline constexpr std::string_view kPageGuard = R"js((() => {
  const remove = (target, name) => {
    try { Object.defineProperty(target, name, {value: undefined, writable: false, configurable: false}); } catch (e) {}
  };
  for (const name of ['WebSocket', 'WebSocketStream', 'WebTransport', 'RTCPeerConnection',
                      'webkitRTCPeerConnection', 'RTCDataChannel', 'SharedWorker']) {
    remove(globalThis, name);
  }
  try { Object.defineProperty(navigator, 'serviceWorker', {get: () => undefined, configurable: false}); } catch (e) {}
  remove(globalThis, 'open');
})())js";

// The document as HTML the way a reader sees it: open shadow roots take the place of their hosts'
// light DOM (a slot shows what is assigned to it), scripts and styles are left empty except JSON-LD
// (metadata), <noscript> is gone (scripts ran), comments are dropped. Returns {url, html}.
inline constexpr std::string_view kSerializeDom = R"js((() => {
  const empty = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta',
                         'source', 'track', 'wbr']);
  const skipped = new Set(['noscript', 'template']);
  const escapes = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\u00a0': '&nbsp;'};
  const text = (s) => s.replace(/[&<>\u00a0]/g, (c) => escapes[c]);
  const attribute = (s) => s.replace(/[&"\u00a0]/g, (c) => escapes[c]);
  const out = [];
  const children = (parent) => {
    for (let child = parent.firstChild; child; child = child.nextSibling) node(child);
  };
  const node = (n) => {
    if (n.nodeType === Node.TEXT_NODE) { out.push(text(n.data)); return; }
    if (n.nodeType !== Node.ELEMENT_NODE) return;
    const tag = n.localName;
    if (skipped.has(tag)) return;
    out.push('<', tag);
    for (const a of n.attributes) out.push(' ', a.name, '="', attribute(a.value), '"');
    out.push('>');
    if (empty.has(tag)) return;
    if (tag === 'script' || tag === 'style') {
      if (tag === 'script' && /ld\+json/i.test(n.type)) out.push(n.textContent.replace(/<\//g, '<\\/'));
    } else if (n.shadowRoot) {
      children(n.shadowRoot);
    } else if (tag === 'slot' && n.assignedNodes().length > 0) {
      for (const assigned of n.assignedNodes()) node(assigned);
    } else {
      children(n);
    }
    out.push('</', tag, '>');
  };
  node(document.documentElement);
  return {url: location.href, html: '<!DOCTYPE html>' + out.join('')};
})())js";

}  // namespace pagemd::render::detail
