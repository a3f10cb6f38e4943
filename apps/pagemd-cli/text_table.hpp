#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace pagemd::cli {

// Rows printed in columns padded to their widest cell (two spaces apart), the last column unpadded.
// Widths count UTF-8 code points, so non-ASCII cells line up too.
void print_table(std::ostream& out, const std::vector<std::vector<std::string>>& rows);

}  // namespace pagemd::cli
