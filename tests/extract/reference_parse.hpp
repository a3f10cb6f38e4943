#pragma once

// The reference HTML5 parser of the tests, gumbo: for what a browser builds from a page as served
// (page_parts_test.cpp) and for the tree pagemd's own construction must match (reference_parser_test.cpp).

#include <gumbo.h>

#include <string_view>

namespace pagemd::extract {

// RAII, so that a failed assertion still frees gumbo's tree.
class ReferenceParse {
 public:
  explicit ReferenceParse(std::string_view html) {
    GumboOptions options = kGumboDefaultOptions;
    options.max_errors = 0;
    output_ = gumbo_parse_with_options(&options, html.data(), html.size());
  }
  ReferenceParse(const ReferenceParse&) = delete;
  ReferenceParse& operator=(const ReferenceParse&) = delete;
  ~ReferenceParse() { gumbo_destroy_output(&kGumboDefaultOptions, output_); }

  [[nodiscard]] const GumboOutput& output() const { return *output_; }

  [[nodiscard]] const GumboNode* body() const {
    const GumboVector& children = output_->root->v.element.children;
    for (unsigned i = 0; i < children.length; ++i) {
      const auto* child = static_cast<const GumboNode*>(children.data[i]);
      if (child->type == GUMBO_NODE_ELEMENT && child->v.element.tag == GUMBO_TAG_BODY) return child;
    }
    return nullptr;
  }

 private:
  GumboOutput* output_ = nullptr;
};

}  // namespace pagemd::extract
