#pragma once

// Whether the reader sees an element: hidden by the page (an attribute, an inline style, a
// framework's class), shown to screen readers alone, or a tab panel waiting for its tab.

#include "parse/dom.hpp"

namespace pagemd::extract {

// How an element is hidden, if it is: by the hidden attribute (but not React's streamed segments),
// the popover attribute (a popover shows only once opened) or aria-hidden="true"; by an inline
// display:none / visibility:hidden, which a script may undo; or by Bootstrap's d-none. A tab panel
// (role="tabpanel") is never hidden: it waits for its tab.
enum class Hiding { shown, by_attribute, by_style, by_class };
[[nodiscard]] Hiding hiding_of(const Document& doc, NodeId id);
// Visually hidden, for screen readers alone (sr-only, visually-hidden, screen-reader-text).
[[nodiscard]] bool is_visually_hidden(const Document& doc, NodeId id);
// A tab panel (role=tabpanel): hidden or not, the reader can switch to it, so it is content.
[[nodiscard]] bool is_tab_panel(const Document& doc, NodeId id);
// A tablist (role=tablist) is a strip of tabs, chrome; one that holds the panels themselves, a few
// levels down at most, is an accordion (the markup ARIA's practices once gave accordions), and its
// panels are the page's sections.
[[nodiscard]] bool holds_its_tab_panels(const Document& doc, NodeId tablist);

}  // namespace pagemd::extract
