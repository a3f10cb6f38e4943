#include "page_info/page_type.hpp"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "page_info/type_signals/page_markup.hpp"
#include "page_info/type_signals/reply_trees.hpp"
#include "text/text_util.hpp"

namespace pagemd::extract {
namespace {

using page_markup::kFewestGridItems;
using page_markup::MarkupSignals;
using page_markup::read_markup;

class Evidence {
 public:
  static constexpr std::array<PageType, kPageTypeCount> kTieOrder{
      PageType::article,    PageType::service, PageType::forum,        PageType::product,
      PageType::collection, PageType::listing, PageType::documentation};

  void add(PageType type, int weight) { score_[static_cast<std::size_t>(type)] += weight; }
  [[nodiscard]] int score_of(PageType type) const { return score_[static_cast<std::size_t>(type)]; }

  // The kind with the most evidence; an article on a tie with it, then a service page (whose plans
  // and features look like a grid of priced items), else the first in enum order.
  [[nodiscard]] PageType verdict() const {
    PageType best = PageType::article;
    for (const PageType type : kTieOrder) {
      if (score_of(type) > score_of(best)) best = type;
    }
    return best;
  }

 private:
  std::array<int, kPageTypeCount> score_{};
};

bool is_one_of(std::string_view word, std::initializer_list<std::string_view> words) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

struct UrlParts {
  std::string first_label;            // of the host, after a leading "www."
  std::vector<std::string> segments;  // of the path, lower-case, empty ones left out
};

UrlParts split_url(std::string_view url) {
  UrlParts parts;
  const std::size_t scheme = url.find("://");
  if (scheme == std::string_view::npos) return parts;
  std::string_view rest = url.substr(scheme + 3);
  rest = rest.substr(0, rest.find_first_of("?#"));
  const std::size_t slash = rest.find('/');
  std::string host = ascii_lower_copy(rest.substr(0, slash));
  if (host.starts_with("www.")) host.erase(0, 4);
  parts.first_label = host.substr(0, host.find('.'));
  if (slash == std::string_view::npos) return parts;
  std::string_view path = rest.substr(slash + 1);
  while (!path.empty()) {
    const std::size_t end = path.find('/');
    const std::string_view segment = path.substr(0, end);
    if (!segment.empty()) parts.segments.push_back(ascii_lower_copy(segment));
    if (end == std::string_view::npos) break;
    path.remove_prefix(end + 1);
  }
  return parts;
}

bool is_year(std::string_view segment) {
  return segment.size() == 4 && std::all_of(segment.begin(), segment.end(), is_ascii_digit) &&
         (segment.starts_with("19") || segment.starts_with("20"));
}

// Path and host words that platforms of each kind use (Discourse's /t/, XenForo's /threads/, Stack
// Exchange's /questions/, Shopify's /products/ and /collections/, docs.* and /docs/, ...).
void weigh_url(std::string_view page_url, Evidence& evidence) {
  const UrlParts url = split_url(page_url);
  if (url.first_label.empty()) return;  // no address to go by
  if (is_one_of(url.first_label, {"forum", "forums", "community", "discuss", "discussion", "discourse", "answers",
                                  "ask", "talk", "board", "boards"})) {
    evidence.add(PageType::forum, 3);
  }
  if (is_one_of(url.first_label, {"docs", "doc", "developer", "developers", "wiki", "api", "reference", "manual"})) {
    evidence.add(PageType::documentation, 3);
  }
  if (url.segments.empty()) {
    evidence.add(PageType::service, 2);  // a site's home page presents the site
    return;
  }
  const std::size_t last = url.segments.size() - 1;
  for (std::size_t i = 0; i < url.segments.size(); ++i) {
    const std::string& segment = url.segments[i];
    const bool followed = i < last;
    // A topic's page is a thread when an id follows (Invision's /topic/188682-title/, NodeBB's
    // /topic/156087/title); a subject's page of a site (/topic/software) lists what it holds.
    const bool topic = is_one_of(segment, {"topic", "topics"});
    const bool subject = topic && followed && !is_ascii_digit(url.segments[i + 1].front());  // never empty
    if ((topic && !subject) ||
        is_one_of(segment, {"threads", "thread", "questions", "question", "forum", "forums", "discussion",
                            "discussions", "showthread.php", "viewtopic.php", "showtopic.php"}) ||
        (followed && is_one_of(segment, {"t", "comments", "boards"}))) {
      evidence.add(PageType::forum, 4);
    }
    if (subject) evidence.add(PageType::listing, 2);
    if (followed && is_one_of(segment, {"product", "products", "p", "dp", "item", "items", "gp"})) {
      evidence.add(PageType::product, 4);
    }
    if (is_one_of(segment, {"collections", "collection", "category", "categories", "subcategory", "subcategories",
                            "sub-category", "sub-categories", "cat", "shop", "catalog", "catalogs", "catalogue",
                            "catalogues", "department", "departments", "c"})) {
      evidence.add(PageType::collection, 2);
    }
    if (is_one_of(segment, {"docs", "doc", "documentation", "reference", "api", "manual", "guide", "guides", "tutorial",
                            "tutorials", "wiki", "handbook", "book", "howto"})) {
      evidence.add(PageType::documentation, 3);
    }
    if (followed && is_one_of(segment, {"blog", "blogs", "news", "article", "articles", "post", "posts", "story",
                                        "stories", "insights", "press", "magazine"})) {
      evidence.add(PageType::article, 2);
    }
    if (followed && is_one_of(segment, {"services", "service", "solutions", "what-we-do", "expertise", "capabilities",
                                        "offerings", "support-services"})) {
      evidence.add(PageType::service, 3);
    }
    if (is_year(segment)) evidence.add(PageType::article, 2);
    if (is_one_of(segment, {"tag", "tags", "author", "authors", "archive", "archives"}) ||
        (segment == "page" && followed)) {
      evidence.add(PageType::listing, 2);
    }
  }
  const std::string& tail = url.segments[last];
  if (is_one_of(tail, {"news",      "blog",    "blogs",  "articles",     "events",   "courses", "programs",
                       "jobs",      "careers", "issues", "episodes",     "podcasts", "latest",  "all",
                       "resources", "stories", "posts",  "publications", "videos",   "reviews", "projects"})) {
    evidence.add(PageType::listing, 3);
  }
  if (is_one_of(tail, {"pricing", "plans", "features", "service", "services", "solutions", "enterprise", "contact",
                       "about", "tuition", "rates", "packages", "offers", "pricing.html", "features.html"})) {
    evidence.add(PageType::service, 3);
  }
  // A slug of many words names one story or post, unless it names a service offered.
  const bool offers_services = tail.find("services") != std::string::npos;
  if (offers_services) evidence.add(PageType::service, 2);
  if (std::count(tail.begin(), tail.end(), '-') >= 4 && !offers_services) evidence.add(PageType::article, 1);
}

bool is_story_type(std::string_view type) {
  return is_one_of(type, {"Article", "NewsArticle", "BlogPosting", "ReportageNewsArticle", "OpinionNewsArticle",
                          "AnalysisNewsArticle", "Review", "ClaimReview", "CriticReview", "Recipe", "HowTo",
                          "LiveBlogPosting", "ScholarlyArticle", "TechArticle"});
}

// The page's structured data calls it a web page and names no story in it. Site-wide SEO plugins
// write og:type "article" and a publication date on every page of a site, its service and landing
// pages too; there the type and date say nothing of the page, which the structured data describes.
bool described_as_page_not_story(const PageInfo& info) {
  const auto& types = info.schema_types;
  return std::find(types.begin(), types.end(), "WebPage") != types.end() &&
         std::none_of(types.begin(), types.end(), [](const std::string& type) { return is_story_type(type); });
}

void weigh_structured_data(const PageInfo& info, Evidence& evidence) {
  // An FAQPage is made of Questions and Answers: the page's own, not a thread's.
  const bool faq = std::find(info.schema_types.begin(), info.schema_types.end(), "FAQPage") != info.schema_types.end();
  for (const std::string& type : info.schema_types) {
    if (is_one_of(type, {"Product", "ProductGroup", "IndividualProduct", "ProductModel", "Car", "Vehicle"})) {
      evidence.add(PageType::product, 5);
    } else if (is_one_of(type, {"DiscussionForumPosting", "QAPage"})) {
      evidence.add(PageType::forum, 5);
    } else if (is_one_of(type, {"Question", "Answer"}) && !faq) {
      evidence.add(PageType::forum, 2);
    } else if (is_one_of(type, {"CollectionPage", "OfferCatalog", "SearchResultsPage"})) {
      evidence.add(PageType::collection, 2);
      evidence.add(PageType::listing, 2);
    } else if (type == "ItemList") {
      evidence.add(PageType::listing, 1);
    } else if (is_one_of(type, {"TechArticle", "APIReference", "SoftwareSourceCode"})) {
      evidence.add(PageType::documentation, 3);
    } else if (is_story_type(type)) {
      evidence.add(PageType::article, 3);
    } else if (is_one_of(type, {"Service", "SoftwareApplication", "WebApplication", "MobileApplication", "FAQPage",
                                "ProfessionalService", "Course", "EducationalOccupationalProgram"})) {
      evidence.add(PageType::service, 2);
    }
  }
  if (info.og_type == "article" && !described_as_page_not_story(info)) evidence.add(PageType::article, 2);
  // Open Graph's types of one work (a song or a podcast's episode, a film, a show's episode): the
  // page presents it, and what it says of it (the notes, the synopsis) is read as a story is.
  if (is_one_of(info.og_type, {"music.song", "video.episode", "video.movie", "video.other"})) {
    evidence.add(PageType::article, 2);
  }
  if (info.og_type == "product.group") {  // a range of products: a category page
    evidence.add(PageType::collection, 5);
  } else if (info.og_type == "product" || info.og_type == "og:product" || info.og_type.starts_with("product.")) {
    evidence.add(PageType::product, 4);
  }
}

void weigh_markup(const MarkupSignals& signals, Evidence& evidence) {
  if (signals.buy_button && signals.prices >= 1 && signals.prices <= 12) evidence.add(PageType::product, 3);
  // A shop's grid prices its items; prices elsewhere (a charity's suggested gifts, a plan's fee in
  // a sentence) beside any list of six alike things make no grid of goods.
  if (signals.priced_items >= kFewestGridItems) {
    evidence.add(PageType::collection, 3);
  } else if (signals.product_cards >= kFewestGridItems) {
    evidence.add(PageType::collection, 2);
  } else if (signals.prices >= kFewestGridItems) {
    // Prices outside any grid of goods: fees, rates or plans the page offers.
    evidence.add(PageType::service, 1);
  }
  if (signals.largest_group >= 8 && signals.prices < 3) evidence.add(PageType::listing, 1);
  if (signals.preformatted >= 3) evidence.add(PageType::documentation, 2);
  if (signals.preformatted >= 1 && signals.code >= 8) evidence.add(PageType::documentation, 1);
  if (signals.posts >= 4) evidence.add(PageType::forum, 2);
  if (signals.responses_heading) evidence.add(PageType::article, 2);
  if (signals.calls_to_action >= 2) evidence.add(PageType::service, 2);
  if (signals.sections >= 4) evidence.add(PageType::service, 1);
}

// The classes a CMS writes on <body> (and <html>) for the template it rendered: WordPress's
// "archive category" and "single-post", WooCommerce's "single-product" and "tax-product_cat",
// Shopify themes' "template-product", Magento's "catalog-category-view", phpBB's
// "section-viewtopic". The platform says what kind of page it made.
void weigh_template_classes(const Document& doc, Evidence& evidence) {
  bool listing = false;
  bool collection = false;
  bool product = false;
  bool post = false;
  bool service = false;
  bool thread = false;
  for (const HtmlTag tag : {HtmlTag::html, HtmlTag::body}) {
    const NodeId id = doc.find_first(tag);
    const std::string_view* classes = id == kNoNode ? nullptr : doc.attribute(id, "class");
    if (classes == nullptr) continue;
    any_token(*classes, [&](std::string_view token) {
      const std::string lower = ascii_lower_copy(token);
      // Drupal's pages of a taxonomy term (path-taxonomy, page-taxonomy-term, and page-term in
      // themes) list what is filed under the term, as WordPress's archives do.
      listing = listing ||
                is_one_of(lower, {"archive", "category", "tag", "author", "search-results", "blog", "post-type-archive",
                                  "page-template-archive", "path-taxonomy", "page-taxonomy-term", "page-term"});
      collection = collection || is_one_of(lower, {"tax-product_cat", "post-type-archive-product", "woocommerce-shop",
                                                   "template-collection", "catalog-category-view",
                                                   "product-listing-page", "page-category", "category-page", "plp"});
      product = product || is_one_of(lower, {"single-product", "template-product", "catalog-product-view",
                                             "product-template-default"});
      post = post || lower == "single-post";
      // A CMS's own post type for what the business offers ("single-service", "services-template-default").
      service = service || (lower.starts_with("single-") && lower.find("service") != std::string::npos);
      thread = thread || is_one_of(lower, {"section-viewtopic", "thread-view", "archetype-regular"});
      return false;
    });
  }
  if (collection) {
    evidence.add(PageType::collection, 4);
  } else if (listing && !post && !product) {
    evidence.add(PageType::listing, 3);
  }
  if (product) evidence.add(PageType::product, 4);
  if (post) evidence.add(PageType::article, 2);
  if (thread) evidence.add(PageType::forum, 3);
  if (service) evidence.add(PageType::service, 4);
}

// WordPress titles its archives "<term> Archives".
void weigh_title(const PageInfo& info, Evidence& evidence) {
  const std::string_view title = trim(info.title);
  for (const std::string_view suffix : {" archives", " archive"}) {
    if (title.size() > suffix.size() && equals_ignore_case(title.substr(title.size() - suffix.size()), suffix)) {
      evidence.add(PageType::listing, 3);
      return;
    }
  }
}

// A story says when it was published and who wrote it; a service page rarely does.
void weigh_byline(const PageInfo& info, Evidence& evidence) {
  if (!info.published_time.empty() && !described_as_page_not_story(info)) {
    evidence.add(PageType::article, 2);
  } else if (info.author.empty()) {
    evidence.add(PageType::service, 1);
  }
}

}  // namespace

std::string_view to_string(PageType type) noexcept {
  switch (type) {
    case PageType::article: return "article";
    case PageType::forum: return "forum";
    case PageType::product: return "product";
    case PageType::collection: return "collection";
    case PageType::listing: return "listing";
    case PageType::documentation: return "documentation";
    case PageType::service: return "service";
    case PageType::document: return "document";
  }
  return "article";
}

PageType classify_page(const Document& doc, const PageInfo& info, std::string_view page_url) {
  Evidence evidence;
  evidence.add(PageType::article, 1);
  weigh_url(page_url.empty() ? info.canonical_url : page_url, evidence);
  weigh_structured_data(info, evidence);
  weigh_byline(info, evidence);
  weigh_template_classes(doc, evidence);
  weigh_title(info, evidence);
  const MarkupSignals markup = read_markup(doc);
  weigh_markup(markup, evidence);
  // Replies nested under the replies they answer, holding most of what the page says: a story
  // and its discussion (a link aggregator's page), read as a thread. Not under a heading that
  // counts them ("12 thoughts on “Title”"): those are the readers' responses to the post the page is.
  if (!markup.responses_heading && page_markup::read_reply_trees(doc).holds_the_page()) {
    evidence.add(PageType::forum, 4);
  }
  // A service page heads its sections with what it offers; one whose headings are mostly links to
  // other pages lists those pages, whatever its address (a site's front page) and buttons say.
  const PageType verdict = evidence.verdict();
  if (verdict == PageType::service && markup.heads_entries_elsewhere()) return PageType::listing;
  return verdict;
}

}  // namespace pagemd::extract
