#pragma once

// A page's JSON-LD structured data, read for what it says about the page itself: the objects
// that describe the page (an article, a recipe, a product, the WebPage) rather than the entities
// it mentions (publisher, author, breadcrumbs, the site).

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace pagemd::extract::metadata_detail {

class LinkedData {
 public:
  // `blocks` are the raw ld+json script bodies; malformed ones are ignored.
  explicit LinkedData(const std::vector<std::string>& blocks);
  // It keeps pointers into its own documents, which a copy would not update.
  LinkedData(const LinkedData&) = delete;
  LinkedData& operator=(const LinkedData&) = delete;
  // Defined where nlohmann::json is complete, so that users of this header need only json_fwd.hpp.
  ~LinkedData();

  // The first non-empty value among the objects that describe the page, the best-ranked type
  // first; "" when there is none.
  [[nodiscard]] std::string description() const;
  [[nodiscard]] std::string date_published() const;
  [[nodiscard]] std::string author() const;  // the names in the first author field with any, joined by ", "
  [[nodiscard]] std::string publisher() const;
  [[nodiscard]] std::string image() const;
  // The description of the first Product among the objects that describe the page, its line breaks
  // kept (shops write paragraphs there); "" when there is none.
  [[nodiscard]] std::string product_description() const;

  // The reviewBody of every Review anywhere in the data (a product's customer reviews), in the
  // order met: the page shows the same texts in its reviews widget.
  [[nodiscard]] const std::vector<std::string>& review_texts() const { return review_texts_; }

  // How many reviews or ratings the data says an item has (an AggregateRating's reviewCount and
  // ratingCount), each once, in the order met: the page's reviews widget states the same count.
  [[nodiscard]] const std::vector<std::uint64_t>& review_counts() const { return review_counts_; }

  // The bare schema.org types ("Product", "QAPage") of every object in the data, each once, in the
  // order first met.
  [[nodiscard]] const std::vector<std::string>& types() const { return types_; }

  // The name of the first WebSite object anywhere in the data.
  [[nodiscard]] const std::string& website_name() const { return website_name_; }

 private:
  struct Main {
    const nlohmann::json* object;
    int rank;
    int depth;
  };

  // Runs once every document is in: pointers into documents_ must not move afterwards.
  void index();
  void note_types(const nlohmann::json& object);
  void note_review(const nlohmann::json& object);
  void note_review_counts(const nlohmann::json& object);

  template <typename Extract>
  std::string first_field(const char* key, Extract extract) const;

  // A bare {"@id": ...} stands for the object of that id elsewhere in the data.
  const nlohmann::json& dereference(const nlohmann::json& value) const;
  std::string name_of(const nlohmann::json& raw) const;
  std::string first_name(const nlohmann::json& value) const;
  std::string author_names(const nlohmann::json& value) const;
  std::string image_url(const nlohmann::json& raw) const;
  std::string image_url_single(const nlohmann::json& raw) const;

  std::vector<nlohmann::json> documents_;
  std::vector<Main> mains_;
  std::unordered_map<std::string, const nlohmann::json*> ids_;
  std::string website_name_;
  std::vector<std::string> types_;
  std::vector<std::string> review_texts_;
  std::vector<std::uint64_t> review_counts_;
};

}  // namespace pagemd::extract::metadata_detail
