#pragma once

#include "sqlite/connection.hpp"
#include "pagemd/core/result.hpp"

namespace pagemd::store::detail {

// Brings the database to kSchemaVersion, one migration per transaction. A database whose
// user_version is newer than this build knows is refused (ErrorCode::internal naming both
// versions) and left untouched. Safe when several processes open the same new file at once.
[[nodiscard]] core::Result<void> migrate(Connection& connection);

// The schema version stored in the database (0 for an empty file).
[[nodiscard]] int schema_version(Connection& connection);

}  // namespace pagemd::store::detail
